/* SPDX-License-Identifier: MIT */
/* xchg schedule --algo te-dc1|te-dcn (wormhole schedules of paper 001) and
 * xchg check on a wormhole schedule file. The report of a run: start-ups,
 * cycles for the given ts and message size, flit-hops, peak buffer,
 * rearranged messages, each beside the paper's Table 1 formula. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_cli_out.h"
#include "xc_explain.h"
#include "xc_num.h"
#include "xc_json.h"
#include "xc_golden_wh.h"

/* Shows the step on a terminal (a 64x64 step can take seconds) and passes
 * the step on to the file writer, if any. */
typedef struct prog {
    const xc_wh_sink *inner;
    uint64_t expected;
    int tty;
} prog;

static xc_status prog_step(void *ctx, const xc_wh_step *s, xc_err *err)
{
    prog *p = ctx;
    if (p->tty)
        fprintf(stderr, "\rstep %llu/%llu %-20s", (unsigned long long)s->t, (unsigned long long)p->expected,
                s->label ? s->label : "");
    return p->inner ? p->inner->step(p->inner->ctx, s, err) : XC_OK;
}

/* --ts and --msg-flits: 0 or the exit status. */
static int wh_numbers(const xc_sched_args *a, uint32_t *ts, uint32_t *mf)
{
    uint64_t v;
    *ts = XC_WH_DEFAULT_TS;
    *mf = 1;
    if (a->ts && xc_num_u64(a->ts, XC_WH_MAX_TS, &v) != XC_OK)
        return xc_cli_error("schedule", XC_ERANGE, "--ts '%s' (allowed: 0..%u cycles)", a->ts, XC_WH_MAX_TS);
    if (a->ts)
        *ts = (uint32_t)v;
    if (a->msg_flits && (xc_num_u64(a->msg_flits, XC_WH_MAX_MSG_FLITS, &v) != XC_OK || v < 1))
        return xc_cli_error("schedule", XC_ERANGE, "--msg-flits '%s' (allowed: 1..%u)", a->msg_flits,
                            XC_WH_MAX_MSG_FLITS);
    if (a->msg_flits)
        *mf = (uint32_t)v;
    if (a->port || a->duplex)
        return xc_cli_error("schedule", XC_EINVAL, "--%s is for the store-and-forward algorithms (allowed with "
                            "te-dc1/te-dcn: --net, --algo, --ts, --msg-flits, --no-golden, --out, --json)",
                            a->port ? "port" : "duplex");
    if (!a->spec)
        return xc_cli_error("schedule", XC_EINVAL, "missing --net SPEC (e.g. --net torus:16x16)");
    return 0;
}

/* Runs the schedule (checker, golden model) into out: XC_OK or err. */
static xc_status wh_generate(xc_wh_run_opts *o, xc_cli_out *out, xc_wh_run_result *r, xc_err *err)
{
    xc_wh_writer *w = NULL;
    xc_wh_sink ws;
    xc_status st;
    if (out->f) {
        if ((st = xc_wh_write_begin(out->f, out->to_stdout ? "stdout" : out->path, o->net, xc_wh_algo_name(o->algo), o->msg_flits, &w, err)))
            return st;
        ws = xc_wh_writer_sink(w);
        o->also = &ws;
    }
    xc_wh_table1 t1;
    xc_wh_plan(o->net, o->algo, &t1, NULL);
    prog pg = {o->also, t1.startups, isatty(2) && o->net->nodes >= 1024};
    xc_wh_sink ps = {&pg, prog_step};
    o->also = &ps;
    st = xc_wh_run(o, r, err);
    if (pg.tty)
        fprintf(stderr, "\r%40s\r", "");
    if (st) {
        xc_wh_writer_free(w);
        return st;
    }
    return w ? xc_wh_write_end(w, r->steps, err) : XC_OK;
}

static void wh_report_json(FILE *so, const xc_sched_args *a, const xc_wh_run_opts *o, const xc_wh_run_result *r)
{
    const xc_wh_metrics *m = &r->m;
    xc_json j;
    xc_json_begin(&j, so, "xchg-schedule-wh/1");
    xc_json_str(&j, "net", a->spec);
    xc_json_str(&j, "algo", xc_wh_algo_name(o->algo));
    xc_json_str(&j, "model", "wormhole");
    XC_JSON_UINTS(&j, "ts msg_flits startups startups_paper cycles golden_cycles", o->ts, o->msg_flits, m->steps,
                  r->table1.startups, r->cycles, r->golden_cycles);
    XC_JSON_UINTS(&j, "flit_hops message_hops messages_sent transmission_msgs", m->flit_hops, m->msg_hops,
                  m->msg_sends, m->crit_msgs);
    xc_json_real(&j, "transmission_paper", "%.0f", r->table1.transmission);
    XC_JSON_UINTS(&j, "peak_buffer_msgs peak_buffer_flits rearranged_msgs rearranged_per_node", m->peak_buffer,
                  m->peak_buffer * (uint64_t)o->msg_flits, m->rearranged, m->crit_rearranged);
    xc_json_real(&j, "rearrangement_paper", "%.0f", r->table1.rearrangement);
    XC_JSON_UINTS(&j, "deliveries packets max_hops", m->deliveries, m->packets, m->max_hops);
    xc_json_arr(&j, "steps");
    for (uint64_t t = 0; t < r->steps && t < 128; t++) {
        xc_json_obj(&j, NULL);
        xc_json_uint(&j, "t", o->info[t].t);
        xc_json_str(&j, "label", o->info[t].label);
        XC_JSON_UINTS(&j, "packets hops max_msgs cycles", o->info[t].packets, o->info[t].max_hops,
                      o->info[t].max_msgs, o->info[t].cycles);
        xc_json_end(&j);
    }
    xc_json_end(&j);
    xc_json_finish(&j);
}

static void wh_report_text(FILE *so, const xc_sched_args *a, const xc_wh_run_opts *o, const xc_wh_run_result *r)
{
    const xc_wh_metrics *m = &r->m;
    const xc_wh_step_info *info = o->info;
    const char *spec = a->spec, *out = a->out;
    const int golden = o->golden, to_stdout = out && !strcmp(out, "-");
    const uint32_t ts = o->ts, mf = o->msg_flits, N = o->net->dim[0].size;
    const int algo = o->algo;
    fprintf(so, "net %s  algo %s  wormhole, single-port  ts %u cycles  %u flit(s) per message\n", spec,
            xc_wh_algo_name((xc_wh_algo)algo), ts, mf);
    fprintf(so, "%-4s %-16s %8s %5s %9s %10s\n", "step", "phase", "packets", "hops", "max_msgs", "cycles");
    for (uint64_t t = 0; t < r->steps && t < 128; t++)
        fprintf(so, "%-4llu %-16s %8u %5u %9u %10llu\n", (unsigned long long)info[t].t, info[t].label,
                info[t].packets, info[t].max_hops, info[t].max_msgs, (unsigned long long)info[t].cycles);
    fprintf(so, "%-26s %14s %18s\n", "", "measured", "paper Table 1");
    fprintf(so, "%-26s %14llu %18llu\n", "start-ups", (unsigned long long)m->steps,
            (unsigned long long)r->table1.startups);
    fprintf(so, "%-26s %14llu %18.0f\n", "transmission (messages)", (unsigned long long)m->crit_msgs,
            r->table1.transmission);
    fprintf(so, "%-26s %14llu %18.0f\n", "rearranged per node", (unsigned long long)m->crit_rearranged,
            r->table1.rearrangement);
    fprintf(so, "cycles %llu = %llu x ts + %llu%s\n", (unsigned long long)r->cycles, (unsigned long long)m->steps,
            (unsigned long long)m->path_cycles,
            golden ? (r->golden_cycles == r->cycles ? "  (golden cycle model agrees)" : "  (golden model DIFFERS)")
                   : "  (golden model not run)");
    fprintf(so, "flit-hops %llu  messages sent %llu  rearranged %llu (all nodes)  peak buffer %llu messages "
            "per node (%.2f x N^2)\n",
            (unsigned long long)m->flit_hops, (unsigned long long)m->msg_sends, (unsigned long long)m->rearranged,
            (unsigned long long)m->peak_buffer, (double)m->peak_buffer / ((double)N * N));
    fprintf(so, "checked: link-disjoint paths, single-port, %llu messages delivered exactly once%s%s\n",
            (unsigned long long)m->deliveries, out && !to_stdout ? "; written to " : "",
            out && !to_stdout ? out : "");
}

/* --explain [--node V] on a wormhole schedule: 0 or the exit status. */
static int wh_explain_opts(const xc_sched_args *a, const xc_net *net, long *node)
{
    if (a->grid)
        return xc_cli_error("schedule", XC_EINVAL, "--grid is for the store-and-forward algorithms (te-ni, te-a1, "
                            "te-a2, mnb, mnb-product); te-dc1/te-dcn take --explain");
    if (!a->explain)
        return 0;
    if (a->out || a->json)
        return xc_cli_error("schedule", XC_EINVAL, "--explain prints words on stdout: leave out --%s",
                            a->out ? "out" : "json");
    if (net->nodes > XC_EXPLAIN_MAX_NODES)
        return xc_cli_error("schedule", XC_ERANGE, "--explain: %s has %u nodes; a schedule is explained for up to %u",
                            net->spec, net->nodes, XC_EXPLAIN_MAX_NODES);
    int rc = xc_explain_node(a->node, net, node);
    if (rc)
        return rc;
    xc_wh_table1 t1;
    xc_wh_plan(net, (xc_wh_algo)xc_wh_algo_parse(a->algo), &t1, NULL);
    printf("%s on %s (wormhole, single-port): %llu steps; n<v> is node v, m(s→d) the message from node s to node d\n",
           a->algo, net->spec, (unsigned long long)t1.startups);
    if (*node >= 0)
        printf("(only what n%ld sends and receives)\n", *node);
    return 0;
}

int xc_cmd_schedule_wh(const xc_sched_args *a)
{
    uint32_t ts, mf;
    int rc;
    if ((rc = wh_numbers(a, &ts, &mf)))
        return rc;
    const xc_wh_algo algo = (xc_wh_algo)xc_wh_algo_parse(a->algo);
    xc_net net;
    if ((rc = xc_cli_net("schedule", "--net", a->spec, &net)))
        return rc;
    xc_err err;
    xc_status st;
    if ((st = xc_wh_plan(&net, algo, NULL, &err)))
        return xc_cli_error("schedule", st, "--net '%s': %s", a->spec, err.msg);
    xc_explain_wh xw = {&net, -1, stdout};
    xc_wh_sink xs = {&xw, xc_explain_wh_step};
    if ((rc = wh_explain_opts(a, &net, &xw.node)))
        return rc;
    xc_cli_out out;
    if ((rc = xc_cli_out_open(&out, "schedule", "--out", a->out)))
        return rc;
    xc_wh_step_info info[128];
    xc_wh_run_opts o = {&net, algo, mf, ts, !a->no_golden, a->explain ? &xs : NULL, info, 128};
    xc_wh_run_result r;
    err.msg[0] = '\0'; /* a failing sink may say nothing: xc_cli_out_fail then does */
    if ((st = wh_generate(&o, &out, &r, &err)) || (st = xc_cli_out_commit(&out, "--out", &err))) {
        st = xc_cli_out_fail(&out, "--out", st, &err);
        return xc_cli_error("schedule", st, "%s", err.msg);
    }
    FILE *so = out.to_stdout ? stderr : stdout;
    if (a->explain)
        printf("after step %llu: all %llu messages are home (checked%s)\n", (unsigned long long)r.steps,
               (unsigned long long)r.m.deliveries, o.golden ? ", and run flit by flit on the golden model" : "");
    else if (a->json)
        wh_report_json(so, a, &o, &r);
    else
        wh_report_text(so, a, &o, &r);
    return 0;
}

/* Paper 001's lower bound for the net a checked file names (0: none, the
 * net is not a square torus with N a power of two). */
static uint64_t check_wh_bound(const char *spec)
{
    xc_net net;
    return xc_topo_parse(spec, &net, NULL) == XC_OK ? xc_wh_startup_bound(&net) : 0;
}

static void check_wh_json(const xc_wh_file_info *info, const xc_wh_metrics *m, long ts, uint64_t golden)
{
    const uint64_t bound = check_wh_bound(info->net);
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-check-wh/1");
    xc_json_bool(&j, "pass", 1);
    xc_json_str(&j, "model", "wormhole");
    xc_json_str(&j, "net", info->net);
    xc_json_str(&j, "algo", info->algo);
    xc_json_uint(&j, "msg_flits", info->msg_flits);
    xc_json_uint(&j, "startups", m->steps);
    if (bound) {
        xc_json_uint(&j, "bound", bound);
        xc_json_str(&j, "bound_name", XC_WH_BOUND_NAME);
        xc_json_int(&j, "over_bound", (long long)m->steps - (long long)bound);
        xc_json_bool(&j, "optimal", m->steps == bound);
    } else {
        xc_json_null(&j, "bound");
        xc_json_null(&j, "bound_name");
        xc_json_null(&j, "over_bound");
        xc_json_null(&j, "optimal");
    }
    xc_json_uint(&j, "flit_hops", m->flit_hops);
    xc_json_uint(&j, "deliveries", m->deliveries);
    xc_json_uint(&j, "peak_buffer_msgs", m->peak_buffer);
    xc_json_uint(&j, "rearranged_msgs", m->rearranged);
    xc_json_int(&j, "ts", ts);
    xc_json_uint(&j, "cycles", xc_wh_cycles(m, (uint64_t)ts));
    xc_json_uint(&j, "golden_cycles", golden);
    xc_json_finish(&j);
}

/* The bound line, as xchg check prints it for a store-and-forward file. */
static void check_wh_bound_line(const xc_wh_file_info *info, const xc_wh_metrics *m)
{
    const uint64_t bound = check_wh_bound(info->net);
    const long long over = (long long)m->steps - (long long)bound;
    if (!bound)
        printf("%llu start-ups, no lower bound for %s (paper 001's is for a square torus, N a power of two)\n",
               (unsigned long long)m->steps, info->net);
    else if (over == 0)
        printf("%llu start-ups, lower bound %s = %llu: optimal\n", (unsigned long long)m->steps, XC_WH_BOUND_NAME,
               (unsigned long long)bound);
    else
        printf("%llu start-ups, lower bound %s = %llu: %+lld over the bound\n", (unsigned long long)m->steps,
               XC_WH_BOUND_NAME, (unsigned long long)bound, over);
}

int xc_cmd_check_wh(FILE *f, const char *path, int json, long ts)
{
    xc_wh_file_info info;
    xc_wh_metrics m;
    uint64_t golden = 0;
    xc_err err;
    xc_status st = xc_golden_wh_check_stream(f, ts, &info, &m, &golden, &err);
    if (st)
        return xc_cli_error("check", st, "%s: %s", path, err.msg);
    if (json) {
        check_wh_json(&info, &m, ts, golden);
        return 0;
    }
    printf("ok: %s %s (wormhole), %llu start-ups, %llu flit-hops, every message delivered exactly once, "
           "link-disjoint paths, single-port; ts %ld: %llu cycles (golden model %llu)\n",
           info.net, info.algo, (unsigned long long)m.steps, (unsigned long long)m.flit_hops, ts,
           (unsigned long long)xc_wh_cycles(&m, (uint64_t)ts), (unsigned long long)golden);
    check_wh_bound_line(&info, &m);
    return 0;
}
