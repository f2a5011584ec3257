/* SPDX-License-Identifier: MIT */
/* xchg schedule: generate a total-exchange or multinode-broadcast schedule
 * on a product network, optionally write it; xchg check: replay a schedule
 * file with the independent checker. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "xc_check.h"
#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_cli_out.h"
#include "xc_explain.h"
#include "xc_num.h"
#include "xc_json.h"
#include "xc_sched.h"
#include "xc_sched_io.h"
#include "xc_wh.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static long max_rss_kb(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) ? 0 : ru.ru_maxrss;
}

static double hops_per_second(uint64_t hops, double secs) { return secs > 0 ? hops / secs : 0.0; }

/* The speed keys that end the schedule and check reports. */
static void json_speed(xc_json *j, uint64_t hops, double secs)
{
    xc_json_real(j, "seconds", "%.3f", secs);
    xc_json_real(j, "hops_per_second", "%.0f", hops_per_second(hops, secs));
    xc_json_int(j, "max_rss_kb", max_rss_kb());
}

/* Wraps the real sink: counts, and shows progress on a terminal. */
typedef struct prog {
    const xc_sched_sink *inner;
    uint64_t expected;
    double t0, last;
    int tty;
} prog;

static xc_status p_step(void *ctx, uint64_t t)
{
    prog *p = ctx;
    if (p->tty && (t & 255) == 0) {
        double x = now();
        if (x - p->last > 0.5) {
            double rate = t / (x - p->t0);
            fprintf(stderr, "\rstep %llu/%llu  %.0f steps/s  %.0f s left   ", (unsigned long long)t,
                    (unsigned long long)p->expected, rate, rate > 0 ? (p->expected - t) / rate : 0);
            p->last = x;
        }
    }
    return p->inner ? p->inner->step(p->inner->ctx, t) : XC_OK;
}

static xc_status p_op(void *ctx, const xc_op *op)
{
    prog *p = ctx;
    return p->inner ? p->inner->op(p->inner->ctx, op) : XC_OK;
}

static const char sched_usage[] =
    "usage: xchg schedule --net SPEC --algo ALGO [--port single|multi] [--duplex full|half]\n"
    "                     [--out FILE|-] [--json] [--explain] [--grid] [--node V]\n"
    "ALGO: te-ni        node-invariant total exchange (paper 003), Cayley networks\n"
    "      te-a1        Algorithm A1 (paper 000 §4), any product, single-port\n"
    "      te-a2        Algorithm A2 (paper 000 §5), H^(2^k), multiport\n"
    "      mnb          multinode broadcast on a hamiltonian cycle (paper 002 §3)\n"
    "      mnb-product  multinode broadcast dimension by dimension (paper 002 §4)\n"
    "--out writes the schedule (docs/schedule-format.md); '-' is stdout. Check it\n"
    "with `xchg check FILE`. At most 16384 nodes and 2^34 message hops.\n"
    "--explain prints every step in sentences (n5 sends m(5→7) on port 0 ... to n6)\n"
    "with its phase and round; --grid the node x step grid of T transmit, R receive,\n"
    ". idle; --node V keeps node V's sentences (or row). Up to 64 nodes, on stdout.\n"
    "\n"
    "usage: xchg schedule --net torus:NxN --algo te-dc1|te-dcn [--ts CYCLES] [--msg-flits F]\n"
    "                     [--no-golden] [--out FILE|-] [--json] [--explain [--node V]]\n"
    "te-dc1  Algorithm A1 of paper 001: one division, N/4 + 5 start-ups (N >= 8)\n"
    "te-dcn  Algorithm A_{n-1} of paper 001: recursive, 3 log2 N - 1 start-ups (N >= 4)\n"
    "N a power of two, at most 64. A wormhole step costs ts + hops + flits - 1 cycles;\n"
    "--ts is the start-up cost (default 100 cycles, 0..1000000), --msg-flits the flits\n"
    "per message (default 1, 1..4096). Every step is replayed by the checker and,\n"
    "unless --no-golden, by the golden cycle model (flit by flit). --out writes the\n"
    "schedule (docs/schedule-format.md, wormhole schedules); check it with xchg check.\n"
    "\n"
    XC_HELP_EXIT_ENV;

static const struct option sched_opts[] = {
    XC_OPT_NET, XC_OPT_ALGO, XC_OPTS_PORT_MODEL, XC_OPT_OUT, XC_OPT_JSON, XC_OPT_TS, XC_OPT_MSG_FLITS,
    {"no-golden", no_argument, 0, 'G'}, XC_OPT_HELP,
    {"explain", no_argument, 0, 'E'},   {"grid", no_argument, 0, 'R'},
    {"node", required_argument, 0, 'V'}, XC_OPT_END,
};

/* Reads the options of both kinds of schedule into a: 0 or the exit status. */
static int sched_parse(int argc, char **argv, xc_sched_args *a)
{
    const char *v[128];
    int rc = xc_cli_read("schedule", sched_opts, "--net, --algo, --port, --duplex, --out, --json, --explain, "
                         "--grid, --node; with te-dc1/te-dcn --ts, --msg-flits, --no-golden", argc, argv, v, NULL);
    if (rc)
        return rc;
    *a = (xc_sched_args){.spec = v['n'], .algo = v['a'], .port = v['p'], .duplex = v['d'], .out = v['o'],
                         .ts = v['S'], .msg_flits = v['F'], .json = v['j'] != NULL, .no_golden = v['G'] != NULL,
                         .explain = v['E'] != NULL, .grid = v['R'] != NULL, .node = v['V']};
    if (a->node && !a->explain && !a->grid)
        return xc_cli_error("schedule", XC_EINVAL, "--node is for --explain or --grid");
    return 0;
}

/* The store-and-forward options: algo, port model; 0 or the exit status. */
static int sched_opts_sf(const xc_sched_args *a, int *algo, int *port, int *half)
{
    if (a->ts || a->msg_flits || a->no_golden)
        return xc_cli_error("schedule", XC_EINVAL, "--%s is for te-dc1/te-dcn only (store and forward: --net, --algo, "
                            "--port, --duplex, --out, --json)", a->ts ? "ts" : a->msg_flits ? "msg-flits" : "no-golden");
    if (!a->spec)
        return xc_cli_error("schedule", XC_EINVAL, "missing --net SPEC (e.g. --net torus:4x4)");
    if (!a->algo)
        return xc_cli_error("schedule", XC_EINVAL, "missing --algo (te-ni, te-a1, te-a2, mnb, mnb-product)");
    if ((*algo = xc_algo_parse(a->algo)) < 0)
        return xc_cli_error("schedule", XC_EINVAL,
                            "--algo '%s' (allowed: te-ni, te-a1, te-a2, mnb, mnb-product, te-dc1, te-dcn)", a->algo);
    if (a->port && strcmp(a->port, "single") && strcmp(a->port, "multi"))
        return xc_cli_error("schedule", XC_EINVAL, "--port '%s' (allowed: single, multi)", a->port);
    if (a->duplex && strcmp(a->duplex, "full") && strcmp(a->duplex, "half"))
        return xc_cli_error("schedule", XC_EINVAL, "--duplex '%s' (allowed: full, half)", a->duplex);
    *port = a->port ? !strcmp(a->port, "multi") : *algo == XC_ALGO_TE_A2; /* A2 is the multiport algorithm */
    *half = a->duplex && !strcmp(a->duplex, "half");
    return 0;
}

/* The generated schedule's report (on stderr when the schedule is on stdout). */
static void sched_report(FILE *so, const xc_sched_args *a, const xc_sched_opts *o, const xc_sched_plan *plan,
                         const xc_sched_result *r, double secs)
{
    const int optimal = r->steps == plan->bound;
    const double rate = hops_per_second(r->message_hops, secs);
    const char *port = o->multiport ? "multi" : "single", *duplex = o->half_duplex ? "half" : "full";
    if (a->json) {
        xc_json j;
        xc_json_begin(&j, so, "xchg-schedule/1");
        xc_json_str(&j, "net", a->spec);
        xc_json_str(&j, "algo", xc_algo_name(o->algo));
        xc_json_str(&j, "kind", plan->kind_mnb ? "mnb" : "te");
        xc_json_str(&j, "port", port);
        xc_json_str(&j, "duplex", duplex);
        XC_JSON_UINTS(&j, "steps expected bound", r->steps, plan->expected, plan->bound);
        xc_json_str(&j, "bound_name", plan->bound_name);
        xc_json_bool(&j, "optimal", optimal);
        XC_JSON_UINTS(&j, "messages message_hops deliveries peak_slots", plan->messages, r->message_hops,
                      r->deliveries, r->peak_slots);
        xc_json_bool(&j, "node_invariant", plan->node_invariant);
        XC_JSON_UINTS(&j, "table_words_per_node table_words_broadcast", r->table_words, r->bcast_words);
        json_speed(&j, r->message_hops, secs);
        xc_json_finish(&j);
        return;
    }
    fprintf(so, "net %s  algo %s  port %s  duplex %s\n", a->spec, xc_algo_name(o->algo), port, duplex);
    fprintf(so, "steps %llu  (theorem %llu; bound %s = %llu: %s)\n", (unsigned long long)r->steps,
            (unsigned long long)plan->expected, plan->bound_name, (unsigned long long)plan->bound,
            optimal ? "optimal" : "above the bound");
    fprintf(so, "messages %llu  message_hops %llu  deliveries %llu  peak_slots %u per node\n",
            (unsigned long long)plan->messages, (unsigned long long)r->message_hops,
            (unsigned long long)r->deliveries, r->peak_slots);
    if (plan->node_invariant)
        fprintf(so, "tables: broadcast %llu words (one step word for all nodes) vs per-node %llu words\n",
                (unsigned long long)r->bcast_words, (unsigned long long)r->table_words);
    else
        fprintf(so, "tables: per-node %llu words\n", (unsigned long long)r->table_words);
    const int to_file = a->out && strcmp(a->out, "-");
    fprintf(so, "time %.3f s, %.3g message hops/s%s%s\n", secs, rate, to_file ? ", written to " : "",
            to_file ? a->out : "");
}

/* Generates the schedule into out (if any): XC_OK or the failure in err. */
static xc_status sched_generate(const xc_sched_opts *o, const xc_sched_plan *plan, xc_cli_out *out,
                                xc_sched_result *r, double *secs, xc_err *err)
{
    xc_sched_writer *w = NULL;
    xc_sched_sink ws;
    xc_status st = XC_OK;
    if (out->f) {
        if (!(w = malloc(sizeof *w)))
            return xc_fail(err, XC_ENOMEM, "out of memory");
        if ((st = xc_sched_write_begin(w, out->f, out->to_stdout ? "stdout" : out->path, o, err))) {
            free(w);
            return st;
        }
        ws = xc_sched_writer_sink(w);
    }
    prog pg = {w ? &ws : NULL, plan->expected, now(), now(), isatty(2)};
    xc_sched_sink sink = {&pg, p_step, p_op};
    double t0 = now();
    st = xc_sched_generate(o, &sink, r, err);
    if (pg.tty && plan->expected > 256)
        fprintf(stderr, "\r%60s\r", "");
    if (st && w && w->failed) /* the sink stopped the generator: the writer says why */
        st = xc_sched_write_error(w, err);
    else if (!st && w)
        st = xc_sched_write_end(w, r, err);
    *secs = now() - t0;
    free(w);
    return st;
}

int xc_cmd_schedule(int argc, char **argv)
{
    if (xc_cli_help_asked(argc, argv, sched_opts))
        return xc_cli_help(sched_usage);
    xc_sched_args a = {0};
    int rc, algo = -1, port = 0, half = 0;
    if ((rc = sched_parse(argc, argv, &a)))
        return rc;
    if (a.algo && xc_wh_algo_parse(a.algo) >= 0) /* the wormhole algorithms of paper 001: xc_cmd_wh.c */
        return xc_cmd_schedule_wh(&a);
    if ((rc = sched_opts_sf(&a, &algo, &port, &half)))
        return rc;
    xc_net net;
    if ((rc = xc_cli_net("schedule", "--net", a.spec, &net)))
        return rc;
    xc_sched_opts o = {&net, (xc_algo)algo, port, half};
    xc_sched_plan plan;
    xc_err err;
    xc_status st;
    if ((st = xc_sched_plan_for(&o, &plan, &err)))
        return xc_cli_error("schedule", st, "%s", err.msg);
    if (a.explain || a.grid)
        return xc_explain_sched(&a, &o, &plan);
    xc_cli_out out;
    if ((rc = xc_cli_out_open(&out, "schedule", "--out", a.out)))
        return rc;
    xc_sched_result r;
    double secs = 0;
    err.msg[0] = '\0'; /* a failing sink may say nothing: xc_cli_out_fail then does */
    if ((st = sched_generate(&o, &plan, &out, &r, &secs, &err)) || (st = xc_cli_out_commit(&out, "--out", &err))) {
        st = xc_cli_out_fail(&out, "--out", st, &err);
        return xc_cli_error("schedule", st, "%s", err.msg);
    }
    sched_report(out.to_stdout ? stderr : stdout, &a, &o, &plan, &r, secs);
    return 0;
}

static const char check_usage[] =
    "usage: xchg check FILE|- [--json] [--ts CYCLES]\n"
    "Replays a schedule at message level, independently of the generators:\n"
    "adjacency, port model, slot overwrites, every message delivered exactly\n"
    "once (every broadcast to every node). Exit 0 ok, 1 violation, 2 bad file.\n"
    "The last line compares the steps with the lower bound `xchg schedule` uses\n"
    "(optimal, or +k over the bound); --json: bound, bound_name, over_bound, optimal.\n"
    "Wormhole schedules (te-dc1, te-dcn) are also run through the golden cycle\n"
    "model with start-up cost --ts (default 100).\n"
    "exit status: 0 ok, 1 a check failed, 2 bad input, 3 the environment failed\n";

/* Reads the options: the file, --json, --ts; 0 or the exit status. */
static int check_parse(int argc, char **argv, const struct option *longopts, const char **path, int *json, long *ts)
{
    const char *v[128];
    int npos, rc = xc_cli_read("check", longopts, "FILE, --json, --ts", argc, argv, v, &npos);
    uint64_t t;
    if (rc)
        return rc;
    if (v['S'] && xc_num_u64(v['S'], 1000000, &t) != XC_OK)
        return xc_cli_error("check", XC_ERANGE, "--ts '%s' (allowed: 0..1000000 cycles)", v['S']);
    *ts = v['S'] ? (long)t : 100;
    *json = v['j'] != NULL;
    if (npos == 0)
        return xc_cli_error("check", XC_EINVAL, "missing schedule FILE (or - for stdin)");
    if (npos > 1)
        return xc_cli_error("check", XC_EINVAL, "one schedule file at a time ('%s' is extra)", argv[optind + 1]);
    *path = argv[optind];
    return 0;
}

/* The lower bound `xchg schedule` compares against, for the problem the
 * checked file solves (its net, algorithm, port and duplex models). */
static xc_status check_bound(const xc_check_result *r, xc_sched_plan *plan, xc_err *err)
{
    xc_net net;
    xc_status st = xc_topo_parse(r->net, &net, err);
    if (st)
        return st;
    const int algo = xc_algo_parse(r->algo);
    if (algo < 0)
        return xc_fail(err, XC_EINVAL, "algo '%s' has no bound", r->algo);
    xc_sched_opts o = {&net, (xc_algo)algo, r->multiport, r->half_duplex};
    return xc_sched_plan_for(&o, plan, err);
}

/* The bound line of a check: optimal, or how far above (plan NULL: no
 * bound for this algorithm, why says so). */
static void bound_line(const xc_check_result *r, const xc_sched_plan *plan, const char *why)
{
    if (!plan) {
        printf("%llu steps, no lower bound for %s (%s)\n", (unsigned long long)r->steps, r->algo, why);
        return;
    }
    const long long over = (long long)r->steps - (long long)plan->bound;
    if (over == 0)
        printf("%llu steps, lower bound %s = %llu: optimal\n", (unsigned long long)r->steps, plan->bound_name,
               (unsigned long long)plan->bound);
    else
        printf("%llu steps, lower bound %s = %llu: %+lld over the bound\n", (unsigned long long)r->steps,
               plan->bound_name, (unsigned long long)plan->bound, over);
}

static void check_report(const xc_check_result *r, double secs, const xc_sched_plan *plan, const char *why)
{
    printf("ok: %s %s, %u nodes, %llu steps, %llu message hops, %llu deliveries, %u slots per node "
           "(%s, %s port, %s duplex) in %.3f s\n",
           r->net, r->algo, r->nodes, (unsigned long long)r->steps, (unsigned long long)r->message_hops,
           (unsigned long long)r->deliveries, r->slots, r->kind_mnb ? "every broadcast reached every node"
                                                                    : "every message delivered exactly once",
           r->multiport ? "multi" : "single", r->half_duplex ? "half" : "full", secs);
    bound_line(r, plan, why);
}

static void check_report_json(const xc_check_result *r, double secs, const xc_sched_plan *plan)
{
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-check/1");
    xc_json_bool(&j, "pass", 1);
    xc_json_str(&j, "net", r->net);
    xc_json_str(&j, "algo", r->algo);
    XC_JSON_UINTS(&j, "steps message_hops deliveries slots", r->steps, r->message_hops, r->deliveries, r->slots);
    if (plan) {
        xc_json_uint(&j, "bound", plan->bound);
        xc_json_str(&j, "bound_name", plan->bound_name);
        xc_json_int(&j, "over_bound", (long long)r->steps - (long long)plan->bound);
        xc_json_bool(&j, "optimal", r->steps == plan->bound);
    } else {
        xc_json_null(&j, "bound");
        xc_json_null(&j, "bound_name");
        xc_json_null(&j, "over_bound");
        xc_json_null(&j, "optimal");
    }
    json_speed(&j, r->message_hops, secs);
    xc_json_finish(&j);
}


int xc_cmd_check(int argc, char **argv)
{
    static const struct option longopts[] = {
        XC_OPT_JSON, XC_OPT_TS, XC_OPT_HELP, XC_OPT_END};
    if (xc_cli_help_asked(argc, argv, longopts))
        return xc_cli_help(check_usage);
    const char *path = NULL;
    int json = 0, rc;
    long ts = 100;
    if ((rc = check_parse(argc, argv, longopts, &path, &json, &ts)))
        return rc;
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f)
        return xc_cli_error("check", XC_EIO, "'%s': cannot open", path);
    int c0 = getc(f); /* 'w': a wormhole schedule (xc_cmd_wh.c) */
    ungetc(c0, f);
    if (c0 == 'w') {
        rc = xc_cmd_check_wh(f, path, json, ts);
        if (f != stdin)
            fclose(f);
        return rc;
    }
    xc_check_result r;
    xc_err err;
    double t0 = now();
    xc_status st = xc_check_stream(f, &r, &err);
    double secs = now() - t0;
    if (f != stdin)
        fclose(f);
    if (st)
        return xc_cli_error("check", st, "%s: %s", path, err.msg);
    xc_sched_plan plan;
    const int have_bound = check_bound(&r, &plan, &err) == XC_OK; /* none for a hand-made algo */
    if (json)
        check_report_json(&r, secs, have_bound ? &plan : NULL);
    else
        check_report(&r, secs, have_bound ? &plan : NULL, err.msg);
    return 0;
}
