/* SPDX-License-Identifier: MIT */
/* The generated Verilog network top of a product network (xc_pn_rtl.c).
 * Apart from xc_pnhw.h so that the firmware, which includes the hardware
 * description, never sees <stdio.h>. */
#ifndef XC_PN_RTL_H_
#define XC_PN_RTL_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdio.h>

#include "xc_pnhw.h"

/* Writes the network top (module xchg_pn_top) for hw to f: the controller,
 * one router per node, and the links, wired from xc_topo's port numbering.
 * bcast_init: hex file for the broadcast table, or NULL. */
void xc_pn_rtl_write(FILE *f, const xc_pn_hw *hw, const char *bcast_init);

/* Router v's instance path below xchg_pn_top: "u_n<v>", or in a top of
 * blocks "u_b<block>.u_r<index>" (always terminated). */
void xc_pn_router_scope(const xc_pn_hw *hw, uint32_t v, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* XC_PN_RTL_H_ */
