/* SPDX-License-Identifier: MIT */
/* FST or VCD by the file's name, through xc_wave_out. Times follow the
 * shim's (sim/shim/xchg_shim.h), one clock cycle = 1 ns = 1000 units of
 * 1 ps: cycle c's rising edge at 1000c, its inputs at 1000c-200, the
 * clock low at 1000c+500. What crosses the links and is delivered during
 * cycle c is written at the edge that starts it, 1000(c-1), as the RTL's
 * combinational link_flit and dlv_flit change there; registers at the
 * edge that ends it. A value is written only when it changes. */
#include "xc_golden_wave.h"

#include <stddef.h>
#include <stdio.h>

#include "xc_consts.h"
#include "xc_wave_bus.h"
#include "xc_wave_out.h"

struct xc_gwave_pn {
    xc_wave_head h;
    unsigned long last_cycle;
    const xc_pn_hw *hw;
    uint32_t running, done, step, cycles, delivered, errors, err_info;
    uint32_t *err, *link, *dlv; /* per node; per node and port */
};

/* The bus and the controller: xchg_pn_top's ports, then u_ctrl.u_ctrl
 * (the simulation shell, rtl/dv/xchg_pn_ctrl_dv.v, around the controller). */
static void declare_ctrl(xc_gwave_pn *w)
{
    xc_wave_out *o = w->h.out;
    xc_wave_bus_declare(o, &w->h.bus);
    xc_wave_out_scope(o, "u_ctrl");
    xc_wave_out_scope(o, "u_ctrl");
    w->running = xc_wave_out_var(o, 1, "running_q");
    w->done = xc_wave_out_var(o, 1, "done_q");
    w->step = xc_wave_out_var(o, 16, "step_q");
    w->cycles = xc_wave_out_var(o, 32, "cycles_q");
    w->delivered = xc_wave_out_var(o, 32, "delivered_q");
    w->errors = xc_wave_out_var(o, 32, "errors_q");
    w->err_info = xc_wave_out_var(o, 32, "err_info_q");
    xc_wave_out_upscope(o);
    xc_wave_out_upscope(o);
}

/* Every router: u_n<v>, or u_b<i>.u_r<j> in a top of blocks, as the RTL
 * names them. */
static void declare_routers(xc_gwave_pn *w)
{
    const xc_pn_hw *hw = w->hw;
    xc_wave_out *o = w->h.out;
    for (uint32_t v = 0; v < hw->nodes; v++) {
        char name[48];
        if (hw->block && v % hw->block == 0) { /* a block starts */
            if (v)
                xc_wave_out_upscope(o);
            snprintf(name, sizeof name, "u_b%u", v / hw->block);
            xc_wave_out_scope(o, name);
        }
        if (hw->block)
            snprintf(name, sizeof name, "u_r%u", v % hw->block);
        else
            snprintf(name, sizeof name, "u_n%u", v);
        xc_wave_out_scope(o, name);
        w->err[v] = xc_wave_out_var(o, 4, "err_code_q");
        for (uint32_t p = 0; p < hw->ports; p++) {
            snprintf(name, sizeof name, "gen_port[%u]", p);
            xc_wave_out_scope(o, name);
            w->link[(size_t)v * hw->ports + p] = xc_wave_out_var(o, XC_FLIT_W, "link_flit");
            w->dlv[(size_t)v * hw->ports + p] = xc_wave_out_var(o, XC_FLIT_W, "dlv_flit");
            xc_wave_out_upscope(o);
        }
        xc_wave_out_upscope(o);
    }
    if (hw->block)
        xc_wave_out_upscope(o); /* the last block */
}

/* Every signal, under xchg.xchg_pn_top as the RTL names them. */
static void declare(void *writer)
{
    xc_gwave_pn *w = writer;
    xc_wave_out_scope(w->h.out, "xchg");
    xc_wave_out_scope(w->h.out, "xchg_pn_top");
    declare_ctrl(w);
    declare_routers(w);
    xc_wave_out_upscope(w->h.out);
    xc_wave_out_upscope(w->h.out);
}

static const size_t handles[] = {offsetof(xc_gwave_pn, err), offsetof(xc_gwave_pn, link), offsetof(xc_gwave_pn, dlv)};
static const xc_wave_writer_kind kind = {sizeof(xc_gwave_pn), handles, 3, declare};

xc_gwave_pn *xc_gwave_pn_open(const char *path, const xc_pn_hw *hw, unsigned long from, unsigned long to)
{
    const size_t np = (size_t)hw->nodes * hw->ports, count[] = {hw->nodes, np, np};
    return xc_wave_writer_new(&kind, &(const xc_gwave_pn){.hw = hw}, count, path, from, to);
}

void xc_gwave_pn_cycle(xc_gwave_pn *w, unsigned long cycle, const xc_hw_bus *bus, const xc_pn_obs *obs)
{
    if (!w || !xc_wave_head_has(&w->h, cycle))
        return;
    const xc_pn_hw *hw = w->hw;
    const size_t np = (size_t)hw->nodes * hw->ports;
    const uint64_t edge = XC_GWAVE_CYCLE * (uint64_t)cycle;
    xc_wave_out *o = w->h.out;
    xc_wave_out_time(o, edge - XC_GWAVE_CYCLE); /* the edge that starts the cycle */
    for (size_t i = 0; i < np; i++) {
        xc_wave_out_put(o, w->link[i], obs->link[i]);
        xc_wave_out_put(o, w->dlv[i], obs->dlv[i]);
    }
    xc_wave_out_time(o, edge - XC_GWAVE_CYCLE / 2);
    xc_wave_out_put(o, w->h.bus.clk, 0);
    xc_wave_out_time(o, edge - XC_GWAVE_INPUTS);
    xc_wave_bus_inputs(o, &w->h.bus, bus);
    xc_wave_bus_edge(o, &w->h.bus, edge, obs->rdata);
    xc_wave_out_put(o, w->running, obs->status & 1u);
    xc_wave_out_put(o, w->done, XC_BIT_GET(obs->status, PN_STATUS_DONE_BIT));
    xc_wave_out_put(o, w->step, obs->step);
    xc_wave_out_put(o, w->cycles, obs->cycles);
    xc_wave_out_put(o, w->delivered, obs->delivered);
    xc_wave_out_put(o, w->errors, obs->errors);
    xc_wave_out_put(o, w->err_info, obs->err_info);
    for (uint32_t v = 0; v < hw->nodes; v++)
        xc_wave_out_put(o, w->err[v], XC_FIELD_GET(obs->err[v], PN_ERR_CODE));
    w->last_cycle = cycle;
}

void xc_gwave_pn_close(xc_gwave_pn *w)
{
    if (!w)
        return;
    if (w->h.out && w->last_cycle) { /* the last cycle's falling edge */
        xc_wave_out_time(w->h.out, XC_GWAVE_CYCLE * (uint64_t)w->last_cycle + XC_GWAVE_CYCLE / 2);
        xc_wave_out_put(w->h.out, w->h.bus.clk, 0);
    }
    xc_wave_writer_free(&kind, w);
}
