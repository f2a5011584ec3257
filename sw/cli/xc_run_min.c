/* SPDX-License-Identifier: MIT */
/* xchg run on a banyan MIN: an all-to-all personalized exchange by the
 * control-processor firmware on the golden model, the RTL, or both in
 * lock-step; the scoreboard and the paper's bound N + log2 N close it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_consts.h"
#include "xc_cp_min.h"
#include "xc_fs.h"
#include "xc_golden_wave.h"
#include "xc_gtkw.h"
#include "xc_inject.h"
#include "xc_json.h"
#include "xc_lockstep.h"
#include "xc_min.h"
#include "xc_model_cache.h"
#include "xc_run.h"
#include "xc_vectors.h"

/* One run: its inputs, the models' outputs, what the report needs. */
struct min_run {
    const xc_run_opts *o;
    int back_door; /* --load back, or no --load and N >= XC_MIN_BACK_DOOR_FROM */
    xc_min m;
    xc_cfg m0;
    xc_big l;
    char *ldec; /* l in decimal */
    char spec[64]; /* the network as given to --net, normalised */
    xc_inject inj[XC_FAULT_SLOTS];
    int n_inj;
    char golden_fst[XC_RUN_PATH], gtkw[XC_RUN_PATH];
    xc_gwave *gwave; /* golden waves and replay vectors, from the harness's per-cycle hook */
    xc_vec *vec;
    xc_ls ls;
    xc_cp_min_report rep;
    unsigned bound;
    double sim_seconds;
    unsigned long first_inject, delivered_ok;
    unsigned fired; /* bit i: inj[i] changed a flit, a setting or a port (xc_dut_fired) */
    xc_status score_st;
    const char *verdict;
    char verdict_buf[512];
};

static void record_golden(void *user, const xc_ls *ls, const xc_hw_bus *bus, const xc_min_obs *obs)
{
    struct min_run *r = user;
    if (ls->gm && r->gwave)
        xc_gwave_cycle(r->gwave, ls->core.cycle, bus, obs);
    if (ls->gm && r->vec)
        xc_vec_cycle(r->vec, bus, obs);
}

/* --rtl-fault "S.H" or "S.H@C": a switch flip (every cycle without C). */
static int parse_rtl_fault(const char *text, const xc_min *m, xc_inject *inj)
{
    uint64_t v[3];
    long c = -1;
    int ok = xc_cli_match(text, "#.#", UINT32_MAX, v);
    if (!ok && xc_cli_match(text, "#.#@#", UINT32_MAX, v) && v[2] >= 1)
        ok = 1, c = (long)v[2];
    if (!ok || v[0] >= m->log_n || v[1] >= m->n_lines / 2)
        return xc_cli_error("run", XC_EINVAL,
                            "--rtl-fault '%s': expected S.H or S.H@C with stage S < %u, switch H < %u, "
                            "cycle C >= 1", text, m->log_n, m->n_lines / 2);
    *inj = (xc_inject){.kind = XC_FAULT_SWITCH, .stage = (unsigned)v[0], .sw = (unsigned)v[1], .cycle = c};
    return 0;
}

/* The square, the faults and the trace file: 0 or the exit status. */
static int setup(void *run)
{
    struct min_run *r = run;
    const xc_run_opts *o = r->o;
    unsigned x_given;
    int rc;
    if ((rc = xc_cli_min_square("run", o->net, o->l_text, o->cfg_text, &r->m, &r->m0, &r->l, &x_given)))
        return rc;
    xc_min_spec(&r->m, r->spec, sizeof r->spec);
    for (int i = 0; i < o->n_inject; i++, r->n_inj++) {
        xc_err ierr;
        if (xc_inject_parse(&r->inj[r->n_inj], o->inject[i], &r->m, &ierr))
            return xc_cli_error("run", XC_EINVAL, "%s", ierr.msg);
    }
    if (o->rtl_fault && (rc = parse_rtl_fault(o->rtl_fault, &r->m, &r->inj[r->n_inj++])))
        return rc;
    if (o->trace && (rc = xc_run_prepare_trace(o->trace)))
        return rc;
    r->ldec = malloc(XC_BIG_MAX_BITS / 3 + 8);
    if (!r->ldec)
        return xc_cli_error("run", XC_ENOMEM, "out of memory");
    xc_big_to_dec(&r->l, r->ldec, XC_BIG_MAX_BITS / 3 + 8);
    r->bound = r->m.n_lines + r->m.log_n;
    r->back_door = o->back_door || (!o->load_given && !o->vectors && r->m.n_lines >= XC_MIN_BACK_DOOR_FROM);
    return 0;
}

/* Replay vectors and golden waves: 0 or the exit status (nothing left). */
static int open_recorders(struct min_run *r)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    if (o->vectors && (st = xc_vec_open(&r->vec, o->vectors, &r->m, &err))) {
        xc_run_remove_traces(o->trace, NULL);
        return xc_cli_error("run", st, "%s", err.msg);
    }
    if (!o->trace)
        return 0;
    char tmp[XC_RUN_PATH]; /* renamed to golden_fst once whole (xc_run_trace_tmp) */
    xc_run_golden_fst(o->trace, r->golden_fst, sizeof r->golden_fst);
    if (o->golden && (xc_run_trace_tmp(r->golden_fst, tmp, sizeof tmp) ||
                      !(r->gwave = xc_gwave_open(tmp, &r->m, o->trace_from, o->trace_to)))) {
        xc_vec_abort(r->vec);
        return xc_cli_error("run", XC_EIO, "--trace: cannot write %s", r->golden_fst);
    }
    return 0;
}

/* The harness's options: models, waves, faults, time-out. */
static void harness_opts(struct min_run *r, xc_ls_opts *lo, char plus[][4][64])
{
    const xc_run_opts *o = r->o;
    *lo = (xc_ls_opts){.core = xc_run_core_opts(o), .on_cycle = record_golden, .on_cycle_user = r};
    lo->core.dut.faults |= r->n_inj > 0; /* a model with the fault slots */
    for (int i = 0, np = 0; i < r->n_inj; i++) {
        int k = xc_inject_plusargs(&r->inj[i], (unsigned)i, plus[i]);
        for (int j = 0; j < k; j++)
            lo->core.dut.plusargs[np++] = plus[i][j];
    }
    /* expected bus + network cycles, generously: messages N^2, table mode
     * N configurations, polling the exchange */
    const unsigned long n = r->m.n_lines;
    unsigned long expect = n * n + 64ul + n * (xc_min_cfg_words(&r->m) + 3) + r->bound;
    lo->core.max_cycles = o->timeout ? o->timeout : 4 * expect;
}

static const char *min_verdict(struct min_run *r, xc_status cp_st, const char *cp_msg)
{
    xc_err why;
    char *b = r->verdict_buf;
    const size_t cap = sizeof r->verdict_buf;
    const xc_ls *ls = &r->ls;
    r->score_st = xc_score_verdict(&ls->core.score, &why);
    if (xc_run_halt_verdict(ls->core.halted, ls->core.mismatch_cycle, ls->core.mismatch_why, ls->core.cycle, cp_st, cp_msg, b, cap))
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
 * load_dir and adds its plusarg to lo (plusarg: room for it). 0, or the
 * exit status after the error. */
static int back_door_files(struct min_run *r, xc_ls_opts *lo, char *load_dir, size_t cap, char *plusarg,
                           size_t pcap)
{
    load_dir[0] = '\0';
    if (!r->back_door || !r->o->rtl)
        return 0;
    if (xc_path(load_dir, cap, "%s/load/min%ld", xc_build_dir(), (long)getpid()) ||
        xc_path(plusarg, pcap, "+xchg_load=%s", load_dir))
        return xc_cli_error("run", XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
    xc_err err;
    xc_status st = xc_ls_write_load(load_dir, &r->m, &r->m0, &err);
    if (st) {
        xc_ls_remove_load(load_dir);
        return xc_cli_error("run", st, "%s", err.msg);
    }
    xc_model_remove_on_stop(load_dir); /* a stop during the model's build */
    int np = 0;
    while (np < XC_DUT_PLUSARGS && lo->core.dut.plusargs[np])
        np++;
    lo->core.dut.plusargs[np] = plusarg;
    return 0;
}

/* Builds and runs the models: 0, or the exit status after the error. */
static int run_models(struct min_run *r)
{
    xc_ls_opts lo;
    char plus[XC_FAULT_SLOTS][4][64], load_dir[1100], load_plus[1200];
    harness_opts(r, &lo, plus);
    int rc = back_door_files(r, &lo, load_dir, sizeof load_dir, load_plus, sizeof load_plus);
    xc_run_vl_opts(r->o, &lo.core.dut);
    xc_err err;
    xc_status st = rc ? XC_OK : xc_ls_open(&r->ls, &r->m, &lo, &err);
    xc_model_remove_on_stop(NULL);
    if (load_dir[0])
        xc_ls_remove_load(load_dir); /* read at the model's reset edge */
    if (rc || st) {
        xc_gwave_close(r->gwave);
        xc_vec_abort(r->vec);
        xc_run_remove_traces(r->o->trace, r->golden_fst);
        return rc ? rc : xc_cli_error("run", st, "%s", err.msg);
    }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (r->back_door)
        xc_ls_poke(&r->ls, &r->m0);
    xc_status cp_st = xc_cp_min_run(&r->ls.core.hal, &r->m, &r->m0, r->o->mode,
                                    r->back_door ? XC_CP_MIN_BACK_DOOR : 0u, lo.core.max_cycles, &r->rep, &err);
    r->sim_seconds = xc_run_seconds_since(&t0);
    if (r->ls.core.halted == XC_LS_MISMATCH)
        xc_ls_idle(&r->ls, 4); /* a few cycles after the mismatch, for the waves */
    r->verdict = min_verdict(r, cp_st, err.msg);
    const unsigned long n = r->m.n_lines;
    r->first_inject = r->ls.first_inject;
    r->fired = r->ls.dut ? xc_dut_fired(r->ls.dut) : 0u;
    r->delivered_ok = n * n - xc_score_missing(&r->ls.core.score);
    return 0;
}

/* inj as the user wrote it: "drop:s2.1@80", "switch:s1.0" (every cycle). */
static void inject_text(const xc_inject *inj, char *buf, size_t cap)
{
    int n = snprintf(buf, cap, "%s:s%u.%u", xc_inject_kind_name(inj->kind), inj->stage, inj->sw);
    if (inj->cycle >= 0 && n >= 0 && (size_t)n < cap)
        snprintf(buf + n, cap - (size_t)n, "@%ld", inj->cycle);
}

/* Refuses an --inject cycle outside the exchange (unless
 * --inject-anywhere): before the first injection, or after the last
 * delivery of an exchange that ran to its end. The range is known only
 * now, after the run: 0, or exit 2 after the one line. */
static int check_range(const struct min_run *r)
{
    /* rep.cycles counts both ends: the last delivery is at lo + cycles - 1 */
    const unsigned long lo = r->first_inject;
    const xc_run_span sp = {lo, lo + r->rep.cycles - (r->rep.cycles > 0), r->ls.core.cycle,
                            r->ls.core.halted == XC_LS_RUNNING && lo > 0};
    for (int i = 0, rc; i < r->o->n_inject; i++) {
        char what[64];
        inject_text(&r->inj[i], what, sizeof what);
        if ((rc = xc_run_inject_in_range(r->o, i, what, r->inj[i].cycle, &sp)))
            return rc;
    }
    return 0;
}

/* Closes the models and the recorders, writes the GTKWave save file. */
static int close_outputs(struct min_run *r)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    xc_ls_close(&r->ls);
    xc_gwave_close(r->gwave);
    if (r->vec && (st = xc_vec_close(r->vec, &r->m0, r->ldec, o->mode, r->first_inject, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    if (!o->trace)
        return xc_run_outputs(&r->ls.core);
    const xc_ls *ls = &r->ls;
    xc_gtkw_min_opts g = {.fst = o->trace, .focus = ls->core.mismatch_elem};
    g.marker_cycle = ls->core.halted == XC_LS_MISMATCH ? ls->core.mismatch_cycle : 0;
    g.window_cycle = g.marker_cycle ? g.marker_cycle - (g.marker_cycle > 8 ? 8 : 0) : ls->first_inject;
    const int gtkw_bad = xc_gtkw_min_write(&r->m, &g, r->gtkw, sizeof r->gtkw, &err) != XC_OK;
    const int rc = xc_run_verify_traces(o, r->golden_fst, gtkw_bad ? err.msg : NULL, ls->core.cycle);
    return rc ? rc : xc_run_outputs(&r->ls.core);
}

static const char *mode_name(unsigned mode)
{
    return mode == XC_MODE_XOR ? "xor" : mode == XC_MODE_TABLE ? "table" : "self";
}

static void report_json(const void *run)
{
    const struct min_run *r = run;
    const xc_run_opts *o = r->o;
    const xc_ls *ls = &r->ls;
    const unsigned n = r->m.n_lines;
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-run-min/1");
    xc_json_str(&j, "net", r->spec);
    xc_json_str(&j, "algo", "latin");
    xc_json_raw(&j, "l", r->ldec);
    xc_json_str(&j, "mode", mode_name(o->mode));
    xc_json_str(&j, "sim", xc_run_sim_name(o));
    xc_run_user_json(&j, o, "switch");
    xc_json_str(&j, "load", r->back_door ? "back" : "front");
    xc_json_uint(&j, "cycles", r->rep.cycles);
    xc_json_uint(&j, "bound", r->bound);
    xc_json_bool(&j, "within_bound", r->rep.cycles <= r->bound);
    xc_run_json_score(&j, r->delivered_ok, (unsigned long)n * n, &ls->core.score);
    xc_json_uint(&j, "conflicts", r->rep.conflicts);
    xc_json_uint(&j, "mismatches", ls->core.mismatch_items);
    xc_json_uint(&j, "config_cycles", r->rep.bus_config);
    xc_json_uint(&j, "message_cycles", r->rep.bus_messages);
    xc_json_uint(&j, "control_cycles", r->rep.bus_control);
    xc_json_uint(&j, "first_injection_cycle", r->first_inject);
    xc_json_uint(&j, "sim_cycles", ls->core.cycle);
    xc_json_real(&j, "sim_seconds", "%.6f", r->sim_seconds);
    /* counts only: they name no fault, hidden or not */
    xc_json_uint(&j, "faults_injected", (unsigned)r->n_inj);
    unsigned n_fired = 0;
    for (int i = 0; i < r->n_inj; i++)
        n_fired += r->fired >> i & 1u;
    xc_json_uint(&j, "faults_fired", n_fired);
    if (xc_run_json_seed(&j, o))
        xc_json_arr(&j, "injections");
    for (int i = 0; !xc_run_faults_hidden(o) && i < r->n_inj; i++) {
        char elem[48];
        snprintf(elem, sizeof elem, "s%u.%u", r->inj[i].stage, r->inj[i].sw);
        xc_json_obj(&j, NULL);
        xc_json_str(&j, "kind", xc_inject_kind_name(r->inj[i].kind));
        xc_json_str(&j, "element", elem);
        xc_json_int(&j, "cycle", r->inj[i].cycle);
        xc_json_bool(&j, "fired", r->fired >> i & 1u);
        xc_json_end(&j);
    }
    if (!xc_run_faults_hidden(o))
        xc_json_end(&j);
    xc_run_mismatch_json(&j, &ls->core, 0, xc_run_faults_hidden(o));
    xc_run_json_traces(&j, o->trace, r->golden_fst, o->golden, o->rtl, !r->verdict);
    xc_json_finish(&j);
}

/* The text report's line of one injection: fired, or why it never did. */
static void injection_text(const struct min_run *r, const xc_inject *inj, unsigned fired)
{
    char what[64];
    inject_text(inj, what, sizeof what);
    if (fired)
        printf("  injection    %s fired: it changed what s%u.%u put out (a flit, the setting or a port)\n", what,
               inj->stage, inj->sw);
    else if (inj->cycle >= (long)r->ls.core.cycle) /* its effect shows after its edge */
        printf("  injection    %s never fired: the run stopped at cycle %lu\n", what, r->ls.core.cycle);
    else
        printf("  injection    %s never fired: s%u.%u had nothing it could change then\n", what, inj->stage,
               inj->sw);
}

static void report_text(const void *run)
{
    const struct min_run *r = run;
    const xc_run_opts *o = r->o;
    const xc_ls *ls = &r->ls;
    const unsigned n = r->m.n_lines;
    printf("xchg run: %s, all-to-all personalized exchange, Latin-square method, l = %s%s\n", r->spec, r->ldec,
           strlen(r->ldec) > 60 ? " (long)" : "");
    printf("  simulation   %s\n", xc_run_sim_words(o));
    xc_run_user_text(o, "in every switch of the network");
    xc_run_seed_text(o);
    printf("  mode         %s\n", o->mode == XC_MODE_XOR     ? "xor: each switch holds m(h,k), XORed with bit x(n-1-k) of the step"
                                  : o->mode == XC_MODE_TABLE ? "table: M^{l,x} written over the bus before each step"
                                                             : "self: destination-tag routing");
    printf("  exchange     %u steps x %u inputs = %u messages\n", n, n, n * n);
    if (r->rep.cycles) /* 0: the firmware never saw the last delivery */
        printf("  cycles       %u from first injection to last delivery (bound N + log2 N = %u%s)\n", r->rep.cycles,
               r->bound, o->mode == XC_MODE_TABLE ? "; table mode waits for the bus" : "");
    else
        printf("  cycles       not counted: the run stopped at cycle %lu, before its last delivery\n", ls->core.cycle);
    printf("  delivered    %lu of %u%s\n", r->delivered_ok, n * n,
           r->score_st ? "" : ", each exactly once, intact, at its destination");
    if (r->rep.conflicts)
        printf("  conflicts    %u (self-routing dropped a flit)\n", r->rep.conflicts);
    xc_run_compared(ls->core.cycle, o->golden, o->rtl, ls->core.halted == XC_LS_MISMATCH);
    printf("  bus cycles   configuration %lu, messages %lu, control %lu\n", r->rep.bus_config, r->rep.bus_messages,
           r->rep.bus_control);
    printf("  load         %s\n", r->back_door ? "back door: message memories loaded directly, no bus cycles"
                                               : "front door: messages written over the bus");
    for (int i = 0; !xc_run_faults_hidden(o) && i < r->n_inj; i++)
        injection_text(r, &r->inj[i], r->fired >> i & 1u);
    xc_run_waves(o->trace, r->golden_fst, r->gtkw, o->golden, o->rtl);
    xc_run_text_end(&ls->core, r->verdict, xc_run_faults_hidden(o));
}

/* Runs the models and closes the outputs: 0 or the exit status. */
static int simulate(void *run)
{
    struct min_run *r = run;
    int rc;
    if ((rc = open_recorders(r)) || (rc = run_models(r)))
        return rc;
    if ((rc = check_range(r))) { /* refused: nothing of the run is kept */
        xc_ls_close(&r->ls);
        xc_gwave_close(r->gwave);
        xc_vec_abort(r->vec);
        xc_run_remove_traces(r->o->trace, r->golden_fst);
        return rc;
    }
    return close_outputs(r);
}

static const char *verdict(const void *run) { return ((const struct min_run *)run)->verdict; }

static void release(void *run) { free(((struct min_run *)run)->ldec); }

const xc_runner xc_runner_min = {sizeof(struct min_run), setup, simulate, report_json, report_text, verdict, release};
