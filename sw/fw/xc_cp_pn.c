/* SPDX-License-Identifier: MIT */
#include "xc_cp_pn.h"

#include "xc_consts.h"
#include "xc_flit.h"

int xc_cp_pn_initial(const xc_pn_hw *hw, int kind_mnb, uint32_t v, uint32_t k, uint32_t *word)
{
    if (kind_mnb) {
        if (k != 0)
            return 0;
        *word = xc_msg_word(v, v);
        return 1;
    }
    if (k == 0 || k >= hw->nodes)
        return 0;
    *word = xc_msg_word(v, xc_topo_add(&hw->net, v, k));
    return 1;
}

/* Writes n table words from src at table word 0 of the selected table. */
static void load_table(xc_hal *hal, uint32_t sel, const uint32_t *src, size_t n)
{
    xc_hal_write(hal, XC_PN_REG_SEL, sel);
    xc_hal_write(hal, XC_PN_REG_TBL_PTR, 0);
    for (size_t i = 0; i < n && !xc_hal_halted(hal); i++)
        xc_hal_write(hal, XC_PN_REG_TBL_DATA, src[i]);
}

int xc_cp_pn_identify(xc_hal *hal, const xc_pn_hw *hw, uint32_t steps, xc_cp_pn_ident *h)
{
    h->id = xc_hal_read(hal, XC_PN_REG_ID);
    h->nodes = xc_hal_read(hal, XC_PN_REG_NODES);
    h->geom = xc_hal_read(hal, XC_PN_REG_GEOM);
    h->depth = xc_hal_read(hal, XC_PN_REG_DEPTH);
    return h->id == XC_PN_ID_VALUE && h->nodes == hw->nodes && XC_FIELD_GET(h->geom, PN_GEOM_PORTS) == hw->ports &&
           XC_FIELD_GET(h->geom, PN_GEOM_SLOT_BITS) == hw->slot_w && h->depth >= steps;
}

xc_status xc_cp_pn_run(xc_hal *hal, const xc_pn_hw *hw, const xc_pn_prog *prog, int broadcast,
                       unsigned flags, unsigned long max_polls, xc_cp_pn_report *rep, xc_err *err)
{
    const int back_door = (flags & XC_CP_PN_BACK_DOOR) != 0, rom = (flags & XC_CP_PN_TABLE_ROM) != 0;
    unsigned long mark = xc_hal_cycles(hal);
    *rep = (xc_cp_pn_report){0};
    xc_cp_pn_ident h;
    const int ok = xc_cp_pn_identify(hal, hw, prog->steps, &h);
    if (xc_hal_halted(hal))
        return xc_fail(err, XC_EIO, "platform halted");
    if (!ok)
        return xc_fail(err, XC_ECHECK, "hardware is not this network (ID 0x%08x, NODES %u, GEOM 0x%08x, DEPTH %u)",
                       h.id, h.nodes, h.geom, h.depth);
    if (!broadcast && !prog->pernode)
        return xc_fail(err, XC_EINVAL, "the hardware has no per-node tables");
    if (broadcast && !prog->bcast)
        return xc_fail(err, XC_EINVAL, "the schedule is not node-invariant: no broadcast table");
    const uint32_t ctrl = (uint32_t)(broadcast != 0) << XC_PN_CTRL_BCAST_BIT;
    if (!back_door)
        xc_hal_write(hal, XC_PN_REG_CTRL, ctrl | 1u << XC_PN_CTRL_CLEAR_BIT);
    rep->bus_control += xc_hal_cycles(hal) - mark;

    if (!back_door) {
        mark = xc_hal_cycles(hal);
        for (uint32_t v = 0; v < hw->nodes && !xc_hal_halted(hal); v++) {
            uint32_t first = prog->kind_mnb ? 0 : 1, last = prog->kind_mnb ? 1 : hw->nodes;
            xc_hal_write(hal, XC_PN_REG_SEL, v);
            xc_hal_write(hal, XC_PN_REG_MSG_PTR, first);
            for (uint32_t k = first; k < last; k++) {
                uint32_t w = 0;
                xc_cp_pn_initial(hw, prog->kind_mnb, v, k, &w);
                xc_hal_write(hal, XC_PN_REG_MSG_DATA, w);
            }
        }
        rep->bus_messages = xc_hal_cycles(hal) - mark;
        mark = xc_hal_cycles(hal);
        const size_t words = (size_t)prog->steps * hw->wpe;
        if (rom)
            ; /* the broadcast table is in ROM */
        else if (broadcast)
            load_table(hal, 1u << XC_PN_SEL_BCAST_BIT, prog->bcast, words);
        else
            for (uint32_t v = 0; v < hw->nodes && !xc_hal_halted(hal); v++)
                load_table(hal, v, prog->pernode + (size_t)v * words, words);
        rep->bus_tables = xc_hal_cycles(hal) - mark;
    }

    return xc_cp_pn_go(hal, prog->steps, ctrl, max_polls, rep, err);
}

xc_status xc_cp_pn_go(xc_hal *hal, uint32_t steps, uint32_t ctrl, unsigned long max_polls, xc_cp_pn_report *rep,
                      xc_err *err)
{
    const unsigned long mark = xc_hal_cycles(hal);
    xc_hal_write(hal, XC_PN_REG_STEPS, steps);
    xc_hal_write(hal, XC_PN_REG_CTRL, ctrl | 1u << XC_PN_CTRL_START_BIT);
    static const unsigned counters[] = {XC_PN_REG_CYCLES, XC_PN_REG_DELIVERED, XC_PN_REG_ERRORS, XC_PN_REG_ERR_INFO,
                                        XC_PN_REG_ERR_STEP};
    uint32_t *const out[] = {&rep->cycles, &rep->delivered, &rep->errors, &rep->err_info, &rep->err_step};
    return xc_hal_finish(hal, XC_PN_REG_STATUS, XC_PN_STATUS_DONE_BIT, max_polls, counters, out, 5, &rep->status,
                         mark, &rep->bus_control, err);
}
