/* SPDX-License-Identifier: MIT */
/* The tiled router model's Verilog (xc_pn_tile.c): a network of more
 * routers than one Verilator build holds is Verilated as one block of
 * routers and the controller, each a model of its own, and the harness
 * wires one block model per block (sim/harness/xc_dut_tile.c). The build
 * then costs what one block and the controller cost, whatever the
 * number of blocks. */
#ifndef XC_PN_TILE_H_
#define XC_PN_TILE_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdio.h>

#include "xc_pnhw.h"

/* Routers per block of the tiled model of net: the nodes of the trailing
 * dimensions, as many as makes blocks + routers per block smallest (as
 * xc_pn_block_pick, at any size); 1 for a network of one dimension (a
 * block a router). */
uint32_t xc_pn_tile_block_pick(const xc_net *net);

/* Whether controller signal k (xc_pn_ctrl_sig, sw/pn/xc_pn_rtl_int.h) is
 * computed from the bus inputs of the cycle (the bus writes: clear,
 * msg_we, ...) rather than from the controller's registers alone. */
int xc_pn_tile_bus_sig(size_t k);

/* Writes the tiled model's file for hw (hw->block routers a block, from
 * xc_pn_tile_block_pick): module xchg_pn_block, the block model's top
 * xchg_pn_top (one block, its links to the other blocks as wide ports)
 * and the controller model's top xchg_pn_tile_ctl. */
void xc_pn_tile_write(FILE *f, const xc_pn_hw *hw);

#ifdef __cplusplus
}
#endif

#endif /* XC_PN_TILE_H_ */
