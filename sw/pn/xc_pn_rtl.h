/* SPDX-License-Identifier: MIT */
/* The generated Verilog network top of a product network (xc_pnhw.c).
 * Apart from xc_pnhw.h so that the firmware, which includes the hardware
 * description, never sees <stdio.h>. */
#ifndef XC_PN_RTL_H_
#define XC_PN_RTL_H_

#include <stdio.h>

#include "xc_pnhw.h"

/* Writes the network top (module xchg_pn_top) for hw to f: the controller,
 * one router per node, and the links, wired from xc_topo's port numbering.
 * bcast_init: hex file for the broadcast table, or NULL. */
void xc_pn_rtl_write(FILE *f, const xc_pn_hw *hw, const char *bcast_init);

#endif /* XC_PN_RTL_H_ */
