/* SPDX-License-Identifier: MIT */
/* The wormhole golden cycle model (xc_golden_wh.c) and one measured run
 * through generator, checker and golden model (xc_wh_run.c). The golden
 * layer sits above sw/pn: the schedule types and the checker come from
 * xc_wh.h; the file reader of sw/pn (xc_wh_io.h) receives the model as a
 * sink (xc_golden_wh_replay) and never calls it by name. */
#ifndef XC_GOLDEN_WH_H_
#define XC_GOLDEN_WH_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdio.h>

#include "xc_wh.h"
#include "xc_wh_io.h"

/* ---- the golden cycle model (xc_golden_wh.c) ---- */

typedef struct xc_golden_wh xc_golden_wh;

xc_status xc_golden_wh_new(const xc_net *net, uint32_t ts, uint32_t msg_flits, xc_golden_wh **out, xc_err *err);
void xc_golden_wh_free(xc_golden_wh *g);

/* Simulates one step flit by flit: start-up for ts cycles, then one flit
 * per cycle into the path and one hop per cycle through pass-through
 * routers. Checks that no directed link carries two flits in one cycle,
 * every message arrives exactly once and whole, and that the step took
 * ts + hops + flits - 1 cycles of its longest packet. *cycles gets the
 * simulated cycle count. XC_ECHECK naming the step, cycle, node, port. */
xc_status xc_golden_wh_step(xc_golden_wh *g, const xc_wh_step *s, uint64_t *cycles, xc_err *err);

/* Totals over the steps simulated so far. */
uint64_t xc_golden_wh_total_cycles(const xc_golden_wh *g);
uint64_t xc_golden_wh_flit_hops(const xc_golden_wh *g);

/* ---- one measured run (xc_wh_run.c): generate, check, simulate ---- */

/* Per step, what the report lists. */
typedef struct xc_wh_step_info {
    uint64_t t;
    char label[24];
    uint32_t packets, max_hops, max_msgs;
    uint64_t cycles; /* golden model, or the formula when not simulated */
} xc_wh_step_info;

typedef struct xc_wh_run_opts {
    const xc_net *net;
    xc_wh_algo algo;
    uint32_t msg_flits;
    uint32_t ts;
    int golden;             /* 1: simulate every step flit by flit */
    const xc_wh_sink *also; /* e.g. a file writer, or NULL */
    xc_wh_step_info *info;  /* room for info_cap steps, or NULL */
    uint32_t info_cap;
} xc_wh_run_opts;

typedef struct xc_wh_run_result {
    xc_wh_table1 table1;
    xc_wh_metrics m;        /* from the checker */
    uint64_t steps;         /* from the generator */
    uint64_t cycles;        /* steps * ts + path cycles (checker) */
    uint64_t golden_cycles; /* 0 when not simulated */
    uint64_t golden_flit_hops;
} xc_wh_run_result;

/* Generates the schedule and replays it through the checker (and the golden
 * model). Returns the first error of any of them (XC_ECHECK for a schedule
 * that fails; a bug) or of the extra sink. */
xc_status xc_wh_run(const xc_wh_run_opts *o, xc_wh_run_result *r, xc_err *err);

/* ---- a schedule file replayed through the golden model ---- */

/* The golden model as the reader's replay sink: begin makes the model for
 * the file's network and message length with start-up cost ts, each step
 * goes through it. The caller frees g (xc_golden_wh_free) whatever the
 * outcome. */
typedef struct xc_golden_wh_sink {
    uint32_t ts;
    xc_golden_wh *g; /* made by the replay's begin */
} xc_golden_wh_sink;
xc_wh_replay xc_golden_wh_replay(xc_golden_wh_sink *s);

/* xc_wh_check_stream with, for ts >= 0, the golden model replaying every
 * step (*golden_cycles gets its total; 0 without it). */
xc_status xc_golden_wh_check_stream(FILE *f, long ts, xc_wh_file_info *info, xc_wh_metrics *m,
                                    uint64_t *golden_cycles, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_GOLDEN_WH_H_ */
