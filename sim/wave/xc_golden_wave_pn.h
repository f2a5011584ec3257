/* SPDX-License-Identifier: MIT */
/* The golden model's own waveform of a product-network run, under the
 * names of the Verilated RTL (xchg.xchg_pn_top.u_ctrl..., u_n<v>...), so
 * the save file of a run opens either trace and expected sits beside
 * actual (twinwave). */
#ifndef XC_GOLDEN_WAVE_PN_H_
#define XC_GOLDEN_WAVE_PN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_pnhw.h"

#include "xc_golden_wave.h" /* the time scale */

typedef struct xc_gwave_pn xc_gwave_pn;

/* Opens path for hw, dumping cycles [from, to]. NULL when the file cannot
 * be created or memory runs out. */
xc_gwave_pn *xc_gwave_pn_open(const char *path, const xc_pn_hw *hw, unsigned long from, unsigned long to);

/* Records cycle `cycle`: its bus inputs, what crossed the links and was
 * delivered during it (shown during the cycle, as the RTL's combinational
 * link_flit), and the registers after its edge. */
void xc_gwave_pn_cycle(xc_gwave_pn *w, unsigned long cycle, const xc_hw_bus *bus, const xc_pn_obs *obs);

/* Finishes the file. NULL is fine. */
void xc_gwave_pn_close(xc_gwave_pn *w);

#ifdef __cplusplus
}
#endif

#endif /* XC_GOLDEN_WAVE_PN_H_ */
