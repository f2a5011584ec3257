// SPDX-License-Identifier: MIT
// What the Verilator shims (xchg_min_shim.cpp, xchg_pn_shim.cpp) share: an
// owned model with its context and FST trace, reset, bus inputs, the clock
// tick, and copying ports of any width into 32-bit words. Each shim only
// adds its prefixed extern "C" functions for its top.
#ifndef XCHG_SHIM_H_
#define XCHG_SHIM_H_

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "verilated.h"
// VM_TRACE (from Verilator's makefile): 0 for a model built without trace
// code (the routers' lean variant, sim/Makefile TRACE=0)
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
// VM_COVERAGE: 1 for a model built with --coverage (sim/Makefile COVERAGE=1)
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

template <class Top>
struct XcDut {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Top> top;
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> fst;
#endif
    uint64_t edges = 0;
    uint64_t trace_from = 0, trace_to = UINT64_MAX; // edges to dump
};

// Word i (32 bits) of a Verilated port of any width.
template <std::size_t W>
uint32_t xc_word_of(const VlWide<W> &v, unsigned i) { return i < W ? v[i] : 0; }
template <typename T>
uint32_t xc_word_of(const T &v, unsigned i) { return i < 2 ? (uint32_t)((uint64_t)v >> (32 * i)) : 0; }

// Creates the model with these plusargs, resets it with one edge, and opens
// an FST trace at trace_path (NULL: none) covering edges [from, to].
template <class Top>
XcDut<Top> *xc_shim_open(int argc, const char **argv, const char *trace_path, uint64_t from, uint64_t to)
{
    XcDut<Top> *d = new XcDut<Top>;
    d->ctx.reset(new VerilatedContext);
#ifdef XC_THREADS
    d->ctx->threads(XC_THREADS); // what the model was built for (sim/Makefile THREADS=N)
#endif
    d->ctx->commandArgs(argc, argv);
    d->top.reset(new Top{d->ctx.get(), "xchg"});
#if VM_TRACE
    if (trace_path) {
        d->ctx->traceEverOn(true);
        d->fst.reset(new VerilatedFstC);
        d->top->trace(d->fst.get(), 99);
        d->fst->open(trace_path);
        d->trace_from = from;
        d->trace_to = to;
    }
#else
    (void)trace_path, (void)from, (void)to; // a lean model: the harness asks for waves only from a traced one
#endif
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

template <class Top>
void xc_shim_bus(XcDut<Top> *d, int we, int re, unsigned addr, uint32_t wdata)
{
    d->top->bus_we_i = we;
    d->top->bus_re_i = re;
    d->top->bus_addr_i = addr;
    d->top->bus_wdata_i = wdata;
}

template <class Top>
void xc_shim_dump(XcDut<Top> *d, uint64_t time)
{
#if VM_TRACE
    if (d->fst && d->edges >= d->trace_from && d->edges <= d->trace_to)
        d->fst->dump(time);
#else
    (void)d, (void)time;
#endif
}

// One clock cycle (ZipCPU's tick): settle the inputs, raise the clock,
// dump, lower the clock, dump. Inputs change away from the rising edge.
// Times in ps, one cycle = 1 ns (as the golden model's waves,
// sim/wave/xc_golden_wave.h): the edge of cycle e at e ns, the inputs
// 200 ps before it, the clock low 500 ps after it.
template <class Top>
void xc_shim_tick(XcDut<Top> *d)
{
    d->edges++;
    d->top->eval();
    xc_shim_dump(d, 1000 * d->edges - 200);
    d->top->clk_i = 1;
    d->top->eval();
    d->ctx->timeInc(1000);
    xc_shim_dump(d, 1000 * d->edges);
    d->top->clk_i = 0;
    d->top->eval();
    xc_shim_dump(d, 1000 * d->edges + 500);
}

// Writes the coverage counts so far to path, through a temporary name
// beside it and a rename (a killed run leaves no half-written file).
// 0; -1 when the write fails or the model has no coverage code.
template <class Top>
int xc_shim_coverage(XcDut<Top> *d, const char *path)
{
#if VM_COVERAGE
    const std::string tmp = std::string(path) + ".tmp";
    d->ctx->coveragep()->write(tmp.c_str());
    std::FILE *f = std::fopen(tmp.c_str(), "rb");
    if (!f)
        return -1;
    std::fclose(f);
    if (std::rename(tmp.c_str(), path) != 0) {
        std::remove(tmp.c_str());
        return -1;
    }
    return 0;
#else
    (void)d, (void)path;
    return -1;
#endif
}

template <class Top>
void xc_shim_close(XcDut<Top> *d)
{
#if VM_TRACE
    if (d->fst)
        d->fst->close();
#endif
    d->top->final();
    delete d;
}

#endif // XCHG_SHIM_H_
