/* SPDX-License-Identifier: MIT */
/* Replay vectors of a product-network run (xchg run --net torus:4x4 …
 * --vectors DIR), in the format of xc_vectors.h: bus.hex, obs.hex with
 *   {rdata, regs[8] (status, step, cycles, delivered, errors, err_info,
 *    err_step, 0), err[nodes] ({4'b0, port[7:0], code[3:0]}), dlv[nodes*ports],
 *    link[nodes*ports]}, the output ports of xchg_pn_top, MSB first,
 * vectors.vh, and DIR/xchg_pn_top.v, the generated network top the run
 * simulated, for tb/rtl/xchg_pn_replay_tb.v. */
#ifndef XC_VECTORS_PN_H_
#define XC_VECTORS_PN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_pnhw.h"
#include "xc_vectors.h"

#define XC_VEC_PN_MAX_NODES 64u /* keep obs.hex small */

/* As xc_vec_open. XC_ERANGE above XC_VEC_PN_MAX_NODES nodes. */
xc_status xc_vec_pn_open(xc_vec **out, const char *dir, const xc_pn_hw *hw, xc_err *err);

/* Records one cycle. */
void xc_vec_pn_cycle(xc_vec *v, const xc_pn_hw *hw, const xc_hw_bus *bus, const xc_pn_obs *obs);

/* Writes vectors.vh and xchg_pn_top.v, renames the files into place.
 * algo names the schedule, first_step the cycle step 1 ran. XC_EIO. */
xc_status xc_vec_pn_close(xc_vec *v, const xc_pn_hw *hw, const char *algo, unsigned long first_step,
                          xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_VECTORS_PN_H_ */
