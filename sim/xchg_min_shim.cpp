// SPDX-License-Identifier: MIT
// The thin C++ shim around the Verilated MIN: prefixed extern "C"
// functions over an owned handle, nothing else. Everything else is C.
#include <cstdint>
#include <cstring>
#include <memory>

#include "Vxchg_min_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace {

struct Dut {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vxchg_min_top> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t edges = 0;
    uint64_t trace_from = 0, trace_to = UINT64_MAX; // edges to dump
};

// Word i (32 bits) of a Verilated port of any width.
template <std::size_t W>
uint32_t word_of(const VlWide<W> &v, unsigned i) { return i < W ? v[i] : 0; }
template <typename T>
uint32_t word_of(const T &v, unsigned i) { return i < 2 ? (uint32_t)((uint64_t)v >> (32 * i)) : 0; }

void dump(Dut *d, uint64_t time)
{
    if (d->fst && d->edges >= d->trace_from && d->edges <= d->trace_to)
        d->fst->dump(time);
}

} // namespace

extern "C" {

// Creates the model with these plusargs, resets it with one edge, and opens
// an FST trace at trace_path (NULL: none) covering edges [from, to].
void *xchg_min_dut_open(int argc, const char **argv, const char *trace_path, uint64_t from,
                        uint64_t to)
{
    Dut *d = new Dut;
    d->ctx.reset(new VerilatedContext);
    d->ctx->commandArgs(argc, argv);
    d->top.reset(new Vxchg_min_top{d->ctx.get(), "xchg"});
    if (trace_path) {
        d->ctx->traceEverOn(true);
        d->fst.reset(new VerilatedFstC);
        d->top->trace(d->fst.get(), 99);
        d->fst->open(trace_path);
        d->trace_from = from;
        d->trace_to = to;
    }
    d->top->clk_i = 0;
    d->top->rst_ni = 0;
    d->top->bus_we_i = 0;
    d->top->bus_re_i = 0;
    d->top->eval();
    d->top->clk_i = 1; // the reset edge
    d->top->eval();
    d->top->clk_i = 0;
    d->top->eval();
    d->top->rst_ni = 1;
    d->top->eval();
    return d;
}

void xchg_min_dut_bus(void *h, int we, int re, unsigned addr, uint32_t wdata)
{
    Dut *d = static_cast<Dut *>(h);
    d->top->bus_we_i = we;
    d->top->bus_re_i = re;
    d->top->bus_addr_i = addr;
    d->top->bus_wdata_i = wdata;
}

// One clock cycle (ZipCPU's tick): settle the inputs, raise the clock,
// dump, lower the clock, dump. Inputs change away from the rising edge.
void xchg_min_dut_tick(void *h)
{
    Dut *d = static_cast<Dut *>(h);
    d->edges++;
    d->top->eval();
    dump(d, 10 * d->edges - 2);
    d->top->clk_i = 1;
    d->top->eval();
    d->ctx->timeInc(5);
    dump(d, 10 * d->edges);
    d->top->clk_i = 0;
    d->top->eval();
    dump(d, 10 * d->edges + 5);
}

// Copies the observation ports: flit_words and set_words must hold the
// port widths rounded up to 32 bits; regs gets rdata, status, cycles,
// injected, delivered, conflicts.
void xchg_min_dut_observe(void *h, uint32_t *flit_words, unsigned n_flit_words,
                          uint32_t *set_words, unsigned n_set_words, uint32_t regs[6])
{
    Dut *d = static_cast<Dut *>(h);
    for (unsigned i = 0; i < n_flit_words; i++)
        flit_words[i] = word_of(d->top->obs_flit_o, i);
    for (unsigned i = 0; i < n_set_words; i++)
        set_words[i] = word_of(d->top->obs_set_o, i);
    regs[0] = d->top->bus_rdata_o;
    regs[1] = d->top->obs_status_o;
    regs[2] = d->top->obs_cycles_o;
    regs[3] = d->top->obs_injected_o;
    regs[4] = d->top->obs_delivered_o;
    regs[5] = d->top->obs_conflicts_o;
}

void xchg_min_dut_close(void *h)
{
    Dut *d = static_cast<Dut *>(h);
    if (d->fst)
        d->fst->close();
    d->top->final();
    delete d;
}

} // extern "C"
