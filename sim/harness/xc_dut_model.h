/* SPDX-License-Identifier: MIT */
/* What every Verilated model is to the harness, whatever its top: the
 * loaded library, the shim's handle and the calls every shim exports
 * (sim/shim/xchg_shim.h: <prefix>_open, _bus, _tick, _close and, in a
 * --coverage build, _coverage). The MIN's xc_dut and the routers'
 * xc_dut_pn embed it as their first member and add their own calls; the
 * build, load, start and close are here, once. */
#ifndef XC_DUT_MODEL_H_
#define XC_DUT_MODEL_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxc */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_dut.h"
#include "xc_model_cache.h"

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
