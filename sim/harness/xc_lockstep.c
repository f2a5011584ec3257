/* SPDX-License-Identifier: MIT */
#include "xc_lockstep.h"

#include <stdio.h>
#include <string.h>

#include "xc_cp_min.h"
#include "xc_fcov.h"
#include "xc_fs.h"

/* The MIN's operations of the lock-step core (xc_lockstep_core.h). */

static xc_ls *of(xc_lsc *c) { return (xc_ls *)c; }

/* The observation the scoreboard trusts: the RTL's when it runs. */
static const xc_min_obs *reference(const xc_ls *ls)
{
    return ls->dut ? &ls->dut_obs : xc_gm_min_obs(ls->gm);
}

/* The observation to record: the golden model's when it runs. */
static const xc_min_obs *expected(const xc_ls *ls)
{
    return ls->gm ? xc_gm_min_obs(ls->gm) : &ls->dut_obs;
}

__attribute__((noinline)) int xc_ls_obs_equal(const xc_min *m, const xc_min_obs *e, const xc_min_obs *a)
{
    return e->rdata == a->rdata && e->status == a->status && e->cycles == a->cycles &&
           e->injected == a->injected && e->delivered == a->delivered && e->conflicts == a->conflicts &&
           !memcmp(e->flit, a->flit, (size_t)(m->log_n + 1) * m->n_lines * sizeof *e->flit) &&
           !memcmp(e->set, a->set, (size_t)m->log_n * m->n_lines / 2);
}

static inline unsigned tick(xc_lsc *c, const xc_hw_bus *bus)
{
    xc_ls *ls = of(c);
    if (ls->gm)
        xc_gm_min_tick(ls->gm, bus);
    if (ls->dut) {
        xc_dut_bus(ls->dut, bus);
        xc_dut_tick(ls->dut);
        xc_dut_observe_regs(ls->dut, &ls->dut_obs); /* the flits are read in place */
    }
    return 0;
}

static inline void record(xc_lsc *c, const xc_hw_bus *bus)
{
    xc_ls *ls = of(c);
    if (ls->on_cycle)
        ls->on_cycle(ls->on_cycle_user, ls, bus, expected(ls));
    if (c->fcov)
        xc_fcov_min_cycle(c->fcov, reference(ls));
}

static inline unsigned compare(xc_lsc *c, unsigned step)
{
    (void)step;
    xc_ls *ls = of(c);
    if (xc_ls_obs_equal(ls->m, xc_gm_min_obs(ls->gm), &ls->dut_obs))
        return 0;
    return xc_min_obs_diff(ls->m, xc_gm_min_obs(ls->gm), &ls->dut_obs, c->mismatch_why, sizeof c->mismatch_why,
                           c->mismatch_elem, sizeof c->mismatch_elem);
}

/* deliveries: the last stage's registers, through the output wiring */
static inline void deliver(xc_lsc *c, unsigned step)
{
    (void)step;
    xc_ls *ls = of(c);
    const xc_min *m = ls->m;
    const xc_min_obs *obs = reference(ls);
    if (!ls->first_inject && xc_flit_valid(obs->flit[0]))
        ls->first_inject = c->cycle;
    const xc_flit *last = obs->flit + (size_t)m->log_n * m->n_lines;
    for (unsigned a = 0; a < m->n_lines; a++)
        if (xc_flit_valid(last[a]))
            xc_score_deliver(&c->score, c->cycle, ls->out_node[a], last[a]);
}

static uint32_t rdata(const xc_lsc *c) { return reference((const xc_ls *)c)->rdata; }

static struct xc_fcov *fcov_new(xc_lsc *c) { return xc_fcov_new_min(of(c)->m); }

static int golden_new(xc_lsc *c) { return (of(c)->gm = xc_gm_min_new(of(c)->m)) != NULL; }

static xc_status rtl_open(xc_lsc *c, const xc_dut_opts *dut, xc_err *err)
{
    xc_ls *ls = of(c);
    xc_status st = xc_dut_open(&ls->dut, ls->m, dut, err);
    if (st)
        return st;
    /* the RTL's flits and settings are the model's own arrays */
    const xc_flit *flits;
    const uint8_t *sets;
    xc_dut_view(ls->dut, &flits, &sets);
    ls->dut_obs.flit = (xc_flit *)flits;
    ls->dut_obs.set = (uint8_t *)sets;
    xc_dut_observe_regs(ls->dut, &ls->dut_obs);
    return XC_OK;
}

static void free_models(xc_lsc *c)
{
    xc_ls *ls = of(c);
    if (xc_dut_close(ls->dut) != 0)
        xc_lsc_output_failed(c, "--coverage", c->coverage_path, 0);
    xc_gm_min_free(ls->gm);
    ls->dut_obs.flit = NULL; /* the model owned them */
    ls->dut_obs.set = NULL;
    ls->dut = NULL;
    ls->gm = NULL;
}

static const xc_lsc_ops min_ops = {fcov_new, golden_new, rtl_open, free_models, tick, record, compare, deliver, rdata};

XC_LSC_DEFINE_CYCLE(cycle, min_ops)

xc_status xc_ls_open(xc_ls *ls, const xc_min *m, const xc_ls_opts *o, xc_err *err)
{
    memset(ls, 0, sizeof *ls);
    ls->m = m;
    ls->on_cycle = o->on_cycle;
    ls->on_cycle_user = o->on_cycle_user;
    xc_min_wire_table(m, m->log_n, ls->out_node);
    return xc_lsc_open(&ls->core, &min_ops, cycle, &o->core, m->n_lines, err);
}

void xc_ls_idle(xc_ls *ls, unsigned cycles) { xc_lsc_idle(&ls->core, cycles); }

void xc_ls_close(xc_ls *ls) { xc_lsc_close(&ls->core); }

xc_status xc_ls_write_load(const char *dir, const xc_min *m, const xc_cfg *m0, xc_err *err)
{
    char path[1200];
    if (xc_path(path, sizeof path, "%s/msg.hex", dir) || xc_mkdir_p(dir) != 0)
        return xc_fail(err, XC_EIO, "cannot create %s", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return xc_fail(err, XC_EIO, "cannot write %s", path);
    for (unsigned j = 0; j < m->n_lines; j++)
        for (unsigned x = 0; x < m->n_lines; x++)
            fprintf(f, "%08x\n", xc_cp_min_msg_word(m, m0, j, x));
    if (xc_fs_close(f)) {
        remove(path);
        return xc_fail(err, XC_EIO, "cannot write %s", path);
    }
    return XC_OK;
}

void xc_ls_remove_load(const char *dir)
{
    char path[1200];
    if (!xc_path(path, sizeof path, "%s/msg.hex", dir))
        remove(path);
    remove(dir);
}

void xc_ls_poke(xc_ls *ls, const xc_cfg *m0)
{
    const xc_min *m = ls->m;
    if (!ls->gm)
        return;
    for (unsigned j = 0; j < m->n_lines; j++)
        for (unsigned x = 0; x < m->n_lines; x++)
            xc_gm_min_poke_msg(ls->gm, j, x, xc_cp_min_msg_word(m, m0, j, x));
}
