// SPDX-License-Identifier: MIT
// The thin C++ shim around a Verilated product-network top (xchg_pn_top):
// prefixed extern "C" functions over an owned handle. Everything else is C
// (sim/xc_dut_pn.c).
#include <cstdint>
#include <memory>

#include "Vxchg_pn_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"

namespace {

struct Dut {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vxchg_pn_top> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t edges = 0;
    uint64_t trace_from = 0, trace_to = UINT64_MAX;
};

template <std::size_t W>
void copy_words(const VlWide<W> &v, uint32_t *out, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        out[i] = i < W ? v[i] : 0;
}
template <typename T>
void copy_words(const T &v, uint32_t *out, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        out[i] = i < 2 ? (uint32_t)((uint64_t)v >> (32 * i)) : 0;
}

void dump(Dut *d, uint64_t time)
{
    if (d->fst && d->edges >= d->trace_from && d->edges <= d->trace_to)
        d->fst->dump(time);
}

} // namespace

extern "C" {

// Creates the model with these plusargs, resets it with one edge, opens an
// FST trace at trace_path (NULL: none) covering edges [from, to].
void *xchg_pn_dut_open(int argc, const char **argv, const char *trace_path, uint64_t from, uint64_t to)
{
    Dut *d = new Dut;
    d->ctx.reset(new VerilatedContext);
    d->ctx->commandArgs(argc, argv);
    d->top.reset(new Vxchg_pn_top{d->ctx.get(), "xchg"});
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

void xchg_pn_dut_bus(void *h, int we, int re, unsigned addr, uint32_t wdata)
{
    Dut *d = static_cast<Dut *>(h);
    d->top->bus_we_i = we;
    d->top->bus_re_i = re;
    d->top->bus_addr_i = addr;
    d->top->bus_wdata_i = wdata;
}

// One clock cycle: settle the inputs, raise the clock, dump, lower it.
void xchg_pn_dut_tick(void *h)
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

// Copies the observation ports into word arrays of the given sizes;
// regs[0] is bus_rdata_o, regs[1..8] obs_regs_o.
void xchg_pn_dut_observe(void *h, uint32_t *link, uint32_t *dlv, unsigned flit_words, uint32_t *err,
                         unsigned err_words, uint32_t regs[9])
{
    Dut *d = static_cast<Dut *>(h);
    copy_words(d->top->obs_link_o, link, flit_words);
    copy_words(d->top->obs_dlv_o, dlv, flit_words);
    copy_words(d->top->obs_err_o, err, err_words);
    regs[0] = d->top->bus_rdata_o;
    copy_words(d->top->obs_regs_o, regs + 1, 8);
}

void xchg_pn_dut_close(void *h)
{
    Dut *d = static_cast<Dut *>(h);
    if (d->fst)
        d->fst->close();
    d->top->final();
    delete d;
}

} // extern "C"
