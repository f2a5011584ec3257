/* SPDX-License-Identifier: MIT */
/* The one lock-step loop of MINs and routers. Every clock cycle: the same
 * bus inputs into the golden model and the Verilated RTL, both tick, the
 * RTL is observed, the two observations are compared, and the deliveries
 * go to the scoreboard; the first difference halts the run. What differs
 * between a MIN and a network of routers (which models, what an
 * observation is, how to compare it, what a delivery is) is an operations
 * table; the cycle, the halting, the hardware access layer, the progress
 * line, the functional coverage file and the scoreboard are here, once.
 * xc_lockstep.h (MIN) and xc_lockstep_pn.h (routers) fill the table. */
#ifndef XC_LOCKSTEP_CORE_H_
#define XC_LOCKSTEP_CORE_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "xc_dut.h"
#include "xc_hal.h"
#include "xc_minhw.h"
#include "xc_model_cache.h"
#include "xc_score.h"
#include "xc_status.h"

struct xc_fcov;
struct xc_lsc;

/* What a network contributes: its models' life and each cycle. The core
 * passes itself; the network's harness embeds it as its first member. */
typedef struct xc_lsc_ops {
    /* the models: the functional coverage counter (NULL: out of memory),
     * the golden model (0: out of memory), the Verilated RTL (XC_ETOOL,
     * XC_ENOMEM with err filled); free_models frees what was opened */
    struct xc_fcov *(*fcov_new)(struct xc_lsc *c);
    int (*golden_new)(struct xc_lsc *c);
    xc_status (*rtl_open)(struct xc_lsc *c, const xc_dut_opts *dut, xc_err *err);
    void (*free_models)(struct xc_lsc *c);
    /* both models (those that run) take the bus inputs and tick; the RTL
     * is observed. Returns the step the cycle ran (0: none, or a MIN). */
    unsigned (*tick)(struct xc_lsc *c, const xc_hw_bus *bus);
    /* the cycle hook and the functional coverage, after the tick */
    void (*record)(struct xc_lsc *c, const xc_hw_bus *bus);
    /* golden model and RTL both run: the number of differing items, 0
     * when they agree (c->mismatch_why and _elem name the first) */
    unsigned (*compare)(struct xc_lsc *c, unsigned step);
    /* the cycle agreed: its deliveries into c->score */
    void (*deliver)(struct xc_lsc *c, unsigned step);
    /* what a bus read returns this cycle (the RTL's when it runs) */
    uint32_t (*rdata)(const struct xc_lsc *c);
} xc_lsc_ops;

/* The options every lock-step takes. */
typedef struct xc_lsc_opts {
    int golden, rtl;            /* which models run (both: lock-step) */
    xc_dut_opts dut;            /* the RTL's build, trace and plusargs */
    unsigned long max_cycles;   /* time out after this many cycles */
    int progress;               /* progress line, a note to the program (xc_model_note) */
} xc_lsc_opts;

enum { XC_LS_RUNNING = 0, XC_LS_MISMATCH, XC_LS_TIMEOUT };

/* A network's cycle: xc_lsc_cycle with its operations table. */
typedef void (*xc_lsc_cycle_fn)(struct xc_lsc *c, const xc_hw_bus *bus, int compare);

typedef struct xc_lsc {
    const struct xc_lsc_ops *ops;
    xc_lsc_cycle_fn cycle_fn;   /* what the HAL and the idle cycles call */
    int both;                   /* golden model and RTL run: compare them */
    unsigned long cycle;        /* edges since reset */
    unsigned long max_cycles;
    int progress;
    time_t progress_at;         /* when the progress line was last written */
    int halted;                 /* XC_LS_* */
    unsigned long mismatch_cycle;
    unsigned mismatch_step;     /* a router network's step then (0: a MIN) */
    unsigned mismatch_items;    /* differing items in that cycle */
    char mismatch_why[256], mismatch_elem[32];
    xc_score score;
    struct xc_fcov *fcov;       /* functional coverage, or NULL */
    const char *fcov_path;
    const char *coverage_path;  /* the model's --coverage file, or NULL */
    /* the first requested output xc_lsc_close could not write (--fcov,
     * --coverage): XC_EWRITE and why, XC_OK when all were written */
    xc_status out_st;
    xc_err out_err;
    xc_hal hal;                 /* hand this to the control processor */
} xc_lsc;

/* Defines `static void name(xc_lsc *, const xc_hw_bus *, int)`, a
 * network's cycle: xc_lsc_cycle with its table ops, whose calls the
 * compiler makes direct and inlines. Not inlined itself: make bench reads
 * the cost of a lock-step cycle from callgrind under the name `cycle`. */
#define XC_LSC_DEFINE_CYCLE(name, ops)                                                     \
    __attribute__((noinline)) static void name(xc_lsc *c, const xc_hw_bus *bus, int compare) \
    {                                                                                        \
        xc_lsc_cycle(c, &(ops), bus, compare);                                               \
    }

/* Opens c (zeroed first) for a network with these operations and whose
 * cycle is `cycle` (xc_lsc_cycle with ops): the options, the hardware
 * access layer, a scoreboard of `nodes` nodes, then the models the
 * options ask for (through ops). XC_ENOMEM ("out of memory for the
 * ..."), or the RTL's XC_ETOOL, with err filled and c closed. */
xc_status xc_lsc_open(xc_lsc *c, const xc_lsc_ops *ops, xc_lsc_cycle_fn cycle, const xc_lsc_opts *o,
                      unsigned nodes, xc_err *err);

/* The progress line (at most once a second, when on), a note to the
 * program's sink (xc_model_note): the cycle and the deliveries so far.
 * The second of the last line is the run's (c->progress_at), so two runs
 * in one process do not share it. */
static inline void xc_lsc_progress(xc_lsc *c)
{
    if (!c->progress)
        return;
    const time_t now = time(NULL);
    if (now == c->progress_at)
        return;
    c->progress_at = now;
    char line[80];
    snprintf(line, sizeof line, "  cycle %lu, %lu delivered", c->cycle, c->score.delivered);
    xc_model_note(XC_NOTE_PROGRESS, line);
}

/* The one lock-step cycle: every model (that runs) ticks with these bus
 * inputs, the cycle is recorded, and unless compare is 0 (idle cycles
 * after a halt) the golden model and the RTL are compared, the first
 * difference halts the run, the deliveries go to the scoreboard and the
 * time out is checked. Inline, with ops a constant table: each network's
 * noinline `cycle` (make bench reads its cost under that name) gets
 * direct calls the compiler can inline, so the table costs nothing per
 * cycle. */
static inline void xc_lsc_cycle(xc_lsc *c, const xc_lsc_ops *ops, const xc_hw_bus *bus, int compare)
{
    c->cycle++;
    const unsigned step = ops->tick(c, bus);
    ops->record(c, bus);
    if (!compare)
        return;
    if (c->both) {
        const unsigned items = ops->compare(c, step);
        if (items) {
            c->halted = XC_LS_MISMATCH;
            c->mismatch_cycle = c->cycle;
            c->mismatch_step = step;
            c->mismatch_items = items;
            return;
        }
    }
    ops->deliver(c, step);
    if (c->cycle >= c->max_cycles)
        c->halted = XC_LS_TIMEOUT;
    xc_lsc_progress(c);
}

/* Runs idle cycles (the trace shows what follows a mismatch). */
void xc_lsc_idle(xc_lsc *c, unsigned cycles);

/* Clears the progress line, writes and frees the functional coverage,
 * frees the models (ops->free_models: the model writes its coverage) and
 * the scoreboard. An output it could not write sets out_st and out_err:
 * the run's verdict must say so (xc_run_outputs). */
void xc_lsc_close(xc_lsc *c);

/* Records that a requested output could not be written (the first one
 * wins): what is the option ("--fcov"), path its file, e the errno (0:
 * none known). */
void xc_lsc_output_failed(xc_lsc *c, const char *what, const char *path, int e);

#ifdef __cplusplus
}
#endif

#endif /* XC_LOCKSTEP_CORE_H_ */
