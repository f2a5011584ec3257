/* SPDX-License-Identifier: MIT */
/* te-ni: node-invariant total exchange on a Cayley product network (paper
 * 003, Fig. 1; Fig. 2 for hypercubes). Translations x -> v (+) x are the
 * automorphisms sigma_v, and they preserve port numbers, so node 0's FIFO
 * alone decides every step: each node sends the head of its queue along the
 * first dimension in which the destination differs (shortest way round a
 * ring, the direct link in a complete graph; e-cube order in a hypercube)
 * and stores what arrives in the slot just freed. One step word (two ops
 * with node XC_ALL_NODES) serves every node. */
#include <stdlib.h>

#include "xc_sched.h"

/* W of paper 003: the port of node 0 on a shortest path to delta. */
static uint32_t first_hop(const xc_net *net, uint32_t delta)
{
    for (uint32_t d = 0; d < net->ndims; d++) {
        const xc_dim *dm = &net->dim[d];
        uint32_t c = xc_topo_coord(net, delta, d);
        if (!c)
            continue;
        if (dm->kind == XC_DIM_COMPLETE)
            return dm->port_base + c - 1;
        if (dm->size == 2)
            return dm->port_base;
        return dm->port_base + (c <= dm->size / 2 ? 0 : 1);
    }
    return 0;
}

xc_status xc_sched_te_ni(const xc_sched_opts *o, const xc_sched_sink *s, xc_sched_result *r, xc_err *err)
{
    const xc_net *net = o->net;
    uint32_t n = net->nodes;
    /* node 0's queue: destination delta and slot of each message */
    uint32_t *qd = malloc((size_t)n * sizeof *qd), *qs = malloc((size_t)n * sizeof *qs);
    if (!qd || !qs) {
        free(qd);
        free(qs);
        return xc_fail(err, XC_ENOMEM, "out of memory for a %u-entry queue", n);
    }
    uint32_t head = 0, len = 0;
    for (uint32_t k = n - 1; k >= 1; k--) { /* head first: m(v_{n-1}), as in Fig. 1 */
        qd[len] = k;
        qs[len] = k;
        len++;
    }
    xc_status st = XC_OK;
    uint64_t t = 0;
    while (len) {
        uint32_t delta = qd[head], slot = qs[head];
        head = (head + 1) % n;
        len--;
        uint32_t port = first_hop(net, delta);
        uint32_t g = (uint32_t)xc_topo_neighbor(net, 0, port);
        /* node 0 hears from node -g what node -g sent: delta - g, relative */
        uint32_t from = xc_topo_sub(net, 0, g);
        uint32_t back = (uint32_t)xc_topo_port_to(net, 0, from);
        uint32_t nd = xc_topo_sub(net, delta, g);
        if ((st = s->step(s->ctx, ++t)))
            break;
        xc_op send = {XC_OP_SEND, XC_ALL_NODES, port, slot, 0};
        if ((st = s->op(s->ctx, &send)))
            break;
        xc_op recv = {XC_OP_RECV, XC_ALL_NODES, back, nd ? slot : XC_NO_SLOT, nd == 0};
        if ((st = s->op(s->ctx, &recv)))
            break;
        r->message_hops += n;
        if (nd == 0) {
            r->deliveries += n;
        } else {
            uint32_t tail = (head + len) % n;
            qd[tail] = nd;
            qs[tail] = slot;
            len++;
        }
    }
    free(qd);
    free(qs);
    r->steps = t;
    r->peak_slots = n; /* slots 1..n-1 hold the initial messages; 0 stays empty */
    r->bcast_words = 2 * t;
    r->table_words = 2 * t * n;
    return st;
}
