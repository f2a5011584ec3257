/* SPDX-License-Identifier: MIT */
/* The lock-step harness of the MIN: implements the hardware access layer
 * on the golden model, the Verilated RTL, or both. With both, every cycle
 * drives the same bus inputs into each, ticks both and compares
 * everything observable; the first difference halts the run. The
 * scoreboard watches every delivery. */
#ifndef XC_LOCKSTEP_H_
#define XC_LOCKSTEP_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_cp_min.h"
#include "xc_dut.h"
#include "xc_golden_min.h"
#include "xc_lockstep_core.h"

struct xc_ls;
/* Called after every clock cycle with the bus inputs of that cycle and the
 * observation after its edge (the golden model's when it runs): the hook
 * for recording vectors, progress, custom checks. */
typedef void (*xc_ls_cycle_fn)(void *user, const struct xc_ls *ls, const xc_hw_bus *bus,
                               const xc_min_obs *obs);

typedef struct xc_ls_opts {
    xc_lsc_opts core;           /* models, RTL options, time out, progress */
    xc_ls_cycle_fn on_cycle;    /* may be NULL */
    void *on_cycle_user;
} xc_ls_opts;

typedef struct xc_ls {
    xc_lsc core;                /* first: the cycle, halting, scoreboard, HAL */
    const xc_min *m;
    xc_gm_min *gm;
    xc_dut *dut;
    xc_min_obs dut_obs;
    unsigned long first_inject; /* cycle the first wave was injected, 0: none yet */
    uint16_t out_node[XC_MIN_MAX_N]; /* the output a last-stage line is wired to */
    xc_ls_cycle_fn on_cycle;
    void *on_cycle_user;
} xc_ls;

/* Opens the models. XC_ETOOL / XC_ENOMEM with err filled. */
xc_status xc_ls_open(xc_ls *ls, const xc_min *m, const xc_ls_opts *o, xc_err *err);

/* The back door (xchg run --load back). xc_ls_write_load writes dir/msg.hex,
 * the message words of every input and step (xc_cp_min_msg_word, slot
 * j*N + x), for the RTL to read at its reset edge when opened with the
 * plusarg +xchg_load=dir; xc_ls_remove_load removes them once it has.
 * xc_ls_poke puts the same words into the golden model. Then
 * xc_cp_min_run(..., XC_CP_MIN_BACK_DOOR, ...) runs without the N^2
 * message writes. */
xc_status xc_ls_write_load(const char *dir, const xc_min *m, const xc_cfg *m0, xc_err *err);
void xc_ls_remove_load(const char *dir);
void xc_ls_poke(xc_ls *ls, const xc_cfg *m0);

/* The golden model's (e) and the RTL's (a) observations agree: register
 * compares and two block compares of memory both models already hold, no
 * per-flit work; the slower xc_min_obs_diff runs only to name a
 * difference. The lock-step calls it after every edge. */
int xc_ls_obs_equal(const xc_min *m, const xc_min_obs *e, const xc_min_obs *a);

/* Runs idle cycles (the trace shows what follows a mismatch). */
void xc_ls_idle(xc_ls *ls, unsigned cycles);

/* Closes the trace and frees the models and the scoreboard. */
void xc_ls_close(xc_ls *ls);

#ifdef __cplusplus
}
#endif

#endif /* XC_LOCKSTEP_H_ */
