/* SPDX-License-Identifier: MIT */
/* Multinode broadcast (paper 002): the optimal ring algorithms (§3) run on
 * a hamiltonian cycle of the whole network (algo mnb), or dimension by
 * dimension by the product composition of §4 (algo mnb-product,
 * T = T_B + n2 T_A). Every node keeps each broadcast it receives (deliver
 * and store), so sends are copies and the slots of a node end up holding
 * all n messages. */
#include <stdlib.h>
#include <string.h>

#include "xc_grow.h"
#include "xc_sched.h"

/* ---- ring algorithm on N positions (002 §3.1, §3.2.1, §3.2.2) ---- */

/* Does position p transmit (1), receive or idle (0) at step t (1-based)? */
static int transmits(uint32_t N, int half, uint64_t t, uint32_t p)
{
    if (!half)
        return 1;
    if (N % 2 == 0) /* even: even positions in odd steps, odd ones in even steps */
        return (uint32_t)(t % 2) == (p % 2 == 0 ? 1u : 0u);
    /* odd: node p follows B_0 = N R T R T .. R T rotated right by p
     * (Appendix): index q = (t-1-p) mod N; 0 idle, odd R, even T */
    uint64_t q = (t + 2 * (uint64_t)N - 1 - p) % N;
    return q != 0 && q % 2 == 0;
}

typedef struct ring_tab {
    uint32_t N;
    uint64_t steps;
    uint64_t *start;  /* steps+1 */
    uint32_t *pos, *orig; /* move: position pos sends origin orig's message to pos+1 */
    uint64_t nmv;
} ring_tab;

static void ring_free(ring_tab *r)
{
    free(r->start);
    free(r->pos);
    free(r->orig);
    memset(r, 0, sizeof *r);
}

/* Simulates the ring algorithm with two-message FIFOs at every position. */
static xc_status ring_build(uint32_t N, int half, ring_tab *rt, xc_err *err)
{
    memset(rt, 0, sizeof *rt);
    rt->N = N;
    uint64_t cap_steps = 2 * (uint64_t)N + 2, cap_mv = (uint64_t)N * N + N;
    uint32_t *fifo = malloc((size_t)N * N * sizeof *fifo); /* per position, capacity N */
    uint32_t *fh = calloc(N, sizeof *fh), *fl = calloc(N, sizeof *fl);
    rt->start = malloc((cap_steps + 1) * sizeof *rt->start);
    rt->pos = malloc(cap_mv * sizeof *rt->pos);
    rt->orig = malloc(cap_mv * sizeof *rt->orig);
    uint32_t *sent_pos = malloc((size_t)N * sizeof *sent_pos), *sent_o = malloc((size_t)N * sizeof *sent_o);
    if (!fifo || !fh || !fl || !rt->start || !rt->pos || !rt->orig || !sent_pos || !sent_o) {
        XC_FREE_ALL(fifo, fh, fl, sent_pos, sent_o);
        ring_free(rt);
        return xc_fail(err, XC_ENOMEM, "out of memory for a %u-node ring", N);
    }
    for (uint32_t p = 0; p < N; p++) {
        fifo[(size_t)p * N] = p;
        fl[p] = 1;
    }
    uint64_t received = 0, need = (uint64_t)N * (N - 1), t = 0;
    while (received < need && t < cap_steps) {
        t++;
        rt->start[t - 1] = rt->nmv;
        uint32_t ns = 0;
        for (uint32_t p = 0; p < N; p++) {
            if (!fl[p] || !transmits(N, half, t, p))
                continue;
            uint32_t o = fifo[(size_t)p * N + fh[p]];
            fh[p] = (fh[p] + 1) % N;
            fl[p]--;
            sent_pos[ns] = p;
            sent_o[ns++] = o;
            rt->pos[rt->nmv] = p;
            rt->orig[rt->nmv++] = o;
        }
        for (uint32_t i = 0; i < ns; i++) {
            uint32_t q = (sent_pos[i] + 1) % N, o = sent_o[i];
            received++;
            if ((q + 1) % N != o) { /* still has nodes ahead of it */
                fifo[(size_t)q * N + (fh[q] + fl[q]) % N] = o;
                fl[q]++;
            }
        }
    }
    rt->start[t] = rt->nmv;
    rt->steps = t;
    XC_FREE_ALL(fifo, fh, fl, sent_pos, sent_o);
    if (received < need) {
        ring_free(rt);
        return xc_fail(err, XC_ECHECK, "ring of %u: broadcast incomplete after %llu steps", N,
                       (unsigned long long)t);
    }
    return XC_OK;
}

uint64_t xc_sched_ring_mnb_steps(uint32_t n, int half_duplex)
{
    if (n < 2)
        return 0;
    if (!half_duplex)
        return n - 1;
    return n % 2 ? 2 * (uint64_t)n : 2 * (uint64_t)(n - 1);
}

/* ---- hamiltonian cycle of a product (docs/product-networks.md) ---- */

/* Combines sequence S (K nodes, cycle flag) with dimension d's coordinate
 * order into a hamiltonian cycle of the product, written to out. Returns 0,
 * or -1 if neither construction applies. */
static int combine(const xc_net *net, const uint32_t *S, uint32_t K, int s_cyc, uint32_t d, uint32_t *out)
{
    const xc_dim *dm = &net->dim[d];
    uint32_t m = dm->size, st = dm->stride;
    int f_cyc = dm->kind != XC_DIM_PATH || m == 2;
    uint32_t n = 0;
    if (K % 2 == 0 || m % 2 == 0) {
        /* comb: rows of the even side snake over columns 1.., column 0 is
         * the way back. Works with hamiltonian paths only. */
        int outer_s = K % 2 == 0;
        uint32_t rows = outer_s ? K : m, cols = outer_s ? m : K;
#define NODE(r, c) (outer_s ? S[r] + (c) * st : S[c] + (r) * st)
        out[n++] = NODE(0, 0);
        for (uint32_t r = 0; r < rows; r++)
            for (uint32_t j = 1; j < cols; j++)
                out[n++] = NODE(r, r % 2 == 0 ? j : cols - j);
        for (uint32_t r = rows; r-- > 1;)
            out[n++] = NODE(r, 0);
#undef NODE
        return 0;
    }
    if (!s_cyc || !f_cyc)
        return -1;
    /* both odd cycles: rows are copies of the shorter cycle, each walked
     * once around (m-1 moves, + or -), then one move along the longer one;
     * (K+m)/2 rows go +, (K-m)/2 go -, so the columns come back to 0. */
    int s_rows = K < m; /* rows along S when S is the shorter */
    uint32_t R = s_rows ? m : K, C = s_rows ? K : m;
    uint32_t plus = (R + C) / 2, c = 0;
    for (uint32_t r = 0; r < R; r++) {
        int dir = r < plus ? 1 : -1;
        for (uint32_t j = 0; j < C; j++) {
            uint32_t col = (uint32_t)(((int64_t)c + dir * (int64_t)j) % (int64_t)C + C) % C;
            out[n++] = s_rows ? S[col] + r * st : S[r] + col * st;
        }
        c = (uint32_t)(((int64_t)c - dir) % (int64_t)C + C) % C;
    }
    return 0;
}

/* A hamiltonian cycle of the whole network into order[n]; XC_EINVAL when
 * none is constructed. Even-size dimensions go first so that every later
 * combination is a comb. */
static xc_status ham_cycle(const xc_net *net, uint32_t *order, xc_err *err)
{
    uint32_t nd = net->ndims, perm[XC_TOPO_MAX_DIMS], np = 0;
    for (uint32_t d = 0; d < nd; d++)
        if (net->dim[d].size % 2 == 0)
            perm[np++] = d;
    for (uint32_t d = 0; d < nd; d++)
        if (net->dim[d].size % 2)
            perm[np++] = d;
    uint32_t *tmp = malloc((size_t)net->nodes * sizeof *tmp);
    if (!tmp)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    const xc_dim *d0 = &net->dim[perm[0]];
    uint32_t K = d0->size;
    for (uint32_t i = 0; i < K; i++)
        order[i] = i * d0->stride;
    int cyc = d0->kind != XC_DIM_PATH || K == 2;
    for (uint32_t i = 1; i < nd; i++) {
        if (combine(net, order, K, cyc, perm[i], tmp)) {
            free(tmp);
            return xc_fail(err, XC_EINVAL,
                           "no hamiltonian cycle constructed for '%s' (every dimension odd and one a path); "
                           "use --algo mnb-product or a network with an even side", net->spec);
        }
        K *= net->dim[perm[i]].size;
        memcpy(order, tmp, (size_t)K * sizeof *order);
        cyc = 1;
    }
    free(tmp);
    if (!cyc && K > 2)
        return xc_fail(err, XC_EINVAL, "'%s' is a path: it has no hamiltonian cycle (use a ring)", net->spec);
    return XC_OK;
}

/* ---- the generator ---- */

typedef struct mnb {
    const xc_net *net;
    uint32_t n;
    const xc_sched_sink *sink;
    xc_sched_result *res;
    uint32_t *slot_of; /* holder*n + origin -> slot */
    uint32_t *fresh;
    uint32_t perm[XC_TOPO_MAX_DIMS]; /* mnb-product dimension order */
    ring_tab tab[XC_TOPO_MAX_DIMS];  /* per position in perm */
    uint64_t t_from[XC_TOPO_MAX_DIMS + 1]; /* steps of MNB over perm[j..] */
    uint32_t rest_size[XC_TOPO_MAX_DIMS + 1];
    uint32_t *recv_to, *recv_port, *recv_msg;
    uint32_t nrecv;
} mnb;

/* Sends one step of a ring table; pos2node maps (line, position). */
static xc_status ring_step(mnb *e, const ring_tab *rt, uint64_t t, const uint32_t *order, uint32_t line_base,
                           uint32_t stride, const uint32_t *fr_r, uint32_t nfr)
{
    const xc_net *net = e->net;
    for (uint64_t m = rt->start[t]; m < rt->start[t + 1]; m++) {
        uint32_t p = rt->pos[m], q = (p + 1) % rt->N, o = rt->orig[m];
        uint32_t from = order ? order[p] : line_base + p * stride;
        uint32_t to = order ? order[q] : line_base + q * stride;
        uint32_t msg = order ? order[o] : line_base + o * stride;
        /* phase-2 frames: the broadcast a node sends in round r is the one
         * of its B-copy node r (002 Fig. 6 line 5), applied outward */
        for (uint32_t f = nfr; f-- > 0;) {
            uint32_t j = fr_r[2 * f], r = fr_r[2 * f + 1];
            for (uint32_t i = e->net->ndims; i-- > j + 1;) {
                uint32_t d = e->perm[i], k = net->dim[d].size;
                msg = xc_topo_with(net, msg, d, r % k);
                r /= k;
            }
        }
        uint32_t port = (uint32_t)xc_topo_port_to(net, from, to);
        uint32_t back = (uint32_t)xc_topo_port_to(net, to, from);
        xc_op op = {XC_OP_COPY, from, port, e->slot_of[(size_t)from * e->n + msg], 0};
        xc_status st = e->sink->op(e->sink->ctx, &op);
        if (st)
            return st;
        e->recv_to[e->nrecv] = to;
        e->recv_port[e->nrecv] = back;
        e->recv_msg[e->nrecv++] = msg;
    }
    return XC_OK;
}

static xc_status flush_recv(mnb *e)
{
    for (uint32_t i = 0; i < e->nrecv; i++) {
        uint32_t to = e->recv_to[i];
        uint32_t slot = e->fresh[to]++;
        if (e->fresh[to] > e->res->peak_slots)
            e->res->peak_slots = e->fresh[to];
        e->slot_of[(size_t)to * e->n + e->recv_msg[i]] = slot;
        xc_op op = {XC_OP_RECV, to, e->recv_port[i], slot, 1};
        xc_status st = e->sink->op(e->sink->ctx, &op);
        if (st)
            return st;
    }
    e->res->message_hops += e->nrecv;
    e->res->deliveries += e->nrecv;
    e->res->table_words += 2 * (uint64_t)e->nrecv;
    e->nrecv = 0;
    return XC_OK;
}

/* The leaf round active at step t of MNB over perm[j..]: its position j',
 * its step and the phase-2 frames (pairs j, r). */
static uint32_t product_at(const mnb *e, uint32_t j, uint64_t t, uint64_t *lt, uint32_t *fr, uint32_t *nfr)
{
    for (;;) {
        if (j + 1 == e->net->ndims) {
            *lt = t;
            return j;
        }
        if (t < e->t_from[j + 1]) { /* phase 1: MNB in B = perm[j+1..] */
            j++;
            continue;
        }
        t -= e->t_from[j + 1];
        uint64_t ta = e->tab[j].steps;
        fr[2 * *nfr] = j;
        fr[2 * *nfr + 1] = (uint32_t)(t / ta);
        (*nfr)++;
        *lt = t % ta;
        return j;
    }
}

void xc_sched_mnb_dim_order(const xc_net *net, uint32_t *perm)
{
    uint32_t np = 0, nd = net->ndims;
    for (uint32_t d = 0; d < nd; d++)
        if (net->dim[d].size % 2 == 0)
            perm[np++] = d;
    uint32_t first_odd = np;
    for (uint32_t d = 0; d < nd; d++)
        if (net->dim[d].size % 2)
            perm[np++] = d;
    for (uint32_t i = first_odd; i < nd; i++) /* insertion sort, descending size */
        for (uint32_t j = i; j > first_odd && net->dim[perm[j]].size > net->dim[perm[j - 1]].size; j--) {
            uint32_t x = perm[j];
            perm[j] = perm[j - 1];
            perm[j - 1] = x;
        }
}

static void mnb_free(mnb *e)
{
    for (uint32_t j = 0; j < XC_TOPO_MAX_DIMS; j++)
        ring_free(&e->tab[j]);
    XC_FREE_ALL(e->slot_of, e->fresh, e->recv_to, e->recv_port, e->recv_msg, e);
}

/* The generator's state: every node holds its own message in slot 0. */
static xc_status mnb_new(const xc_net *net, const xc_sched_sink *s, xc_sched_result *r, mnb **out, xc_err *err)
{
    const uint32_t n = net->nodes;
    mnb *e = *out = calloc(1, sizeof *e);
    if (!e)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    e->net = net;
    e->n = n;
    e->sink = s;
    e->res = r;
    e->slot_of = malloc((size_t)n * n * sizeof *e->slot_of);
    e->fresh = malloc(n * sizeof *e->fresh);
    e->recv_to = malloc(n * sizeof *e->recv_to);
    e->recv_port = malloc(n * sizeof *e->recv_port);
    e->recv_msg = malloc(n * sizeof *e->recv_msg);
    if (!e->slot_of || !e->fresh || !e->recv_to || !e->recv_port || !e->recv_msg)
        return xc_fail(err, XC_ENOMEM, "out of memory for %u nodes' buffers", n);
    memset(e->slot_of, 0xff, (size_t)n * n * sizeof *e->slot_of);
    for (uint32_t v = 0; v < n; v++) {
        e->slot_of[(size_t)v * n + v] = 0;
        e->fresh[v] = 1;
    }
    r->peak_slots = 1;
    return XC_OK;
}

/* mnb: the ring algorithm along a hamiltonian cycle. */
static xc_status mnb_ring(mnb *e, int half_duplex, xc_err *err)
{
    const uint32_t n = e->n;
    const xc_sched_sink *s = e->sink;
    ring_tab whole = {0};
    uint32_t *order = malloc((size_t)n * sizeof *order);
    xc_status st = order ? XC_OK : xc_fail(err, XC_ENOMEM, "out of memory");
    if (!st && !(st = ham_cycle(e->net, order, err)) && !(st = ring_build(n, half_duplex, &whole, err))) {
        for (uint64_t t = 0; t < whole.steps && !st; t++) {
            if (!(st = s->step(s->ctx, t + 1)) && !(st = ring_step(e, &whole, t, order, 0, 0, NULL, 0)))
                st = flush_recv(e);
        }
        e->res->steps = whole.steps;
    }
    ring_free(&whole);
    free(order);
    return st;
}

/* mnb-product: even dimensions first, odd ones last, largest odd first
 * (Theorem 5's renaming, so one odd dimension costs only 2 extra steps);
 * a ring table per dimension and the steps of MNB over perm[j..]. */
static xc_status mnb_product_tables(mnb *e, int half_duplex, xc_err *err)
{
    const xc_net *net = e->net;
    const uint32_t nd = net->ndims;
    xc_sched_mnb_dim_order(net, e->perm);
    xc_status st = XC_OK;
    for (uint32_t j = 0; j < nd && !st; j++)
        st = ring_build(net->dim[e->perm[j]].size, half_duplex, &e->tab[j], err);
    if (st)
        return st;
    e->t_from[nd] = 0;
    e->rest_size[nd] = 1;
    for (uint32_t j = nd; j-- > 0;) {
        e->rest_size[j] = e->rest_size[j + 1] * net->dim[e->perm[j]].size;
        /* Theorem 2: T = T_B + n2 T_A with A = perm[j], B = perm[j+1..] */
        e->t_from[j] = (j + 1 < nd ? e->t_from[j + 1] : 0) + (uint64_t)e->rest_size[j + 1] * e->tab[j].steps;
    }
    return XC_OK;
}

/* mnb-product: every step runs the ring step of its dimension on every
 * line of that dimension. */
static xc_status mnb_product(mnb *e, int half_duplex, xc_err *err)
{
    const xc_net *net = e->net;
    const xc_sched_sink *s = e->sink;
    xc_status st = mnb_product_tables(e, half_duplex, err);
    if (st)
        return st;
    for (uint64_t t = 0; t < e->t_from[0] && !st; t++) {
        uint32_t fr[2 * (XC_TOPO_MAX_DIMS + 1)], nfr = 0;
        uint64_t lt;
        uint32_t j = product_at(e, 0, t, &lt, fr, &nfr);
        if ((st = s->step(s->ctx, t + 1)))
            break;
        uint32_t d = e->perm[j], stride = net->dim[d].stride, k = net->dim[d].size;
        for (uint32_t hi = 0; hi < e->n && !st; hi += k * stride)
            for (uint32_t lo = 0; lo < stride && !st; lo++)
                st = ring_step(e, &e->tab[j], lt, NULL, hi + lo, stride, fr, nfr);
        if (!st)
            st = flush_recv(e);
    }
    e->res->steps = e->t_from[0];
    return st;
}

xc_status xc_sched_mnb(const xc_sched_opts *o, const xc_sched_sink *s, xc_sched_result *r, xc_err *err)
{
    mnb *e;
    xc_status st = mnb_new(o->net, s, r, &e, err);
    if (!st)
        st = o->algo == XC_ALGO_MNB ? mnb_ring(e, o->half_duplex, err) : mnb_product(e, o->half_duplex, err);
    if (e)
        mnb_free(e);
    return st;
}
