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
static inline __attribute__((always_inline)) void deliver_one(xc_lsp *ls, uint32_t at, xc_flit f)
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
        if (obs->one_port) /* every link a valid flit, counted, not listed */
            ls->flit_hops += obs->n_link_on;
        else
            for (uint32_t j = 0; j < obs->n_link_on; j++)
                ls->flit_hops += (unsigned long)xc_flit_valid(obs->link[obs->link_on[j]]);
        for (uint32_t j = 0; j < obs->n_dlv_on; j++) {
            const uint32_t i = obs->dlv_on[j], at = i / P;
            const xc_flit f = obs->dlv[i];
            /* wormhole: a master stores messages for others; only the one
             * at its destination is a delivery */
            if (!ls->wormhole || xc_flit_dst(f) == at)
                deliver_one(ls, at, f);
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
static inline unsigned tick(xc_lsc *c, const xc_hw_bus *bus)
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

static inline void record(xc_lsc *c, const xc_hw_bus *bus)
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
    xc_pn_obs_find_layout(ls->hw, &ls->dut_obs);
    xc_pn_obs_unpack(ls->hw, &ls->dut_obs);
    return XC_OK;
}

static void free_models(xc_lsc *c)
{
    xc_lsp *ls = of(c);
    if (xc_dut_pn_close(ls->dut) != 0)
        xc_lsc_output_failed(c, "--coverage", c->coverage_path, 0);
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

/* One word a line, or one 0 when w is NULL. */
static int write_hex(const char *path, const uint32_t *w, size_t n)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%x\n", w ? w[i] : 0u);
    if (!n || !w)
        fputs("0\n", f);
    return fclose(f);
}

/* Element i of a memory of the model. */
static void mem_set(const xc_dut_pn_mem *m, uint32_t i, uint32_t x)
{
    switch (m->bytes) {
    case 1: ((uint8_t *)m->data)[i] = (uint8_t)x; break;
    case 2: ((uint16_t *)m->data)[i] = (uint16_t)x; break;
    case 4: ((uint32_t *)m->data)[i] = x; break;
    default: ((uint64_t *)m->data)[i] = x; break;
    }
}

static uint32_t mem_get(const xc_dut_pn_mem *m, uint32_t i)
{
    switch (m->bytes) {
    case 1: return ((const uint8_t *)m->data)[i];
    case 2: return ((const uint16_t *)m->data)[i];
    case 4: return ((const uint32_t *)m->data)[i];
    default: return (uint32_t)((const uint64_t *)m->data)[i];
    }
}

/* The RTL's memory sub.var of router v gets w[0..n) (zeros when w is
 * NULL), its other elements 0 (the back door into the model, after its
 * reset; variables public in sim/xchg_pn.vlt). */
static xc_status rtl_fill(xc_lsp *ls, uint32_t v, const char *sub, const char *var, const uint32_t *w, size_t n,
                          xc_err *err)
{
    xc_dut_pn_mem m;
    xc_status st = xc_dut_pn_find_mem(ls->dut, v, sub, var, &m, err);
    if (st)
        return st;
    if (n > m.count)
        return xc_fail(err, XC_ETOOL, "router %u: %zu words for %s.%s, the model has %u", v, n, sub, var, m.count);
    for (uint32_t i = 0; i < m.count; i++)
        mem_set(&m, i, w && i < n ? w[i] : 0u);
    return XC_OK;
}

/* Router v's slots in the RTL: slot k full with word msg[k] when full[k]
 * (its tag the memory's epoch, rtl/pn/xchg_pn_slots.v), else empty (the
 * epoch - 1). */
static xc_status rtl_slots(xc_lsp *ls, uint32_t v, const uint32_t *msg, const uint8_t *full, xc_err *err)
{
    static const char sub[] = "u_rtr.u_slots";
    xc_dut_pn_mem mm, tm, em;
    xc_status st;
    if ((st = xc_dut_pn_find_mem(ls->dut, v, sub, "msg_m", &mm, err)) ||
        (st = xc_dut_pn_find_mem(ls->dut, v, sub, "tag_m", &tm, err)) ||
        (st = xc_dut_pn_find_mem(ls->dut, v, sub, "epoch_q", &em, err)))
        return st;
    if (mm.count != ls->hw->slots || tm.count != ls->hw->slots)
        return xc_fail(err, XC_ETOOL, "router %u: the model has %u slots, the network %u", v, mm.count,
                       ls->hw->slots);
    const uint32_t mask = tm.bits >= 32 ? UINT32_MAX : (1u << tm.bits) - 1u;
    const uint32_t epoch = mem_get(&em, 0);
    for (uint32_t k = 0; k < ls->hw->slots; k++) {
        mem_set(&mm, k, full[k] ? msg[k] : 0u);
        mem_set(&tm, k, full[k] ? epoch : (epoch - 1u) & mask);
    }
    return XC_OK;
}

/* Every router's initial slots (initial(v, k, &word), the firmware's
 * xc_cp_pn_initial or xc_cp_wh_initial) into the golden model and, when it
 * runs, the RTL. */
typedef int (*initial_fn)(const xc_pn_hw *hw, int kind_mnb, uint32_t v, uint32_t k, uint32_t *word);

static int wh_initial(const xc_pn_hw *hw, int kind_mnb, uint32_t v, uint32_t k, uint32_t *word)
{
    (void)kind_mnb;
    return xc_cp_wh_initial(hw, v, k, word);
}

static xc_status poke_slots(xc_lsp *ls, initial_fn initial, int kind_mnb, xc_err *err)
{
    const xc_pn_hw *hw = ls->hw;
    uint32_t *msg = calloc(hw->slots, sizeof *msg);
    uint8_t *full = calloc(hw->slots, 1);
    xc_status st = msg && full ? XC_OK : xc_fail(err, XC_ENOMEM, "out of memory");
    for (uint32_t v = 0; v < hw->nodes && !st; v++) {
        for (uint32_t k = 0; k < hw->slots; k++) {
            full[k] = (uint8_t)(initial(hw, kind_mnb, v, k, &msg[k]) != 0);
            if (full[k] && ls->gm)
                xc_gm_pn_poke_msg(ls->gm, v, k, msg[k]);
        }
        if (ls->dut)
            st = rtl_slots(ls, v, msg, full, err);
    }
    free(msg);
    free(full);
    return st;
}

xc_status xc_lsp_write_load(const char *dir, const xc_pn_hw *hw, const xc_pn_prog *prog, int broadcast,
                            xc_err *err)
{
    char path[1200];
    if (xc_path(path, sizeof path, "%s/bcast.tbl.hex", dir) || xc_mkdir_p(dir) != 0)
        return xc_fail(err, XC_EIO, "cannot create %s", dir);
    const size_t words = (size_t)prog->steps * hw->wpe;
    const int bad = broadcast && prog->bcast ? write_hex(path, prog->bcast, words) : write_hex(path, NULL, 1);
    return bad ? xc_fail(err, XC_EIO, "cannot write the back-door file %s", path) : XC_OK;
}

xc_status xc_lsp_poke(xc_lsp *ls, const xc_pn_prog *prog, int broadcast, xc_err *err)
{
    const xc_pn_hw *hw = ls->hw;
    const size_t words = (size_t)prog->steps * hw->wpe;
    xc_status st = poke_slots(ls, xc_cp_pn_initial, prog->kind_mnb, err);
    const int pernode = !broadcast && prog->pernode;
    for (uint32_t v = 0; v < hw->nodes && !st; v++) {
        const uint32_t *tbl = pernode ? prog->pernode + (size_t)v * words : NULL;
        if (ls->gm && tbl)
            for (size_t i = 0; i < words; i++)
                xc_gm_pn_poke_tbl(ls->gm, v, (uint32_t)i, tbl[i]);
        if (ls->dut && hw->per_node)
            st = rtl_fill(ls, v, "u_rtr.gen_table", "tbl_q", tbl, tbl ? words : 0, err);
    }
    if (ls->gm && broadcast && prog->bcast)
        for (size_t i = 0; i < words; i++)
            xc_gm_pn_poke_tbl(ls->gm, UINT32_MAX, (uint32_t)i, prog->bcast[i]);
    return st;
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

xc_status xc_lsp_write_load_wh(const char *dir, const xc_wh_prog *p, xc_err *err)
{
    char path[1200], path2[1200];
    if (xc_path(path, sizeof path, "%s/bud.hex", dir) || xc_path(path2, sizeof path2, "%s/bcast.tbl.hex", dir) ||
        xc_mkdir_p(dir) != 0)
        return xc_fail(err, XC_EIO, "cannot create %s", dir);
    uint32_t *buf = calloc(p->steps ? p->steps : 1, sizeof *buf);
    if (!buf)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    for (uint32_t t = 1; t <= p->steps; t++)
        buf[t - 1] = xc_cp_wh_budget(p, t);
    const int bad = write_hex(path, buf, p->steps) || write_hex(path2, NULL, 1);
    free(buf);
    return bad ? xc_fail(err, XC_EIO, "cannot write the back-door files in %s", dir) : XC_OK;
}

/* Router v's circuit table and slot list into the golden model and the RTL
 * (buf: room for steps * cwpe words). */
static xc_status poke_circuit(xc_lsp *ls, const xc_wh_prog *p, uint32_t v, uint32_t *buf, xc_err *err)
{
    const xc_pn_hw *hw = ls->hw;
    const size_t words = (size_t)p->steps * hw->cwpe;
    for (uint32_t t = 1; t <= p->steps; t++)
        xc_cp_wh_centry_words(hw, p, v, t, buf + (size_t)(t - 1) * hw->cwpe);
    if (ls->gm) {
        for (size_t i = 0; i < words; i++)
            xc_gm_pn_poke_cir(ls->gm, v, (uint32_t)i, buf[i]);
        for (uint32_t i = 0; i < p->list_len[v]; i++)
            xc_gm_pn_poke_lst(ls->gm, v, i, p->list[v][i]);
    }
    if (!ls->dut)
        return XC_OK;
    static const char sub[] = "u_rtr.gen_circuit.u_xbar";
    xc_status st = rtl_fill(ls, v, sub, "ctbl_q", buf, words, err);
    if (!st)
        st = rtl_fill(ls, v, sub, "lst_q", p->list[v], p->list_len[v], err);
    if (!st && hw->per_node)
        st = rtl_fill(ls, v, "u_rtr.gen_table", "tbl_q", NULL, 0, err);
    return st;
}

xc_status xc_lsp_poke_wh(xc_lsp *ls, const xc_wh_prog *p, xc_err *err)
{
    const xc_pn_hw *hw = ls->hw;
    xc_status st = poke_slots(ls, wh_initial, 0, err);
    uint32_t *buf = calloc((size_t)(p->steps ? p->steps : 1) * hw->cwpe, sizeof *buf);
    if (!st && !buf)
        st = xc_fail(err, XC_ENOMEM, "out of memory");
    for (uint32_t v = 0; v < hw->nodes && !st; v++)
        st = poke_circuit(ls, p, v, buf, err);
    free(buf);
    if (ls->gm)
        for (uint32_t t = 1; t <= p->steps; t++)
            xc_gm_pn_poke_bud(ls->gm, t - 1, xc_cp_wh_budget(p, t));
    return st;
}

void xc_lsp_remove_load_wh(const char *dir, const xc_pn_hw *hw)
{
    char path[1200];
    (void)hw;
    if (!xc_path(path, sizeof path, "%s/bud.hex", dir))
        remove(path);
    if (!xc_path(path, sizeof path, "%s/bcast.tbl.hex", dir))
        remove(path);
    remove(dir);
}
