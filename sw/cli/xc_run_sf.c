/* SPDX-License-Identifier: MIT */
/* The report of xchg run on a product network, store and forward (the
 * session: sim/session/xc_session_sf.c): the schedule's steps against its
 * bound, the table sizes, the bus cycles, the faults. */
#include <stdio.h>

#include "xc_json.h"
#include "xc_run.h"

static const char *tables_name(const xc_run_opts *o) { return o->rom ? "rom" : o->broadcast ? "broadcast" : "pernode"; }

/* Table sizes in bits: one entry per step, per node or broadcast. */
static unsigned long long entry_bits(const xc_ses_sf *r) { return (unsigned long long)r->prog.steps * r->hw.entry_w; }
static unsigned long long table_bits(const xc_ses_sf *r)
{
    return r->o->broadcast ? entry_bits(r) : entry_bits(r) * r->hw.nodes;
}

/* The run's setting and outcome counts. */
static void json_head(xc_json *j, const xc_ses_sf *r)
{
    const xc_run_opts *o = r->o;
    xc_json_str(j, "net", o->pn.spec);
    xc_json_str(j, "algo", o->algo);
    xc_json_str(j, "port", o->multi ? "multi" : "single");
    xc_json_str(j, "duplex", o->half ? "half" : "full");
    xc_json_str(j, "tables", tables_name(o));
    xc_json_null(j, "l");
    xc_json_str(j, "mode", tables_name(o));
    xc_json_str(j, "hw_port", r->hw_multi ? "multi" : "single");
    xc_json_str(j, "hw_duplex", r->hw_half ? "half" : "full");
    xc_json_str(j, "sim", xc_run_sim_name(o));
    xc_run_user_json(j, o, "router");
    xc_json_str(j, "load", o->back_door ? "back" : "front");
    xc_json_uint(j, "cycles", r->u.rep.cycles);
    xc_json_uint(j, "steps", r->prog.steps);
    xc_json_uint(j, "startup_cycles", 1);
    xc_json_uint(j, "bound", r->plan.bound);
    xc_json_bool(j, "within_bound", r->prog.steps <= r->plan.bound);
    xc_run_json_score(j, r->u.delivered_ok, r->u.expected, &r->u.ls.core.score);
    xc_json_uint(j, "conflicts", r->u.rep.errors);
    xc_json_uint(j, "router_errors", r->u.rep.errors);
    xc_json_uint(j, "mismatches", r->u.ls.core.mismatch_items);
}

static void report_json(const xc_session *s)
{
    const xc_ses_sf *r = xc_session_sf(s);
    const xc_run_opts *o = r->o;
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-run-sf/1");
    json_head(&j, r);
    xc_json_uint(&j, "peak_slots", r->prog.res.peak_slots);
    xc_json_uint(&j, "slots", r->hw.slots);
    xc_json_uint(&j, "entry_bits", r->hw.entry_w);
    xc_json_uint(&j, "table_bits", table_bits(r));
    xc_json_uint(&j, "table_bits_pernode", entry_bits(r) * r->hw.nodes);
    xc_json_uint(&j, "table_bits_broadcast", r->prog.bcast ? entry_bits(r) : 0);
    xc_json_bool(&j, "node_invariant", r->prog.bcast != NULL);
    xc_run_pn_rerr_json(&j, &r->u.rep);
    xc_run_pn_cycles_json(&j, &r->u, 1);
    xc_run_pn_faults_json(&j, o, r->inj, r->fired);
    xc_run_mismatch_json(&j, &r->u.ls.core, 1, xc_run_faults_hidden(o));
    xc_run_json_traces(&j, o->trace, r->golden_fst, o->golden, o->rtl, !r->u.verdict.why);
    xc_json_finish(&j);
}

static void report_text(const xc_session *s)
{
    const xc_ses_sf *r = xc_session_sf(s);
    const xc_run_opts *o = r->o;
    const xc_lsp *ls = &r->u.ls;
    printf("xchg run: %s, %s (%s-port, %s duplex), %s tables\n", o->pn.spec, o->algo, o->multi ? "multi" : "single",
           o->half ? "half" : "full", o->rom ? "ROM broadcast" : o->broadcast ? "broadcast" : "per-node");
    if (r->hw_multi != o->multi || r->hw_half != o->half)
        printf("  routers      built for %s-port, %s duplex\n", r->hw_multi ? "multi" : "single",
               r->hw_half ? "half" : "full");
    printf("  simulation   %s\n", xc_run_sim_words(o));
    xc_run_user_text(o, "the store-and-forward step of every router");
    xc_run_seed_text(o);
    printf("  steps        %u (bound %s = %llu)\n", r->prog.steps, r->plan.bound_name,
           (unsigned long long)r->plan.bound);
    if (r->u.rep.cycles) /* 0: the firmware never saw the run end */
        printf("  cycles       %u (steps + 1 cycle of start-up: %u)\n", r->u.rep.cycles, r->prog.steps + 1);
    else
        printf("  cycles       not counted: the run stopped at cycle %lu, before its last step\n",
               r->u.ls.core.cycle);
    printf("  delivered    %lu of %lu%s\n", r->u.delivered_ok, r->u.expected,
           r->u.score_st ? "" : ", each exactly once, intact, at its destination");
    printf("  slots        %u used of %u per node\n", r->prog.res.peak_slots, r->hw.slots);
    printf("  table bits   %llu (%s); per-node %llu, broadcast %s\n", table_bits(r),
           o->broadcast ? "broadcast" : "per-node", entry_bits(r) * r->hw.nodes,
           r->prog.bcast ? "available" : "not possible (not node-invariant)");
    if (r->prog.bcast)
        printf("               broadcast %llu = per-node / %u\n", entry_bits(r), r->hw.nodes);
    printf("  bus cycles   tables %lu, messages %lu, control %lu\n", r->u.rep.bus_tables, r->u.rep.bus_messages,
           r->u.rep.bus_control);
    xc_run_compared(ls->core.cycle, o->golden, o->rtl, ls->core.halted == XC_LS_MISMATCH);
    if (!xc_run_faults_hidden(o))
        xc_run_pn_injects_text(r->inj, o->n_inject, r->fired);
    xc_run_waves(o->trace, r->golden_fst, r->gtkw, o->golden, o->rtl);
    xc_run_pn_rerr_text(&r->u.rep);
    xc_run_text_end(&ls->core, r->u.verdict.why, xc_run_faults_hidden(o));
}

const xc_run_report xc_report_sf = {report_json, report_text};
