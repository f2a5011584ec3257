/* SPDX-License-Identifier: MIT */
/* A Verilated product-network top as seen from C: the top is generated
 * from the network description (xc_pn_rtl_write), built per configuration
 * on first use (cached in build/vl/pn_<key>/lean, or .../fst or .../vcd
 * when waves are asked for: the model with trace code), loaded with dlopen and
 * driven through sim/shim/xchg_pn_shim.cpp. */
#ifndef XC_DUT_PN_H_
#define XC_DUT_PN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_dut_model.h"
#include "xc_pnhw.h"

typedef struct xc_dut_pn xc_dut_pn;

/* Which model of the routers a run opens (xchg run --rtl-model): the flat
 * one (one Verilator build of every router), the tiled one (one block
 * and the controller Verilated, wired by the harness, sim/harness/
 * xc_dut_tile.h), or auto: tiled above XC_RTL_TILED_ABOVE routers unless
 * the run needs what only the flat model has (waves, coverage, extra
 * Verilator flags, a user's router). */
enum { XC_RTL_MODEL_AUTO = 0, XC_RTL_MODEL_FLAT, XC_RTL_MODEL_TILED };
#define XC_RTL_TILED_ABOVE 1024u
/* Whether hw opens the tiled model with opts (an explicit choice, or auto). */
int xc_dut_pn_tiled(const xc_pn_hw *hw, const xc_dut_opts *opts);
/* Whether d is the tiled model (a run's report says which it ran). */
int xc_dut_pn_is_tiled(const xc_dut_pn *d);
/* NULL, or what stops opts from a tiled model (for a message). */
const char *xc_dut_pn_flat_only(const xc_dut_opts *opts);

/* The cache folder of hw's build into out (the generated top; the models
 * in its lean/, fst/ and vcd/ sub-folders): 0, or -1 when it does not fit
 * in cap bytes. */
int xc_dut_pn_dir(const xc_pn_hw *hw, char *out, size_t cap);

/* A ROM build (hw->rom) is shared by every run of its configuration, but
 * each run has its own table: the simulation top leaves BcastInit empty
 * and the run names its image with the plusarg +xchg_rom=FILE
 * (rtl/dv/xchg_pn_ctrl_dv.v), so parallel runs never read each other's. */

/* Builds (if needed) and opens the model of hw, reset and ready; *built_s
 * gets the seconds the Verilator build took (0 when cached). XC_ETOOL when
 * the build or dlopen fails (err names the log), XC_ENOMEM, XC_EIO. */
xc_status xc_dut_pn_open(xc_dut_pn **out, const xc_pn_hw *hw, const xc_dut_opts *opts, double *built_s,
                         xc_err *err);
void xc_dut_pn_bus(xc_dut_pn *d, const xc_hw_bus *bus);
void xc_dut_pn_tick(xc_dut_pn *d);
/* The state after the last edge: registers and error codes copied; the
 * flits left in lanes where each router keeps them (obs->link_node, valid
 * while d is open; xc_pn_obs_unpack decodes them into obs->link, dlv). */
void xc_dut_pn_observe(xc_dut_pn *d, xc_pn_obs *obs);
/* A memory of router v in the model, for the back door: the elements of
 * variable var (of the router's sub-scope sub, e.g. "u_rtr.u_slots"
 * "msg_m"), written in place between ticks (xc_lockstep_pn.c). */
typedef struct {
    void *data;
    unsigned bytes, count, bits; /* per element (1, 2, 4 or 8), elements, bits of each */
} xc_dut_pn_mem;
/* XC_ETOOL naming the scope when the model has no such variable. */
xc_status xc_dut_pn_find_mem(xc_dut_pn *d, uint32_t v, const char *sub, const char *var, xc_dut_pn_mem *m,
                             xc_err *err);
/* The fault slots whose fault changed what left router v (a flit, the
 * ports it left on), bit s for slot s (rtl/dv/xchg_router_dv.v's fired_q):
 * XC_OK, or XC_ETOOL naming the scope when the model has none. */
xc_status xc_dut_pn_fired(xc_dut_pn *d, uint32_t v, unsigned *bits, xc_err *err);
/* Closes and frees the model (xc_dut_model_free): 0, or -1 when its
 * coverage data could not be written. NULL is fine. */
int xc_dut_pn_close(xc_dut_pn *d);

#ifdef __cplusplus
}
#endif

#endif /* XC_DUT_PN_H_ */
