/* SPDX-License-Identifier: MIT */
#include "xc_dut_noc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xc_dut_model.h"
#include "xc_fs.h"
#include "xc_model_cache.h"
#include "xc_paths.h"

/* The network shim's own calls (sim/shim/xchg_noc_shim.cpp), beside the
 * open, bus, tick and close every model has. */
typedef struct noc_calls {
    void (*settle)(void *);
    void (*edge)(void *);
    int (*port)(void *, const char *, void **, unsigned *);
} noc_calls;

struct xc_dut_noc {
    xc_dut_model dm; /* first: the loaded model (xc_dut_model.h) */
    noc_calls calls;
    xc_noc_ports ports;
};

int xc_dut_noc_dir(const xc_user_rtl *u, unsigned n, unsigned w, char *out, size_t cap)
{
    return xc_path(out, cap, "%s/vl/noc_%s_n%u_w%u", xc_build_dir(), u->key, n, w);
}

/* The network contract for n nodes of w bits (docs/own-rtl.md). */
static xc_status check_contract(const xc_user_rtl *u, unsigned n, unsigned w, const char *dir, xc_err *err)
{
    const xc_user_port ports[] = {
        {"N", 'p', 0, "N"},
        {"W", 'p', 0, "W"},
        {"clk_i", 'i', 1, "1"},
        {"rst_ni", 'i', 1, "1"},
        {"in_valid_i", 'i', n, "N"},
        {"in_ready_o", 'o', n, "N"},
        {"in_data_i", 'i', n * w, "N*W"},
        {"out_valid_o", 'o', n, "N"},
        {"out_ready_i", 'i', n, "N"},
        {"out_data_o", 'o', n * w, "N*W"},
    };
    char gn[24], gw[24];
    snprintf(gn, sizeof gn, "-GN=%u", n);
    snprintf(gw, sizeof gw, "-GW=%u", w);
    const char *const gparams[] = {gn, gw, NULL};
    const xc_user_contract c = {"network", ports, sizeof ports / sizeof ports[0], gparams};
    return xc_user_rtl_check(u, &c, dir, err);
}

typedef struct noc_inputs {
    const xc_user_rtl *u;
    const char *name;
} noc_inputs;

/* Stages the user's file (rewritten only when it differs: the model is
 * not out of date for a copy of the same content). */
static xc_status stage(void *ctx, const char *obj, xc_err *err)
{
    const noc_inputs *in = ctx;
    return xc_user_rtl_stage(in->u, obj, in->name, err);
}

/* After a failed build: Verilator's first error (exit 2) if the log has
 * one, the whole configuration folder removed either way. */
static xc_status build_failed(const xc_user_rtl *u, const char *top, const char *vl_dir, xc_status st, xc_err *err)
{
    st = xc_user_rtl_build_failed(u, vl_dir, st, err);
    rmdir(top); /* the network's folder, when no other variant is in it */
    return st;
}

/* Points the ports at the model's storage. */
static xc_status find_ports(xc_dut_noc *d, xc_err *err)
{
    static const char *const names[] = {"in_valid_i", "in_ready_o", "in_data_i",
                                        "out_valid_o", "out_ready_i", "out_data_o"};
    xc_noc_port *p[] = {&d->ports.in_valid, &d->ports.in_ready, &d->ports.in_data,
                        &d->ports.out_valid, &d->ports.out_ready, &d->ports.out_data};
    for (unsigned i = 0; i < 6; i++)
        if (d->calls.port(d->dm.h, names[i], &p[i]->data, &p[i]->bytes) != 0)
            return xc_fail(err, XC_ETOOL, "the network model has no port %s", names[i]);
    return XC_OK;
}

xc_status xc_dut_noc_open(xc_dut_noc **out, const xc_user_rtl *u, unsigned n, unsigned w, const xc_dut_opts *opts,
                          double *built_s, xc_err *err)
{
    char dir[1100], vl_dir[1200], stamp[1300], src_arg[1400], top_arg[100], n_arg[32], w_arg[32], what[200];
    *out = NULL;
    *built_s = 0;
    const xc_model_trace tr = xc_model_trace_of(opts->trace_path);
    xc_model_variant v;
    xc_model_variant_of(opts->coverage_path != NULL, opts->threads, opts->vflags, &v);
    if (xc_dut_noc_dir(u, n, w, dir, sizeof dir) ||
        xc_path(vl_dir, sizeof vl_dir, "%s/%s%s%s", dir, tr.name, v.name[0] ? "_" : "", v.name) ||
        xc_path(stamp, sizeof stamp, "%s/stamp", vl_dir))
        return xc_fail(err, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
    xc_status st;
    if (access(stamp, R_OK) != 0 && xc_mkdir_p(dir) == 0 && (st = check_contract(u, n, w, dir, err))) {
        rmdir(dir);
        return st;
    }
    const char *name = XC_USER_STAGED; /* the name xc_user_rtl_first_error maps back to the user's file */
    /* (inside vl_dir, which the model cache refuses unless make reads it as
     * plain text, xc_path_unsafe; the module is an identifier) */
    if (xc_path(src_arg, sizeof src_arg, "NOC_SRC=%s/obj/%s", vl_dir, name))
        return xc_fail(err, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
    snprintf(top_arg, sizeof top_arg, "NOC_TOP=%s", u->module);
    snprintf(n_arg, sizeof n_arg, "NOC_N=%u", n);
    snprintf(w_arg, sizeof w_arg, "NOC_W=%u", w);
    snprintf(what, sizeof what, "%s (N=%u, W=%u)", u->module, n, w);
    const char *const make_args[] = {"noc", tr.make_arg, src_arg, top_arg, n_arg, w_arg, NULL};
    noc_inputs in = {u, name};
    const xc_model_req req = {.dir = vl_dir, .what = what, .lib = "libxchg_noc.so", .make_args = make_args,
                              .inputs = stage, .ctx = &in, .quiet = opts->quiet, .variant = &v};
    static const char *const names[] = {"xchg_noc_dut_settle", "xchg_noc_dut_edge", "xchg_noc_dut_port"};
    noc_calls calls;
    void *const dst[] = {&calls.settle, &calls.edge, &calls.port};
    void *block;
    if ((st = xc_dut_model_new(&block, sizeof(xc_dut_noc), &req, "xchg_noc_dut", names, dst, 3, opts, built_s,
                               err)))
        return build_failed(u, dir, vl_dir, st, err);
    xc_dut_noc *d = block;
    d->calls = calls;
    if ((st = find_ports(d, err))) {
        xc_dut_noc_close(d);
        return st;
    }
    *out = d;
    return XC_OK;
}

const xc_noc_ports *xc_dut_noc_ports(const xc_dut_noc *d) { return &d->ports; }

void xc_dut_noc_settle(xc_dut_noc *d) { d->calls.settle(d->dm.h); }

void xc_dut_noc_edge(xc_dut_noc *d) { d->calls.edge(d->dm.h); }

void xc_dut_noc_close(xc_dut_noc *d)
{
    if (d)
        xc_dut_model_free(&d->dm);
}
