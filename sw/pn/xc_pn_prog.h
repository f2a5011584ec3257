/* SPDX-License-Identifier: MIT */
/* The host-side compiler of router programs: turns a schedule (xc_sched)
 * into the step-table images the firmware (sw/fw/xc_cp_pn) loads, per node
 * and, for node-invariant schedules, one broadcast table. Runs on the
 * host; the firmware only reads the result. */
#ifndef XC_PN_PROG_H_
#define XC_PN_PROG_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_pnhw.h"
#include "xc_sched.h"

/* A compiled schedule: step entries for the routers. */
typedef struct xc_pn_prog {
    uint32_t steps;
    int kind_mnb;      /* 0 total exchange, 1 multinode broadcast */
    int node_invariant;/* 1: bcast holds a valid broadcast table */
    uint32_t *pernode; /* nodes * steps * wpe words (entry of node v, step t at (v*steps+t-1)*wpe) */
    uint32_t *bcast;   /* steps * wpe words, or NULL */
    xc_sched_result res;
} xc_pn_prog;

/* Per-node tables of at most 2^30 words (4 GiB; the golden model holds a
 * second copy): torus:16x20x28 would need 9.0 G words (36 GB) of them, so
 * a network that size runs a node-invariant schedule on the broadcast
 * table. */
#define XC_PN_PROG_MAX_WORDS (1ull << 30)

/* Generates the schedule of opts into prog for hw (pernode tables always;
 * the broadcast table when every op is node-invariant). XC_ERANGE when the
 * schedule needs more slots or steps than hw has, or per-node tables of
 * more than XC_PN_PROG_MAX_WORDS; the generator's codes. */
xc_status xc_pn_compile(const xc_pn_hw *hw, const xc_sched_opts *opts, xc_pn_prog *prog, xc_err *err);
void xc_pn_prog_free(xc_pn_prog *prog);

#ifdef __cplusplus
}
#endif

#endif /* XC_PN_PROG_H_ */
