/* SPDX-License-Identifier: MIT */
/* The golden cycle model of a product-network top: routers, links and the
 * controller, written from docs/routers.md and sw/lib/xc_consts.def, never
 * from the RTL. Same registers at the same cycles, so the lock-step can
 * compare every link, delivery, router error and register. */
#ifndef XC_GOLDEN_PN_H_
#define XC_GOLDEN_PN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_pnhw.h"

typedef struct xc_gm_pn xc_gm_pn;

/* NULL when out of memory. */
xc_gm_pn *xc_gm_pn_new(const xc_pn_hw *hw);
void xc_gm_pn_free(xc_gm_pn *g);

/* One clock cycle with these bus inputs. */
void xc_gm_pn_tick(xc_gm_pn *g, const xc_hw_bus *bus);

/* The state after the last edge. */
const xc_pn_obs *xc_gm_pn_obs(const xc_gm_pn *g);

/* The step that runs in the next cycle (0: none). */
unsigned xc_gm_pn_step_next(const xc_gm_pn *g);

/* Back door: writes node's slot (full) or a table word directly, as the
 * bus would but without bus cycles (node == UINT32_MAX: broadcast table). */
void xc_gm_pn_poke_msg(xc_gm_pn *g, uint32_t node, uint32_t slot, uint32_t word);
void xc_gm_pn_poke_tbl(xc_gm_pn *g, uint32_t node, uint32_t index, uint32_t word);
/* Circuit back door: a circuit-table word of node, a slot-list entry of
 * node, the budget word of step index + 1. Out of range: ignored. */
void xc_gm_pn_poke_cir(xc_gm_pn *g, uint32_t node, uint32_t index, uint32_t word);
void xc_gm_pn_poke_lst(xc_gm_pn *g, uint32_t node, uint32_t index, uint32_t slot);
void xc_gm_pn_poke_bud(xc_gm_pn *g, uint32_t index, uint32_t word);

#ifdef __cplusplus
}
#endif

#endif /* XC_GOLDEN_PN_H_ */
