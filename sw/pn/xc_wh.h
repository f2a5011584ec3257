/* SPDX-License-Identifier: MIT */
/* Wormhole schedules (paper 001, docs/wormhole.md): a schedule is a list of
 * steps; in one step each participating node sends one packet (messages
 * back to back, msg_flits flits each) along a path of one or more hops
 * through routers set to pass it on. One step costs ts + hops + flits - 1
 * cycles for its longest packet.
 *
 * Messages are numbered m = s * n + d (source s, destination d, n nodes);
 * node v starts holding m(v -> d) for every d != v. A packet is sent from
 * the sender's buffer and stored as one block at the receiver; a node never
 * sends on a message addressed to itself (it is delivered when it arrives).
 *
 * Buffer slots: a node's memory is a list of slots. Initially slot k holds
 * its k-th message in destination order. In a step the messages a node
 * sends leave their slots, the ones it keeps close up in order at slots
 * 0..K-1, and an arriving packet is stored at slots K..K+nmsg-1: the
 * packet's `slot` is K (the checker verifies it).
 *
 * Generators (xc_sched_dc.c) stream steps into a sink; the checker
 * (xc_check_wh.c) and the golden cycle model (sw/golden/xc_golden_wh.h,
 * a layer above: it receives steps as a sink and is never called from
 * here) are written independently of them and share only this
 * representation and xc_topo.h.
 * The library does no I/O except xc_wh_io.c (files). */
#ifndef XC_WH_H_
#define XC_WH_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

#include "xc_status.h"
#include "xc_topo.h"

#define XC_WH_MAX_SIDE 64u      /* torus:64x64 at most (4096 nodes) */
#define XC_WH_MAX_MSG_FLITS 4096u /* --msg-flits range 1..4096 */
#define XC_WH_MAX_TS 1000000u   /* --ts range 0..10^6 cycles */
#define XC_WH_DEFAULT_TS 100u   /* start-up cost in cycles when not given */
/* Replaying a file through the golden model (check --ts) simulates at most
 * max(XC_WH_GOLDEN_WORK_MIN, XC_WH_GOLDEN_WORK_PER_BYTE x file bytes) flit
 * moves and packet-cycles: time follows the file, not msg-flits alone. */
#define XC_WH_GOLDEN_WORK_MIN (1ull << 26)
#define XC_WH_GOLDEN_WORK_PER_BYTE 128u

typedef enum xc_wh_algo {
    XC_WH_DC1 = 0, /* Algorithm A1: one division, N/4 + 5 start-ups */
    XC_WH_DCN,     /* Algorithm A_{n-1}: recursive, 3 log2 N - 1 start-ups */
} xc_wh_algo;

/* One packet: leaves src, takes hops links (port[h] at the h-th node on the
 * way), carries nmsg messages in order. */
typedef struct xc_wh_packet {
    uint32_t src;
    uint32_t hops;
    const uint32_t *port; /* hops entries */
    uint32_t nmsg;
    const uint32_t *msg;
    uint32_t slot; /* receiver: first slot of the stored block */
} xc_wh_packet;

typedef struct xc_wh_step {
    uint64_t t;        /* 1, 2, ... */
    const char *label; /* e.g. "s2.p1", informational */
    uint32_t npk;
    const xc_wh_packet *pk;
} xc_wh_step;

/* Where a generator (or the file reader) puts its steps. A non-OK return
 * stops the producer and is passed back. The step is only valid during the
 * call. */
typedef struct xc_wh_sink {
    void *ctx;
    xc_status (*step)(void *ctx, const xc_wh_step *s, xc_err *err);
} xc_wh_sink;

/* The paper's Table 1 for an N x N torus, N = 2^n: start-ups, message
 * transmission (in messages along the critical path, x m t_d) and
 * rearrangement (in messages, x m t_r). Our reading of the garbled
 * entries is in docs/wormhole.md. */
typedef struct xc_wh_table1 {
    uint64_t startups;
    double transmission;
    double rearrangement;
} xc_wh_table1;

/* Algorithm name <-> enum ("te-dc1", "te-dcn"); parse returns -1. */
const char *xc_wh_algo_name(xc_wh_algo a);
int xc_wh_algo_parse(const char *s);

/* Checks that net is a square torus N x N, N a power of two the algorithm
 * is defined for (te-dc1: 8 <= N; te-dcn: 4 <= N; N <= 64); fills the
 * Table 1 row. XC_EINVAL / XC_ERANGE with a one-line reason otherwise. */
xc_status xc_wh_plan(const xc_net *net, xc_wh_algo algo, xc_wh_table1 *t1, xc_err *err);

/* Paper 001's lower bound on the start-ups of a complete exchange on an
 * N x N torus, 2 log2 N (its section 2.2, citing its [10]): a node sends
 * one packet per step, so the nodes holding something of one source at
 * most double in a step, and all N^2 must be reached: log2 N^2 steps.
 * 0 when net is not a square torus with N a power of two. Not the
 * algorithms' own counts (Table 1, xc_wh_plan). */
#define XC_WH_BOUND_NAME "2 log2 N start-ups (paper 001)"
uint64_t xc_wh_startup_bound(const xc_net *net);

/* Table 1 rows of the two algorithms the paper compares against:
 * which = 0: Tseng et al. [10], 1: Suh [6]. */
void xc_wh_table1_other(uint32_t side, int which, xc_wh_table1 *t1);

/* Generates the schedule into sink. Returns what xc_wh_plan returns on bad
 * input, XC_ENOMEM, or the sink's status. *steps gets the step count. */
xc_status xc_wh_generate(const xc_net *net, xc_wh_algo algo, const xc_wh_sink *sink, uint64_t *steps,
                         xc_err *err);

/* ---- the checker (xc_check_wh.c) ---- */

/* What a checked run measured (independently of the generator). */
typedef struct xc_wh_metrics {
    uint64_t steps;        /* = start-ups */
    uint64_t packets;
    uint64_t msg_sends;    /* messages sent, summed over packets */
    uint64_t msg_hops;     /* message link traversals */
    uint64_t flit_hops;    /* msg_hops * msg_flits */
    uint64_t crit_msgs;    /* sum over steps of the largest packet (messages) */
    uint64_t path_cycles;  /* sum over steps of max(hops + flits - 1): cycles = steps*ts + this */
    uint64_t deliveries;
    uint64_t peak_buffer;  /* most messages one node holds at a step boundary */
    uint64_t rearranged;   /* messages copied to assemble packets, all nodes (docs/wormhole.md) */
    uint64_t crit_rearranged; /* sum over steps of the most one node copies */
    uint32_t max_hops;
} xc_wh_metrics;

/* The links of a wormhole network as the checker and the golden model
 * (sw/golden/xc_golden_wh.c) both walk them: the network, its size, each
 * directed link's neighbour and a stamp of when it was last used. */
typedef struct xc_wh_links {
    xc_net net;
    uint32_t n, nports;
    uint32_t *nbr;        /* node*nports + port -> neighbour, UINT32_MAX none */
    uint64_t *link_stamp; /* node*nports + port: when the link was last used (0: never) */
} xc_wh_links;

/* Fills l for net and messages of msg_flits flits. XC_ERANGE for a
 * network over XC_SCHED limits ("... at most N are <what>") or msg_flits
 * outside 1..XC_WH_MAX_MSG_FLITS, XC_ENOMEM; xc_wh_links_free(l) either
 * way. */
xc_status xc_wh_links_init(xc_wh_links *l, const xc_net *net, uint32_t msg_flits, const char *what, xc_err *err);
void xc_wh_links_free(xc_wh_links *l);

typedef struct xc_whchk xc_whchk;

/* A checker for net with messages of msg_flits flits. XC_ENOMEM, or
 * XC_ERANGE for a network over XC_SCHED limits. */
xc_status xc_whchk_new(const xc_net *net, uint32_t msg_flits, xc_whchk **out, xc_err *err);
void xc_whchk_free(xc_whchk *c);

/* Checks one step and applies it: paths exist, directed links used once,
 * single-port (one packet out, one in per node), each message is held by
 * the sender, sent once, not re-sent after delivery. XC_ECHECK with
 * "step T, node V, port P, message m(S->D): what". */
xc_status xc_whchk_step(xc_whchk *c, const xc_wh_step *s, xc_err *err);

/* After the last step: every message delivered exactly once. Fills *m. */
xc_status xc_whchk_end(xc_whchk *c, xc_wh_metrics *m, xc_err *err);

/* A sink that feeds the checker (ctx = the checker). */
xc_wh_sink xc_whchk_sink(xc_whchk *c);

/* Total cycles of a checked run for start-up cost ts. */
static inline uint64_t xc_wh_cycles(const xc_wh_metrics *m, uint64_t ts)
{
    return m->steps * ts + m->path_cycles;
}

#ifdef __cplusplus
}
#endif

#endif /* XC_WH_H_ */
