/* SPDX-License-Identifier: MIT */
/* The Verilated MIN as seen from C: built per configuration on first use
 * (cached in build/vl/min_<topology>_<N>/), loaded with dlopen, driven
 * through the shim's extern "C" functions. */
#ifndef XC_DUT_H_
#define XC_DUT_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxc */
#endif

#include <stdint.h>

#include "xc_minhw.h"
#include "xc_paths.h" /* xc_build_dir */

typedef struct xc_dut xc_dut;

/* plusargs of a model: 4 per fault slot, the back door's 2, --plusarg's 8 */
enum { XC_DUT_PLUSARGS = 32 };

typedef struct xc_dut_opts {
    const char *trace_path;     /* FST file, or NULL */
    uint64_t trace_from, trace_to; /* edges to dump (inclusive) */
    const char *plusargs[XC_DUT_PLUSARGS + 1]; /* "+xchg_f0_kind=2" ..., NULL-terminated */
    int quiet;                  /* no "building ..." note on stderr */
    /* Verilator options; each set of them is a model of its own in the
     * cache (xc_model_variant) */
    const char *coverage_path;  /* a coverage build; its data written here at close */
    unsigned threads;           /* Verilator --threads (0 or 1: single-threaded) */
    const char *vflags;         /* extra Verilator flags (xc_model_check_vflags), or NULL */
    const char *fcov_path;      /* not the model's: the harness writes its functional
                                   coverage (xc_fcov.h) here at close, or NULL */
    int faults;                 /* a model with fault injection (--inject, --rtl-fault,
                                   +xchg_f* plusargs): a cache configuration of its own;
                                   0: the switches' shells pass through */
    const struct xc_user_rtl *user; /* a user's element in place of ours (--rtl-switch:
                                   the MIN's 2x2 switch), or NULL; its file's content
                                   is part of the model's cache key */
} xc_dut_opts;

/* Builds (if needed) and opens the model of m, reset and ready. XC_ETOOL
 * when the Verilator build or dlopen fails (err names the log), XC_ENOMEM. */
xc_status xc_dut_open(xc_dut **out, const xc_min *m, const xc_dut_opts *opts, xc_err *err);

/* Loads the shared library so and resolves names[i] into fns[i] for
 * i < n. XC_ETOOL naming the library or the missing symbol (nothing stays
 * loaded then). */
xc_status xc_dut_dlopen(const char *so, const char *const *names, void **fns, unsigned n, void **lib,
                        xc_err *err);

/* A shim's open function (sim/shim/xchg_shim.h): argv with the plusargs,
 * the trace file (or NULL) and the cycles it covers. */
typedef void *(*xc_dut_open_fn)(int argc, const char **argv, const char *trace, uint64_t from, uint64_t to);

/* Opens the model through the shim's open function fn (a dlsym result)
 * with opts' plusargs and trace window; returns its handle. */
void *xc_dut_start(void *fn, const xc_dut_opts *opts);

void xc_dut_bus(xc_dut *d, const xc_min_bus *bus);
void xc_dut_tick(xc_dut *d);
/* The model's flits ((n+1) * N, level-major) and switch settings (n * N/2)
 * in the layout of xc_min_obs, read in place: valid while the model is
 * open, current after every tick. No copy, whatever N. */
void xc_dut_view(const xc_dut *d, const xc_flit **flits, const uint8_t **sets);
/* Fills the registers of obs (rdata, status, counters) from the model. */
void xc_dut_observe_regs(xc_dut *d, xc_min_obs *obs);
/* The fault slots (--inject, --rtl-fault) whose fault changed a switch's
 * output or setting so far: bit s for slot s; 0 in a model without
 * faults. */
unsigned xc_dut_fired(const xc_dut *d);
/* Closes the trace and frees the model (xc_dut_model_free): 0, or -1
 * when its coverage data could not be written. NULL is fine. */

int xc_dut_close(xc_dut *d);

#ifdef __cplusplus
}
#endif

#endif /* XC_DUT_H_ */
