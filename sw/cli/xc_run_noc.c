/* SPDX-License-Identifier: MIT */
/* xchg run --rtl-noc FILE[:MODULE]: a user's whole network, checked
 * message by message (docs/own-rtl.md "A whole network"). The declared
 * --net and --algo give the collective and its lower bound; the user's
 * module only has to have the contract's ports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xc_bound.h"
#include "xc_cli.h"
#include "xc_dut_noc.h"
#include "xc_gtkw.h"
#include "xc_json.h"
#include "xc_min.h"
#include "xc_noc_coll.h"
#include "xc_noc_drv.h"
#include "xc_run.h"
#include "xc_sched.h"
#include "xc_user_rtl.h"

struct noc_run {
    const xc_run_opts *o; /* first (xc_run_with) */
    int min;               /* the declared net is a MIN */
    xc_noc_coll coll;
    const char *collective; /* the report's words for it */
    unsigned long bound;   /* the collective's lower bound in cycles (0: none known) */
    const char *bound_name;
    unsigned long own;     /* our RTL's cycles on it (0: n/a) */
    const char *own_name;
    xc_noc_result res;
    double sim_seconds, build_seconds;
    char gtkw[1100];        /* the GTKWave save file beside --trace */
    char verdict_buf[760];
    const char *verdict;
};

/* A product network's total exchange: the schedule's steps, its bound,
 * and our routers' cycles (steps + 1: the start write loads step 1). */
static int prepare_te(struct noc_run *r)
{
    const xc_run_opts *o = r->o;
    const int algo = xc_algo_parse(o->algo);
    xc_err err;
    xc_status st;
    if (algo != XC_ALGO_TE_NI && algo != XC_ALGO_TE_A1 && algo != XC_ALGO_TE_A2)
        return xc_cli_error("run", XC_EINVAL, "--algo '%s': allowed with --rtl-noc on a product network: te-ni, "
                            "te-a1, te-a2, perm", o->algo);
    const xc_sched_opts so = {&o->pn, (xc_algo)algo, algo == XC_ALGO_TE_A2, 0};
    xc_sched_plan plan;
    uint64_t steps;
    if ((st = xc_sched_plan_for(&so, &plan, &err)) ||
        (st = xc_noc_coll_te(&r->coll, &o->pn, algo, algo == XC_ALGO_TE_A2, &steps, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    r->collective = "total exchange in the schedule's order";
    r->bound = plan.bound;
    r->bound_name = plan.bound_name;
    r->own = steps + 1;
    r->own_name = "store-and-forward routers, steps + 1";
    return 0;
}

/* The collective of the declared --net and --algo, its bound, our RTL's time. */
static int prepare_collective(struct noc_run *r)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    xc_min m;
    const int perm = !strcmp(o->algo, "perm");
    if (r->min && (st = xc_min_parse(&m, o->net, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    if (!r->min && !perm)
        return prepare_te(r);
    if (!perm && strcmp(o->algo, "latin"))
        return xc_cli_error("run", XC_EINVAL, "--algo '%s': allowed with --rtl-noc on a MIN: latin, perm", o->algo);
    const uint32_t n = r->min ? m.n_lines : o->pn.nodes;
    if (perm) {
        st = xc_noc_coll_perm(&r->coll, n, o->seed, &err);
        r->collective = "one message a node, to a permutation drawn from the seed";
        r->bound_name = "n/a";
    } else {
        st = xc_noc_coll_latin(&r->coll, &m, &err);
        r->collective = "Latin-square exchange, l = 0, input j sends to P^l[j][x] in step x";
        r->bound = r->own = m.n_lines + m.log_n;
        r->bound_name = "N + log2 N";
        r->own_name = "the MIN, xor mode";
    }
    return st ? xc_cli_error("run", st, "%s", err.msg) : 0;
}

static int prepare(void *run)
{
    struct noc_run *r = run;
    const xc_run_opts *o = r->o;
    if (!o->algo)
        return xc_cli_error("run", XC_EINVAL, "--algo is required with --rtl-noc (MIN: latin, perm; product "
                            "network: te-ni, te-a1, te-a2, perm)");
    r->min = xc_min_topo_lookup(o->net, strcspn(o->net, ":*")) >= 0;
    int rc = prepare_collective(r);
    if (!rc && r->coll.nodes > XC_NOC_MAX_N)
        rc = xc_cli_error("run", XC_EINVAL, "--net '%s': %u nodes, a user's network has at most %d", o->net,
                          r->coll.nodes, XC_NOC_MAX_N);
    if (!rc && o->trace && (rc = xc_run_prepare_trace(o->trace)))
        return rc;
    return rc;
}

/* The GTKWave save file beside the trace: the handshakes, then the data
 * (one message a W-bit slice), a marker on the failure. why gets the
 * reason it could not be written ("" when it was). */
static void write_gtkw(struct noc_run *r, char *why, size_t cap)
{
    const xc_run_opts *o = r->o;
    const unsigned n = r->coll.nodes, bits = n * o->noc_w;
    const unsigned long mark = r->res.fail ? r->res.fail_cycle : 0;
    char filter[1200], title[160];
    xc_err err;
    snprintf(title, sizeof title, "%s on %s %s", o->user.module, o->net, o->algo);
    FILE *f = xc_gtkw_begin(o->trace, title, mark ? mark : 1, mark, r->gtkw, sizeof r->gtkw, filter, sizeof filter,
                            &err);
    why[0] = '\0';
    if (!f) {
        snprintf(why, cap, "%s", err.msg);
        return;
    }
    fprintf(f, GTKW_GROUP_OPEN "\n-handshakes\n" GTKW_BIN "\nxchg.clk_i\nxchg.rst_ni\n");
    fprintf(f, GTKW_HEX "\nxchg.in_valid_i[%u:0]\nxchg.in_ready_o[%u:0]\nxchg.out_valid_o[%u:0]\n"
            "xchg.out_ready_i[%u:0]\n", n - 1, n - 1, n - 1, n - 1);
    fprintf(f, GTKW_GROUP_END "\n-handshakes\n");
    fprintf(f, GTKW_GROUP_OPEN "\n-data: node i at [i*W +: W]\n" GTKW_HEX "\nxchg.in_data_i[%u:0]\n"
            "xchg.out_data_o[%u:0]\n" GTKW_GROUP_END "\n-data: node i at [i*W +: W]\n", bits - 1, bits - 1);
    if (xc_gtkw_end(f, r->gtkw, mark ? mark : 1, mark, &err))
        snprintf(why, cap, "%s", err.msg);
}

static int simulate(void *run)
{
    struct noc_run *r = run;
    const xc_run_opts *o = r->o;
    const unsigned n = r->coll.nodes;
    /* the trace is written under its temporary name, renamed once whole
     * (xc_run_verify_traces) */
    char trace_tmp[XC_RUN_PATH];
    const int traced = o->trace && !xc_run_trace_tmp(o->trace, trace_tmp, sizeof trace_tmp);
    xc_dut_opts dopts = {.trace_path = traced ? trace_tmp : NULL, .trace_from = o->trace_from,
                         .trace_to = o->trace_to, .quiet = o->quiet};
    xc_run_vl_opts(o, &dopts);
    const xc_noc_drv_opts dro = {n, o->noc_w, o->noc_barrier, o->noc_ready_random, o->seed, o->noc_watchdog,
                                 o->timeout};
    xc_noc_drv *drv = NULL;
    xc_dut_noc *dut = NULL;
    xc_err err;
    xc_status st = xc_noc_drv_new(&drv, r->coll.msgs, r->coll.count, &dro, &err);
    if (!st)
        st = xc_dut_noc_open(&dut, &o->user, n, o->noc_w, &dopts, &r->build_seconds, &err);
    if (st) {
        xc_noc_drv_free(drv);
        xc_run_remove_traces(o->trace, "");
        return xc_cli_error("run", st, "%s", err.msg);
    }
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    st = xc_noc_drv_run(drv, dut, &r->res, &err);
    r->sim_seconds = xc_run_seconds_since(&t0);
    xc_dut_noc_close(dut);
    xc_noc_drv_free(drv);
    if (st) {
        xc_run_remove_traces(o->trace, "");
        return xc_cli_error("run", st, "%s", err.msg);
    }
    char why[300] = "";
    if (o->trace)
        write_gtkw(r, why, sizeof why);
    int rc = o->trace ? xc_run_verify_traces(o, "", why, r->res.cycles) : 0;
    if (rc)
        return rc;
    if (r->res.fail) {
        snprintf(r->verdict_buf, sizeof r->verdict_buf, "%s: %s", xc_noc_fail_name(r->res.fail), r->res.why);
        r->verdict = r->verdict_buf;
    }
    return 0;
}

static const char *order_words(const xc_run_opts *o)
{
    return o->noc_barrier ? "barrier: a step's messages offered once every earlier one arrived"
                          : "stream: each node offers its messages back to back, in schedule order";
}

static void report_text(const void *run)
{
    const struct noc_run *r = run;
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
    if (r->verdict)
        printf("  failure      %s\n", r->res.why);
    printf("%s\n", r->verdict ? "FAIL" : "PASS");
}

static void report_json(const void *run)
{
    const struct noc_run *r = run;
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
    xc_json_bool(&j, "pass", !r->verdict);
    xc_json_finish(&j);
}

static const char *verdict(const void *run) { return ((const struct noc_run *)run)->verdict; }

static void release(void *run) { xc_noc_coll_free(&((struct noc_run *)run)->coll); }

const xc_runner xc_runner_noc = {sizeof(struct noc_run), prepare, simulate, report_json, report_text, verdict,
                                 release};
