/* SPDX-License-Identifier: MIT */
/* Lower bounds for total exchange and multinode broadcast on product
 * networks (paper 000 §3, paper 002 §2), computed from the dimensions
 * (Theorem 1, Corollaries 1 and 2) and cross-checked by breadth-first
 * search on the whole graph. */
#ifndef XC_BOUND_H_
#define XC_BOUND_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

#include "xc_topo.h"

/* Up to this many nodes `bound` checks the status of every node by BFS;
 * above it (up to XC_BOUND_BFS_SAMPLE_MAX) six sample nodes; above that
 * node 0 only (a corner: its eccentricity is the diameter) ... */
#define XC_BOUND_BFS_ALL_MAX 512u
#define XC_BOUND_BFS_SAMPLE_MAX 65536u
/* ... and at most this many links followed in all: a network with more
 * than that many node-ports (complete:8192, ghc:1024x1024) is not searched
 * at all and its bounds come from the closed forms alone. */
#define XC_BOUND_BFS_WORK (1ull << 24)

typedef struct xc_bounds {
    uint32_t nodes;
    uint64_t links;
    uint32_t diameter;
    uint64_t status_sum;    /* S_G = sum over nodes of the status */
    uint64_t status_min;    /* smallest and largest node status */
    uint64_t status_max;
    double avg_status;      /* AS(G) = S_G / n: single-port TE bound (3) */
    uint64_t te_sp_bound;   /* ceil(AS(G)) steps */
    double avg_distance;    /* S_G / (n (n-1)), Corollary 1 */
    double avg_distance_cor1; /* the same from Corollary 1's formula */
    double cut_bound;       /* |V1||V2| / C for the best dimension cut (4) */
    uint64_t cut_bound_steps; /* ceil(cut_bound) */
    uint32_t cut_dim;       /* the cut: dimension cut_dim split cut_a | size-cut_a */
    uint32_t cut_a;
    uint64_t cut_v1, cut_v2, cut_links;
    uint64_t mnb_full_bound; /* n-1 (002, eq. 1) */
    uint64_t mnb_half_bound; /* 2(n-1) for even n, 2n for odd n (eqs. 2, 3) */
    uint32_t bfs_checked;    /* nodes whose status and eccentricity BFS confirmed */
} xc_bounds;

/* Status s_i(x) of node x in one dimension. */
uint64_t xc_dim_status(xc_dim_kind kind, uint32_t size, uint32_t x);

/* Sum of the statuses of all nodes of one dimension (= size * AS). */
uint64_t xc_dim_status_sum(xc_dim_kind kind, uint32_t size);

/* Status of node by Theorem 1: s(v) = sum_i (n/|V_i|) s_i(v_i). */
uint64_t xc_bound_status(const xc_net *net, uint32_t node);

/* Status and eccentricity of node by breadth-first search over the ports.
 * Returns XC_ENOMEM if the work arrays cannot be allocated. */
xc_status xc_bound_bfs(const xc_net *net, uint32_t node, uint64_t *status, uint32_t *ecc, xc_err *err);

/* Fills *b for net. Checks the formulas against BFS (every node up to
 * XC_BOUND_BFS_ALL_MAX nodes, a sample up to XC_BOUND_BFS_SAMPLE_MAX);
 * returns XC_ECHECK naming the node if they disagree, XC_ENOMEM when out
 * of memory. */
xc_status xc_bound_compute(const xc_net *net, xc_bounds *b, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_BOUND_H_ */
