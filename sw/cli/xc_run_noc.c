/* SPDX-License-Identifier: MIT */
/* The report of xchg run --rtl-noc FILE[:MODULE] (the session:
 * sim/session/xc_session_noc.c): a user's whole network, checked message
 * by message, beside the collective's lower bound and our RTL's cycles. */
#include <stdio.h>

#include "xc_json.h"
#include "xc_run.h"

static const char *order_words(const xc_run_opts *o)
{
    return o->noc_barrier ? "barrier: a step's messages offered once every earlier one arrived"
                          : "stream: each node offers its messages back to back, in schedule order";
}

static void report_text(const xc_session *ses)
{
    const xc_ses_noc *r = xc_session_noc(ses);
    const xc_run_opts *o = r->o;
    const xc_noc_result *s = &r->res;
    printf("xchg run: %s, %s, a user's network %s (N = %u, W = %u)\n", o->net, o->algo, o->user.module,
           r->coll.nodes, o->noc_w);
    printf("  simulation   RTL only: checked message by message, no cycle model of a user's network\n");
    xc_run_user_text(o, "the whole network");
    xc_run_seed_text(o);
    printf("  collective   %s\n", r->collective);
    printf("  messages     %lu in %u steps\n", s->expected, r->coll.steps);
    printf("  offer        %s\n", order_words(o));
    printf("  out_ready_i  %s\n", o->noc_ready_random ? "random from the seed" : "held at 1");
    if (!s->fail)
        printf("  cycles       %lu from the first offer to the last delivery\n", s->last_delivery);
    else
        printf("  cycles       %lu run, the last delivery in cycle %lu\n", s->cycles, s->last_delivery);
    if (r->bound)
        printf("  lower bound  %lu (%s)\n", r->bound, r->bound_name);
    else
        printf("  lower bound  n/a\n");
    if (r->own)
        printf("  our RTL      %lu cycles (%s)\n", r->own, r->own_name);
    else
        printf("  our RTL      n/a\n");
    printf("  delivered    %lu of %lu%s\n", s->delivered, s->expected,
           s->fail ? "" : ", each exactly once, intact, at its destination");
    if (s->fail)
        printf("  inside       %lu taken and not delivered, %lu waiting to enter\n", s->inside, s->waiting);
    printf("  protocol     %s\n", s->fail == XC_NOC_PROTOCOL ? "broken (see below)"
                                  : "out_valid_o held and out_data_o stable until taken, every cycle");
    xc_run_waves(o->trace, "", r->gtkw, 0, 1);
    if (r->verdict.why)
        printf("  failure      %s\n", r->res.why);
    printf("%s\n", r->verdict.why ? "FAIL" : "PASS");
}

static void report_json(const xc_session *ses)
{
    const xc_ses_noc *r = xc_session_noc(ses);
    const xc_run_opts *o = r->o;
    const xc_noc_result *s = &r->res;
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-run-noc/1");
    xc_json_str(&j, "net", o->net);
    xc_json_str(&j, "algo", o->algo);
    xc_json_str(&j, "sim", "rtl");
    xc_run_user_json(&j, o, "noc");
    xc_json_uint(&j, "nodes", r->coll.nodes);
    xc_json_uint(&j, "width", o->noc_w);
    xc_json_str(&j, "order", o->noc_barrier ? "barrier" : "stream");
    xc_json_str(&j, "ready", o->noc_ready_random ? "random" : "held");
    xc_run_json_seed(&j, o);
    xc_json_uint(&j, "steps", r->coll.steps);
    xc_json_uint(&j, "expected", s->expected);
    xc_json_uint(&j, "delivered", s->delivered);
    xc_json_uint(&j, "taken", s->taken);
    xc_json_uint(&j, "inside", s->inside);
    xc_json_uint(&j, "waiting", s->waiting);
    xc_json_uint(&j, "cycles", s->last_delivery);
    xc_json_uint(&j, "sim_cycles", s->cycles);
    if (r->bound)
        xc_json_uint(&j, "bound", r->bound);
    else
        xc_json_null(&j, "bound");
    xc_json_str(&j, "bound_name", r->bound ? r->bound_name : NULL);
    if (r->own)
        xc_json_uint(&j, "own_rtl_cycles", r->own);
    else
        xc_json_null(&j, "own_rtl_cycles");
    xc_json_str(&j, "failure", s->fail ? xc_noc_fail_name(s->fail) : NULL);
    if (s->fail)
        xc_json_uint(&j, "failure_cycle", s->fail_cycle);
    else
        xc_json_null(&j, "failure_cycle");
    xc_json_str(&j, "why", s->fail ? s->why : NULL);
    xc_json_real(&j, "sim_seconds", "%.6f", r->sim_seconds);
    xc_json_real(&j, "build_seconds", "%.3f", r->build_seconds);
    xc_json_str(&j, "trace", o->trace);
    xc_json_bool(&j, "pass", !r->verdict.why);
    xc_json_finish(&j);
}

const xc_run_report xc_report_noc = {report_json, report_text};
