/* SPDX-License-Identifier: MIT */
#include "xc_noc_coll.h"

#include <stdlib.h>
#include <string.h>

#include "xc_big.h"
#include "xc_latin.h"
#include "xc_rand.h"
#include "xc_sched.h"

static xc_status alloc_msgs(xc_noc_coll *c, unsigned long count, xc_err *err)
{
    memset(c, 0, sizeof *c);
    if (count > XC_NOC_MAX_MSGS)
        return xc_fail(err, XC_ERANGE, "%lu messages: at most %d in a run of a user's network", count,
                       XC_NOC_MAX_MSGS);
    c->msgs = malloc((count ? count : 1) * sizeof *c->msgs);
    return c->msgs ? XC_OK : xc_fail(err, XC_ENOMEM, "out of memory");
}

void xc_noc_coll_free(xc_noc_coll *c)
{
    free(c->msgs);
    c->msgs = NULL;
}

/* Follows a schedule's ops to find the step each message leaves its
 * source: slot k (1 <= k < n) of node v starts with v's message for
 * v (+) k, and keeps it until it is sent or a receive overwrites it (sends
 * read before receives store, so a receive in the step of the send does
 * not count). */
typedef struct te_sink {
    const xc_net *net;
    xc_noc_coll *c;
    uint32_t n, step;
    uint8_t *sent;     /* n*n: slot k of node v has sent its own message */
    uint32_t *recv_at; /* n*n: the first step a receive stored into it (0: none) */
} te_sink;

static xc_status te_step(void *ctx, uint64_t t)
{
    ((te_sink *)ctx)->step = (uint32_t)t;
    return XC_OK;
}

static void te_node_op(te_sink *s, uint32_t v, const xc_op *op)
{
    const size_t at = (size_t)v * s->n + op->slot;
    if (op->kind == XC_OP_RECV) {
        if (!s->recv_at[at])
            s->recv_at[at] = s->step;
    } else if (!s->sent[at] && (!s->recv_at[at] || s->recv_at[at] >= s->step)) {
        s->sent[at] = 1;
        s->c->msgs[s->c->count++] = (xc_noc_msg){v, xc_topo_add(s->net, v, op->slot), s->step};
    }
}

static xc_status te_op(void *ctx, const xc_op *op)
{
    te_sink *s = ctx;
    if (op->slot == 0 || op->slot >= s->n) /* slot 0 and the ones above n never hold a message at its source */
        return XC_OK;
    if (op->node != XC_ALL_NODES)
        te_node_op(s, op->node, op);
    else
        for (uint32_t v = 0; v < s->n; v++)
            te_node_op(s, v, op);
    return XC_OK;
}

xc_status xc_noc_coll_te(xc_noc_coll *c, const xc_net *net, int algo, int multiport, uint64_t *sched_steps,
                         xc_err *err)
{
    const uint32_t n = net->nodes;
    xc_status st = alloc_msgs(c, (unsigned long)n * (n - 1), err);
    if (st)
        return st;
    te_sink s = {net, c, n, 0, calloc((size_t)n * n, 1), calloc((size_t)n * n, sizeof(uint32_t))};
    const xc_sched_opts so = {net, (xc_algo)algo, multiport, 0};
    const xc_sched_sink sink = {&s, te_step, te_op};
    xc_sched_result res;
    if (!s.sent || !s.recv_at)
        st = xc_fail(err, XC_ENOMEM, "out of memory");
    else
        st = xc_sched_generate(&so, &sink, &res, err);
    free(s.sent);
    free(s.recv_at);
    if (!st && c->count != (unsigned long)n * (n - 1))
        st = xc_fail(err, XC_ECHECK, "the schedule sent %lu messages from their sources, not n(n-1) = %lu",
                     c->count, (unsigned long)n * (n - 1));
    if (st) {
        xc_noc_coll_free(c);
        return st;
    }
    c->nodes = n;
    c->steps = (uint32_t)res.steps;
    *sched_steps = res.steps;
    return XC_OK;
}

xc_status xc_noc_coll_latin(xc_noc_coll *c, const xc_min *m, xc_err *err)
{
    const unsigned n = m->n_lines;
    xc_status st = alloc_msgs(c, (unsigned long)n * n, err);
    if (st)
        return st;
    xc_big l;
    xc_big_zero(&l);
    xc_cfg m0, cfg;
    uint16_t dest[XC_MIN_MAX_N];
    if ((st = xc_cfg_from_l(m, &l, &m0, err))) {
        xc_noc_coll_free(c);
        return st;
    }
    for (unsigned x = 0; x < n; x++) {
        xc_cfg_xor(&m0, x, &cfg);
        xc_route(m, &cfg, dest, NULL);
        for (unsigned j = 0; j < n; j++)
            c->msgs[c->count++] = (xc_noc_msg){j, dest[j], x + 1};
    }
    c->nodes = n;
    c->steps = n;
    return XC_OK;
}

xc_status xc_noc_coll_perm(xc_noc_coll *c, uint32_t n, uint64_t seed, xc_err *err)
{
    xc_status st = alloc_msgs(c, n, err);
    if (st)
        return st;
    xc_rand r;
    xc_rand_seed(&r, seed);
    for (uint32_t v = 0; v < n; v++)
        c->msgs[v] = (xc_noc_msg){v, v, 1};
    for (uint32_t v = n; v > 1; v--) { /* Fisher-Yates on the destinations */
        const uint32_t k = (uint32_t)xc_rand_below(&r, v);
        const uint32_t t = c->msgs[v - 1].dst;
        c->msgs[v - 1].dst = c->msgs[k].dst;
        c->msgs[k].dst = t;
    }
    c->count = n;
    c->nodes = n;
    c->steps = 1;
    return XC_OK;
}
