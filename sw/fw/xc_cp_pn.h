/* SPDX-License-Identifier: MIT */
/* Control-processor firmware for product-network routers: loads messages
 * and the step tables the host compiled (xc_pn_prog.h) over the
 * configuration bus through the hardware access layer (front door), runs
 * the exchange and reads the counters back. Freestanding: HAL only, no
 * libc (tb/cli/t_fw_freestanding.sh builds it so). */
#ifndef XC_CP_PN_H_
#define XC_CP_PN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_hal.h"
#include "xc_pn_prog.h"

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
/* The identification registers of a router top, as read. */
typedef struct xc_cp_pn_ident {
    uint32_t id, nodes, geom, depth;
} xc_cp_pn_ident;

/* Reads ID, NODES, GEOM and DEPTH (in that order, four bus cycles) into
 * h; 1 when they describe hw with room for steps table entries. */
int xc_cp_pn_identify(xc_hal *hal, const xc_pn_hw *hw, uint32_t steps, xc_cp_pn_ident *h);

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

#ifdef __cplusplus
}
#endif

#endif /* XC_CP_PN_H_ */
