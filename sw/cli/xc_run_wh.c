/* SPDX-License-Identifier: MIT */
/* The report of xchg run --algo te-dc1|te-dcn (the session:
 * sim/session/xc_session_wh.c): the measured cycles of the wormhole
 * schedule on the routers in circuit mode beside the formula and paper
 * 001's Table 1. */
#include <stdio.h>
#include <string.h>

#include "xc_json.h"
#include "xc_run.h"

/* The schedule's measures beside the formula and paper 001's Table 1. */
static void json_measures(xc_json *j, const xc_ses_wh *r)
{
    const xc_run_opts *o = r->o;
    xc_json_str(j, "net", o->pn.spec);
    xc_json_str(j, "algo", o->algo);
    xc_json_str(j, "mode", "circuit");
    xc_json_str(j, "sim", xc_run_sim_name(o));
    xc_json_str(j, "load", o->back_door ? "back" : "front");
    xc_json_uint(j, "ts", o->ts);
    xc_json_uint(j, "msg_flits", 1);
    xc_json_uint(j, "startups", r->prog.steps);
    xc_json_uint(j, "steps", r->prog.steps);
    xc_json_uint(j, "cycles", r->u.rep.cycles);
    xc_json_uint(j, "cycles_formula", r->formula);
    xc_json_uint(j, "startup_cycles", 1);
    xc_json_uint(j, "paper_model_cycles", r->wr.golden_cycles);
    xc_json_uint(j, "flit_hops", r->u.ls.flit_hops);
    xc_json_uint(j, "flit_hops_schedule", r->wr.m.flit_hops);
    xc_json_uint(j, "transmission", r->wr.m.crit_msgs);
    xc_json_uint(j, "peak_buffer", r->wr.m.peak_buffer);
    xc_json_uint(j, "slots_used", r->prog.slots_used);
    xc_json_uint(j, "slots", r->hw.slots);
    xc_json_uint(j, "rearranged", r->wr.m.rearranged);
    xc_json_uint(j, "rearranged_per_node", r->wr.m.crit_rearranged);
    xc_json_obj(j, "table1");
    xc_json_uint(j, "startups", r->t1.startups);
    xc_json_real(j, "transmission", "%.0f", r->t1.transmission);
    xc_json_real(j, "rearrangement", "%.0f", r->t1.rearrangement);
    xc_json_end(j);
}

static void report_json(const xc_session *s)
{
    const xc_ses_wh *r = xc_session_wh(s);
    const xc_run_opts *o = r->o;
    const xc_lsp *ls = &r->u.ls;
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-run-wh/1");
    json_measures(&j, r);
    xc_run_json_score(&j, r->u.delivered_ok, r->u.expected, &ls->core.score);
    xc_json_uint(&j, "router_errors", r->u.rep.errors);
    xc_run_pn_rerr_json(&j, &r->u.rep);
    xc_json_uint(&j, "mismatches", ls->core.mismatch_items);
    xc_run_pn_faults_json(&j, o, r->inj, r->fired);
    xc_json_uint(&j, "centry_bits", r->hw.centry_w);
    xc_json_uint(&j, "list_max", r->prog.max_list);
    xc_json_uint(&j, "table_bits", (unsigned long long)r->prog.steps * r->hw.centry_w * o->pn.nodes +
                                       r->list_total * r->hw.slot_w + 32ull * r->prog.steps);
    xc_run_pn_cycles_json(&j, &r->u, 0);
    xc_json_arr(&j, "step_cycles");
    for (uint32_t t = 0; t < r->prog.steps; t++) {
        xc_json_obj(&j, NULL);
        xc_json_uint(&j, "step", t + 1);
        xc_json_str(&j, "label", r->info[t].label);
        xc_json_uint(&j, "packets", r->info[t].packets);
        xc_json_uint(&j, "hops", r->info[t].max_hops);
        xc_json_uint(&j, "max_msgs", r->info[t].max_msgs);
        xc_json_uint(&j, "cycles", (unsigned long long)o->ts + r->prog.path_cycles[t]);
        xc_json_end(&j);
    }
    xc_json_end(&j);
    xc_run_mismatch_json(&j, &ls->core, 1, xc_run_faults_hidden(o));
    xc_run_json_traces(&j, o->trace, NULL, 0, 1, !r->u.verdict.why);
    xc_json_finish(&j);
}

static void report_text(const xc_session *s)
{
    const xc_ses_wh *r = xc_session_wh(s);
    const xc_run_opts *o = r->o;
    const xc_wh_run_result *wr = &r->wr;
    printf("xchg run: %s, %s (paper 001, wormhole), routers in circuit mode, ts = %u\n", o->pn.spec, o->algo, o->ts);
    printf("  simulation   %s\n", xc_run_sim_words(o));
    xc_run_seed_text(o);
    printf("  step  label                packets  hops  max_msgs  cycles (ts + hops + flits - 1)\n");
    for (uint32_t t = 0; t < r->prog.steps; t++)
        printf("  %-4u  %-20s %7u  %4u  %8u  %6llu\n", t + 1, r->info[t].label, r->info[t].packets,
               r->info[t].max_hops, r->info[t].max_msgs, (unsigned long long)o->ts + r->prog.path_cycles[t]);
    printf("                       measured     formula / model   paper Table 1\n");
    printf("  start-ups          %10u   %10u           %10llu\n", r->prog.steps, r->prog.steps,
           (unsigned long long)r->t1.startups);
    printf("  cycles             %10u   %10llu           (1 start cycle + steps)\n", r->u.rep.cycles,
           (unsigned long long)r->formula);
    printf("  transmission       %10llu                        %10.0f  (messages on the critical path)\n",
           (unsigned long long)wr->m.crit_msgs, r->t1.transmission);
    printf("  rearranged         %10llu                        %10.0f  (per node, summed over steps; all nodes: %llu)\n",
           (unsigned long long)wr->m.crit_rearranged, r->t1.rearrangement, (unsigned long long)wr->m.rearranged);
    printf("  flit-hops          %10lu   %10llu\n", r->u.ls.flit_hops, (unsigned long long)wr->m.flit_hops);
    printf("  peak buffer        %10llu messages per node (hardware slots used %u of %u)\n",
           (unsigned long long)wr->m.peak_buffer, r->prog.slots_used, r->hw.slots);
    printf("  delivered    %lu of %lu%s\n", r->u.delivered_ok, r->u.expected,
           r->u.score_st ? "" : ", each exactly once, intact, at its destination");
    printf("  bus cycles   tables and lists %lu, messages %lu, control %lu\n", r->u.rep.bus_tables, r->u.rep.bus_messages,
           r->u.rep.bus_control);
    const xc_lsc *core = &r->u.ls.core;
    xc_run_compared(core->cycle, o->golden, o->rtl, core->halted == XC_LS_MISMATCH);
    if (o->trace) /* one trace: the golden model's wormhole steps are not recorded as waves */
        printf("  waves        %s\n  view         gtkwave -S %.*s.tcl %s\n", o->trace, (int)(strlen(r->gtkw) - 5),
               r->gtkw, r->gtkw);
    xc_run_pn_rerr_text(&r->u.rep);
    xc_run_pn_injects_text(r->inj, o->n_inject, r->fired);
    xc_run_text_end(core, r->u.verdict.why, xc_run_faults_hidden(o));
}

const xc_run_report xc_report_wh = {report_json, report_text};
