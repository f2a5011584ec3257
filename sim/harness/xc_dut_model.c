/* SPDX-License-Identifier: MIT */
#include "xc_dut_model.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "xc_fs.h"
#include "xc_partial.h"

xc_status xc_dut_dlopen(const char *so, const char *const *names, void **fns, unsigned n, void **lib,
                        xc_err *err)
{
    *lib = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!*lib)
        return xc_fail(err, XC_ETOOL, "cannot load %s: %s", so, dlerror());
    for (unsigned i = 0; i < n; i++) {
        fns[i] = dlsym(*lib, names[i]);
        if (!fns[i]) {
            dlclose(*lib);
            *lib = NULL;
            return xc_fail(err, XC_ETOOL, "%s: symbol %s missing", so, names[i]);
        }
    }
    return XC_OK;
}

void *xc_dut_start(void *fn, const xc_dut_opts *opts)
{
    xc_dut_open_fn open_fn;
    *(void **)&open_fn = fn;
    const char *argv[XC_DUT_PLUSARGS + 2] = {"xchg"};
    int argc = 1;
    for (int i = 0; i < XC_DUT_PLUSARGS && opts->plusargs[i]; i++)
        argv[argc++] = opts->plusargs[i];
    return open_fn(argc, argv, opts->trace_path, opts->trace_from, opts->trace_to);
}

xc_status xc_dut_model_new(void **out, size_t size, const xc_model_req *req, const char *prefix,
                           const char *const *names, void *const *dst, unsigned n, const xc_dut_opts *opts,
                           double *built_s, xc_err *err)
{
    enum { COMMON = 4, MAX_OWN = 8 };
    static const char *const suffix[COMMON] = {"open", "bus", "tick", "close"};
    char common[COMMON][64], so[1250];
    const char *all[COMMON + MAX_OWN];
    void *fns[COMMON + MAX_OWN];
    *out = NULL;
    if (n > MAX_OWN)
        return xc_fail(err, XC_EINVAL, "%s: %u calls of its own, at most %d", prefix, n, MAX_OWN);
    for (unsigned i = 0; i < COMMON; i++) {
        snprintf(common[i], sizeof common[i], "%s_%s", prefix, suffix[i]);
        all[i] = common[i];
    }
    for (unsigned i = 0; i < n; i++)
        all[COMMON + i] = names[i];
    if (opts->coverage_path && xc_mkdir_for(opts->coverage_path) != 0)
        return xc_fail(err, XC_EIO, "cannot create the folder of %s", opts->coverage_path);
    xc_status st = xc_model_get(req, so, sizeof so, built_s, err);
    if (st)
        return st;
    if (opts->built) { /* a build stage (a Slurm sweep's first job) needs the model, not the run */
        *opts->built = 1;
        return xc_fail(err, XC_ECHECK, "--build-only: the model %s is ready; not run", so);
    }
    xc_dut_model *dm = calloc(1, size);
    if (!dm)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    if ((st = xc_dut_dlopen(so, all, fns, COMMON + n, &dm->lib, err))) {
        free(dm);
        return st;
    }
    *(void **)&dm->bus = fns[1];
    *(void **)&dm->tick = fns[2];
    *(void **)&dm->close = fns[3];
    for (unsigned i = 0; i < n; i++)
        *(void **)dst[i] = fns[COMMON + i];
    char cov[80];
    snprintf(cov, sizeof cov, "%s_coverage", prefix);
    *(void **)&dm->coverage = dlsym(dm->lib, cov);
    dm->coverage_path = opts->coverage_path;
    dm->h = xc_dut_start(fns[0], opts);
    *out = dm;
    return XC_OK;
}

int xc_dut_model_free(xc_dut_model *dm)
{
    if (!dm)
        return 0;
    char tmp[4200]; /* the shim's temporary name (sim/shim/xchg_shim.h): a stop signal removes it */
    const int listed = dm->h && dm->coverage_path && !xc_fs_tmp_name(tmp, sizeof tmp, dm->coverage_path);
    if (listed)
        xc_partial_add(tmp, 0);
    const int bad = dm->h && dm->coverage_path && (!dm->coverage || dm->coverage(dm->h, dm->coverage_path) != 0);
    if (listed)
        xc_partial_done(tmp);
    if (dm->h && dm->close)
        dm->close(dm->h);
    if (dm->lib)
        dlclose(dm->lib);
    free(dm);
    return bad ? -1 : 0;
}
