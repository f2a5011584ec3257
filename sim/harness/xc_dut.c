/* SPDX-License-Identifier: MIT */
#include "xc_dut.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xc_dut_model.h"
#include "xc_flit.h"
#include "xc_fs.h"
#include "xc_model_cache.h"
#include "xc_paths.h"
#include "xc_user_rtl.h"

#ifndef XC_SRC_DIR
#define XC_SRC_DIR "."
#endif

struct xc_dut {
    xc_dut_model dm; /* first: the loaded model (xc_dut_model.h) */
    const xc_min *m;
    const uint64_t *flits; /* the model's observation arrays, updated in place by each tick */
    const uint8_t *sets;
    const uint32_t *regs[6]; /* rdata, status, cycles, injected, delivered, conflicts: in place too */
    uint32_t (*fired)(void *); /* the fault slots that fired (xchg_min_dut_fired) */
};

/* What a MIN model's build is made from besides the tree. */
struct min_inputs {
    const xc_min *m;
    const xc_user_rtl *user; /* a user's switch, or NULL */
};

/* The model's generated inputs: the -G parameters of this MIN, and the
 * copy of a user's switch. */
static xc_status write_params(void *ctx, const char *obj, xc_err *err)
{
    const struct min_inputs *in = ctx;
    const xc_min *m = in->m;
    if (in->user) {
        xc_status st = xc_user_rtl_stage(in->user, obj, XC_USER_STAGED, err);
        if (st)
            return st;
    }
    char path[1300], params[512], wiring[128], route[16];
    xc_min_wiring_literal(m, wiring, sizeof wiring);
    xc_min_route_literal(m, route, sizeof route);
    int len = snprintf(params, sizeof params, "-GLogN=%u\n-GTopology=%d\n-GWiring=%s\n-GRouteBits=%s\n", m->log_n,
                       m->topo, wiring, route);
    if (xc_path(path, sizeof path, "%s/params.vc", obj) || xc_model_put(path, params, (size_t)len) != 0)
        return xc_fail(err, XC_EIO, "cannot write %s", path);
    return XC_OK;
}

/* The switch contract (docs/own-rtl.md): xchg_sw2x2's ports, without the
 * fault ports of its simulation shell. */
static const xc_user_port sw_contract[] = {
    {"LogN", 'p', 0, ""},          {"Stage", 'p', 0, ""},         {"RouteBit", 'p', 0, ""},
    {"clk_i", 'i', 1, "1"},        {"rst_ni", 'i', 1, "1"},       {"flush_i", 'i', 1, "1"},
    {"mode_i", 'i', 2, "2"},       {"cfg_bit_i", 'i', 1, "1"},
    {"in0_i", 'i', XC_FLIT_W, "XCHG_FLIT_W"},  {"in1_i", 'i', XC_FLIT_W, "XCHG_FLIT_W"},
    {"out0_o", 'o', XC_FLIT_W, "XCHG_FLIT_W"}, {"out1_o", 'o', XC_FLIT_W, "XCHG_FLIT_W"},
    {"set_o", 'o', 1, "1"},        {"conflict_o", 'o', 1, "1"},
};

/* A user's switch against the contract, elaborated for the last stage of
 * this MIN (the widest step-bit and route-bit reach). */
static xc_status check_user_switch(const xc_min *m, const xc_user_rtl *u, const char *dir, xc_err *err)
{
    char logn[32], stage[32];
    snprintf(logn, sizeof logn, "-GLogN=%u", m->log_n);
    snprintf(stage, sizeof stage, "-GStage=%u", m->log_n - 1);
    const char *const gparams[] = {logn, stage, "-GRouteBit=0", NULL};
    const xc_user_contract c = {.level = "switch", .ports = sw_contract,
                                .n_ports = sizeof sw_contract / sizeof sw_contract[0], .gparams = gparams};
    return xc_user_rtl_check(u, &c, dir, err);
}

xc_status xc_dut_open(xc_dut **out, const xc_min *m, const xc_dut_opts *opts, xc_err *err)
{
    char dir[1160], sw_rtl[sizeof dir + 32], sw_module[XC_USER_MODULE_CAP + 16];
    *out = NULL;
    /* trace code only in a model built for --trace (…_fst, …_vcd): it
     * builds slower and every cycle of a run without waves would pay for
     * its activity flags; each variant is a cache configuration of its
     * own, and each set of Verilator options (coverage, threads, flags) a
     * sub-folder of it; a user's switch makes a configuration of its own
     * by the content of its file (…_u<hash>) */
    const xc_user_rtl *u = opts->user;
    const int trace = opts->trace_path != NULL;
    const xc_model_trace tr = xc_model_trace_of(opts->trace_path);
    xc_model_variant v;
    xc_model_variant_of(opts->coverage_path != NULL, opts->threads, opts->vflags, &v);
    if (xc_path(dir, sizeof dir, "%s/vl/min_%s_%u%s%s%s%s%s%s%s", xc_build_dir(), xc_min_topo_name(m->topo),
                m->n_lines, u ? "_" : "", u ? u->key : "", opts->faults ? "_faults" : "", trace ? "_" : "",
                trace ? tr.name : "", v.name[0] ? "/" : "", v.name))
        return xc_fail(err, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
    xc_status st = u ? check_user_switch(m, u, dir, err) : XC_OK;
    if (st)
        return st;
    /* (inside dir, which the model cache refuses unless make reads it as
     * plain text, xc_path_unsafe; the module is an identifier) */
    if (xc_path(sw_rtl, sizeof sw_rtl, "SW2X2_RTL=%s/obj/%s", dir, XC_USER_STAGED))
        return xc_fail(err, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
    snprintf(sw_module, sizeof sw_module, "SW2X2_MODULE=%s", u ? u->module : "");
    char spec[64];
    xc_min_spec(m, spec, sizeof spec);
    const char *const make_args[] = {"min", tr.make_arg, opts->faults ? "FAULTS=1" : "FAULTS=0",
                                     u ? sw_rtl : NULL, sw_module, NULL};
    struct min_inputs in = {m, u};
    const xc_model_req req = {.dir = dir, .what = spec, .lib = "libxchg_min.so",
                              .make_args = make_args, .inputs = write_params,
                              .ctx = &in, .quiet = opts->quiet, .variant = &v};
    static const char *const names[] = {"xchg_min_dut_view", "xchg_min_dut_reg_view", "xchg_min_dut_fired"};
    void (*view_fn)(void *, const uint64_t **, unsigned *, const uint8_t **, unsigned *);
    void (*reg_view_fn)(void *, const uint32_t **);
    uint32_t (*fired_fn)(void *);
    void *const dst[] = {&view_fn, &reg_view_fn, &fired_fn};
    double built_s;
    void *block;
    st = xc_dut_model_new(&block, sizeof(xc_dut), &req, "xchg_min_dut", names, dst, 3, opts, &built_s, err);
    if (st)
        return u ? xc_user_rtl_build_failed(u, dir, st, err) : st;
    xc_dut *d = block;
    d->m = m;
    d->fired = fired_fn;
    reg_view_fn(d->dm.h, d->regs);
    unsigned n_flits = 0, n_sets = 0;
    view_fn(d->dm.h, &d->flits, &n_flits, &d->sets, &n_sets);
    if (n_flits != (m->log_n + 1) * m->n_lines || n_sets != m->log_n * m->n_lines / 2) {
        xc_dut_close(d);
        return xc_fail(err, XC_ETOOL, "%s/%s: the model observes %u flits and %u switches, expected %u and %u "
                       "(a stale build? remove %s)", dir, req.lib, n_flits, n_sets, (m->log_n + 1) * m->n_lines,
                       m->log_n * m->n_lines / 2, dir);
    }
    *out = d;
    return XC_OK;
}

void xc_dut_bus(xc_dut *d, const xc_hw_bus *bus)
{
    d->dm.bus(d->dm.h, bus->we, bus->re, bus->addr, bus->wdata);
}

void xc_dut_tick(xc_dut *d) { d->dm.tick(d->dm.h); }

void xc_dut_view(const xc_dut *d, const xc_flit **flits, const uint8_t **sets)
{
    *flits = d->flits;
    *sets = d->sets;
}

void xc_dut_observe_regs(xc_dut *d, xc_min_obs *obs)
{
    obs->rdata = *d->regs[0];
    obs->status = *d->regs[1];
    obs->cycles = *d->regs[2];
    obs->injected = *d->regs[3];
    obs->delivered = *d->regs[4];
    obs->conflicts = *d->regs[5];
}

unsigned xc_dut_fired(const xc_dut *d) { return d->fired(d->dm.h); }

int xc_dut_close(xc_dut *d) { return xc_dut_model_free(d ? &d->dm : NULL); }
