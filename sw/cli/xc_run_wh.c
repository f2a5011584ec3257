/* SPDX-License-Identifier: MIT */
/* xchg run --algo te-dc1|te-dcn: the wormhole schedules of paper 001 on the
 * product-network routers in circuit mode. The firmware (xc_cp_wh.c)
 * compiles the schedule into circuit entries, inject lists and step
 * budgets, loads them over the bus and runs; the golden model, the RTL or
 * both in lock-step; the scoreboard closes the run and the report sets
 * the measured cycles beside the formula and paper 001's Table 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_consts.h"
#include "xc_cp_wh.h"
#include "xc_fs.h"
#include "xc_golden_wh.h"
#include "xc_gtkw_pn.h"
#include "xc_json.h"
#include "xc_lockstep_pn.h"
#include "xc_model_cache.h"
#include "xc_run.h"

static uint32_t pow2_at_least(uint32_t x, uint32_t lo)
{
    uint32_t p = lo;
    while (p < x)
        p *= 2;
    return p;
}

#define MAX_STEPS 64u

/* The slots and list entries a router needs for every wormhole algorithm
 * defined on net: one Verilator build serves them all. */
static xc_status size_for_net(const xc_net *net, uint32_t *slots, uint32_t *list, xc_err *err)
{
    *slots = *list = 2;
    for (int a = XC_WH_DC1; a <= XC_WH_DCN; a++) {
        xc_wh_table1 t1;
        xc_err ignore;
        if (xc_wh_plan(net, (xc_wh_algo)a, &t1, &ignore) != XC_OK)
            continue;
        xc_wh_prog p;
        xc_status st = xc_wh_prog_init(&p, net, MAX_STEPS, err);
        if (st)
            return st;
        xc_wh_sink sink = xc_wh_prog_sink(&p);
        uint64_t steps;
        st = xc_wh_generate(net, (xc_wh_algo)a, &sink, &steps, err);
        if (!st) {
            *slots = pow2_at_least(p.slots_used, *slots);
            *list = pow2_at_least(p.max_list, *list);
        }
        xc_wh_prog_free(&p);
        if (st)
            return st;
    }
    return XC_OK;
}


/* One run: its inputs, the models' outputs, what the report needs. */
struct wh_run {
    const xc_run_opts *o;
    xc_wh_algo algo;
    xc_wh_table1 t1;
    xc_wh_prog prog;
    xc_wh_step_info info[MAX_STEPS];
    xc_wh_run_result wr;
    xc_pn_hw hw;
    xc_run_pn_inject inj[XC_FAULT_SLOTS];
    unsigned fired; /* bit i: inj[i] changed what left its router (xc_dut_pn_fired) */
    char plus[XC_FAULT_SLOTS][4][1200], load_dir[1100], load_plus[2][1200], gtkw[XC_RUN_PATH];
    uint64_t list_total, formula;
    xc_run_pn_outcome u;
    xc_lsp_opts lo;
};

/* The network, the schedule run on the paper's model and compiled for the
 * firmware in one generation, --bad-circuit: 0 or the exit status. */
static int plan(struct wh_run *r)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    r->algo = (xc_wh_algo)xc_wh_algo_parse(o->algo);
    if ((st = xc_wh_plan(&o->pn, r->algo, &r->t1, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    if (o->pn.nodes > 1u << XC_ADDR_W)
        return xc_cli_error("run", XC_ERANGE, "'%s': %u routers, the router RTL takes at most %u", o->pn.spec,
                            o->pn.nodes, 1u << XC_ADDR_W);
    /* one generation: checker, golden cycle model of paper 001's timing, and the firmware's compiler */
    if ((st = xc_wh_prog_init(&r->prog, &o->pn, MAX_STEPS, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    xc_wh_sink compile = xc_wh_prog_sink(&r->prog);
    xc_wh_run_opts ro = {.net = &o->pn, .algo = r->algo, .msg_flits = 1, .ts = o->ts, .golden = 1,
                         .also = &compile, .info = r->info, .info_cap = MAX_STEPS};
    if ((st = xc_wh_run(&ro, &r->wr, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    if (o->bad_node >= 0 &&
        (st = xc_wh_prog_break(&r->prog, (uint32_t)o->bad_node, (uint32_t)o->bad_step, &err)))
        return xc_cli_error("run", XC_EINVAL, "--bad-circuit: %s", err.msg);
    return 0;
}

/* The routers sized for every wormhole algorithm on the network, the
 * faults, the trace file: 0 or the exit status. */
static int build(struct wh_run *r)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    uint32_t hw_slots, hw_list;
    if ((st = size_for_net(&o->pn, &hw_slots, &hw_list, &err)) ||
        (st = xc_pn_hw_init(&r->hw, &o->pn, hw_slots, pow2_at_least(r->prog.steps, 32), 0, 0, 1, &err)) ||
        (st = xc_pn_hw_set_list(&r->hw, hw_list, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    if (r->hw.cwpe > 8)
        return xc_cli_error("run", XC_ERANGE, "'%s': a circuit entry of %u bits, the firmware takes at most 256",
                            o->pn.spec, r->hw.centry_w);
    int rc;
    if ((rc = xc_run_pn_injects(o, &r->hw, r->inj)) || (o->trace && (rc = xc_run_prepare_trace(o->trace))))
        return rc;
    for (uint32_t v = 0; v < o->pn.nodes; v++)
        r->list_total += r->prog.list_len[v];
    r->formula = 1 + (uint64_t)r->prog.steps * o->ts + r->prog.path_sum;
    return 0;
}

/* The harness's options: models, waves, faults, the back door, time-out. */
static int harness_opts(struct wh_run *r, xc_lsp_opts *lo)
{
    const xc_run_opts *o = r->o;
    *lo = (xc_lsp_opts){.core = xc_run_core_opts(o), .wormhole = 1};
    xc_run_pn_plusargs(r->inj, o->n_inject, r->plus, lo->core.dut.plusargs);
    if (o->back_door) {
        xc_err err;
        xc_status st;
        if (xc_path(r->load_dir, sizeof r->load_dir, "%s/load/wh%ld", xc_build_dir(), (long)getpid()) ||
            xc_path(r->load_plus[0], sizeof r->load_plus[0], "+xchg_load=%s", r->load_dir) ||
            xc_path(r->load_plus[1], sizeof r->load_plus[1], "+xchg_cload=%s", r->load_dir))
            return xc_cli_error("run", XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
        if (o->rtl && (st = xc_lsp_write_load_wh(r->load_dir, &r->prog, &err)))
            return xc_cli_error("run", st, "%s", err.msg);
        xc_model_remove_on_stop(r->load_dir); /* a stop during the model's build */
        lo->core.dut.plusargs[4 * o->n_inject] = r->load_plus[0];
        lo->core.dut.plusargs[4 * o->n_inject + 1] = r->load_plus[1];
    }
    const uint64_t expect = 64 + (uint64_t)o->pn.nodes * (o->pn.nodes + 8 + (uint64_t)r->prog.steps * r->hw.cwpe) +
                            r->list_total + r->prog.steps + r->formula;
    lo->core.max_cycles = o->timeout ? o->timeout : (unsigned long)(2 * expect + 1000);
    xc_run_vl_opts(o, &lo->core.dut);
    return 0;
}

/* The harness's verdict, then the cycles against the formula and the
 * paper's model, then the flit-hops against the schedule. */
static const char *wh_verdict(struct wh_run *r)
{
    xc_run_pn_outcome *u = &r->u;
    char *b = u->verdict_buf;
    const size_t cap = sizeof u->verdict_buf;
    if (u->verdict)
        return u->verdict; /* the harness or the firmware failed: said */
    if (u->rep.cycles != r->formula || u->rep.cycles != 1 + r->wr.golden_cycles) {
        snprintf(b, cap, "%u cycles, expected 1 + steps*ts + sum(hops + flits - 1) = %llu (paper model: 1 + %llu)",
                 u->rep.cycles, (unsigned long long)r->formula, (unsigned long long)r->wr.golden_cycles);
        return b;
    }
    if (u->ls.flit_hops != r->wr.m.flit_hops) {
        snprintf(b, cap, "%lu flit-hops on the links, the schedule moves %llu", u->ls.flit_hops,
                 (unsigned long long)r->wr.m.flit_hops);
        return b;
    }
    return NULL;
}

/* Builds and runs the models: 0, or the exit status after the error. */
static int simulate(void *run)
{
    struct wh_run *r = run;
    const xc_lsp_opts *lo = &r->lo;
    const xc_run_opts *o = r->o;
    xc_run_pn_outcome *u = &r->u;
    xc_err err;
    xc_status st;
    int rc = xc_run_pn_open(u, &r->hw, lo, o->trace, NULL);
    xc_model_remove_on_stop(NULL);
    if (rc) {
        if (o->back_door && o->rtl)
            xc_lsp_remove_load_wh(r->load_dir, &r->hw);
        return rc;
    }
    if (o->back_door && (st = xc_lsp_poke_wh(&u->ls, &r->prog, &err))) {
        xc_lsp_close(&u->ls);
        if (o->rtl)
            xc_lsp_remove_load_wh(r->load_dir, &r->hw);
        xc_run_remove_traces(o->trace, NULL);
        return xc_cli_error("run", st, "%s", err.msg);
    }
    xc_status cp_st = xc_cp_wh_run(&u->ls.core.hal, &r->hw, &r->prog, o->ts, o->back_door, lo->core.max_cycles, &u->rep, &err);
    xc_run_pn_settle(u, cp_st, err.msg, (unsigned long)o->pn.nodes * (o->pn.nodes - 1));
    u->verdict = wh_verdict(r);
    r->fired = 0;
    for (int i = 0; u->ls.dut && i < o->n_inject; i++) {
        unsigned bits = 0;
        if (xc_dut_pn_fired(u->ls.dut, r->inj[i].node, &bits, &err) == XC_OK)
            r->fired |= bits & (1u << i);
    }
    xc_lsp_close(&u->ls);
    if (o->back_door && o->rtl)
        xc_lsp_remove_load_wh(r->load_dir, &r->hw);
    /* an --inject cycle outside the exchange (the cycles the firmware
     * counts from step 1 on), known now: refused unless --inject-anywhere */
    const unsigned long last = u->first_step + (u->rep.cycles > 1 ? u->rep.cycles - 2 : 0);
    const xc_run_span sp = {u->first_step, last, u->ls.core.cycle,
                            u->ls.core.halted == XC_LS_RUNNING && u->first_step > 0};
    if ((rc = xc_run_pn_injects_in_range(o, r->inj, &sp))) {
        xc_run_remove_traces(o->trace, NULL);
        return rc;
    }
    char why[300];
    xc_run_pn_waves(&r->hw, &u->ls, o->trace, r->gtkw, sizeof r->gtkw, why, sizeof why);
    rc = xc_run_verify_traces(o, NULL, why, u->ls.core.cycle);
    return rc ? rc : xc_run_outputs(&u->ls.core);
}

/* The schedule's measures beside the formula and paper 001's Table 1. */
static void json_measures(xc_json *j, const struct wh_run *r)
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

static void report_json(const void *run)
{
    const struct wh_run *r = run;
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
    xc_run_json_traces(&j, o->trace, NULL, 0, 1, !r->u.verdict);
    xc_json_finish(&j);
}

static void report_text(const void *run)
{
    const struct wh_run *r = run;
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
    xc_run_text_end(core, r->u.verdict, xc_run_faults_hidden(o));
}

/* Everything before the models run: 0 or the exit status. */
static int prepare(void *run)
{
    struct wh_run *r = run;
    int rc = plan(r);
    if (!rc && !(rc = build(r)) && (rc = harness_opts(r, &r->lo)))
        xc_run_remove_traces(r->o->trace, NULL);
    return rc;
}

static const char *verdict(const void *run) { return ((const struct wh_run *)run)->u.verdict; }

/* A program half built or never built is all zeros: its free is a no-op. */
static void release(void *run) { xc_wh_prog_free(&((struct wh_run *)run)->prog); }

const xc_runner xc_runner_wh = {sizeof(struct wh_run), prepare, simulate, report_json, report_text, verdict, release};
