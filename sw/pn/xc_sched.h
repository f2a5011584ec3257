/* SPDX-License-Identifier: MIT */
/* Schedules on product networks: total exchange (te-ni, te-a1, te-a2) and
 * multinode broadcast (mnb, mnb-product). A generator streams a schedule
 * step by step into a sink as operations on numbered buffer slots, so a
 * schedule never has to be held in memory; the same ops are what a
 * router's step table holds (docs/schedule-format.md).
 *
 * Semantics of one step at one node (the model the checker enforces):
 *   1. every send reads its slot (a `send` frees it, a `copy` keeps it);
 *   2. each message crosses its link (ports as in xc_topo.h);
 *   3. every receive delivers the message to the node, stores it in a slot
 *      that is empty after 1., or both (broadcast).
 * Initial contents: kind te, slot k (1 <= k < n) of node v holds v's
 * message for v (+) k (xc_topo_add); slot 0 is empty. Kind mnb, slot 0 of
 * node v holds v's broadcast message.
 *
 * The core uses no host I/O: it can run on a control processor. */
#ifndef XC_SCHED_H_
#define XC_SCHED_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

#include "xc_consts.h"
#include "xc_topo.h"

/* Largest network a schedule is generated for: as many nodes as a flit's
 * node address reaches, 2^XC_ADDR_W = 16384 (a 128x128 torus, 268 M
 * total-exchange messages), and at most 2^34 message hops (exactly
 * torus:128x128's and ring:4096's; torus:16x20x28 needs 1.28 G). */
#define XC_SCHED_MAX_NODES (1u << XC_ADDR_W)
#define XC_SCHED_MAX_HOPS (1ull << 34)

#define XC_ALL_NODES UINT32_MAX /* op node: every node, each in its own frame */
#define XC_NO_SLOT UINT32_MAX   /* recv slot: not stored (delivered only) */

typedef enum xc_algo {
    XC_ALGO_TE_NI = 0, /* node-invariant total exchange (003 Fig. 1, 2) */
    XC_ALGO_TE_A1,     /* Algorithm A1 over the dimensions (000 §4) */
    XC_ALGO_TE_A2,     /* Algorithm A2, multiport, H^(2^k) (000 §5) */
    XC_ALGO_MNB,       /* ring algorithm on a hamiltonian cycle (002 §3) */
    XC_ALGO_MNB_PRODUCT, /* dimension by dimension composition (002 §4) */
} xc_algo;

typedef enum xc_op_kind {
    XC_OP_SEND = 0, /* slot's message leaves on port; slot becomes empty */
    XC_OP_COPY,     /* a copy leaves on port; the slot keeps it */
    XC_OP_RECV,     /* message arriving on port: deliver and/or store */
} xc_op_kind;

typedef struct xc_op {
    xc_op_kind kind;
    uint32_t node; /* or XC_ALL_NODES */
    uint32_t port;
    uint32_t slot;   /* send/copy: source; recv: destination or XC_NO_SLOT */
    uint8_t deliver; /* recv: the message is delivered to this node */
} xc_op;

/* Where a generator puts its output. step() opens step t (1, 2, ...); op()
 * adds one operation to the open step. A non-OK return stops generation
 * and is passed back to the caller. */
typedef struct xc_sched_sink {
    void *ctx;
    xc_status (*step)(void *ctx, uint64_t t);
    xc_status (*op)(void *ctx, const xc_op *op);
} xc_sched_sink;

typedef struct xc_sched_opts {
    const xc_net *net;
    xc_algo algo;
    int multiport;   /* 0 single-port, 1 multiport */
    int half_duplex; /* 0 full duplex, 1 half duplex */
} xc_sched_opts;

typedef struct xc_sched_plan {
    int kind_mnb;       /* 0 total exchange, 1 multinode broadcast */
    uint64_t expected;  /* steps the theorem predicts for this algorithm */
    uint64_t bound;     /* the lower bound for this problem and port model */
    const char *bound_name; /* e.g. "AS(G)" */
    uint64_t messages;  /* n(n-1) for te, n for mnb */
    int node_invariant; /* 1: one step word serves every node */
} xc_sched_plan;

typedef struct xc_sched_result {
    uint64_t steps;
    uint64_t message_hops; /* link traversals */
    uint64_t deliveries;
    uint32_t peak_slots;   /* slots per node the schedule needs (max index+1) */
    uint64_t table_words;  /* ops a per-node step table holds, all nodes */
    uint64_t bcast_words;  /* ops a broadcast table holds (node-invariant), else 0 */
} xc_sched_result;

/* Algorithm name <-> enum. xc_algo_parse returns -1 for an unknown name. */
const char *xc_algo_name(xc_algo a);
int xc_algo_parse(const char *s);

/* Validates opts (network fits the algorithm and the size limits, port and
 * duplex model supported) and fills *plan. XC_EINVAL / XC_ERANGE with a
 * one-line reason otherwise. */
xc_status xc_sched_plan_for(const xc_sched_opts *opts, xc_sched_plan *plan, xc_err *err);

/* Generates the schedule into sink. Returns what xc_sched_plan_for returns
 * on bad options, XC_ENOMEM when out of memory, XC_ECHECK if the schedule
 * did not take the predicted number of steps (a bug), or the sink's status. */
xc_status xc_sched_generate(const xc_sched_opts *opts, const xc_sched_sink *sink, xc_sched_result *res,
                            xc_err *err);

/* ---- per-algorithm entry points (xc_sched_ni.c, xc_sched_te.c,
 * xc_sched_mnb.c); called by xc_sched_generate after planning. ---- */
xc_status xc_sched_te_ni(const xc_sched_opts *o, const xc_sched_sink *s, xc_sched_result *r, xc_err *err);
xc_status xc_sched_te_prod(const xc_sched_opts *o, const xc_sched_sink *s, xc_sched_result *r, xc_err *err);
xc_status xc_sched_mnb(const xc_sched_opts *o, const xc_sched_sink *s, xc_sched_result *r, xc_err *err);

/* Steps the per-dimension total exchange takes on one dimension under the
 * port model (the T_i of Corollary 3 / T_H of Theorem 4), or 0 when it
 * cannot be built (too large). Computed by building the table once. */
uint64_t xc_sched_dim_te_steps(xc_dim_kind kind, uint32_t size, int multiport);

/* Steps of the ring multinode broadcast on a cycle of n nodes. */
uint64_t xc_sched_ring_mnb_steps(uint32_t n, int half_duplex);

/* The order mnb-product visits the dimensions in (perm[0..ndims-1]): even
 * sizes first in spec order, then odd ones by decreasing size (Theorem
 * 5's renaming, so one odd dimension costs only 2 extra steps). */
void xc_sched_mnb_dim_order(const xc_net *net, uint32_t *perm);

#ifdef __cplusplus
}
#endif

#endif /* XC_SCHED_H_ */
