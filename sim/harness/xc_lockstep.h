/* SPDX-License-Identifier: MIT */
/* The lock-step harness of the MIN: implements the hardware access layer
 * on the golden model, the Verilated RTL, or both. With both, every cycle
 * drives the same bus inputs into each, ticks both and compares
 * everything observable; the first difference halts the run. The
 * scoreboard watches every delivery. */
#ifndef XC_LOCKSTEP_H_
#define XC_LOCKSTEP_H_

#include "xc_dut.h"
#include "xc_golden_min.h"
#include "xc_hal.h"
#include "xc_score.h"

struct xc_ls;
/* Called after every clock cycle with the bus inputs of that cycle and the
 * observation after its edge (the golden model's when it runs): the hook
 * for recording vectors, progress, custom checks. */
typedef void (*xc_ls_cycle_fn)(void *user, const struct xc_ls *ls, const xc_min_bus *bus,
                               const xc_min_obs *obs);

typedef struct xc_ls_opts {
    int golden, rtl;            /* which models run (both: lock-step) */
    xc_ls_cycle_fn on_cycle;    /* may be NULL */
    void *on_cycle_user;
    xc_dut_opts dut;
    unsigned long max_cycles;   /* time out after this many cycles */
    int progress;               /* progress line on stderr */
} xc_ls_opts;

enum { XC_LS_RUNNING = 0, XC_LS_MISMATCH, XC_LS_TIMEOUT };

typedef struct xc_ls {
    const xc_min *m;
    xc_gm_min *gm;
    xc_dut *dut;
    xc_min_obs dut_obs;
    unsigned long cycle;        /* edges since reset */
    unsigned long first_inject; /* cycle the first wave was injected, 0: none yet */
    unsigned long max_cycles;
    int progress;
    int halted;                 /* XC_LS_* */
    unsigned long mismatch_cycle;
    unsigned mismatch_items;    /* differing items in that cycle */
    char mismatch_why[256], mismatch_elem[32];
    xc_score score;
    xc_ls_cycle_fn on_cycle;
    void *on_cycle_user;
    xc_hal hal;                 /* hand this to the control processor */
} xc_ls;

/* Opens the models. XC_ETOOL / XC_ENOMEM with err filled. */
xc_status xc_ls_open(xc_ls *ls, const xc_min *m, const xc_ls_opts *o, xc_err *err);

/* Runs idle cycles (the trace shows what follows a mismatch). */
void xc_ls_idle(xc_ls *ls, unsigned cycles);

/* Closes the trace and frees the models and the scoreboard. */
void xc_ls_close(xc_ls *ls);

#endif /* XC_LOCKSTEP_H_ */
