/* SPDX-License-Identifier: MIT */
/* A session on a banyan MIN: the Latin-square exchange by the
 * control-processor firmware on the golden model, the RTL, or both in
 * lock-step; the scoreboard and the paper's bound N + log2 N close it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xc_fs.h"
#include "xc_golden_wave.h"
#include "xc_gtkw.h"
#include "xc_model_cache.h"
#include "xc_num.h"
#include "xc_session_int.h"
#include "xc_vectors.h"

static void record_golden(void *user, const xc_ls *ls, const xc_hw_bus *bus, const xc_min_obs *obs)
{
    xc_ses_min *r = user;
    if (ls->gm && r->gwave)
        xc_gwave_cycle(r->gwave, ls->core.cycle, bus, obs);
    if (ls->gm && r->vec)
        xc_vec_cycle(r->vec, bus, obs);
}

/* --rtl-fault "S.H" or "S.H@C": a switch flip (every cycle without C). */
static xc_status parse_rtl_fault(const char *text, const xc_min *m, xc_inject *inj, xc_err *err)
{
    uint64_t v[3];
    long c = -1;
    int ok = xc_num_match(text, "#.#", UINT32_MAX, v);
    if (!ok && xc_num_match(text, "#.#@#", UINT32_MAX, v) && v[2] >= 1)
        ok = 1, c = (long)v[2];
    if (!ok || v[0] >= m->log_n || v[1] >= m->n_lines / 2)
        return xc_fail(err, XC_EINVAL, "--rtl-fault '%s': expected S.H or S.H@C with stage S < %u, switch H < %u, "
                       "cycle C >= 1", text, m->log_n, m->n_lines / 2);
    *inj = (xc_inject){.kind = XC_FAULT_SWITCH, .stage = (unsigned)v[0], .sw = (unsigned)v[1], .cycle = c};
    return XC_OK;
}

/* The faults, the trace file, l in decimal, the load. */
static xc_status setup(xc_ses_min *r, xc_err *err)
{
    const xc_run_opts *o = r->o;
    xc_status st;
    xc_min_spec(&o->m, r->spec, sizeof r->spec);
    for (int i = 0; i < o->n_inject; i++, r->n_inj++) {
        xc_err ierr;
        if (xc_inject_parse(&r->inj[r->n_inj], o->inject[i], &o->m, &ierr))
            return xc_fail(err, XC_EINVAL, "%s", ierr.msg);
    }
    if (o->rtl_fault && (st = parse_rtl_fault(o->rtl_fault, &o->m, &r->inj[r->n_inj++], err)))
        return st;
    if (o->trace && (st = xc_ses_prepare_trace(o->trace, err)))
        return st;
    r->ldec = malloc(XC_BIG_MAX_BITS / 3 + 8);
    if (!r->ldec)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    xc_big_to_dec(&o->l, r->ldec, XC_BIG_MAX_BITS / 3 + 8);
    r->bound = o->m.n_lines + o->m.log_n;
    r->back_door = o->back_door || (!o->load_given && !o->vectors && o->m.n_lines >= XC_MIN_BACK_DOOR_FROM);
    return XC_OK;
}

/* Replay vectors and golden waves. */
static xc_status open_recorders(xc_ses_min *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    if (o->vectors && (st = xc_vec_open(&r->vec, o->vectors, &o->m, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    if (!o->trace)
        return XC_OK;
    char tmp[XC_RUN_PATH]; /* renamed to golden_fst once whole (xc_ses_trace_tmp) */
    xc_ses_golden_fst(o->trace, r->golden_fst, sizeof r->golden_fst);
    if (o->golden && (xc_ses_trace_tmp(r->golden_fst, tmp, sizeof tmp) ||
                      !(r->gwave = xc_gwave_open(tmp, &o->m, o->trace_from, o->trace_to))))
        return xc_fail(serr, XC_EIO, "--trace: cannot write %s", r->golden_fst);
    return XC_OK;
}

xc_status xc_ses_min_open(xc_ses_min *r, xc_err *err)
{
    xc_status st = setup(r, err);
    return st ? st : open_recorders(r, err);
}

/* The harness's options: models, waves, faults, time-out. */
static void harness_opts(xc_ses_min *r, xc_ls_opts *lo)
{
    const xc_run_opts *o = r->o;
    *lo = (xc_ls_opts){.core = xc_ses_core_opts(o, r->rtl_trace), .on_cycle = record_golden, .on_cycle_user = r};
    lo->core.dut.faults |= r->n_inj > 0; /* a model with the fault slots */
    for (int i = 0, np = 0; i < r->n_inj; i++) {
        int k = xc_inject_plusargs(&r->inj[i], (unsigned)i, r->plus[i]);
        for (int j = 0; j < k; j++)
            lo->core.dut.plusargs[np++] = r->plus[i][j];
    }
    /* expected bus + network cycles, generously: messages N^2, table mode
     * N configurations, polling the exchange */
    const unsigned long n = o->m.n_lines;
    unsigned long expect = n * n + 64ul + n * (xc_min_cfg_words(&o->m) + 3) + r->bound;
    lo->core.max_cycles = o->timeout ? o->timeout : 4 * expect;
}

static const char *min_verdict(xc_ses_min *r, xc_status cp_st, const char *cp_msg)
{
    xc_err why;
    char *b = r->verdict.buf;
    const size_t cap = sizeof r->verdict.buf;
    r->score_st = xc_score_verdict(&r->ls.core.score, &why);
    if (xc_ses_halt_verdict(&r->ls.core, xc_run_faults_hidden(r->o), cp_st, cp_msg, b, cap))
        return b;
    if (r->score_st)
        snprintf(b, cap, "scoreboard: %s", why.msg);
    else if (r->o->mode != XC_MODE_TABLE && r->rep.cycles > r->bound)
        snprintf(b, cap, "%u cycles exceed the bound N + log2 N = %u", r->rep.cycles, r->bound);
    else
        return NULL;
    return b;
}

/* --load back: writes the file the RTL reads at its reset edge into
 * load_dir and adds its plusarg to lo. */
static xc_status back_door_files(xc_ses_min *r, xc_ls_opts *lo, xc_err *serr)
{
    if (!r->back_door || !r->o->rtl)
        return XC_OK;
    if (xc_path(r->load_dir, sizeof r->load_dir, "%s/load/min%ld", xc_build_dir(), (long)getpid()) ||
        xc_path(r->load_plus, sizeof r->load_plus, "+xchg_load=%s", r->load_dir)) {
        r->load_dir[0] = '\0';
        return xc_fail(serr, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
    }
    xc_err err;
    xc_status st = xc_ls_write_load(r->load_dir, &r->o->m, &r->o->m0, &err);
    if (st)
        return xc_fail(serr, st, "%s", err.msg);
    xc_model_remove_on_stop(r->load_dir); /* a stop during the model's build */
    xc_ses_add_plusarg(&lo->core.dut, r->load_plus);
    return XC_OK;
}

/* Builds and runs the models. */
static xc_status run_models(xc_ses_min *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_ls_opts lo;
    harness_opts(r, &lo);
    xc_status st = back_door_files(r, &lo, serr);
    xc_ses_vl_opts(o, &lo.core.dut);
    xc_err err;
    if (!st && (st = xc_ls_open(&r->ls, &o->m, &lo, &err)))
        xc_fail(serr, st, "%s", err.msg);
    xc_model_remove_on_stop(NULL);
    if (r->load_dir[0])
        xc_ls_remove_load(r->load_dir); /* read at the model's reset edge */
    r->load_dir[0] = '\0';
    if (st)
        return st;
    r->ls_open = 1;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (r->back_door)
        xc_ls_poke(&r->ls, &o->m0);
    xc_status cp_st = xc_cp_min_run(&r->ls.core.hal, &o->m, &o->m0, o->mode, r->back_door ? XC_CP_MIN_BACK_DOOR : 0u,
                                    lo.core.max_cycles, &r->rep, &err);
    r->sim_seconds = xc_session_seconds_since(&t0);
    if (r->ls.core.halted == XC_LS_MISMATCH)
        xc_ls_idle(&r->ls, 4); /* a few cycles after the mismatch, for the waves */
    r->verdict.why = min_verdict(r, cp_st, err.msg);
    const unsigned long n = o->m.n_lines;
    r->first_inject = r->ls.first_inject;
    r->fired = r->ls.dut ? xc_dut_fired(r->ls.dut) : 0u;
    r->delivered_ok = n * n - xc_score_missing(&r->ls.core.score);
    return XC_OK;
}

void xc_run_min_inject_text(const xc_inject *inj, char *buf, size_t cap)
{
    int n = snprintf(buf, cap, "%s:s%u.%u", xc_inject_kind_name(inj->kind), inj->stage, inj->sw);
    if (inj->cycle >= 0 && n >= 0 && (size_t)n < cap)
        snprintf(buf + n, cap - (size_t)n, "@%ld", inj->cycle);
}

/* Refuses an --inject cycle outside the exchange (unless
 * --inject-anywhere): before the first injection, or after the last
 * delivery of an exchange that ran to its end. The range is known only
 * now, after the run. */
static xc_status check_range(const xc_ses_min *r, xc_err *err)
{
    /* rep.cycles counts both ends: the last delivery is at lo + cycles - 1 */
    const unsigned long lo = r->first_inject;
    const xc_run_span sp = {lo, lo + r->rep.cycles - (r->rep.cycles > 0), r->ls.core.cycle,
                            r->ls.core.halted == XC_LS_RUNNING && lo > 0};
    xc_status st;
    for (int i = 0; i < r->o->n_inject; i++) {
        char what[64];
        xc_run_min_inject_text(&r->inj[i], what, sizeof what);
        if ((st = xc_ses_inject_in_range(r->o, i, what, r->inj[i].cycle, &sp, err)))
            return st;
    }
    return XC_OK;
}

/* The harness and the golden waves: closed. */
static void close_models(xc_ses_min *r)
{
    if (r->ls_open)
        xc_ls_close(&r->ls);
    r->ls_open = 0;
    xc_gwave_close(r->gwave);
    r->gwave = NULL;
}

/* Closes the models and the recorders, writes the GTKWave save file. */
static xc_status close_outputs(xc_ses_min *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    close_models(r);
    if (r->vec) {
        st = xc_vec_close(r->vec, &o->m0, r->ldec, o->mode, r->first_inject, &err);
        r->vec = NULL;
        if (st)
            return xc_fail(serr, st, "%s", err.msg);
    }
    if (!o->trace)
        return xc_ses_outputs(&r->ls.core, serr);
    const xc_ls *ls = &r->ls;
    xc_gtkw_min_opts g = {.fst = o->trace, .focus = ls->core.mismatch_elem};
    g.marker_cycle = ls->core.halted == XC_LS_MISMATCH ? ls->core.mismatch_cycle : 0;
    g.window_cycle = g.marker_cycle ? g.marker_cycle - (g.marker_cycle > 8 ? 8 : 0) : ls->first_inject;
    const int gtkw_bad = xc_gtkw_min_write(&o->m, &g, r->gtkw, sizeof r->gtkw, &err) != XC_OK;
    if ((st = xc_ses_verify_traces(o, r->golden_fst, gtkw_bad ? err.msg : NULL, ls->core.cycle, serr)))
        return st;
    return xc_ses_outputs(&r->ls.core, serr);
}

xc_status xc_ses_min_run(xc_ses_min *r, xc_err *err)
{
    xc_status st;
    if ((st = run_models(r, err)) || (st = check_range(r, err))) /* refused: nothing of the run is kept */
        return st;
    return close_outputs(r, err);
}

void xc_ses_min_close(xc_ses_min *r)
{
    close_models(r);
    if (r->load_dir[0])
        xc_ls_remove_load(r->load_dir);
    xc_vec_abort(r->vec);
    r->vec = NULL;
    xc_ses_remove_traces(r->o->trace, r->golden_fst);
    free(r->ldec);
    r->ldec = NULL;
}
