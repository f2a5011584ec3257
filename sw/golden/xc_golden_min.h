/* SPDX-License-Identifier: MIT */
/* The golden model of the banyan MIN hardware: an independent C cycle
 * model, written from the paper and docs/min-hw.md, of the same registers
 * at the same clock edges as rtl/min/xchg_min_top.v. */
#ifndef XC_GOLDEN_MIN_H_
#define XC_GOLDEN_MIN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_minhw.h"

typedef struct xc_gm_min xc_gm_min;

/* A model in its reset state. NULL when out of memory. */
xc_gm_min *xc_gm_min_new(const xc_min *m);
void xc_gm_min_free(xc_gm_min *g);

/* One clock edge with these bus inputs. */
void xc_gm_min_tick(xc_gm_min *g, const xc_hw_bus *bus);

/* Back door: input j's message word for step x, as N^2 MSG_DATA writes
 * would leave it (no bus cycle). Out-of-range j or x: nothing. */
void xc_gm_min_poke_msg(xc_gm_min *g, unsigned j, unsigned x, uint32_t word);

/* The registered state after the last edge. Its flit and set arrays
 * change place at every tick: take the pointer again after each. */
const xc_min_obs *xc_gm_min_obs(const xc_gm_min *g);

#ifdef __cplusplus
}
#endif

#endif /* XC_GOLDEN_MIN_H_ */
