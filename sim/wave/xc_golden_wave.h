/* SPDX-License-Identifier: MIT */
/* The golden model's own waveform: its registered state every cycle,
 * written as FST or VCD (by the file's name) under the same names as the Verilated RTL
 * (a MIN's xchg.xchg_min_dv.u_top..., a product network's
 * xchg.xchg_pn_top.u_ctrl..., u_n<v>...), so the save file of a run opens
 * either trace and expected sits beside actual (twinwave). Each call comes
 * for a MIN (xc_gwave_) and for a network of routers (xc_gwave_pn_). */
#ifndef XC_GOLDEN_WAVE_H_
#define XC_GOLDEN_WAVE_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_minhw.h"
#include "xc_pnhw.h"

/* The time scale of every trace (the RTL's, sim/shim/xchg_shim.h, and the
 * golden model's), in units of 1 ps: one clock cycle = 1 ns; cycle c's
 * rising edge at c ns, its bus inputs 200 ps before, the clock low 500 ps
 * after. */
#define XC_GWAVE_CYCLE 1000u
#define XC_GWAVE_INPUTS 200u

typedef struct xc_gwave xc_gwave;
typedef struct xc_gwave_pn xc_gwave_pn;

/* Opens path for MIN m or routers hw, dumping cycles [from, to]. NULL when
 * the file cannot be created or memory runs out. */
xc_gwave *xc_gwave_open(const char *path, const xc_min *m, unsigned long from, unsigned long to);
xc_gwave_pn *xc_gwave_pn_open(const char *path, const xc_pn_hw *hw, unsigned long from, unsigned long to);

/* Records cycle `cycle`: its bus inputs and the state after its edge; on
 * the routers also what crossed the links and was delivered during it
 * (shown during the cycle, as the RTL's combinational link_flit). */
void xc_gwave_cycle(xc_gwave *w, unsigned long cycle, const xc_hw_bus *bus, const xc_min_obs *obs);
void xc_gwave_pn_cycle(xc_gwave_pn *w, unsigned long cycle, const xc_hw_bus *bus, const xc_pn_obs *obs);

/* Finishes the file. NULL is fine. */
void xc_gwave_close(xc_gwave *w);
void xc_gwave_pn_close(xc_gwave_pn *w);

#ifdef __cplusplus
}
#endif

#endif /* XC_GOLDEN_WAVE_H_ */
