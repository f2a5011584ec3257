/* SPDX-License-Identifier: MIT */
/* The golden router model's controller (rtl/pn/xchg_pn_ctrl.v): its
 * registers, the step sequence, and the bus windows through which the
 * bus loads the slots and tables. */
#include "xc_golden_pn_int.h"

#include <string.h>

static uint32_t geom(const xc_pn_hw *hw)
{
    return XC_FIELD_AT(PN_GEOM_PORTS, hw->ports) | XC_FIELD_AT(PN_GEOM_SLOT_BITS, hw->slot_w) |
           XC_FIELD_AT(PN_GEOM_WPE, hw->wpe) | (uint32_t)hw->multiport << XC_PN_GEOM_MULTIPORT_BIT |
           (uint32_t)hw->half_duplex << XC_PN_GEOM_HALF_DUPLEX_BIT;
}

/* A bus read: the register at addr as it is before this edge. */
uint32_t xc_gm_pn_read_reg(const xc_gm_pn *g, uint32_t addr)
{
    const xc_pn_hw *hw = &g->hw;
    const pn_regs *r = &g->r;
    switch (addr) {
    case XC_PN_REG_ID: return XC_PN_ID_VALUE;
    case XC_PN_REG_NODES: return hw->nodes;
    case XC_PN_REG_GEOM: return geom(hw);
    case XC_PN_REG_CTRL: return (uint32_t)r->bcast << XC_PN_CTRL_BCAST_BIT;
    case XC_PN_REG_STATUS: return xc_gm_pn_status_word(r);
    case XC_PN_REG_STEPS: return XC_FIELD_AT(PN_STEPS_N, r->steps);
    case XC_PN_REG_STEP: return r->running ? r->step : 0;
    case XC_PN_REG_CYCLES: return r->cycles;
    case XC_PN_REG_DELIVERED: return r->delivered;
    case XC_PN_REG_ERRORS: return r->errors;
    case XC_PN_REG_ERR_INFO: return r->err_info;
    case XC_PN_REG_ERR_STEP: return r->err_step;
    case XC_PN_REG_SEL: return r->sel;
    case XC_PN_REG_MSG_PTR: return r->ptr[WIN_MSG];
    case XC_PN_REG_TBL_PTR: return r->ptr[WIN_TBL];
    case XC_PN_REG_DEPTH: return hw->depth;
    case XC_PN_REG_TS: return r->ts;
    case XC_PN_REG_BUD_PTR: return r->ptr[WIN_BUD];
    case XC_PN_REG_CIR_PTR: return r->ptr[WIN_CIR];
    case XC_PN_REG_LST_PTR: return r->ptr[WIN_LST];
    case XC_PN_REG_CGEOM:
        return XC_FIELD_AT(PN_CGEOM_WPE, hw->cwpe) | XC_FIELD_AT(PN_CGEOM_LIST_BITS, hw->list_w);
    default: return 0;
    }
}

/* The registers step to this edge's values without a bus write: the
 * counters, the step sequence and the first error (first: its node, -1
 * none). Every next value is computed from the values before the edge. */
void xc_gm_pn_advance_regs(xc_gm_pn *g, int step_end, uint32_t n_dlv, uint32_t n_err, int first)
{
    pn_regs *r = &g->r;
    const int running = r->running;
    const uint32_t step = r->step;
    if (first >= 0 && !r->err_seen) {
        r->err_info = XC_FIELD_AT(PN_ERR_NODE, first) | XC_FIELD_AT(PN_ERR_PORT, g->port[first]) |
                      XC_FIELD_AT(PN_ERR_CODE, g->code[first]);
        r->err_step = running ? step : 0;
        r->err_seen = 1;
    }
    r->delivered += n_dlv;
    r->errors += n_err;
    r->cycles += (uint32_t)running;
    const int last = step_end && step == r->steps;
    r->running = running && !last;
    r->done = r->done || last;
    r->step = step_end ? (last ? 0 : (step + 1) & XC_FIELD_MASK(PN_STEPS_N)) : step;
    r->rel = running ? (step_end ? 1 : r->rel + 1) : r->rel;
}

/* A CTRL write (wdata): clear, or start when the routers were idle
 * before the edge (was_running 0) with a schedule that fits the tables. */
static void ctrl_write(xc_gm_pn *g, uint32_t wdata, int clear, int was_running)
{
    pn_regs *r = &g->r;
    r->bcast = (int)XC_BIT_GET(wdata, PN_CTRL_BCAST_BIT);
    const int start = (int)XC_BIT_GET(wdata, PN_CTRL_START_BIT);
    if (!clear && !(start && !was_running && r->steps != 0 && r->steps <= g->hw.depth))
        return;
    r->done = r->err_seen = 0;
    r->delivered = r->errors = r->err_info = r->err_step = 0;
    if (clear) {
        r->running = 0;
        r->step = r->cycles = 0;
        r->sel = r->rel = 0;
        memset(r->ptr, 0, sizeof r->ptr);
    } else {
        r->running = 1;
        r->step = r->rel = r->cycles = 1;
    }
}

/* The memories the bus writes through a window of two registers: PTR
 * sets the pointer; a DATA write pokes the word at the pointer while the
 * routers are idle (the poke functions check the ranges), then steps it. */
static void poke_msg_at(xc_gm_pn *g, uint32_t at, uint32_t w, int clear)
{
    if (!XC_BIT_GET(g->r.sel, PN_SEL_BCAST_BIT) && !clear)
        xc_gm_pn_poke_msg(g, g->r.sel, at, w);
}

static void poke_tbl_at(xc_gm_pn *g, uint32_t at, uint32_t w, int clear)
{
    (void)clear;
    xc_gm_pn_poke_tbl(g, XC_BIT_GET(g->r.sel, PN_SEL_BCAST_BIT) ? UINT32_MAX : g->r.sel, at, w);
}

static void poke_bud_at(xc_gm_pn *g, uint32_t at, uint32_t w, int clear)
{
    (void)clear;
    xc_gm_pn_poke_bud(g, at, w);
}

static void poke_cir_at(xc_gm_pn *g, uint32_t at, uint32_t w, int clear)
{
    (void)clear;
    xc_gm_pn_poke_cir(g, g->r.sel, at, w);
}

static void poke_lst_at(xc_gm_pn *g, uint32_t at, uint32_t w, int clear)
{
    (void)clear;
    xc_gm_pn_poke_lst(g, g->r.sel, at, w);
}

static const struct bus_window {
    uint32_t ptr_reg; /* DATA is the register after it */
    void (*poke)(xc_gm_pn *g, uint32_t at, uint32_t word, int clear);
} windows[] = {
    [WIN_MSG] = {XC_PN_REG_MSG_PTR, poke_msg_at}, [WIN_TBL] = {XC_PN_REG_TBL_PTR, poke_tbl_at},
    [WIN_BUD] = {XC_PN_REG_BUD_PTR, poke_bud_at}, [WIN_CIR] = {XC_PN_REG_CIR_PTR, poke_cir_at},
    [WIN_LST] = {XC_PN_REG_LST_PTR, poke_lst_at},
};
_Static_assert(sizeof windows / sizeof *windows == sizeof((pn_regs *)0)->ptr / sizeof(uint32_t), "a pointer a window");
_Static_assert(XC_PN_REG_MSG_DATA == XC_PN_REG_MSG_PTR + 1 && XC_PN_REG_TBL_DATA == XC_PN_REG_TBL_PTR + 1 &&
                   XC_PN_REG_BUD_DATA == XC_PN_REG_BUD_PTR + 1 && XC_PN_REG_CIR_DATA == XC_PN_REG_CIR_PTR + 1 &&
                   XC_PN_REG_LST_DATA == XC_PN_REG_LST_PTR + 1,
               "DATA follows PTR");

/* A write at addr into window k (PTR or DATA). */
static void window_write(xc_gm_pn *g, unsigned k, uint32_t addr, uint32_t w, int clear, int idle)
{
    if (addr == windows[k].ptr_reg) {
        g->r.ptr[k] = w;
        return;
    }
    if (idle)
        windows[k].poke(g, g->r.ptr[k], w, clear);
    g->r.ptr[k]++;
}

/* A bus write into the registers and the memories it addresses (clear:
 * this cycle's CTRL write clears; was_running: the routers ran before the
 * edge). The pointers and SEL it reads are still the values before the
 * edge: only the write itself changes them. */
void xc_gm_pn_bus_write(xc_gm_pn *g, const xc_hw_bus *bus, int clear, int was_running)
{
    pn_regs *r = &g->r;
    const uint32_t w = bus->wdata;
    const int idle = !was_running;
    switch (bus->addr) {
    case XC_PN_REG_CTRL: ctrl_write(g, w, clear, was_running); break;
    case XC_PN_REG_STEPS:
        if (idle)
            r->steps = XC_FIELD_GET(w, PN_STEPS_N);
        break;
    case XC_PN_REG_SEL: r->sel = w; break;
    case XC_PN_REG_TS:
        if (idle)
            r->ts = w;
        break;
    case XC_PN_REG_MSG_PTR:
    case XC_PN_REG_MSG_DATA: window_write(g, WIN_MSG, bus->addr, w, clear, idle); break;
    case XC_PN_REG_TBL_PTR:
    case XC_PN_REG_TBL_DATA: window_write(g, WIN_TBL, bus->addr, w, clear, idle); break;
    case XC_PN_REG_BUD_PTR:
    case XC_PN_REG_BUD_DATA: window_write(g, WIN_BUD, bus->addr, w, clear, idle); break;
    case XC_PN_REG_CIR_PTR:
    case XC_PN_REG_CIR_DATA: window_write(g, WIN_CIR, bus->addr, w, clear, idle); break;
    case XC_PN_REG_LST_PTR:
    case XC_PN_REG_LST_DATA: window_write(g, WIN_LST, bus->addr, w, clear, idle); break;
    default: break;
    }
}

