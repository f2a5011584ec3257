/* SPDX-License-Identifier: MIT */
#include "xc_cp_wh.h"

#include "xc_consts.h"
#include "xc_flit.h"

int xc_cp_wh_initial(const xc_pn_hw *hw, uint32_t v, uint32_t k, uint32_t *word)
{
    if (k + 1 >= hw->nodes)
        return 0;
    *word = xc_msg_word(v, k < v ? k : k + 1);
    return 1;
}

void xc_cp_wh_centry_words(const xc_pn_hw *hw, const xc_wh_prog *p, uint32_t v, uint32_t t, uint32_t *words)
{
    for (uint32_t w = 0; w < hw->cwpe; w++)
        words[w] = 0;
    xc_pn_centry_put(hw, words, &p->ce[(size_t)v * p->cap_steps + t - 1]);
}

uint32_t xc_cp_wh_budget(const xc_wh_prog *p, uint32_t t) { return 1u << XC_CS_CIRCUIT_BIT | p->path_cycles[t - 1]; }

/* The front door: clear, then messages, circuit tables, slot lists and
 * step budgets over the bus. */
static void load(xc_hal *hal, const xc_pn_hw *hw, const xc_wh_prog *p, xc_cp_pn_report *rep)
{
    unsigned long mark = xc_hal_cycles(hal);
    xc_hal_write(hal, XC_PN_REG_CTRL, 1u << XC_PN_CTRL_CLEAR_BIT);
    rep->bus_control += xc_hal_cycles(hal) - mark;
    mark = xc_hal_cycles(hal);
    for (uint32_t v = 0; v < hw->nodes && !xc_hal_halted(hal); v++) {
        xc_hal_write(hal, XC_PN_REG_SEL, v);
        xc_hal_write(hal, XC_PN_REG_MSG_PTR, 0);
        uint32_t w;
        for (uint32_t k = 0; xc_cp_wh_initial(hw, v, k, &w); k++)
            xc_hal_write(hal, XC_PN_REG_MSG_DATA, w);
    }
    rep->bus_messages = xc_hal_cycles(hal) - mark;
    mark = xc_hal_cycles(hal);
    uint32_t words[8];
    for (uint32_t v = 0; v < hw->nodes && !xc_hal_halted(hal); v++) {
        xc_hal_write(hal, XC_PN_REG_SEL, v);
        xc_hal_write(hal, XC_PN_REG_CIR_PTR, 0);
        for (uint32_t t = 1; t <= p->steps; t++) {
            xc_cp_wh_centry_words(hw, p, v, t, words);
            for (uint32_t w = 0; w < hw->cwpe; w++)
                xc_hal_write(hal, XC_PN_REG_CIR_DATA, words[w]);
        }
        xc_hal_write(hal, XC_PN_REG_LST_PTR, 0);
        for (uint32_t i = 0; i < p->list_len[v]; i++)
            xc_hal_write(hal, XC_PN_REG_LST_DATA, p->list[v][i]);
    }
    xc_hal_write(hal, XC_PN_REG_BUD_PTR, 0);
    for (uint32_t t = 1; t <= p->steps; t++)
        xc_hal_write(hal, XC_PN_REG_BUD_DATA, xc_cp_wh_budget(p, t));
    rep->bus_tables = xc_hal_cycles(hal) - mark;
}

xc_status xc_cp_wh_run(xc_hal *hal, const xc_pn_hw *hw, const xc_wh_prog *p, uint32_t ts, int back_door,
                       unsigned long max_polls, xc_cp_pn_report *rep, xc_err *err)
{
    unsigned long mark = xc_hal_cycles(hal);
    *rep = (xc_cp_pn_report){0};
    xc_cp_pn_ident h;
    const int ok = xc_cp_pn_identify(hal, hw, p->steps, &h);
    const uint32_t cgeom = xc_hal_read(hal, XC_PN_REG_CGEOM);
    if (xc_hal_halted(hal))
        return xc_fail(err, XC_EIO, "platform halted");
    if (!ok || XC_FIELD_GET(cgeom, PN_CGEOM_WPE) != hw->cwpe ||
        (1u << XC_FIELD_GET(cgeom, PN_CGEOM_LIST_BITS)) < p->max_list || hw->slots < p->slots_used)
        return xc_fail(err, XC_ECHECK, "hardware is not this network (ID 0x%08x, NODES %u, GEOM 0x%08x, CGEOM 0x%08x)",
                       h.id, h.nodes, h.geom, cgeom);
    rep->bus_control += xc_hal_cycles(hal) - mark;
    if (!back_door)
        load(hal, hw, p, rep);
    xc_hal_write(hal, XC_PN_REG_TS, ts);
    rep->bus_control++;
    return xc_cp_pn_go(hal, p->steps, 0, max_polls, rep, err);
}
