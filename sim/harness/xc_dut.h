/* SPDX-License-Identifier: MIT */
/* The Verilated MIN as seen from C: built per configuration on first use
 * (cached in build/vl/min_<topology>_<N>/), loaded with dlopen, driven
 * through the shim's extern "C" functions. What every model shares, its
 * options, loading and start, is xc_dut_model.h's: this file is the MIN's
 * own. */
#ifndef XC_DUT_H_
#define XC_DUT_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

#include "xc_dut_model.h" /* xc_dut_opts */
#include "xc_minhw.h"
#include "xc_paths.h" /* xc_build_dir */

typedef struct xc_dut xc_dut;

/* Builds (if needed) and opens the model of m, reset and ready. XC_ETOOL
 * when the Verilator build or dlopen fails (err names the log), XC_ENOMEM. */
xc_status xc_dut_open(xc_dut **out, const xc_min *m, const xc_dut_opts *opts, xc_err *err);

void xc_dut_bus(xc_dut *d, const xc_hw_bus *bus);
void xc_dut_tick(xc_dut *d);
/* The model's flits ((n+1) * N, level-major) and switch settings (n * N/2)
 * in the layout of xc_min_obs, read in place: valid while the model is
 * open, current after every tick. No copy, whatever N. */
void xc_dut_view(const xc_dut *d, const xc_flit **flits, const uint8_t **sets);
/* Fills the registers of obs (rdata, status, counters) from the model. */
void xc_dut_observe_regs(xc_dut *d, xc_min_obs *obs);
/* The fault slots (--inject, --rtl-fault) whose fault changed a switch's
 * output or setting so far: bit s for slot s; 0 in a model without
 * faults. */
unsigned xc_dut_fired(const xc_dut *d);
/* Closes the trace and frees the model (xc_dut_model_free): 0, or -1
 * when its coverage data could not be written. NULL is fine. */

int xc_dut_close(xc_dut *d);

#ifdef __cplusplus
}
#endif

#endif /* XC_DUT_H_ */
