/* SPDX-License-Identifier: MIT */
/* The phase and round of a step of a product-network schedule, in the
 * papers' own terms, for the people reading a schedule: the comment lines
 * of a schedule file, `xchg schedule --explain`, the `xchg show` pages.
 *
 *   te-a1        paper 000 §4: phase 1 (the last dimension, one round per
 *                node of the copy of A) and phase 2 (A1 on the other
 *                dimensions, one round per node of the last dimension),
 *                recursively (Theorem 2: T = n_A T_B + |B| T_A).
 *   te-a2        paper 000 §5: rounds of the left half beside the right.
 *   te-ni        paper 003: FIFO order makes the k-th hops of all
 *                messages one run of steps, round k (k = 1 .. diameter).
 *   mnb-product  paper 002 Fig. 6: phase 1 in B, then phase 2, one round
 *                (one ring broadcast in A) per node of B, recursively.
 *   mnb          paper 002 §3: the ring algorithm; on an odd ring in half
 *                duplex its transmit pattern repeats: rounds 1 and 2.
 * The arithmetic is the generators' own (step counts from
 * xc_sched_dim_te_steps and xc_sched_ring_mnb_steps), not a replay. */
#ifndef XC_SCHED_PHASE_H_
#define XC_SCHED_PHASE_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

#include "xc_sched.h"

/* Per-network step counts, computed once by xc_sched_phaser_init. */
typedef struct xc_sched_phaser {
    xc_sched_opts o;
    uint64_t dim_steps[XC_TOPO_MAX_DIMS]; /* te: T_i of each dimension; mnb-product: ring steps of perm[j] */
    uint32_t perm[XC_TOPO_MAX_DIMS];      /* mnb-product's dimension order (xc_sched_mnb.c) */
    uint64_t t_from[XC_TOPO_MAX_DIMS + 1]; /* mnb-product: steps of MNB over perm[j..] */
    uint64_t rest[XC_TOPO_MAX_DIMS + 1];  /* mnb-product: nodes of perm[j..] */
    uint64_t total;                       /* steps of the whole schedule */
    uint32_t ni_rounds;                   /* te-ni: the diameter */
    uint64_t ni_end[XC_SCHED_MAX_NODES];  /* te-ni: last step of round k+1 */
} xc_sched_phaser;

typedef struct xc_sched_phase {
    unsigned phase;         /* 1 or 2 at the top level; 0 where the algorithm has none */
    uint64_t round, rounds; /* the top level's round r of R; 0 where it has none */
    char text[160];         /* "A1 phase 1 (dimension 1): round 2 of 4, step 1" */
} xc_sched_phase;

/* Fills p for o (already checked by xc_sched_plan_for; o->net must stay
 * alive while p is used). */
void xc_sched_phaser_init(xc_sched_phaser *p, const xc_sched_opts *o);

/* The phase, round and words of step t (1 .. total). */
void xc_sched_phase_at(const xc_sched_phaser *p, uint64_t t, xc_sched_phase *ph);

#ifdef __cplusplus
}
#endif

#endif /* XC_SCHED_PHASE_H_ */
