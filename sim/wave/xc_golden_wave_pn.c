/* SPDX-License-Identifier: MIT */
/* FST through the writer Verilator ships (fstapi.c). Times follow the
 * shim's: inputs at 10c-2, the edge at 10c, clock low at 10c+5; the flits
 * of cycle c are written at the end of cycle c-1 (10c-5), so that they
 * line up with the RTL's combinational link_flit within 5 ps. */
#include "xc_golden_wave_pn.h"

#include <stdio.h>
#include <stdlib.h>

#include "fstapi.h"
#include "xc_consts.h"

struct xc_gwave_pn {
    void *fst;
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
    fstWriterSetTimescale(f, -12); /* 1 ps, as Verilator */
    fstWriterSetComment(f, "xchg golden model");
    scope(f, "xchg");
    scope(f, "xchg_pn_top");
    w->clk = var(f, 1, "clk_i");
    w->we = var(f, 1, "bus_we_i");
    w->re = var(f, 1, "bus_re_i");
    w->addr = var(f, XC_BUS_ADDR_W, "bus_addr_i");
    w->wdata = var(f, 32, "bus_wdata_i");
    w->rdata = var(f, 32, "bus_rdata_o");
    scope(f, "u_ctrl");
    w->running = var(f, 1, "running_q");
    w->done = var(f, 1, "done_q");
    w->step = var(f, 16, "step_q");
    w->cycles = var(f, 32, "cycles_q");
    w->delivered = var(f, 32, "delivered_q");
    w->errors = var(f, 32, "errors_q");
    w->err_info = var(f, 32, "err_info_q");
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
    return w;
}

void xc_gwave_pn_cycle(xc_gwave_pn *w, unsigned long cycle, const xc_min_bus *bus, const xc_pn_obs *obs)
{
    if (!w || cycle < w->from || cycle > w->to)
        return;
    const xc_pn_hw *hw = w->hw;
    const size_t np = (size_t)hw->nodes * hw->ports;
    void *f = w->fst;
    fstWriterEmitTimeChange(f, 10 * (uint64_t)cycle - 5);
    for (size_t i = 0; i < np; i++) {
        fstWriterEmitValueChange64(f, w->link[i], XC_FLIT_W, obs->link[i]);
        fstWriterEmitValueChange64(f, w->dlv[i], XC_FLIT_W, obs->dlv[i]);
    }
    fstWriterEmitTimeChange(f, 10 * (uint64_t)cycle - 2);
    fstWriterEmitValueChange32(f, w->clk, 1, 0);
    fstWriterEmitValueChange32(f, w->we, 1, bus->we);
    fstWriterEmitValueChange32(f, w->re, 1, bus->re);
    fstWriterEmitValueChange32(f, w->addr, XC_BUS_ADDR_W, bus->addr);
    fstWriterEmitValueChange32(f, w->wdata, 32, bus->wdata);
    fstWriterEmitTimeChange(f, 10 * (uint64_t)cycle);
    fstWriterEmitValueChange32(f, w->clk, 1, 1);
    fstWriterEmitValueChange32(f, w->rdata, 32, obs->rdata);
    fstWriterEmitValueChange32(f, w->running, 1, obs->status & 1u);
    fstWriterEmitValueChange32(f, w->done, 1, XC_BIT_GET(obs->status, PN_STATUS_DONE_BIT));
    fstWriterEmitValueChange32(f, w->step, 16, obs->step);
    fstWriterEmitValueChange32(f, w->cycles, 32, obs->cycles);
    fstWriterEmitValueChange32(f, w->delivered, 32, obs->delivered);
    fstWriterEmitValueChange32(f, w->errors, 32, obs->errors);
    fstWriterEmitValueChange32(f, w->err_info, 32, obs->err_info);
    for (uint32_t v = 0; v < hw->nodes; v++)
        fstWriterEmitValueChange32(f, w->err[v], XC_PN_ERR_CODE_W, XC_FIELD_GET(obs->err[v], PN_ERR_CODE));
    fstWriterEmitTimeChange(f, 10 * (uint64_t)cycle + 5);
    fstWriterEmitValueChange32(f, w->clk, 1, 0);
}

void xc_gwave_pn_close(xc_gwave_pn *w)
{
    if (!w)
        return;
    if (w->fst)
        fstWriterClose(w->fst);
    free(w->err);
    free(w->link);
    free(w->dlv);
    free(w);
}
