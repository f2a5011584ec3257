/* SPDX-License-Identifier: MIT */
/* What every Verilated model is to the harness, whatever its top: the
 * loaded library, the shim's handle and the calls every shim exports
 * (sim/shim/xchg_shim.h: <prefix>_open, _bus, _tick, _close and, in a
 * --coverage build, _coverage). The MIN's xc_dut and the routers'
 * xc_dut_pn embed it as their first member and add their own calls; the
 * options of a model, its build, load, start and close are here, once.
 * The dependencies go one way: xc_dut (MIN), xc_dut_pn, xc_dut_noc ->
 * xc_dut_model -> xc_model_cache. */
#ifndef XC_DUT_MODEL_H_
#define XC_DUT_MODEL_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_model_cache.h"
#include "xc_status.h"

struct xc_user_rtl;

/* plusargs of a model: 4 per fault slot, the back door's 2, --plusarg's 8 */
enum { XC_DUT_PLUSARGS = 32 };

typedef struct xc_dut_opts {
    const char *trace_path;     /* FST file, or NULL */
    uint64_t trace_from, trace_to; /* edges to dump (inclusive) */
    const char *plusargs[XC_DUT_PLUSARGS + 1]; /* "+xchg_f0_kind=2" ..., NULL-terminated */
    int quiet;                  /* no "building ..." note (xc_model_set_note) */
    /* Verilator options; each set of them is a model of its own in the
     * cache (xc_model_variant) */
    const char *coverage_path;  /* a coverage build; its data written here at close */
    unsigned threads;           /* the flat model's Verilator --threads (0 or 1: single-threaded), the
                                   tiled model's threads (0: its default, xc_dut_pn.c) */
    const char *vflags;         /* extra Verilator flags (xc_model_check_vflags), or NULL */
    const char *fcov_path;      /* not the model's: the harness writes its functional
                                   coverage (xc_fcov.h) here at close, or NULL */
    int faults;                 /* a model with fault injection (--inject, --rtl-fault,
                                   +xchg_f* plusargs): a cache configuration of its own;
                                   0: the switches' shells pass through */
    const struct xc_user_rtl *user; /* a user's element in place of ours (--rtl-switch:
                                   the MIN's 2x2 switch), or NULL; its file's content
                                   is part of the model's cache key */
    int rtl_model;              /* a product network's model: XC_RTL_MODEL_* (xc_dut_pn.h) */
    int *built;                 /* non-NULL: build only (xchg run --build-only): the model
                                   is built or found up to date, *built set to 1, and the
                                   open returns XC_ECHECK with nothing loaded, so the run
                                   stops before its first cycle */
} xc_dut_opts;

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

typedef struct xc_dut_model {
    void *lib, *h;
    void (*bus)(void *, int, int, unsigned, uint32_t);
    void (*tick)(void *);
    void (*close)(void *);
    int (*coverage)(void *, const char *); /* a --coverage model only */
    const char *coverage_path;
} xc_dut_model;

/* Builds the model of req if needed (xc_model_get; *built_s as there),
 * loads it, resolves the shim's calls named prefix_open, _bus, _tick,
 * _close, _coverage (optional) and, for i < n, the network's own call
 * names[i] into the function pointer at dst[i], and opens the model with
 * opts' plusargs and trace (xc_dut_start). *out: a zeroed block of size
 * bytes whose first member is the xc_dut_model, for xc_dut_model_free.
 * XC_EIO, XC_ETOOL or XC_ENOMEM with err filled, and nothing left loaded. */
xc_status xc_dut_model_new(void **out, size_t size, const xc_model_req *req, const char *prefix,
                           const char *const *names, void *const *dst, unsigned n, const xc_dut_opts *opts,
                           double *built_s, xc_err *err);

/* Writes the coverage data of a --coverage model, closes the model (its
 * trace too) and unloads it; frees the block. 0, or -1 when the coverage
 * data could not be written. NULL is fine. */
int xc_dut_model_free(xc_dut_model *dm);

#ifdef __cplusplus
}
#endif

#endif /* XC_DUT_MODEL_H_ */
