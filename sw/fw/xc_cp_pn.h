/* SPDX-License-Identifier: MIT */
/* Control-processor firmware for product-network routers: turns a schedule
 * (xc_sched) into step tables, loads messages and tables over the
 * configuration bus through the hardware access layer (front door), runs
 * the exchange and reads the counters back. No host I/O. */
#ifndef XC_CP_PN_H_
#define XC_CP_PN_H_

#include "xc_hal.h"
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

/* Generates the schedule of opts into prog for hw (pernode tables always;
 * the broadcast table when every op is node-invariant). XC_ERANGE when the
 * schedule needs more slots or steps than hw has; the generator's codes. */
xc_status xc_pn_compile(const xc_pn_hw *hw, const xc_sched_opts *opts, xc_pn_prog *prog, xc_err *err);
void xc_pn_prog_free(xc_pn_prog *prog);

typedef struct xc_cp_pn_report {
    uint32_t cycles, delivered, errors, err_info, err_step, status;
    unsigned long bus_tables;   /* bus cycles spent loading tables */
    unsigned long bus_messages; /* bus cycles spent loading messages */
    unsigned long bus_control;  /* identification, start, polls, counters */
} xc_cp_pn_report;

enum {
    XC_CP_PN_BACK_DOOR = 1, /* messages and tables already in the memories: no clear, no loads */
    XC_CP_PN_TABLE_ROM = 2, /* the broadcast table is a ROM: load the messages only */
};

/* Identifies the hardware, clears it, loads every node's messages (te:
 * slot k of v holds m(v, v (+) k); mnb: slot 0 holds v's broadcast), the
 * tables (broadcast: one table; else one per node), starts, polls STATUS
 * until done, reads the counters. flags: XC_CP_PN_* (0: everything over
 * the bus). XC_ECHECK when
 * the hardware does not match hw or does not finish within max_polls;
 * XC_EIO when the platform halted. */
xc_status xc_cp_pn_run(xc_hal *hal, const xc_pn_hw *hw, const xc_pn_prog *prog, int broadcast,
                       unsigned flags, unsigned long max_polls, xc_cp_pn_report *rep, xc_err *err);

/* Runs what is loaded: STEPS <- steps, CTRL <- ctrl | start, polls STATUS
 * until done (at most max_polls), reads the counters into rep (bus cycles
 * added to rep->bus_control). XC_EIO when the platform halted, XC_ECHECK
 * when not done. */
xc_status xc_cp_pn_go(xc_hal *hal, uint32_t steps, uint32_t ctrl, unsigned long max_polls, xc_cp_pn_report *rep,
                      xc_err *err);

/* The message word node v starts with in slot k (0 when the slot starts
 * empty), for the back door and the firmware alike. */
int xc_cp_pn_initial(const xc_pn_hw *hw, int kind_mnb, uint32_t v, uint32_t k, uint32_t *word);

#endif /* XC_CP_PN_H_ */
