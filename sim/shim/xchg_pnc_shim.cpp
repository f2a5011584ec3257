// SPDX-License-Identifier: MIT
// The thin C++ shim around the controller model of the tiled router model
// (a Verilated xchg_pn_tile_ctl, sw/pn/xc_pn_tile.c). The harness
// (sim/harness/xc_dut_tile.c) resets it, clocks it and copies its ports.
#include <cstring>

#include "Vxchg_pnc.h"
#include "xchg_pn_scopes.h"
#include "xchg_shim.h"

using Dut = XcDut<Vxchg_pnc>;

extern "C" {

// The controller model, clock low, in reset, the bus idle.
void *xchg_pnc_open(int argc, const char **argv)
{
    Dut *d = xc_shim_new<Vxchg_pnc>(argc, argv, nullptr, 0, 0);
    d->top->clk_in_i = 0;
    d->top->tick_i = 0;
    d->top->rst_ni = 0;
    xc_shim_bus(d, 0, 0, 0, 0);
    d->top->eval(); // the first evaluation (initial blocks): no edge, so that the first tick is one
    return d;
}

void xchg_pnc_bus(void *h, int we, int re, unsigned addr, uint32_t wdata)
{
    xc_shim_bus(static_cast<Dut *>(h), we, re, addr, wdata);
}

void xchg_pnc_reset(void *h, int rst) { static_cast<Dut *>(h)->top->rst_ni = !rst; }

void xchg_pnc_eval(void *h, int clk)
{
    Dut *d = static_cast<Dut *>(h);
    d->top->clk_in_i = clk;
    d->top->eval();
}

// One clock cycle in one evaluation (clk_in_i low): a change of tick_i
// is a pulse of the top's clock (sw/pn/xc_pn_tile.c).
void xchg_pnc_tick(void *h)
{
    Dut *d = static_cast<Dut *>(h);
    d->top->tick_i = !d->top->tick_i;
    d->top->eval();
}

// The storage of port name: the signals to the routers by their names in
// xc_pn_ctrl_sig (the ports <name>_o), dlv_now_i, err_now_i, obs_regs_o,
// bus_rdata_o; its size in bytes. 0, or -1 for another name.
int xchg_pnc_port(void *h, const char *name, void **data, unsigned *bytes)
{
    Vxchg_pnc *top = static_cast<Dut *>(h)->top.get();
#define XC_PORT_O(n) XC_PORT_AS(#n, n##_o)
    XC_PN_CTRL_BUS(XC_PORT_O)
    XC_PN_CTRL_REG(XC_PORT_O)
    XC_PORT_AS("dlv_now_i", dlv_now_i) XC_PORT_AS("err_now_i", err_now_i)
    XC_PORT_AS("obs_regs_o", obs_regs_o) XC_PORT_AS("bus_rdata_o", bus_rdata_o)
#undef XC_PORT_O
    return -1;
}

void xchg_pnc_close(void *h) { xc_shim_close(static_cast<Dut *>(h)); }

} // extern "C"
