/* SPDX-License-Identifier: MIT */
#include "xc_dut_pn.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xc_dut_model.h"
#include "xc_dut_tile.h"
#include "xc_fs.h"
#include "xc_grow.h"
#include "xc_model_cache.h"
#include "xc_paths.h"
#include "xc_pn_rtl.h"
#include "xc_user_rtl.h"

struct xc_dut_pn {
    xc_dut_model dm; /* first: the loaded model (xc_dut_model.h) */
    const xc_pn_hw *hw;
    /* observe: the controller's registers copied, each router's flit
     * ports and first error read in place */
    void (*observe_ctl)(void *, uint32_t *);
    const uint32_t **link_node, **dlv_node;
    const uint8_t **dlv_on_node, **send_node;
    unsigned send_bytes, dlv_lanes;
    const uint16_t **err_node;
    /* the back door's lookup (xchg_pn_dut_mem), found when the model opens */
    int (*find_mem)(void *, const char *, const char *, void **, unsigned *, unsigned *, unsigned *);
    xc_dut_tile *tile; /* the tiled model, or NULL: the flat one in dm */
};

typedef int (*node_ports_fn)(void *, const char *, const uint32_t **, const uint32_t **, const uint8_t **,
                             const uint16_t **, const uint8_t **, unsigned *, unsigned *);

/* Points link_node[v], dlv_node[v], dlv_on_node[v], err_node[v] and
 * send_node[v] at router v's observation registers in the model
 * (xchg_pn_dut_node_ports). */
static xc_status find_node_ports(xc_dut_pn *d, node_ports_fn node_ports, xc_err *err)
{
    const uint32_t n = d->hw->nodes;
    d->link_node = calloc(n, sizeof *d->link_node);
    d->dlv_node = calloc(n, sizeof *d->dlv_node);
    d->dlv_on_node = calloc(n, sizeof *d->dlv_on_node);
    d->err_node = calloc(n, sizeof *d->err_node);
    d->send_node = calloc(n, sizeof *d->send_node);
    if (!d->link_node || !d->dlv_node || !d->dlv_on_node || !d->err_node || !d->send_node)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    char scope[64];
    for (uint32_t v = 0; v < n; v++) {
        if (d->tile) {
            if (xc_dut_tile_node_ports(d->tile, v, &d->link_node[v], &d->dlv_node[v], &d->dlv_on_node[v],
                                       &d->err_node[v], &d->send_node[v], &d->send_bytes, &d->dlv_lanes) != 0) {
                xc_dut_tile_scope(d->tile, v, scope, sizeof scope);
                return xc_fail(err, XC_ETOOL, "the router model has no observation registers in %s", scope);
            }
            continue;
        }
        xc_pn_router_scope(d->hw, v, scope, sizeof scope);
        if (node_ports(d->dm.h, scope, &d->link_node[v], &d->dlv_node[v], &d->dlv_on_node[v], &d->err_node[v],
                       &d->send_node[v], &d->send_bytes, &d->dlv_lanes) != 0)
            return xc_fail(err, XC_ETOOL, "the router model has no observation registers in %s", scope);
    }
    return XC_OK;
}

int xc_dut_pn_dir(const xc_pn_hw *hw, char *out, size_t cap)
{
    char key[XC_TOPO_MAX_SPEC];
    size_t k = 0;
    for (const char *s = hw->net.spec; *s && k + 1 < sizeof key; s++)
        key[k++] = *s == ':' ? '-' : *s == '*' ? '_' : *s;
    key[k] = '\0';
    char circ[24] = ""; /* circuit mode and its list depth, if built in */
    if (hw->circuit)
        snprintf(circ, sizeof circ, "_c%u", hw->list_depth);
    return xc_path(out, cap, "%s/vl/pn_%s_s%u_d%u%s_%s%s_%s", xc_build_dir(), key, hw->slots, hw->depth, circ,
             hw->multiport ? "m" : "s", hw->half_duplex ? "h" : "f", hw->rom ? "rom" : hw->per_node ? "pn" : "bc");
}

typedef struct pn_inputs {
    const xc_pn_hw *hw;
    const char *dir;
    const xc_user_rtl *user; /* a user's store-and-forward step, or NULL */
} pn_inputs;

/* The model's generated input: the top wiring of this network's routers. A
 * ROM top's image comes from the run (+xchg_rom, xc_dut_pn.h). */
static xc_status write_top(void *ctx, const char *obj, xc_err *err)
{
    const pn_inputs *in = ctx;
    char path[1300];
    char *text = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&text, &len);
    if (!mf)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    xc_pn_rtl_write(mf, in->hw, NULL);
    fclose(mf);
    int rc = text && !xc_path(path, sizeof path, "%s/xchg_pn_top.v", obj) ? xc_model_put(path, text, len) : -1;
    free(text);
    if (rc != 0)
        return xc_fail(err, XC_EIO, "cannot write %s", path);
    return in->user ? xc_user_rtl_stage(in->user, obj, XC_USER_STAGED, err) : XC_OK;
}

/* The router contract (docs/own-rtl.md): xchg_pn_saf's ports, their widths
 * for this network's routers. */
static xc_status check_user_saf(const xc_pn_hw *hw, const xc_user_rtl *u, const char *dir, xc_err *err)
{
    const unsigned n = hw->ports, sw = hw->slot_w, multi = hw->multiport != 0, sp = multi ? n : 1;
    const unsigned lanes = xc_pn_out_lanes(hw), dec = 5 * n + 2 + (multi ? 2 * n * sw : 2 * sw + 1);
    const unsigned lw = XC_PN_LANE_W, mw = XC_MSG_W;
    const xc_user_port ports[] = {
        {"NPorts", 'p', 0, ""}, {"SlotW", 'p', 0, ""}, {"Multiport", 'p', 0, ""}, {"SPorts", 'p', 0, ""},
        {"OutLanes", 'p', 0, ""},
        {"step_i", 'i', XC_PN_STEP_W, "XCHG_PN_STEP_W"}, {"dec_i", 'i', dec, "the decoded step word"},
        {"link_mask_i", 'i', n, "NPorts"}, {"link_i", 'i', lanes * lw, "OutLanes*64"}, {"arr_i", 'i', n, "NPorts"},
        {"cexp_i", 'i', n, "NPorts"}, {"rd_slot_o", 'o', sp * sw, "SPorts*SlotW"},
        {"rd_msg_i", 'i', sp * mw, "SPorts*XCHG_MSG_W"}, {"rd_full_i", 'i', sp, "SPorts"},
        {"rd_take_o", 'o', sp, "SPorts"}, {"st_slot_o", 'o', sp * sw, "SPorts*SlotW"},
        {"st_full_i", 'i', sp, "SPorts"}, {"st_we_o", 'o', sp, "SPorts"},
        {"st_msg_o", 'o', sp * mw, "SPorts*XCHG_MSG_W"}, {"link_o", 'o', lanes * lw, "OutLanes*64"},
        {"send_o", 'o', n, "NPorts"}, {"recv_o", 'o', n, "NPorts"}, {"dlv_o", 'o', n * lw, "NPorts*64"},
        {"dlv_now_o", 'o', n, "NPorts"}, {"send_code_o", 'o', 4, "4"}, {"send_port_o", 'o', 8, "8"},
        {"arr_code_o", 'o', 4, "4"}, {"arr_port_o", 'o', 8, "8"},
    };
    char g[5][32];
    snprintf(g[0], sizeof g[0], "-GNPorts=%u", n);
    snprintf(g[1], sizeof g[1], "-GSlotW=%u", sw);
    snprintf(g[2], sizeof g[2], "-GMultiport=%u", multi);
    snprintf(g[3], sizeof g[3], "-GSPorts=%u", sp);
    snprintf(g[4], sizeof g[4], "-GOutLanes=%u", lanes);
    const char *const gparams[] = {g[0], g[1], g[2], g[3], g[4], NULL};
    const xc_user_contract c = {.level = "router", .ports = ports, .n_ports = sizeof ports / sizeof ports[0],
                                .gparams = gparams};
    return xc_user_rtl_check(u, &c, dir, err);
}

/* A model with the routers' fault slots: a run that injects (--inject
 * hands the slots to the model as +xchg_f<s>_* plusargs, and so may a
 * user, xc_run_vl_opts) or asks for them. Without them the shells pass
 * the links through (FAULTS=0, sim/Makefile), a cheaper build. */
static int wants_faults(const xc_dut_opts *opts)
{
    for (int i = 0; i < XC_DUT_PLUSARGS && opts->plusargs[i]; i++)
        if (!strncmp(opts->plusargs[i], "+xchg_f", 7))
            return 1;
    return opts->faults;
}

const char *xc_dut_pn_flat_only(const xc_dut_opts *opts)
{
    if (opts->trace_path)
        return "waves (--trace)";
    if (opts->coverage_path)
        return "--coverage";
    if (opts->vflags && *opts->vflags)
        return "--verilator-flags";
    return opts->user ? "--rtl-router" : NULL;
}

int xc_dut_pn_tiled(const xc_pn_hw *hw, const xc_dut_opts *opts)
{
    if (opts->rtl_model != XC_RTL_MODEL_AUTO)
        return opts->rtl_model == XC_RTL_MODEL_TILED;
    return hw->nodes > XC_RTL_TILED_ABOVE && !xc_dut_pn_flat_only(opts);
}

int xc_dut_pn_is_tiled(const xc_dut_pn *d) { return d->tile != NULL; }

/* The threads of a tiled model: --threads N, or two where they pay (above
 * the flat model's sizes, with a second core: docs/scale.md). */
static unsigned tiled_threads(const xc_pn_hw *hw, const xc_dut_opts *opts)
{
    if (opts->threads)
        return opts->threads;
    return hw->nodes > XC_RTL_TILED_ABOVE && sysconf(_SC_NPROCESSORS_ONLN) >= 2 ? 2 : 1;
}

/* The tiled model (xc_dut_tile.h) behind this API. */
static xc_status open_tiled(xc_dut_pn **out, const xc_pn_hw *hw, const char *dir, const xc_dut_opts *opts,
                            double *built_s, xc_err *err)
{
    const char *why = xc_dut_pn_flat_only(opts);
    if (why)
        return xc_fail(err, XC_EINVAL, "--rtl-model tiled: %s needs the flat model (--rtl-model flat)", why);
    xc_dut_pn *d = calloc(1, sizeof *d);
    if (!d)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    d->hw = hw;
    xc_dut_opts o = *opts;
    o.threads = tiled_threads(hw, opts);
    xc_status st = xc_dut_tile_open(&d->tile, hw, dir, &o, built_s, err);
    if (!st)
        st = find_node_ports(d, NULL, err);
    if (st) {
        xc_dut_pn_close(d);
        return st;
    }
    *out = d;
    return XC_OK;
}

xc_status xc_dut_pn_open(xc_dut_pn **out, const xc_pn_hw *hw, const xc_dut_opts *opts, double *built_s,
                         xc_err *err)
{
    char dir[1100], vl_dir[1170];
    *out = NULL;
    *built_s = 0;
    if (xc_dut_pn_tiled(hw, opts))
        return xc_dut_pn_dir(hw, dir, sizeof dir)
                   ? xc_fail(err, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir())
                   : open_tiled(out, hw, dir, opts, built_s, err);
    /* a model with trace code only when waves are asked for: it builds
     * slower and every cycle pays for the activity flags; each variant is
     * a cache configuration of its own (lock, stamp, obj/) */
    const xc_model_trace tr = xc_model_trace_of(opts->trace_path); /* lean, fst or vcd */
    xc_model_variant v; /* coverage, threads, flags: a configuration of their own too */
    xc_model_variant_of(opts->coverage_path != NULL, opts->threads, opts->vflags, &v);
    /* a user's step (--rtl-router) makes a configuration of its own, by
     * the content of its file */
    const xc_user_rtl *u = opts->user;
    const int faults = wants_faults(opts); /* a configuration of its own: <trace>_faults */
    if (xc_dut_pn_dir(hw, dir, sizeof dir) ||
        xc_path(vl_dir, sizeof vl_dir, "%s/%s%s%s%s%s%s", dir, tr.name, faults ? "_faults" : "", v.name[0] ? "_" : "",
                v.name, u ? "_" : "", u ? u->key : ""))
        return xc_fail(err, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
    xc_status st = u ? check_user_saf(hw, u, vl_dir, err) : XC_OK;
    if (st)
        return st;
    /* (inside vl_dir, which the model cache refuses unless make reads it as
     * plain text, xc_path_unsafe; the module is an identifier) */
    char saf_rtl[sizeof vl_dir + 32], saf_module[XC_USER_MODULE_CAP + 16];
    if (xc_path(saf_rtl, sizeof saf_rtl, "SAF_RTL=%s/obj/%s", vl_dir, XC_USER_STAGED))
        return xc_fail(err, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
    snprintf(saf_module, sizeof saf_module, "SAF_MODULE=%s", u ? u->module : "");
    const char *const make_args[] = {"pn", tr.make_arg, faults ? "FAULTS=1" : "FAULTS=0", u ? saf_rtl : NULL,
                                     saf_module, NULL};
    pn_inputs in = {hw, dir, u};
    const xc_model_req req = {.dir = vl_dir, .what = hw->net.spec, .lib = "libxchg_pn.so",
                              .make_args = make_args, .inputs = write_top, .ctx = &in,
                              .quiet = opts->quiet, .variant = &v};
    static const char *const names[] = {"xchg_pn_dut_observe_ctl", "xchg_pn_dut_node_ports"};
    node_ports_fn node_ports;
    void (*observe_fn)(void *, uint32_t *);
    void *const dst[] = {&observe_fn, &node_ports};
    void *block;
    st = xc_dut_model_new(&block, sizeof(xc_dut_pn), &req, "xchg_pn_dut", names, dst, 2, opts, built_s, err);
    if (st)
        return u ? xc_user_rtl_build_failed(u, vl_dir, st, err) : st;
    xc_dut_pn *d = block;
    d->hw = hw;
    d->observe_ctl = observe_fn;
    /* the back door's lookup, found once (absent: no back door in this model) */
    *(void **)&d->find_mem = dlsym(d->dm.lib, "xchg_pn_dut_mem");
    if ((st = find_node_ports(d, node_ports, err))) {
        xc_dut_pn_close(d);
        return st;
    }
    *out = d;
    return XC_OK;
}

void xc_dut_pn_bus(xc_dut_pn *d, const xc_hw_bus *bus)
{
    if (d->tile)
        xc_dut_tile_bus(d->tile, bus->we, bus->re, bus->addr, bus->wdata);
    else
        d->dm.bus(d->dm.h, bus->we, bus->re, bus->addr, bus->wdata);
}

void xc_dut_pn_tick(xc_dut_pn *d)
{
    if (d->tile)
        xc_dut_tile_tick(d->tile);
    else
        d->dm.tick(d->dm.h);
}

/* The flits and error reports stay where the routers keep them
 * (obs->link_node, obs->err_node): the lock-step compares them in
 * place and unpacks only when it needs the entries (RTL-only runs, a
 * mismatch report). */
void xc_dut_pn_observe(xc_dut_pn *d, xc_pn_obs *obs)
{
    uint32_t r[1 + XC_PN_OBS_REGS]; /* bus_rdata_o, then the words of obs_regs_o */
    if (d->tile)
        xc_dut_tile_observe_ctl(d->tile, r);
    else
        d->observe_ctl(d->dm.h, r);
    const uint32_t *regs = r + 1;
    obs->link_node = d->link_node;
    obs->dlv_node = d->dlv_node;
    obs->dlv_on_node = d->dlv_on_node;
    obs->err_node = d->err_node;
    /* one output lane: link_node is it, send_node the ports it left on */
    obs->send_node = xc_pn_out_lanes(d->hw) == 1 ? d->send_node : NULL;
    obs->send_bytes = d->send_bytes;
    obs->dlv_one = d->dlv_lanes == 1 && d->hw->ports > 1;
    obs->unpacked = 0;
    obs->rdata = r[0];
    obs->status = regs[XC_PN_OBS_STATUS];
    obs->step = regs[XC_PN_OBS_STEP];
    obs->cycles = regs[XC_PN_OBS_CYCLES];
    obs->delivered = regs[XC_PN_OBS_DELIVERED];
    obs->errors = regs[XC_PN_OBS_ERRORS];
    obs->err_info = regs[XC_PN_OBS_ERR_INFO];
    obs->err_step = regs[XC_PN_OBS_ERR_STEP];
}

int xc_dut_pn_close(xc_dut_pn *d)
{
    if (!d)
        return 0;
    XC_FREE_ALL(d->link_node, d->dlv_node, d->dlv_on_node, d->err_node, d->send_node);
    xc_dut_tile_close(d->tile);
    return xc_dut_model_free(&d->dm);
}

/* Router v's scope, for messages and the flat model's lookups. */
static void router_scope(const xc_dut_pn *d, uint32_t v, char *buf, size_t cap)
{
    if (d->tile)
        xc_dut_tile_scope(d->tile, v, buf, cap);
    else
        xc_pn_router_scope(d->hw, v, buf, cap);
}

xc_status xc_dut_pn_fired(xc_dut_pn *d, uint32_t v, unsigned *bits, xc_err *err)
{
    char scope[160];
    void *data;
    unsigned bytes, count, nbits;
    router_scope(d, v, scope, sizeof scope);
    const int rc = d->tile ? xc_dut_tile_mem(d->tile, v, "", "fired_q", &data, &bytes, &count, &nbits)
                   : !d->find_mem ? -1
                                  : d->find_mem(d->dm.h, scope, "fired_q", &data, &bytes, &count, &nbits);
    if (rc != 0 || bytes != 1)
        return xc_fail(err, XC_ETOOL, "the router model has no fired_q in %s", scope);
    *bits = *(const uint8_t *)data;
    return XC_OK;
}

xc_status xc_dut_pn_find_mem(xc_dut_pn *d, uint32_t v, const char *sub, const char *var, xc_dut_pn_mem *m,
                             xc_err *err)
{
    char scope[160];
    router_scope(d, v, scope, sizeof scope);
    const size_t n = strlen(scope);
    snprintf(scope + n, sizeof scope - n, ".%s", sub);
    const int rc = d->tile ? xc_dut_tile_mem(d->tile, v, sub, var, &m->data, &m->bytes, &m->count, &m->bits)
                   : !d->find_mem ? -1
                                  : d->find_mem(d->dm.h, scope, var, &m->data, &m->bytes, &m->count, &m->bits);
    if (rc != 0 ||
        (m->bytes != 1 && m->bytes != 2 && m->bytes != 4 && m->bytes != 8))
        return xc_fail(err, XC_ETOOL, "the router model has no back door into %s.%s", scope, var);
    return XC_OK;
}
