// SPDX-License-Identifier: MIT
// The thin C++ shim around the Verilated MIN: prefixed extern "C"
// functions over an owned handle (sim/shim/xchg_shim.h), nothing else.
// Everything else is C.
#include "Vxchg_min_top.h"
#include "xchg_shim.h"

using Dut = XcDut<Vxchg_min_top>;

extern "C" {

// Creates the model with these plusargs, resets it with one edge, and opens
// an FST trace at trace_path (NULL: none) covering edges [from, to].
void *xchg_min_dut_open(int argc, const char **argv, const char *trace_path, uint64_t from,
                        uint64_t to)
{
    return xc_shim_open<Vxchg_min_top>(argc, argv, trace_path, from, to);
}

void xchg_min_dut_bus(void *h, int we, int re, unsigned addr, uint32_t wdata)
{
    xc_shim_bus(static_cast<Dut *>(h), we, re, addr, wdata);
}

void xchg_min_dut_tick(void *h) { xc_shim_tick(static_cast<Dut *>(h)); }

// Copies the observation ports: flit_words and set_words must hold the
// port widths rounded up to 32 bits; regs gets rdata, status, cycles,
// injected, delivered, conflicts.
void xchg_min_dut_observe(void *h, uint32_t *flit_words, unsigned n_flit_words,
                          uint32_t *set_words, unsigned n_set_words, uint32_t regs[6])
{
    Dut *d = static_cast<Dut *>(h);
    for (unsigned i = 0; i < n_flit_words; i++)
        flit_words[i] = xc_word_of(d->top->obs_flit_o, i);
    for (unsigned i = 0; i < n_set_words; i++)
        set_words[i] = xc_word_of(d->top->obs_set_o, i);
    regs[0] = d->top->bus_rdata_o;
    regs[1] = d->top->obs_status_o;
    regs[2] = d->top->obs_cycles_o;
    regs[3] = d->top->obs_injected_o;
    regs[4] = d->top->obs_delivered_o;
    regs[5] = d->top->obs_conflicts_o;
}

void xchg_min_dut_close(void *h) { xc_shim_close(static_cast<Dut *>(h)); }

} // extern "C"
