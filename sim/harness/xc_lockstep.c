/* SPDX-License-Identifier: MIT */
#include "xc_lockstep.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "xc_cp_min.h"
#include "xc_fcov.h"
#include "xc_fs.h"

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

static void progress(xc_ls *ls) { xc_ls_progress(ls->progress, ls->cycle, ls->score.delivered); }

int xc_ls_obs_equal(const xc_min *m, const xc_min_obs *e, const xc_min_obs *a)
{
    return e->rdata == a->rdata && e->status == a->status && e->cycles == a->cycles &&
           e->injected == a->injected && e->delivered == a->delivered && e->conflicts == a->conflicts &&
           !memcmp(e->flit, a->flit, (size_t)(m->log_n + 1) * m->n_lines * sizeof *e->flit) &&
           !memcmp(e->set, a->set, (size_t)m->log_n * m->n_lines / 2);
}

/* One clock cycle of every model with these bus inputs. */
static void cycle(xc_ls *ls, const xc_min_bus *bus, int compare)
{
    const xc_min *m = ls->m;
    ls->cycle++;
    if (ls->gm)
        xc_gm_min_tick(ls->gm, bus);
    if (ls->dut) {
        xc_dut_bus(ls->dut, bus);
        xc_dut_tick(ls->dut);
        xc_dut_observe_regs(ls->dut, &ls->dut_obs); /* the flits are read in place */
    }
    if (ls->on_cycle)
        ls->on_cycle(ls->on_cycle_user, ls, bus, expected(ls));
    if (ls->fcov)
        xc_fcov_min_cycle(ls->fcov, reference(ls));
    if (!compare)
        return;
    if (ls->gm && ls->dut && !xc_ls_obs_equal(m, xc_gm_min_obs(ls->gm), &ls->dut_obs)) {
        unsigned items = xc_min_obs_diff(m, xc_gm_min_obs(ls->gm), &ls->dut_obs, ls->mismatch_why,
                                         sizeof ls->mismatch_why, ls->mismatch_elem,
                                         sizeof ls->mismatch_elem);
        if (items) {
            ls->halted = XC_LS_MISMATCH;
            ls->mismatch_cycle = ls->cycle;
            ls->mismatch_items = items;
            return;
        }
    }
    /* deliveries: the last stage's registers, through the output wiring */
    const xc_min_obs *obs = reference(ls);
    if (!ls->first_inject && xc_flit_valid(obs->flit[0]))
        ls->first_inject = ls->cycle;
    const xc_flit *last = obs->flit + (size_t)m->log_n * m->n_lines;
    for (unsigned a = 0; a < m->n_lines; a++)
        if (xc_flit_valid(last[a]))
            xc_score_deliver(&ls->score, ls->cycle, xc_min_wire(m, m->log_n, a), last[a]);
    if (ls->cycle >= ls->max_cycles)
        ls->halted = XC_LS_TIMEOUT;
    progress(ls);
}

static void hal_write(void *ctx, unsigned addr, uint32_t data)
{
    xc_ls *ls = ctx;
    if (ls->halted)
        return;
    xc_min_bus bus = {.we = 1, .addr = (uint16_t)addr, .wdata = data};
    cycle(ls, &bus, 1);
}

static uint32_t hal_read(void *ctx, unsigned addr)
{
    xc_ls *ls = ctx;
    if (ls->halted)
        return 0;
    xc_min_bus bus = {.re = 1, .addr = (uint16_t)addr};
    cycle(ls, &bus, 1);
    return reference(ls)->rdata;
}

static int hal_halted(void *ctx) { return ((xc_ls *)ctx)->halted != XC_LS_RUNNING; }

xc_status xc_ls_open(xc_ls *ls, const xc_min *m, const xc_ls_opts *o, xc_err *err)
{
    memset(ls, 0, sizeof *ls);
    ls->m = m;
    ls->max_cycles = o->max_cycles;
    ls->progress = o->progress;
    ls->on_cycle = o->on_cycle;
    ls->on_cycle_user = o->on_cycle_user;
    ls->hal = (xc_hal){.ctx = ls, .write = hal_write, .read = hal_read, .halted = hal_halted};
    if (xc_score_init(&ls->score, m->n_lines) != XC_OK)
        return xc_fail(err, XC_ENOMEM, "out of memory for the scoreboard");
    ls->fcov_path = o->dut.fcov_path;
    if (ls->fcov_path && !(ls->fcov = xc_fcov_new_min(m))) {
        xc_ls_close(ls);
        return xc_fail(err, XC_ENOMEM, "out of memory for the functional coverage");
    }
    if (o->golden && !(ls->gm = xc_gm_min_new(m))) {
        xc_ls_close(ls);
        return xc_fail(err, XC_ENOMEM, "out of memory for the golden model");
    }
    if (o->rtl) {
        xc_status st = xc_dut_open(&ls->dut, m, &o->dut, err);
        if (st) {
            xc_ls_close(ls);
            return st;
        }
        /* the RTL's flits and settings are the model's own arrays */
        const xc_flit *flits;
        const uint8_t *sets;
        xc_dut_view(ls->dut, &flits, &sets);
        ls->dut_obs.flit = (xc_flit *)flits;
        ls->dut_obs.set = (uint8_t *)sets;
        xc_dut_observe_regs(ls->dut, &ls->dut_obs);
    }
    return XC_OK;
}

void xc_ls_idle(xc_ls *ls, unsigned cycles)
{
    xc_min_bus idle = {0};
    for (unsigned i = 0; i < cycles; i++)
        cycle(ls, &idle, 0);
}

void xc_ls_close(xc_ls *ls)
{
    if (ls->progress && ls->cycle)
        fprintf(stderr, "\r%60s\r", "");
    xc_dut_close(ls->dut);
    if (ls->fcov && ls->cycle && xc_fcov_write(ls->fcov, ls->fcov_path) != 0)
        fprintf(stderr, "xchg: cannot write the functional coverage %s\n", ls->fcov_path);
    xc_fcov_free(ls->fcov);
    ls->fcov = NULL;
    xc_gm_min_free(ls->gm);
    ls->dut_obs.flit = NULL; /* the model owned them */
    ls->dut_obs.set = NULL;
    xc_score_free(&ls->score);
    ls->dut = NULL;
    ls->gm = NULL;
}

xc_status xc_ls_write_load(const char *dir, const xc_min *m, const xc_cfg *m0, xc_err *err)
{
    char path[1200];
    if (xc_mkdir_p(dir) != 0)
        return xc_fail(err, XC_EIO, "cannot create %s", dir);
    snprintf(path, sizeof path, "%s/msg.hex", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return xc_fail(err, XC_EIO, "cannot write %s", path);
    for (unsigned j = 0; j < m->n_lines; j++)
        for (unsigned x = 0; x < m->n_lines; x++)
            fprintf(f, "%08x\n", xc_cp_min_msg_word(m, m0, j, x));
    if (fclose(f) != 0) {
        remove(path);
        return xc_fail(err, XC_EIO, "cannot write %s", path);
    }
    return XC_OK;
}

void xc_ls_remove_load(const char *dir)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/msg.hex", dir);
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
