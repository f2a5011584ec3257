// SPDX-License-Identifier: MIT
// The thin C++ shim around a user's whole network (--rtl-noc, the contract
// of docs/own-rtl.md "A whole network"). Verilated with --prefix
// Vxchg_noc, so the class is the same whatever the user's module is
// called. The harness (sim/harness/xc_dut_noc.c) writes the input ports
// and reads the output ports in place: xchg_noc_dut_port gives each
// port's storage and size; a cycle is a settle (inputs seen, outputs
// valid for the handshake) and an edge.
#include "Vxchg_noc.h"
#include "xchg_shim.h"

#include <cstring>

using Dut = XcDut<Vxchg_noc>;

extern "C" {

// The model with these plusargs, a trace if asked for, and the reset: two
// rising edges with rst_ni low (synchronous reset), every input 0. The
// reset is not dumped and its edges are not counted: the harness's cycle
// c has its rising edge at c ns in the waves, as its report counts it.
void *xchg_noc_dut_open(int argc, const char **argv, const char *trace_path, uint64_t from, uint64_t to)
{
    Dut *d = xc_shim_new<Vxchg_noc>(argc, argv, trace_path, UINT64_MAX, to);
    d->top->rst_ni = 0;
    for (int i = 0; i < 2; i++)
        xc_shim_tick(d);
    d->top->rst_ni = 1;
    d->edges = 0;
    d->trace_from = from;
    return d;
}

// The user's network has no bus: the common call is there for the loader.
void xchg_noc_dut_bus(void *h, int we, int re, unsigned addr, uint32_t wdata)
{
    (void)h, (void)we, (void)re, (void)addr, (void)wdata;
}

// Clock low, inputs as the harness wrote them: the outputs the handshakes
// of this cycle's edge depend on (a ready or valid may follow the inputs
// combinationally).
void xchg_noc_dut_settle(void *h)
{
    Dut *d = static_cast<Dut *>(h);
    d->edges++;
    d->top->clk_i = 0;
    d->top->eval();
    xc_shim_dump(d, 1000 * d->edges - 200);
}

// The rising edge: the beats the settle showed move.
void xchg_noc_dut_edge(void *h)
{
    Dut *d = static_cast<Dut *>(h);
    d->top->clk_i = 1;
    d->top->eval();
    d->ctx->timeInc(1000);
    xc_shim_dump(d, 1000 * d->edges);
}

void xchg_noc_dut_tick(void *h)
{
    xchg_noc_dut_settle(h);
    xchg_noc_dut_edge(h);
}

// The storage of port name (one of the contract's six data ports) and its
// size in bytes: a Verilated port is little-endian, 1, 2, 4 or 8 bytes,
// or 32-bit words above 64 bits. 0, or -1 for an unknown name.
int xchg_noc_dut_port(void *h, const char *name, void **data, unsigned *bytes)
{
    Vxchg_noc *t = static_cast<Dut *>(h)->top.get();
#define XC_NOC_PORT(p)                                                                                         \
    if (!std::strcmp(name, #p)) {                                                                              \
        *data = static_cast<void *>(&t->p);                                                                    \
        *bytes = sizeof t->p;                                                                                  \
        return 0;                                                                                              \
    }
    XC_NOC_PORT(in_valid_i)
    XC_NOC_PORT(in_ready_o)
    XC_NOC_PORT(in_data_i)
    XC_NOC_PORT(out_valid_o)
    XC_NOC_PORT(out_ready_i)
    XC_NOC_PORT(out_data_o)
#undef XC_NOC_PORT
    return -1;
}

int xchg_noc_dut_coverage(void *h, const char *path) { return xc_shim_coverage(static_cast<Dut *>(h), path); }

void xchg_noc_dut_close(void *h) { xc_shim_close(static_cast<Dut *>(h)); }

} // extern "C"
