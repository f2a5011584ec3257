/* SPDX-License-Identifier: MIT */
/* Planning (what each algorithm accepts, the step count its theorem
 * predicts, the bound) and dispatch to the generators. */
#include "xc_sched.h"

#include <string.h>

#include "xc_bound.h"
#include "xc_sched_dim.h"

static const char *const names[] = {"te-ni", "te-a1", "te-a2", "mnb", "mnb-product"};

const char *xc_algo_name(xc_algo a)
{
    return (unsigned)a < sizeof names / sizeof names[0] ? names[a] : "?";
}

int xc_algo_parse(const char *s)
{
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(s, names[i]))
            return (int)i;
    return -1;
}

uint64_t xc_sched_dim_te_steps(xc_dim_kind kind, uint32_t size, int multiport)
{
    if (!multiport && kind != XC_DIM_PATH)
        return xc_dim_status(kind, size, 0); /* node-invariant: the status */
    xc_dim_te t;
    if (xc_dim_te_build(kind, size, multiport, &t, NULL))
        return 0;
    uint64_t s = t.steps;
    xc_dim_te_free(&t);
    return s;
}

static int homogeneous_pow2(const xc_net *net)
{
    uint32_t d = net->ndims;
    if (d < 2 || (d & (d - 1)))
        return 0;
    for (uint32_t i = 1; i < d; i++)
        if (net->dim[i].kind != net->dim[0].kind || net->dim[i].size != net->dim[0].size)
            return 0;
    return 1;
}

/* The status sum of the network (the bound's numerator), without the BFS
 * cross-check that xchg bound makes. */
static uint64_t plan_status_sum(const xc_net *net)
{
    uint64_t sum = 0;
    for (uint32_t d = 0; d < net->ndims; d++) {
        uint64_t copies = net->nodes / net->dim[d].size;
        sum += copies * copies * xc_dim_status_sum(net->dim[d].kind, net->dim[d].size);
    }
    return sum;
}

/* te-ni: single-port, on Cayley networks; takes the status bound. */
static xc_status plan_te_ni(const xc_sched_opts *o, xc_sched_plan *p, xc_err *err)
{
    const xc_net *net = o->net;
    if (o->multiport)
        return xc_fail(err, XC_EINVAL, "te-ni is single-port (paper 003); use --port single or --algo te-a2");
    if (!xc_topo_is_cayley(net))
        return xc_fail(err, XC_EINVAL, "te-ni needs a Cayley network (rings, complete graphs, hypercubes and "
                                       "their products); '%s' has a path dimension: use --algo te-a1", net->spec);
    p->expected = xc_bound_status(net, 0);
    p->node_invariant = 1;
    return XC_OK;
}

/* te-a1: single-port, the per-dimension tables one after the other. */
static xc_status plan_te_a1(const xc_sched_opts *o, xc_sched_plan *p, xc_err *err)
{
    const xc_net *net = o->net;
    if (o->multiport)
        return xc_fail(err, XC_EINVAL, "te-a1 is single-port (paper 000 §4); use --port single or --algo te-a2");
    for (uint32_t d = 0; d < net->ndims; d++) {
        uint64_t ti = xc_sched_dim_te_steps(net->dim[d].kind, net->dim[d].size, 0);
        if (!ti)
            return xc_fail(err, XC_ERANGE, "dimension %u of '%s' is too large for a per-dimension table", d,
                           net->spec);
        p->expected += net->nodes / net->dim[d].size * ti; /* Corollary 3 */
    }
    return XC_OK;
}

/* te-a2: multiport, on homogeneous networks H^(2^k). */
static xc_status plan_te_a2(const xc_sched_opts *o, xc_sched_plan *p, xc_err *err)
{
    const xc_net *net = o->net;
    if (!o->multiport)
        return xc_fail(err, XC_EINVAL, "te-a2 is a multiport algorithm (paper 000 §5): use --port multi");
    if (!homogeneous_pow2(net))
        return xc_fail(err, XC_EINVAL, "te-a2 needs a homogeneous network H^(2^k), k >= 1 (e.g. torus:8x8, "
                                       "mesh:4x4x4x4, hypercube:4); '%s' is not", net->spec);
    uint64_t th = xc_sched_dim_te_steps(net->dim[0].kind, net->dim[0].size, 1);
    if (!th)
        return xc_fail(err, XC_ERANGE, "dimension of '%s' too large for a multiport table", net->spec);
    p->expected = th; /* Corollary 4: n_H^(d-1) T_H */
    for (uint32_t d = 1; d < net->ndims; d++)
        p->expected *= net->dim[0].size;
    return XC_OK;
}

/* mnb-product: Theorem 2 over the dimensions in the order the generator
 * uses (xc_sched_mnb_dim_order); T accumulates from the innermost (last). */
static xc_status plan_mnb_product(const xc_sched_opts *o, xc_sched_plan *p, xc_err *err)
{
    const xc_net *net = o->net;
    for (uint32_t d = 0; d < net->ndims; d++)
        if (net->dim[d].kind == XC_DIM_PATH && net->dim[d].size > 2)
            return xc_fail(err, XC_EINVAL, "mnb-product runs the ring algorithm in every dimension; dimension %u "
                                           "of '%s' is a path without a cycle", d, net->spec);
    uint32_t perm[XC_TOPO_MAX_DIMS];
    xc_sched_mnb_dim_order(net, perm);
    uint64_t t = 0, rest = 1;
    for (uint32_t j = net->ndims; j-- > 0;) {
        uint32_t k = net->dim[perm[j]].size;
        t = t + rest * xc_sched_ring_mnb_steps(k, o->half_duplex);
        rest *= k;
    }
    p->expected = t;
    return XC_OK;
}

/* The lower bound the plan is compared with, and its name. */
static xc_status plan_bound(const xc_sched_opts *o, uint64_t status_sum, xc_sched_plan *p, xc_err *err)
{
    const uint64_t n = o->net->nodes;
    if (p->kind_mnb) {
        p->bound = o->half_duplex ? (n % 2 ? 2 * n : 2 * (n - 1)) : n - 1;
        p->bound_name = o->half_duplex ? (n % 2 ? "2n (half duplex, odd n)" : "2(n-1) (half duplex, even n)")
                                       : "n-1 (full duplex)";
        return XC_OK;
    }
    if (!o->multiport) {
        p->bound = (status_sum + n - 1) / n;
        p->bound_name = "AS(G)";
        return XC_OK;
    }
    xc_bounds full;
    xc_status st = xc_bound_compute(o->net, &full, err);
    if (st)
        return st;
    p->bound = full.cut_bound_steps;
    p->bound_name = "cut bound";
    return XC_OK;
}

xc_status xc_sched_plan_for(const xc_sched_opts *o, xc_sched_plan *p, xc_err *err)
{
    const xc_net *net = o->net;
    memset(p, 0, sizeof *p);
    uint64_t n = net->nodes;
    if (n > XC_SCHED_MAX_NODES)
        return xc_fail(err, XC_ERANGE, "'%s' has %llu nodes: schedules are generated for at most %u nodes", net->spec,
                       (unsigned long long)n, XC_SCHED_MAX_NODES);
    const int te = o->algo <= XC_ALGO_TE_A2;
    const uint64_t status_sum = plan_status_sum(net);
    p->kind_mnb = !te;
    p->messages = te ? n * (n - 1) : n;
    if (te && status_sum > XC_SCHED_MAX_HOPS)
        return xc_fail(err, XC_ERANGE, "'%s' needs %llu message hops: at most %llu are generated", net->spec,
                       (unsigned long long)status_sum, (unsigned long long)XC_SCHED_MAX_HOPS);
    if (te && o->half_duplex)
        return xc_fail(err, XC_EINVAL, "%s: total exchange is defined for full-duplex links (papers 000, 003); "
                                       "use --duplex full", xc_algo_name(o->algo));
    if (!te && o->multiport)
        return xc_fail(err, XC_EINVAL, "%s: multinode broadcast is single-port (paper 002); use --port single",
                       xc_algo_name(o->algo));
    xc_status st = XC_OK;
    switch (o->algo) {
    case XC_ALGO_TE_NI: st = plan_te_ni(o, p, err); break;
    case XC_ALGO_TE_A1: st = plan_te_a1(o, p, err); break;
    case XC_ALGO_TE_A2: st = plan_te_a2(o, p, err); break;
    case XC_ALGO_MNB: p->expected = xc_sched_ring_mnb_steps((uint32_t)n, o->half_duplex); break;
    case XC_ALGO_MNB_PRODUCT: st = plan_mnb_product(o, p, err); break;
    }
    return st ? st : plan_bound(o, status_sum, p, err);
}

xc_status xc_sched_generate(const xc_sched_opts *o, const xc_sched_sink *s, xc_sched_result *r, xc_err *err)
{
    xc_sched_plan p;
    memset(r, 0, sizeof *r);
    xc_status st = xc_sched_plan_for(o, &p, err);
    if (st)
        return st;
    switch (o->algo) {
    case XC_ALGO_TE_NI: st = xc_sched_te_ni(o, s, r, err); break;
    case XC_ALGO_TE_A1:
    case XC_ALGO_TE_A2: st = xc_sched_te_prod(o, s, r, err); break;
    default: st = xc_sched_mnb(o, s, r, err); break;
    }
    if (st)
        return st;
    if (r->steps != p.expected)
        return xc_fail(err, XC_ECHECK, "%s on '%s' took %llu steps, the theorem says %llu", xc_algo_name(o->algo),
                       o->net->spec, (unsigned long long)r->steps, (unsigned long long)p.expected);
    return XC_OK;
}
