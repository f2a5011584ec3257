/* SPDX-License-Identifier: MIT */
/* FST or VCD by the file's name, through xc_wave_out. The times follow
 * the shim's (xc_golden_wave.h): one clock cycle = 1 ns, inputs 200 ps
 * before the edge, the clock low 500 ps after it. A value is written only
 * when it changes. */
#include "xc_golden_wave.h"

#include <stddef.h>
#include <stdio.h>

#include "xc_consts.h"
#include "xc_wave_bus.h"
#include "xc_wave_out.h"

struct xc_gwave {
    xc_wave_head h;
    const xc_min *m;
    uint32_t step_cnt, cycles, delivered, done;
    uint32_t *set, *out0, *out1; /* per switch, stage-major */
};

/* Declares the signals under the RTL's names (xchg.xchg_min_dv.u_top...,
 * xchg_min_dv being the simulation shell); handles into w. */
static void declare(void *writer)
{
    xc_gwave *w = writer;
    const unsigned half = w->m->n_lines / 2, n = w->m->log_n;
    xc_wave_out *o = w->h.out;
    xc_wave_out_scope(o, "xchg");
    xc_wave_out_scope(o, "xchg_min_dv");
    xc_wave_out_scope(o, "u_top");
    xc_wave_bus_declare(o, &w->h.bus);
    w->step_cnt = xc_wave_out_var(o, n + 1, "step_cnt_q");
    w->cycles = xc_wave_out_var(o, 32, "cycles_q");
    w->delivered = xc_wave_out_var(o, 32, "delivered");
    w->done = xc_wave_out_var(o, 1, "done");
    xc_wave_out_scope(o, "u_banyan");
    for (unsigned k = 0; k < n; k++) {
        char name[32];
        snprintf(name, sizeof name, "gen_stage[%u]", k);
        xc_wave_out_scope(o, name);
        for (unsigned h = 0; h < half; h++) {
            snprintf(name, sizeof name, "gen_sw[%u]", h);
            xc_wave_out_scope(o, name);
            xc_wave_out_scope(o, "u_sw");
            w->set[k * half + h] = xc_wave_out_var(o, 1, "set_o");
            w->out0[k * half + h] = xc_wave_out_var(o, XC_FLIT_W, "out0_o");
            w->out1[k * half + h] = xc_wave_out_var(o, XC_FLIT_W, "out1_o");
            xc_wave_out_upscope(o);
            xc_wave_out_upscope(o);
        }
        xc_wave_out_upscope(o);
    }
    for (int up = 0; up < 4; up++) /* u_banyan, u_top, xchg_min_dv, xchg */
        xc_wave_out_upscope(o);
}

static const size_t handles[] = {offsetof(xc_gwave, set), offsetof(xc_gwave, out0), offsetof(xc_gwave, out1)};
static const xc_wave_writer_kind kind = {sizeof(xc_gwave), handles, 3, declare};

xc_gwave *xc_gwave_open(const char *path, const xc_min *m, unsigned long from, unsigned long to)
{
    const size_t sws = (size_t)m->log_n * (m->n_lines / 2), count[] = {sws, sws, sws};
    return xc_wave_writer_new(&kind, &(const xc_gwave){.m = m}, count, path, from, to);
}

void xc_gwave_cycle(xc_gwave *w, unsigned long cycle, const xc_hw_bus *bus, const xc_min_obs *obs)
{
    if (!w || !xc_wave_head_has(&w->h, cycle))
        return;
    const xc_min *m = w->m;
    const unsigned half = m->n_lines / 2, n = m->log_n;
    xc_wave_out *o = w->h.out;
    const uint64_t edge = XC_GWAVE_CYCLE * (uint64_t)cycle;
    xc_wave_out_time(o, edge - XC_GWAVE_INPUTS);
    xc_wave_out_put(o, w->h.bus.clk, 0);
    xc_wave_bus_inputs(o, &w->h.bus, bus);
    xc_wave_bus_edge(o, &w->h.bus, edge, obs->rdata);
    xc_wave_out_put(o, w->step_cnt, obs->injected);
    xc_wave_out_put(o, w->cycles, obs->cycles);
    xc_wave_out_put(o, w->delivered, obs->delivered);
    xc_wave_out_put(o, w->done, (obs->status >> XC_STATUS_DONE_BIT) & 1u);
    for (unsigned k = 0; k < n; k++)
        for (unsigned h = 0; h < half; h++) {
            const xc_flit *lvl = obs->flit + (size_t)(k + 1) * m->n_lines;
            xc_wave_out_put(o, w->set[k * half + h], obs->set[k * half + h]);
            xc_wave_out_put(o, w->out0[k * half + h], lvl[2 * h]);
            xc_wave_out_put(o, w->out1[k * half + h], lvl[2 * h + 1]);
        }
    xc_wave_out_time(o, edge + XC_GWAVE_CYCLE / 2);
    xc_wave_out_put(o, w->h.bus.clk, 0);
}

void xc_gwave_close(xc_gwave *w) { xc_wave_writer_free(&kind, w); }
