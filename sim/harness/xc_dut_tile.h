/* SPDX-License-Identifier: MIT */
/* The tiled router model (xchg run --rtl-model tiled, docs/scale.md): one
 * Verilated block of routers (sim/shim/xchg_pnt_shim.cpp) instantiated
 * once per block of the network and one Verilated controller
 * (sim/shim/xchg_pnc_shim.cpp), wired here in C every cycle: the lanes
 * and send bits between blocks, the controller's signals into every
 * block, the blocks' deliveries and errors back into the controller. Its
 * build costs one block and the controller, whatever the number of
 * blocks; it is cycle for cycle the flat model (tb/cli/t_rtl_model.sh).
 * xc_dut_pn.c opens it behind its own API. */
#ifndef XC_DUT_TILE_H_
#define XC_DUT_TILE_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_dut_model.h"
#include "xc_pnhw.h"

typedef struct xc_dut_tile xc_dut_tile;

/* Builds (if needed, in dir/tile_<lean|faults> and dir/tile_ctl) and
 * opens the tiled model of hw, reset and ready, its blocks evaluated on
 * opts->threads threads (at most one a block; 0: one); *built_s the
 * seconds the builds took. Errors as xc_dut_pn_open. */
xc_status xc_dut_tile_open(xc_dut_tile **out, const xc_pn_hw *hw, const char *dir, const xc_dut_opts *opts,
                           double *built_s, xc_err *err);
void xc_dut_tile_bus(xc_dut_tile *t, int we, int re, unsigned addr, uint32_t wdata);
/* One clock cycle of every model, in the order that makes it the flat
 * model's cycle (xc_dut_tile.c). */
void xc_dut_tile_tick(xc_dut_tile *t);
/* The bus read data, then the 8 words of the controller's obs_regs_o. */
void xc_dut_tile_observe_ctl(xc_dut_tile *t, uint32_t regs[9]);
/* Router v's observation registers (as xchg_pn_dut_node_ports): 0 or -1. */
int xc_dut_tile_node_ports(xc_dut_tile *t, uint32_t v, const uint32_t **link, const uint32_t **dlv,
                           const uint8_t **dlv_on, const uint16_t **err, const uint8_t **send, unsigned *send_bytes,
                           unsigned *dlv_lanes);
/* Variable var of router v's sub-scope sub ("" : the router's shell), as
 * xchg_pn_dut_mem: 0 or -1. */
int xc_dut_tile_mem(xc_dut_tile *t, uint32_t v, const char *sub, const char *var, void **data, unsigned *bytes,
                    unsigned *count, unsigned *bits);
/* The scope router v has in its block model, for messages ("t<b>/u_b0.u_r<j>"). */
void xc_dut_tile_scope(const xc_dut_tile *t, uint32_t v, char *buf, size_t cap);
void xc_dut_tile_close(xc_dut_tile *t);

#ifdef __cplusplus
}
#endif

#endif /* XC_DUT_TILE_H_ */
