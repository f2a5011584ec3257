/* SPDX-License-Identifier: MIT */
/* The lock-step harness of a product network: implements the hardware
 * access layer on the golden model, the Verilated RTL, or both. With both,
 * every cycle drives the same bus inputs into each, ticks both and compares
 * every link, delivery, router error and register; the first difference
 * halts the run, naming step, node, port and message. The scoreboard
 * watches every delivery. */
#ifndef XC_LOCKSTEP_PN_H_
#define XC_LOCKSTEP_PN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_cp_pn.h"
#include "xc_dut_pn.h"
#include "xc_golden_pn.h"
#include "xc_lockstep_core.h"

struct xc_lsp;
/* Called after every clock cycle with its bus inputs and the observation
 * after its edge (the golden model's when it runs). */
typedef void (*xc_lsp_cycle_fn)(void *user, const struct xc_lsp *ls, const xc_hw_bus *bus,
                                const xc_pn_obs *obs);

typedef struct xc_lsp_opts {
    xc_lsc_opts core;           /* models, RTL options, time out, progress */
    xc_lsp_cycle_fn on_cycle;   /* may be NULL */
    void *on_cycle_user;
    int kind_mnb;               /* scoreboard: broadcast messages */
    int wormhole;               /* scoreboard: only ejections at the destination deliver */
} xc_lsp_opts;

typedef struct xc_lsp {
    xc_lsc core;                /* first: the cycle, halting, scoreboard, HAL */
    const xc_pn_hw *hw;
    xc_gm_pn *gm;
    xc_dut_pn *dut;
    xc_pn_obs dut_obs;
    int kind_mnb, wormhole;
    unsigned long flit_hops;    /* valid flits seen on links, summed over cycles */
    unsigned long first_step;   /* cycle step 1 ran, 0: not yet */
    double build_seconds;       /* Verilator build in this run (0: cached) */
    xc_lsp_cycle_fn on_cycle;
    void *on_cycle_user;
} xc_lsp;

/* The back door for big networks (--load back). write_load writes the
 * controller's broadcast table of prog into dir (created) as
 * bcast.tbl.hex, for the RTL's +xchg_load=dir (XC_EIO). After xc_lsp_open
 * (the models reset), xc_lsp_poke writes the initial slots and per-node
 * tables straight into each router's memories, in the golden model and in
 * the Verilated model (in place, by scope name: no file per router).
 * XC_ETOOL when the model has no such memory, XC_ENOMEM. */
xc_status xc_lsp_write_load(const char *dir, const xc_pn_hw *hw, const xc_pn_prog *prog, int broadcast,
                            xc_err *err);
xc_status xc_lsp_poke(xc_lsp *ls, const xc_pn_prog *prog, int broadcast, xc_err *err);

/* The same for a wormhole run in circuit mode: the step budgets (bud.hex)
 * and an empty broadcast table into dir for +xchg_load=dir
 * +xchg_cload=dir (XC_EIO); poke_wh writes the initial slots, circuit
 * tables and slot lists into both models; remove_load deletes the files
 * and dir. */
struct xc_wh_prog;
xc_status xc_lsp_write_load_wh(const char *dir, const struct xc_wh_prog *p, xc_err *err);
xc_status xc_lsp_poke_wh(xc_lsp *ls, const struct xc_wh_prog *p, xc_err *err);
void xc_lsp_remove_load_wh(const char *dir, const xc_pn_hw *hw);

/* Writes the broadcast table of prog to path as $readmemh words, one bus
 * word a line, after a comment line "// STEPS T: ..." naming algo and net:
 * the ROM image of xchg_pn_ctrl's BcastInit. XC_EINVAL when prog is not
 * node-invariant, XC_EIO. */
xc_status xc_lsp_write_rom(const char *path, const xc_pn_hw *hw, const xc_pn_prog *prog, const char *algo,
                           xc_err *err);

/* Opens the models. XC_ETOOL / XC_ENOMEM with err filled. */
xc_status xc_lsp_open(xc_lsp *ls, const xc_pn_hw *hw, const xc_lsp_opts *o, xc_err *err);
void xc_lsp_idle(xc_lsp *ls, unsigned cycles);
void xc_lsp_close(xc_lsp *ls);

#ifdef __cplusplus
}
#endif

#endif /* XC_LOCKSTEP_PN_H_ */
