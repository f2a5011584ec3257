/* SPDX-License-Identifier: MIT */
/* Uses the FST writer that Verilator ships (fstapi.c from GTKWave). The
 * times follow the shim's (xc_golden_wave.h): one clock cycle = 1 ns,
 * inputs 200 ps before the edge, the clock low 500 ps after it. A value is
 * written only when it changes. */
#include "xc_golden_wave.h"

#include <stdio.h>
#include <stdlib.h>

#include "fstapi.h"
#include "xc_wave_vals.h"
#include "xc_consts.h"

struct xc_gwave {
    void *fst;
    xc_wave_vals vals; /* what each handle holds: a value is written when it changes */
    const xc_min *m;
    unsigned long from, to;
    fstHandle clk, we, re, addr, wdata, rdata, step_cnt, cycles, delivered, done;
    fstHandle *set, *out0, *out1; /* per switch, stage-major */
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

xc_gwave *xc_gwave_open(const char *path, const xc_min *m, unsigned long from, unsigned long to)
{
    const unsigned half = m->n_lines / 2, n = m->log_n;
    xc_gwave *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->set = calloc((size_t)n * half, sizeof *w->set);
    w->out0 = calloc((size_t)n * half, sizeof *w->out0);
    w->out1 = calloc((size_t)n * half, sizeof *w->out1);
    w->fst = fstWriterCreate(path, 1);
    if (!w->set || !w->out0 || !w->out1 || !w->fst) {
        xc_gwave_close(w);
        return NULL;
    }
    w->m = m;
    w->from = from;
    w->to = to;
    fstWriterSetPackType(w->fst, FST_WR_PT_LZ4);
    fstWriterSetTimescale(w->fst, -12); /* 1 ps, as Verilator; a clock cycle is 1 ns */
    fstWriterSetComment(w->fst, "xchg golden model; one clock cycle = 1 ns, rising edge of cycle c at c ns");
    fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "xchg", NULL);
    fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "xchg_min_dv", NULL); /* the simulation shell */
    fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "u_top", NULL);
    w->clk = var(w->fst, 1, "clk_i");
    w->we = var(w->fst, 1, "bus_we_i");
    w->re = var(w->fst, 1, "bus_re_i");
    w->addr = var(w->fst, XC_BUS_ADDR_W, "bus_addr_i");
    w->wdata = var(w->fst, 32, "bus_wdata_i");
    w->rdata = var(w->fst, 32, "bus_rdata_o");
    w->step_cnt = var(w->fst, n + 1, "step_cnt_q");
    w->cycles = var(w->fst, 32, "cycles_q");
    w->delivered = var(w->fst, 32, "delivered_q");
    w->done = var(w->fst, 1, "done_q");
    fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "u_banyan", NULL);
    for (unsigned k = 0; k < n; k++) {
        char name[32];
        snprintf(name, sizeof name, "gen_stage[%u]", k);
        fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, name, NULL);
        for (unsigned h = 0; h < half; h++) {
            snprintf(name, sizeof name, "gen_sw[%u]", h);
            fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, name, NULL);
            fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, "u_sw", NULL);
            w->set[k * half + h] = var(w->fst, 1, "set_q");
            w->out0[k * half + h] = var(w->fst, XC_FLIT_W, "out0_q");
            w->out1[k * half + h] = var(w->fst, XC_FLIT_W, "out1_q");
            fstWriterSetUpscope(w->fst);
            fstWriterSetUpscope(w->fst);
        }
        fstWriterSetUpscope(w->fst);
    }
    fstWriterSetUpscope(w->fst);
    fstWriterSetUpscope(w->fst);
    fstWriterSetUpscope(w->fst);
    fstWriterSetUpscope(w->fst);
    const size_t handles = (size_t)w->out1[(size_t)n * half - 1] + 1; /* created last */
    if (xc_wave_vals_init(&w->vals, handles) != 0) {
        xc_gwave_close(w);
        return NULL;
    }
    return w;
}

/* Writes v to handle h unless h already holds it. */
static void put(xc_gwave *w, fstHandle h, unsigned bits, uint64_t v)
{
    xc_wave_put(w->fst, &w->vals, h, bits, v);
}

void xc_gwave_cycle(xc_gwave *w, unsigned long cycle, const xc_min_bus *bus, const xc_min_obs *obs)
{
    if (!w || cycle < w->from || cycle > w->to || cycle == 0)
        return;
    const xc_min *m = w->m;
    const unsigned half = m->n_lines / 2, n = m->log_n;
    void *f = w->fst;
    const uint64_t edge = XC_GWAVE_CYCLE * (uint64_t)cycle;
    fstWriterEmitTimeChange(f, edge - XC_GWAVE_INPUTS);
    put(w, w->clk, 1, 0);
    put(w, w->we, 1, bus->we);
    put(w, w->re, 1, bus->re);
    put(w, w->addr, XC_BUS_ADDR_W, bus->addr);
    put(w, w->wdata, 32, bus->wdata);
    fstWriterEmitTimeChange(f, edge);
    put(w, w->clk, 1, 1);
    put(w, w->rdata, 32, obs->rdata);
    put(w, w->step_cnt, n + 1, obs->injected);
    put(w, w->cycles, 32, obs->cycles);
    put(w, w->delivered, 32, obs->delivered);
    put(w, w->done, 1, (obs->status >> XC_STATUS_DONE_BIT) & 1u);
    for (unsigned k = 0; k < n; k++)
        for (unsigned h = 0; h < half; h++) {
            const xc_flit *lvl = obs->flit + (size_t)(k + 1) * m->n_lines;
            put(w, w->set[k * half + h], 1, obs->set[k * half + h]);
            put(w, w->out0[k * half + h], XC_FLIT_W, lvl[2 * h]);
            put(w, w->out1[k * half + h], XC_FLIT_W, lvl[2 * h + 1]);
        }
    fstWriterEmitTimeChange(f, edge + XC_GWAVE_CYCLE / 2);
    put(w, w->clk, 1, 0);
}

void xc_gwave_close(xc_gwave *w)
{
    if (!w)
        return;
    if (w->fst)
        fstWriterClose(w->fst);
    xc_wave_vals_free(&w->vals);
    free(w->set);
    free(w->out0);
    free(w->out1);
    free(w);
}
