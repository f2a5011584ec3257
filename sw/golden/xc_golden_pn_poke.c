/* SPDX-License-Identifier: MIT */
/* The golden router model's back door: words written straight into the
 * slots and tables, as the bus would but without bus cycles (the bus
 * windows of xc_golden_pn_ctrl.c write through these too). */
#include "xc_golden_pn_int.h"

void xc_gm_pn_poke_msg(xc_gm_pn *g, uint32_t node, uint32_t slot, uint32_t word)
{
    if (node < g->hw.nodes && slot < g->hw.slots)
        g->slot[(size_t)node * g->hw.slots + slot] = SLOT_FULL | (word & MSG_MASK);
}

void xc_gm_pn_poke_tbl(xc_gm_pn *g, uint32_t node, uint32_t index, uint32_t word)
{
    if (index >= g->tbl_words)
        return;
    if (node == UINT32_MAX)
        g->btbl[index] = word;
    else if (g->tbl && node < g->hw.nodes)
        g->tbl[(size_t)node * g->tbl_words + index] = word;
}

void xc_gm_pn_poke_cir(xc_gm_pn *g, uint32_t node, uint32_t index, uint32_t word)
{
    if (node < g->hw.nodes && index < g->ctbl_words) {
        g->ctbl[(size_t)node * g->ctbl_words + index] = word;
        g->ce_step[node] = 0;
    }
}

void xc_gm_pn_poke_lst(xc_gm_pn *g, uint32_t node, uint32_t index, uint32_t slot)
{
    if (node < g->hw.nodes && index < g->hw.list_depth)
        g->lst[(size_t)node * g->hw.list_depth + index] = slot & ((1u << g->hw.slot_w) - 1u);
}

void xc_gm_pn_poke_bud(xc_gm_pn *g, uint32_t index, uint32_t word)
{
    if (index < g->hw.depth)
        g->bud[index] = word;
}
