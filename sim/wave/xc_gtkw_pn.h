/* SPDX-License-Identifier: MIT */
/* GTKWave save file for product-network runs: bus and controller on top,
 * then one group per node (its error, each port's outgoing flit and
 * delivery, decoded to m(s→d)); the node of the first mismatch first, and
 * a marker on its cycle. */
#ifndef XC_GTKW_PN_H_
#define XC_GTKW_PN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_gtkw.h"
#include "xc_pnhw.h"

/* Writes FST-without-.fst + ".gtkw" (path into out) and ".tcl" beside it.
 * o->focus: "n5" or "n5.p2" puts node 5 first. XC_EIO when unwritable. */
xc_status xc_gtkw_pn_write(const xc_pn_hw *hw, const xc_gtkw_min_opts *o, char *out, size_t cap, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_GTKW_PN_H_ */
