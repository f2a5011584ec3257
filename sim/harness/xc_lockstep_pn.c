/* SPDX-License-Identifier: MIT */
#include "xc_lockstep_pn.h"

#include "xc_cp_wh.h"
#include "xc_fcov.h"
#include "xc_fs.h"
#include "xc_pn_rtl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The routers' operations of the lock-step core (xc_lockstep_core.h). */

static xc_lsp *of(xc_lsc *c) { return (xc_lsp *)c; }

static const xc_pn_obs *reference(const xc_lsp *ls) { return ls->dut ? &ls->dut_obs : xc_gm_pn_obs(ls->gm); }

/* One delivery into the scoreboard. A broadcast message m(s) travels as
 * m(s→s); it counts as m(s→at) when intact. */
static void deliver_one(xc_lsp *ls, uint32_t at, xc_flit f)
{
    if (ls->kind_mnb && xc_flit_intact(f) && xc_flit_dst(f) == xc_flit_src(f)) {
        const unsigned s = xc_flit_src(f);
        f = xc_flit_make(xc_msg_word(s, at), xc_flit_step(f));
    }
    xc_score_deliver(&ls->core.score, ls->core.cycle, at, f);
}

/* Golden model and RTL after the same edge: a quick compare of the flit
 * lanes in place, error codes and registers; only when it fails, the item by
 * item report of xc_pn_obs_diff (the first difference in words). Returns
 * the number of differing items. */
static inline unsigned compare(xc_lsc *c, unsigned step)
{
    xc_lsp *ls = of(c);
    const xc_pn_obs *exp = xc_gm_pn_obs(ls->gm);
    if (xc_pn_obs_same(ls->hw, exp, &ls->dut_obs))
        return 0;
    xc_pn_obs_unpack(ls->hw, &ls->dut_obs);
    return xc_pn_obs_diff(ls->hw, exp, &ls->dut_obs, step, c->mismatch_why, sizeof c->mismatch_why,
                          c->mismatch_elem, sizeof c->mismatch_elem);
}

/* Flit-hops and deliveries of the cycle: from the golden model's activity
 * lists (the RTL agreed with them), or every entry of the RTL's alone. */
static inline void count(xc_lsp *ls, const xc_pn_obs *obs)
{
    const uint32_t P = ls->hw->ports;
    if (obs->lists) {
        for (uint32_t j = 0; j < obs->n_link_on; j++)
            ls->flit_hops += (unsigned long)xc_flit_valid(obs->link[obs->link_on[j]]);
        for (uint32_t j = 0; j < obs->n_dlv_on; j++) {
            const uint32_t i = obs->dlv_on[j];
            /* wormhole: a master stores messages for others; only the one
             * at its destination is a delivery */
            if (!ls->wormhole || xc_flit_dst(obs->dlv[i]) == i / P)
                deliver_one(ls, i / P, obs->dlv[i]);
        }
        return;
    }
    const size_t np = (size_t)ls->hw->nodes * P;
    for (size_t i = 0; i < np; i++) {
        if (xc_flit_valid(obs->link[i]))
            ls->flit_hops++;
        if (xc_flit_valid(obs->dlv[i]) && (!ls->wormhole || xc_flit_dst(obs->dlv[i]) == i / P))
            deliver_one(ls, (uint32_t)(i / P), obs->dlv[i]);
    }
}

static inline void deliver(xc_lsc *c, unsigned step)
{
    xc_lsp *ls = of(c);
    if (!ls->first_step && step == 1)
        ls->first_step = c->cycle;
    count(ls, ls->gm ? xc_gm_pn_obs(ls->gm) : &ls->dut_obs);
}

/* Both models tick; returns the step the cycle runs: the controller's
 * step register while running. */
static inline unsigned tick(xc_lsc *c, const xc_min_bus *bus)
{
    xc_lsp *ls = of(c);
    const xc_pn_obs *before = reference(ls);
    const unsigned step = XC_BIT_GET(before->status, PN_STATUS_BUSY_BIT) ? before->step : 0;
    if (ls->gm)
        xc_gm_pn_tick(ls->gm, bus);
    if (ls->dut) {
        xc_dut_pn_bus(ls->dut, bus);
        xc_dut_pn_tick(ls->dut);
        xc_dut_pn_observe(ls->dut, &ls->dut_obs);
        if (!ls->gm)
            xc_pn_obs_unpack(ls->hw, &ls->dut_obs);
    }
    return step;
}

static inline void record(xc_lsc *c, const xc_min_bus *bus)
{
    xc_lsp *ls = of(c);
    if (ls->on_cycle)
        ls->on_cycle(ls->on_cycle_user, ls, bus, ls->gm ? xc_gm_pn_obs(ls->gm) : &ls->dut_obs);
    if (c->fcov) { /* what the RTL did when it runs: a broken router's errors are its own */
        xc_pn_obs seen = *reference(ls);
        xc_pn_obs_unpack(ls->hw, &seen); /* into the shared arrays; ls->dut_obs stays marked packed */
        xc_fcov_pn_cycle(c->fcov, &seen);
    }
}

static uint32_t rdata(const xc_lsc *c) { return reference((const xc_lsp *)c)->rdata; }

static struct xc_fcov *fcov_new(xc_lsc *c) { return xc_fcov_new_pn(of(c)->hw); }

static int golden_new(xc_lsc *c) { return (of(c)->gm = xc_gm_pn_new(of(c)->hw)) != NULL; }

static xc_status rtl_open(xc_lsc *c, const xc_dut_opts *dut, xc_err *err)
{
    xc_lsp *ls = of(c);
    if (xc_pn_obs_alloc(&ls->dut_obs, ls->hw) != XC_OK)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    xc_status st = xc_dut_pn_open(&ls->dut, ls->hw, dut, &ls->build_seconds, err);
    if (st)
        return st;
    xc_dut_pn_observe(ls->dut, &ls->dut_obs);
    xc_pn_obs_unpack(ls->hw, &ls->dut_obs);
    return XC_OK;
}

static void free_models(xc_lsc *c)
{
    xc_lsp *ls = of(c);
    xc_dut_pn_close(ls->dut);
    xc_gm_pn_free(ls->gm);
    xc_pn_obs_free(&ls->dut_obs);
    ls->dut = NULL;
    ls->gm = NULL;
}

static const xc_lsc_ops pn_ops = {fcov_new, golden_new, rtl_open, free_models, tick, record, compare, deliver, rdata};

XC_LSC_DEFINE_CYCLE(cycle, pn_ops)

xc_status xc_lsp_open(xc_lsp *ls, const xc_pn_hw *hw, const xc_lsp_opts *o, xc_err *err)
{
    memset(ls, 0, sizeof *ls);
    ls->hw = hw;
    ls->kind_mnb = o->kind_mnb;
    ls->wormhole = o->wormhole;
    ls->on_cycle = o->on_cycle;
    ls->on_cycle_user = o->on_cycle_user;
    xc_status st = xc_lsc_open(&ls->core, &pn_ops, cycle, &o->core, hw->nodes, err);
    if (st)
        return st;
    /* nobody sends to itself on a product network: mark those as seen */
    for (uint32_t v = 0; v < hw->nodes; v++)
        ls->core.score.seen[(size_t)v * hw->nodes + v] = 1;
    return XC_OK;
}

void xc_lsp_idle(xc_lsp *ls, unsigned cycles) { xc_lsc_idle(&ls->core, cycles); }

void xc_lsp_close(xc_lsp *ls) { xc_lsc_close(&ls->core); }

/* DIR/<router v's instance path>.<kind>.hex: the file its shell reads
 * by its %m (rtl/dv/xchg_router_dv.v, "Back door"). */
static void router_file(char *path, size_t cap, const char *dir, const xc_pn_hw *hw, uint32_t v, const char *kind)
{
    char scope[48];
    xc_pn_router_scope(hw, v, scope, sizeof scope);
    snprintf(path, cap, "%s/xchg.xchg_pn_top.%s.%s.hex", dir, scope, kind);
}

static int write_hex(const char *path, const uint32_t *w, size_t n)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%x\n", w ? w[i] : 0u);
    if (!n)
        fputs("0\n", f);
    return fclose(f);
}

xc_status xc_lsp_write_load(const char *dir, const xc_pn_hw *hw, const xc_pn_prog *prog, int broadcast,
                            xc_err *err)
{
    char path[1200];
    if (xc_mkdir_p(dir) != 0)
        return xc_fail(err, XC_EIO, "cannot create %s", dir);
    uint32_t *slots = calloc(hw->slots, sizeof *slots);
    if (!slots)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    const size_t words = (size_t)prog->steps * hw->wpe;
    int bad = 0;
    for (uint32_t v = 0; v < hw->nodes && !bad; v++) {
        for (uint32_t k = 0; k < hw->slots; k++) {
            uint32_t w = 0;
            slots[k] = xc_cp_pn_initial(hw, prog->kind_mnb, v, k, &w) ? w | 1u << XC_MSG_W : 0;
        }
        router_file(path, sizeof path, dir, hw, v, "msg");
        bad |= write_hex(path, slots, hw->slots);
        if (hw->per_node) {
            router_file(path, sizeof path, dir, hw, v, "gen_table.tbl");
            bad |= broadcast || !prog->pernode ? write_hex(path, NULL, 1)
                                               : write_hex(path, prog->pernode + (size_t)v * words, words);
        }
    }
    snprintf(path, sizeof path, "%s/bcast.tbl.hex", dir);
    bad |= broadcast && prog->bcast ? write_hex(path, prog->bcast, words) : write_hex(path, NULL, 1);
    free(slots);
    return bad ? xc_fail(err, XC_EIO, "cannot write the back-door files in %s", dir) : XC_OK;
}

void xc_lsp_poke(xc_lsp *ls, const xc_pn_prog *prog, int broadcast)
{
    const xc_pn_hw *hw = ls->hw;
    if (!ls->gm)
        return;
    const size_t words = (size_t)prog->steps * hw->wpe;
    for (uint32_t v = 0; v < hw->nodes; v++) {
        for (uint32_t k = 0; k < hw->slots; k++) {
            uint32_t w = 0;
            if (xc_cp_pn_initial(hw, prog->kind_mnb, v, k, &w))
                xc_gm_pn_poke_msg(ls->gm, v, k, w);
        }
        if (!broadcast && prog->pernode)
            for (size_t i = 0; i < words; i++)
                xc_gm_pn_poke_tbl(ls->gm, v, (uint32_t)i, prog->pernode[(size_t)v * words + i]);
    }
    if (broadcast && prog->bcast)
        for (size_t i = 0; i < words; i++)
            xc_gm_pn_poke_tbl(ls->gm, UINT32_MAX, (uint32_t)i, prog->bcast[i]);
}

xc_status xc_lsp_write_rom(const char *path, const xc_pn_hw *hw, const xc_pn_prog *prog, const char *algo,
                           xc_err *err)
{
    if (!prog->bcast)
        return xc_fail(err, XC_EINVAL, "%s is not node-invariant on %s: no broadcast table", algo, hw->net.spec);
    FILE *h = fopen(path, "w");
    if (!h)
        return xc_fail(err, XC_EIO, "cannot write %s: %s", path, strerror(errno));
    fprintf(h, "// STEPS %u: broadcast step table of %s on %s, %u bus words per step\n", prog->steps, algo,
            hw->net.spec, hw->wpe);
    for (size_t i = 0; i < (size_t)prog->steps * hw->wpe; i++)
        fprintf(h, "%08x\n", prog->bcast[i]);
    const int e = xc_fs_close(h);
    if (e) {
        remove(path);
        return xc_fail(err, XC_EWRITE, "cannot write %s: %s", path, strerror(e));
    }
    return XC_OK;
}

xc_status xc_lsp_write_load_wh(const char *dir, const xc_pn_hw *hw, const xc_wh_prog *p, xc_err *err)
{
    char path[1200];
    if (xc_mkdir_p(dir) != 0)
        return xc_fail(err, XC_EIO, "cannot create %s", dir);
    const size_t words = (size_t)p->steps * hw->cwpe;
    const size_t n = hw->slots > words ? hw->slots : words;
    uint32_t *buf = calloc(n > p->steps ? n : p->steps, sizeof *buf);
    if (!buf)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    int bad = 0;
    for (uint32_t v = 0; v < hw->nodes && !bad; v++) {
        for (uint32_t k = 0; k < hw->slots; k++) {
            uint32_t w = 0;
            buf[k] = xc_cp_wh_initial(hw, v, k, &w) ? w | 1u << XC_MSG_W : 0;
        }
        router_file(path, sizeof path, dir, hw, v, "msg");
        bad |= write_hex(path, buf, hw->slots);
        router_file(path, sizeof path, dir, hw, v, "gen_table.tbl");
        bad |= write_hex(path, NULL, 1);
        for (uint32_t t = 1; t <= p->steps; t++)
            xc_cp_wh_centry_words(hw, p, v, t, buf + (size_t)(t - 1) * hw->cwpe);
        router_file(path, sizeof path, dir, hw, v, "cir");
        bad |= write_hex(path, buf, words);
        router_file(path, sizeof path, dir, hw, v, "lst");
        bad |= write_hex(path, p->list[v], p->list_len[v]);
    }
    for (uint32_t t = 1; t <= p->steps; t++)
        buf[t - 1] = xc_cp_wh_budget(p, t);
    snprintf(path, sizeof path, "%s/bud.hex", dir);
    bad |= write_hex(path, buf, p->steps);
    snprintf(path, sizeof path, "%s/bcast.tbl.hex", dir);
    bad |= write_hex(path, NULL, 1);
    free(buf);
    return bad ? xc_fail(err, XC_EIO, "cannot write the back-door files in %s", dir) : XC_OK;
}

void xc_lsp_poke_wh(xc_lsp *ls, const xc_wh_prog *p)
{
    const xc_pn_hw *hw = ls->hw;
    uint32_t words[8];
    if (!ls->gm)
        return;
    for (uint32_t v = 0; v < hw->nodes; v++) {
        uint32_t w;
        for (uint32_t k = 0; xc_cp_wh_initial(hw, v, k, &w); k++)
            xc_gm_pn_poke_msg(ls->gm, v, k, w);
        for (uint32_t t = 1; t <= p->steps; t++) {
            xc_cp_wh_centry_words(hw, p, v, t, words);
            for (uint32_t i = 0; i < hw->cwpe; i++)
                xc_gm_pn_poke_cir(ls->gm, v, (t - 1) * hw->cwpe + i, words[i]);
        }
        for (uint32_t i = 0; i < p->list_len[v]; i++)
            xc_gm_pn_poke_lst(ls->gm, v, i, p->list[v][i]);
    }
    for (uint32_t t = 1; t <= p->steps; t++)
        xc_gm_pn_poke_bud(ls->gm, t - 1, xc_cp_wh_budget(p, t));
}

void xc_lsp_remove_load_wh(const char *dir, const xc_pn_hw *hw)
{
    static const char *const kinds[] = {"msg", "gen_table.tbl", "cir", "lst"};
    char path[1200];
    for (uint32_t v = 0; v < hw->nodes; v++)
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            router_file(path, sizeof path, dir, hw, v, kinds[k]);
            remove(path);
        }
    snprintf(path, sizeof path, "%s/bud.hex", dir);
    remove(path);
    snprintf(path, sizeof path, "%s/bcast.tbl.hex", dir);
    remove(path);
    remove(dir);
}
