/* SPDX-License-Identifier: MIT */
/* The parts of the generated network top (xc_pn_rtl.c) that the tiled
 * model's file (xc_pn_tile.c) writes too: one block module, the header,
 * the parameters and the controller's signals. */
#ifndef XC_PN_RTL_INT_H_
#define XC_PN_RTL_INT_H_

#include <stdio.h>

#include "xc_pnhw.h"

/* The controller's outputs that every router reads, their Verilog types
 * ("", "[31:0] ", "[EntryW-1:0] " ...), in the order of the ports. */
#define XC_PN_N_CTRL_SIG 21
extern const char *const xc_pn_ctrl_sig[XC_PN_N_CTRL_SIG];
extern const char *const xc_pn_ctrl_type[XC_PN_N_CTRL_SIG];

/* Ports below this number lead out of a block of hw->block routers. */
uint32_t xc_pn_rtl_ext_ports(const xc_pn_hw *hw);
void xc_pn_rtl_header(FILE *f, const xc_pn_hw *hw);
/* The network's parameters as localparams of the module being written. */
void xc_pn_rtl_params(FILE *f, const xc_pn_hw *hw);
/* Module xchg_pn_block: hw->block routers, E ports leading out. */
void xc_pn_rtl_block(FILE *f, const xc_pn_hw *hw, uint32_t E);
/* A block's arrivals are taken in chunks of at most 64 bits, each a
 * whole number of routers' NPorts bits: chunk c, wire arr_c<c>, holds
 * bits [c * xc_pn_rtl_arr_chunk(hw), ...) of them (bit j*NPorts + p:
 * router j's port p). */
uint32_t xc_pn_rtl_arr_chunk(const xc_pn_hw *hw);
/* The wires arr_c<c> of a block of hw->block routers, E ports leading out. */
void xc_pn_rtl_block_arrivals(FILE *f, const xc_pn_hw *hw, uint32_t E);
/* The controller u_ctrl and its wires: the signals to the routers under
 * their names, dlv_now and err_now (regs) from them, into the module's
 * obs_regs_o and bus ports. */
void xc_pn_rtl_ctrl(FILE *f, const char *bcast_init);
/* A router's (hw) or block's (hw NULL) controller connections .clear_i(clear<sfx>) ... */
void xc_pn_rtl_ctrl_conns(FILE *f, const xc_pn_hw *hw, const char *sfx);

#endif /* XC_PN_RTL_INT_H_ */
