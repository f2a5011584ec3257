/* SPDX-License-Identifier: MIT */
/* Total exchange inside one dimension: the building block that Algorithms
 * A1 and A2 run in every copy of a dimension. A table lists, step by step,
 * which dimension node x sends the message labelled (o, c) -- originally
 * held by node o, for node c -- on which dimension-local port p. */
#ifndef XC_SCHED_DIM_H_
#define XC_SCHED_DIM_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

#include "xc_topo.h"

/* Largest per-dimension table (moves) built; larger dimensions are refused. */
#define XC_DIM_TE_MAX_MOVES (1u << 25)

typedef struct xc_dim_move {
    uint32_t x, o, c, p;
} xc_dim_move;

typedef struct xc_dim_te {
    xc_dim_kind kind;
    uint32_t size;
    int multiport;
    uint64_t steps;
    int relative;      /* 1: moves are node 0's; node x does them translated by x */
    uint64_t *start;   /* steps + 1 offsets into mv */
    xc_dim_move *mv;
    uint64_t nmv;
} xc_dim_te;

/* Builds the table:
 *  single-port ring / complete: node-invariant (003 Fig. 1), relative,
 *      steps = status = AS;
 *  single-port path: greedy per-step maximum-weight matching (docs);
 *  multiport ring / path: every port sends its farthest-to-go message;
 *      rings split the antipodal messages (even origins clockwise);
 *  multiport complete: one step.
 * Returns XC_ERANGE if the table would exceed XC_DIM_TE_MAX_MOVES,
 * XC_ENOMEM when out of memory. */
xc_status xc_dim_te_build(xc_dim_kind kind, uint32_t size, int multiport, xc_dim_te *t, xc_err *err);

void xc_dim_te_free(xc_dim_te *t);

/* The single-port receive-count bound for a path of k nodes: the busiest
 * node must receive max_x x(k-x) + (k-1-x)(x+1) messages, one per step. */
uint64_t xc_path_recv_bound(uint32_t k);

#ifdef __cplusplus
}
#endif

#endif /* XC_SCHED_DIM_H_ */
