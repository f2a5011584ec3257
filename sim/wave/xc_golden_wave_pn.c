/* SPDX-License-Identifier: MIT */
/* FST through the writer Verilator ships (fstapi.c). Times follow the
 * shim's (sim/shim/xchg_shim.h), one clock cycle = 1 ns = 1000 units of
 * 1 ps: cycle c's rising edge at 1000c, its inputs at 1000c-200, the
 * clock low at 1000c+500. What crosses the links and is delivered during
 * cycle c is written at the edge that starts it, 1000(c-1), as the RTL's
 * combinational link_flit and dlv_flit change there; registers at the
 * edge that ends it. A value is written only when it changes. */
#include "xc_golden_wave_pn.h"

#include <stdio.h>
#include <stdlib.h>

#include "fstapi.h"
#include "xc_wave_vals.h"
#include "xc_consts.h"

struct xc_gwave_pn {
    void *fst;
    uint64_t now;          /* the last time written (+1; 0: none yet) */
    unsigned long last_cycle;
    xc_wave_vals vals; /* what each handle holds: a value is written when it changes */
    const xc_pn_hw *hw;
    unsigned long from, to;
    fstHandle clk, we, re, addr, wdata, rdata;
    fstHandle running, done, step, cycles, delivered, errors, err_info;
    fstHandle *err, *link, *dlv; /* per node; per node and port */
};

static fstHandle var(void *fst, unsigned bits, const char *name)
{
    char full[96];
    if (bits > 1)
        snprintf(full, sizeof full, "%s [%u:0]", name, bits - 1);
    else
        snprintf(full, sizeof full, "%s", name);
    return fstWriterCreateVar(fst, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, bits, full, 0);
}

static void scope(void *fst, const char *name) { fstWriterSetScope(fst, FST_ST_VCD_MODULE, name, NULL); }

xc_gwave_pn *xc_gwave_pn_open(const char *path, const xc_pn_hw *hw, unsigned long from, unsigned long to)
{
    const size_t np = (size_t)hw->nodes * hw->ports;
    xc_gwave_pn *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->err = calloc(hw->nodes, sizeof *w->err);
    w->link = calloc(np, sizeof *w->link);
    w->dlv = calloc(np, sizeof *w->dlv);
    w->fst = fstWriterCreate(path, 1);
    if (!w->err || !w->link || !w->dlv || !w->fst) {
        xc_gwave_pn_close(w);
        return NULL;
    }
    w->hw = hw;
    w->from = from;
    w->to = to;
    void *f = w->fst;
    fstWriterSetPackType(f, FST_WR_PT_LZ4);
    fstWriterSetTimescale(f, -12); /* 1 ps, as Verilator; a clock cycle is 1 ns */
    fstWriterSetComment(f, "xchg golden model; one clock cycle = 1 ns, rising edge of cycle c at c ns");
    scope(f, "xchg");
    scope(f, "xchg_pn_top");
    w->clk = var(f, 1, "clk_i");
    w->we = var(f, 1, "bus_we_i");
    w->re = var(f, 1, "bus_re_i");
    w->addr = var(f, XC_BUS_ADDR_W, "bus_addr_i");
    w->wdata = var(f, 32, "bus_wdata_i");
    w->rdata = var(f, 32, "bus_rdata_o");
    scope(f, "u_ctrl"); /* the simulation shell (rtl/dv/xchg_pn_ctrl_dv.v) ... */
    scope(f, "u_ctrl"); /* ... around the controller */
    w->running = var(f, 1, "running_q");
    w->done = var(f, 1, "done_q");
    w->step = var(f, 16, "step_q");
    w->cycles = var(f, 32, "cycles_q");
    w->delivered = var(f, 32, "delivered_q");
    w->errors = var(f, 32, "errors_q");
    w->err_info = var(f, 32, "err_info_q");
    fstWriterSetUpscope(f);
    fstWriterSetUpscope(f);
    for (uint32_t v = 0; v < hw->nodes; v++) {
        char name[48];
        const int block_starts = hw->block && v % hw->block == 0;
        if (block_starts) { /* a top of blocks: u_b<i>.u_r<j>, as the RTL names them */
            if (v)
                fstWriterSetUpscope(f);
            snprintf(name, sizeof name, "u_b%u", v / hw->block);
            scope(f, name);
        }
        if (hw->block)
            snprintf(name, sizeof name, "u_r%u", v % hw->block);
        else
            snprintf(name, sizeof name, "u_n%u", v);
        scope(f, name);
        w->err[v] = var(f, 4, "err_code_q");
        for (uint32_t p = 0; p < hw->ports; p++) {
            snprintf(name, sizeof name, "gen_port[%u]", p);
            scope(f, name);
            w->link[(size_t)v * hw->ports + p] = var(f, XC_FLIT_W, "link_flit");
            w->dlv[(size_t)v * hw->ports + p] = var(f, XC_FLIT_W, "dlv_flit");
            fstWriterSetUpscope(f);
        }
        fstWriterSetUpscope(f);
    }
    if (hw->block)
        fstWriterSetUpscope(f); /* the last block */
    fstWriterSetUpscope(f);
    fstWriterSetUpscope(f);
    /* handles count from 1 in creation order; dlv of the last port is the last */
    const size_t handles = (size_t)(np ? w->dlv[np - 1] : w->err_info) + 1;
    if (xc_wave_vals_init(&w->vals, handles) != 0) {
        xc_gwave_pn_close(w);
        return NULL;
    }
    return w;
}

/* Moves to time t (never back: the same time twice is one time). */
static void at(xc_gwave_pn *w, uint64_t t)
{
    if (t + 1 > w->now) {
        fstWriterEmitTimeChange(w->fst, t);
        w->now = t + 1;
    }
}

/* Writes v to handle h unless h already holds it. */
static void put(xc_gwave_pn *w, fstHandle h, unsigned bits, uint64_t v)
{
    xc_wave_put(w->fst, &w->vals, h, bits, v);
}

void xc_gwave_pn_cycle(xc_gwave_pn *w, unsigned long cycle, const xc_min_bus *bus, const xc_pn_obs *obs)
{
    if (!w || cycle < w->from || cycle > w->to || cycle == 0)
        return;
    const xc_pn_hw *hw = w->hw;
    const size_t np = (size_t)hw->nodes * hw->ports;
    const uint64_t edge = XC_GWAVE_CYCLE * (uint64_t)cycle;
    at(w, edge - XC_GWAVE_CYCLE); /* the edge that starts the cycle */
    for (size_t i = 0; i < np; i++) {
        put(w, w->link[i], XC_FLIT_W, obs->link[i]);
        put(w, w->dlv[i], XC_FLIT_W, obs->dlv[i]);
    }
    at(w, edge - XC_GWAVE_CYCLE / 2);
    put(w, w->clk, 1, 0);
    at(w, edge - XC_GWAVE_INPUTS);
    put(w, w->we, 1, bus->we);
    put(w, w->re, 1, bus->re);
    put(w, w->addr, XC_BUS_ADDR_W, bus->addr);
    put(w, w->wdata, 32, bus->wdata);
    at(w, edge);
    put(w, w->clk, 1, 1);
    put(w, w->rdata, 32, obs->rdata);
    put(w, w->running, 1, obs->status & 1u);
    put(w, w->done, 1, XC_BIT_GET(obs->status, PN_STATUS_DONE_BIT));
    put(w, w->step, 16, obs->step);
    put(w, w->cycles, 32, obs->cycles);
    put(w, w->delivered, 32, obs->delivered);
    put(w, w->errors, 32, obs->errors);
    put(w, w->err_info, 32, obs->err_info);
    for (uint32_t v = 0; v < hw->nodes; v++)
        put(w, w->err[v], XC_PN_ERR_CODE_W, XC_FIELD_GET(obs->err[v], PN_ERR_CODE));
    w->last_cycle = cycle;
}

void xc_gwave_pn_close(xc_gwave_pn *w)
{
    if (!w)
        return;
    if (w->fst && w->vals.have) {
        if (w->last_cycle) { /* the last cycle's falling edge */
            at(w, XC_GWAVE_CYCLE * (uint64_t)w->last_cycle + XC_GWAVE_CYCLE / 2);
            put(w, w->clk, 1, 0);
        }
    }
    if (w->fst)
        fstWriterClose(w->fst);
    xc_wave_vals_free(&w->vals);
    free(w->err);
    free(w->link);
    free(w->dlv);
    free(w);
}
