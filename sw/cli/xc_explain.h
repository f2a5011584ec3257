/* SPDX-License-Identifier: MIT */
/* xchg schedule --explain [--node V] and --grid (xc_cmd_explain.c): a
 * schedule told in sentences, step by step, in the report's own names
 * (n<node>, m(s→d) a total-exchange message, m(s) node s's broadcast),
 * with each step's phase and round (xc_sched_phase.h); and the node ×
 * step grid of who transmits, receives or idles. For networks a person
 * reads: at most XC_EXPLAIN_MAX_NODES nodes. */
#ifndef XC_EXPLAIN_H_
#define XC_EXPLAIN_H_

#include <stdio.h>

#include "xc_cli.h"
#include "xc_sched.h"
#include "xc_wh.h"

#define XC_EXPLAIN_MAX_NODES 64u

/* --node V checked against net: 0 and *node (-1 when text is NULL), or the
 * exit status after the one-line error. */
int xc_explain_node(const char *text, const xc_net *net, long *node);

/* Generates the store-and-forward schedule o and prints it on stdout in
 * words (a->explain), as the grid (a->grid), or both. 0 or the exit status. */
int xc_explain_sched(const xc_sched_args *a, const xc_sched_opts *o, const xc_sched_plan *plan);

/* A wormhole step in words: a sink to chain after the generator (ctx an
 * xc_explain_wh). */
typedef struct xc_explain_wh {
    const xc_net *net;
    long node; /* -1: every node */
    FILE *f;
} xc_explain_wh;
xc_status xc_explain_wh_step(void *ctx, const xc_wh_step *s, xc_err *err);

/* A wormhole step label of paper 001's generators spelled out:
 * "s2.p3.step1" -> "stage 2, phase 3, step 1", "split1.step2" -> "split
 * phase 1, step 2", "merge2" -> "merge phase 2"; a part it does not know
 * is copied as it is. */
void xc_wh_label_words(const char *label, char *buf, size_t cap);

/* xchg bound --grid (xc_bound_grid.c): the status and the eccentricity
 * of every node of a 2-D network as grids on stdout. 0 or the exit status. */
int xc_bound_grid(const xc_net *net);

#endif /* XC_EXPLAIN_H_ */
