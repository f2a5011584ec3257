/* SPDX-License-Identifier: MIT */
/* Control-processor firmware for wormhole steps on the product-network
 * routers in circuit mode (docs/routers.md "Circuit mode"): loads the
 * circuit program the host compiled (xc_wh_prog.h) and the messages over
 * the configuration bus, runs and reads the counters back. Freestanding:
 * HAL only, no libc (tb/cli/t_fw_freestanding.sh builds it so). */
#ifndef XC_CP_WH_H_
#define XC_CP_WH_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_cp_pn.h"
#include "xc_hal.h"
#include "xc_wh_prog.h"

/* Identifies the hardware (it must have hw's nodes, ports, slot bits, a
 * circuit entry of hw->cwpe words and an inject list long enough), clears
 * it, loads messages, circuit tables, inject lists, step budgets and TS =
 * ts (back_door: the memories are already written, only TS and the
 * start), starts, polls STATUS until done (at most max_polls), reads the
 * counters. XC_ECHECK when the hardware does not match or does not
 * finish; XC_EIO when the platform halted. */
xc_status xc_cp_wh_run(xc_hal *hal, const xc_pn_hw *hw, const xc_wh_prog *p, uint32_t ts, int back_door,
                       unsigned long max_polls, xc_cp_pn_report *rep, xc_err *err);

/* The words the back door puts where the bus would: node v's initial
 * slots (0 when empty), circuit-table word i, slot-list entry i, budget
 * word of step i + 1. */
int xc_cp_wh_initial(const xc_pn_hw *hw, uint32_t v, uint32_t k, uint32_t *word);
void xc_cp_wh_centry_words(const xc_pn_hw *hw, const xc_wh_prog *p, uint32_t v, uint32_t t, uint32_t *words);
uint32_t xc_cp_wh_budget(const xc_wh_prog *p, uint32_t t);

#ifdef __cplusplus
}
#endif

#endif /* XC_CP_WH_H_ */
