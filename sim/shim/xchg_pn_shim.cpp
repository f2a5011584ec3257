// SPDX-License-Identifier: MIT
// The thin C++ shim around a Verilated product-network top (xchg_pn_top):
// prefixed extern "C" functions over an owned handle (sim/shim/xchg_shim.h).
// Everything else is C (sim/harness/xc_dut_pn.c).
#include "Vxchg_pn_top.h"
#include "xchg_pn_scopes.h"
#include "xchg_shim.h"

using Dut = XcDut<Vxchg_pn_top>;

extern "C" {

void *xchg_pn_dut_open(int argc, const char **argv, const char *trace_path, uint64_t from, uint64_t to)
{
    return xc_shim_open<Vxchg_pn_top>(argc, argv, trace_path, from, to);
}

void xchg_pn_dut_bus(void *h, int we, int re, unsigned addr, uint32_t wdata)
{
    xc_shim_bus(static_cast<Dut *>(h), we, re, addr, wdata);
}

// One clock cycle. A model with trace code takes the shared tick (three
// evaluations: settle, rising edge, falling edge, each dumped). A lean
// model takes two: the settle evaluation at the start of the next cycle
// is also the one that sees the clock low, so the falling-edge evaluation
// (which recomputes every input-dependent process of every router and
// changes nothing) is left out; the outputs are read after the rising edge.
void xchg_pn_dut_tick(void *h)
{
    Dut *d = static_cast<Dut *>(h);
#if VM_TRACE
    xc_shim_tick(d);
#else
    d->edges++;
    d->top->clk_i = 0;
    d->top->eval();
    d->top->clk_i = 1;
    d->top->eval();
    d->ctx->timeInc(1000); // one cycle = 1 ns, as the traced tick
#endif
}

// The model's own storage of one router's observation registers: the
// shell's obs_link_q, its router's dlv_q (public, sim/xchg_pn.vlt; the
// registers behind the shell's obs_link_o and dlv_o; a Verilated top has
// Bram = 0, whose dlv_o is dlv_q), dlv_q's flag dlv_on_q (1 byte; dlv_q
// is 0 while it is 0; with one delivery lane, dlv_lanes = 1, dlv_q is
// that lane and dlv_on_q the ports it was delivered on) and its error report's first_q
// (u_rtr.u_err: the first error since clear, port << 4 | code, 16 bits) in the instance
// whose scope is "<model>.xchg_pn_top." scope ("u_n5", "u_b1.u_r3"), as 32-bit
// words (port p's 64-bit lane, `XCHG_PN_LANE_W, at words 2p and 2p + 1,
// the low word first), and the shell's obs_send_q, the ports its flits
// left on (send_bytes bytes; with one output lane, obs_link_q is that one
// lane). The harness compares them in
// place every cycle: the top copies no flits. Valid while the model lives.
// 0, or -1 when the scope or its variables are missing.
int xchg_pn_dut_node_ports(void *h, const char *scope, const uint32_t **link, const uint32_t **dlv,
                           const uint8_t **dlv_on, const uint16_t **err, const uint8_t **send,
                           unsigned *send_bytes, unsigned *dlv_lanes)
{
    Dut *d = static_cast<Dut *>(h);
    return xc_pn_node_ports(d->ctx.get(), d->top->name(), scope, link, dlv, dlv_on, err, send, send_bytes,
                            dlv_lanes);
}

// The controller's registers and the bus read data (the routers' own
// registers are read in place: xchg_pn_dut_node_ports).
void xchg_pn_dut_observe_ctl(void *h, uint32_t regs[9])
{
    Dut *d = static_cast<Dut *>(h);
    regs[0] = d->top->bus_rdata_o;
    for (unsigned i = 0; i < 8; i++)
        regs[1 + i] = xc_word_of(d->top->obs_regs_o, i);
}

// The coverage counts (a --coverage model) to path: 0, or -1.
int xchg_pn_dut_coverage(void *h, const char *path) { return xc_shim_coverage(static_cast<Dut *>(h), path); }

void xchg_pn_dut_close(void *h) { xc_shim_close(static_cast<Dut *>(h)); }

// The back door (xchg run --load back, sim/harness/xc_lockstep_pn.c): the
// model's own storage of variable var in the instance whose scope is
// "<model>.xchg_pn_top." scope (a router's memory, "u_b1.u_r3.u_rtr.u_slots"
// msg_m; public in sim/xchg_pn.vlt), its elements' size in bytes, their
// number (1 for a scalar) and bits. The harness writes the elements
// between two ticks. 0, or -1 when the scope or the variable is missing.
int xchg_pn_dut_mem(void *h, const char *scope, const char *var, void **data, unsigned *bytes, unsigned *count,
                    unsigned *bits)
{
    Dut *d = static_cast<Dut *>(h);
    return xc_pn_mem(d->ctx.get(), d->top->name(), scope, var, data, bytes, count, bits);
}

} // extern "C"
