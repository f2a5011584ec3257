/* SPDX-License-Identifier: MIT */
/* The report of xchg run on a banyan MIN (the session:
 * sim/session/xc_session_min.c): the all-to-all personalized exchange's
 * cycles against the paper's bound N + log2 N, the scoreboard, the faults. */
#include <stdio.h>
#include <string.h>

#include "xc_json.h"
#include "xc_run.h"

static const char *mode_name(unsigned mode)
{
    return mode == XC_MODE_XOR ? "xor" : mode == XC_MODE_TABLE ? "table" : "self";
}

static void report_json(const xc_session *s)
{
    const xc_ses_min *r = xc_session_min(s);
    const xc_run_opts *o = r->o;
    const xc_ls *ls = &r->ls;
    const unsigned n = o->m.n_lines;
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
    xc_run_json_traces(&j, o->trace, r->golden_fst, o->golden, o->rtl, !r->verdict.why);
    xc_json_finish(&j);
}

/* The text report's line of one injection: fired, or why it never did. */
static void injection_text(const xc_ses_min *r, const xc_inject *inj, unsigned fired)
{
    char what[64];
    xc_run_min_inject_text(inj, what, sizeof what);
    if (fired)
        printf("  injection    %s fired: it changed what s%u.%u put out (a flit, the setting or a port)\n", what,
               inj->stage, inj->sw);
    else if (inj->cycle >= (long)r->ls.core.cycle) /* its effect shows after its edge */
        printf("  injection    %s never fired: the run stopped at cycle %lu\n", what, r->ls.core.cycle);
    else
        printf("  injection    %s never fired: s%u.%u had nothing it could change then\n", what, inj->stage,
               inj->sw);
}

static void report_text(const xc_session *s)
{
    const xc_ses_min *r = xc_session_min(s);
    const xc_run_opts *o = r->o;
    const xc_ls *ls = &r->ls;
    const unsigned n = o->m.n_lines;
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
    xc_run_text_end(&ls->core, r->verdict.why, xc_run_faults_hidden(o));
}

const xc_run_report xc_report_min = {report_json, report_text};
