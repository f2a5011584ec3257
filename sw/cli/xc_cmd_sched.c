/* SPDX-License-Identifier: MIT */
/* xchg schedule: generate a total-exchange or multinode-broadcast schedule
 * on a product network, optionally write it; xchg check: replay a schedule
 * file with the independent checker. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "xc_check.h"
#include "xc_cli.h"
#include "xc_sched.h"
#include "xc_sched_io.h"

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
    "                     [--out FILE|-] [--json]\n"
    "ALGO: te-ni        node-invariant total exchange (paper 003), Cayley networks\n"
    "      te-a1        Algorithm A1 (paper 000 §4), any product, single-port\n"
    "      te-a2        Algorithm A2 (paper 000 §5), H^(2^k), multiport\n"
    "      mnb          multinode broadcast on a hamiltonian cycle (paper 002 §3)\n"
    "      mnb-product  multinode broadcast dimension by dimension (paper 002 §4)\n"
    "      te-dc1, te-dcn  wormhole torus algorithms of paper 001 (xchg schedule --algo te-dc1 --help)\n"
    "--out writes the schedule (docs/schedule-format.md); '-' is stdout. Check it\n"
    "with `xchg check FILE`. At most 4096 nodes and 2^30 message hops.\n";

int xc_cmd_schedule(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++) /* the wormhole algorithms of paper 001: xc_cmd_wh.c */
        if (!strcmp(argv[i], "--algo") && (!strcmp(argv[i + 1], "te-dc1") || !strcmp(argv[i + 1], "te-dcn")))
            return xc_cmd_schedule_wh(argc, argv);
    const char *spec = NULL, *out = NULL;
    int algo = -1, json = 0, port = -1, half = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help")) {
            fputs(sched_usage, stdout);
            return 0;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--net") && v) {
            spec = v, i++;
        } else if (!strcmp(a, "--out") && v) {
            out = v, i++;
        } else if (!strcmp(a, "--algo") && v) {
            if ((algo = xc_algo_parse(v)) < 0)
                return xc_cli_error("schedule", XC_EINVAL,
                                    "--algo '%s' (allowed: te-ni, te-a1, te-a2, mnb, mnb-product, te-dc1, te-dcn)", v);
            i++;
        } else if (!strcmp(a, "--port") && v) {
            if (strcmp(v, "single") && strcmp(v, "multi"))
                return xc_cli_error("schedule", XC_EINVAL, "--port '%s' (allowed: single, multi)", v);
            port = !strcmp(v, "multi");
            i++;
        } else if (!strcmp(a, "--duplex") && v) {
            if (strcmp(v, "full") && strcmp(v, "half"))
                return xc_cli_error("schedule", XC_EINVAL, "--duplex '%s' (allowed: full, half)", v);
            half = !strcmp(v, "half");
            i++;
        } else {
            return xc_cli_error("schedule", XC_EINVAL,
                                "unknown option or missing value '%s' (allowed: --net, --algo, --port, --duplex, "
                                "--out, --json)", a);
        }
    }
    if (!spec)
        return xc_cli_error("schedule", XC_EINVAL, "missing --net SPEC (e.g. --net torus:4x4)");
    if (algo < 0)
        return xc_cli_error("schedule", XC_EINVAL, "missing --algo (te-ni, te-a1, te-a2, mnb, mnb-product)");
    if (port < 0)
        port = algo == XC_ALGO_TE_A2; /* A2 is the multiport algorithm */
    xc_net net;
    xc_err err;
    xc_status st = xc_topo_parse(spec, &net, &err);
    if (st)
        return xc_cli_error("schedule", st, "--net %s", err.msg);
    xc_sched_opts o = {&net, (xc_algo)algo, port, half};
    xc_sched_plan plan;
    if ((st = xc_sched_plan_for(&o, &plan, &err)))
        return xc_cli_error("schedule", st, "%s", err.msg);

    /* write to a temporary name, rename when complete: no partial files */
    FILE *f = NULL;
    char tmp[4096] = "";
    int to_stdout = out && !strcmp(out, "-");
    if (out && !to_stdout) {
        snprintf(tmp, sizeof tmp, "%s.tmp%ld", out, (long)getpid());
        if (!(f = fopen(tmp, "w")))
            return xc_cli_error("schedule", XC_EIO, "--out '%s': cannot create the file", out);
    } else if (to_stdout) {
        f = stdout;
    }
    xc_sched_writer *w = NULL;
    xc_sched_sink ws;
    if (f) {
        if (!(w = malloc(sizeof *w))) {
            st = xc_fail(&err, XC_ENOMEM, "out of memory");
            goto fail;
        }
        if ((st = xc_sched_write_begin(w, f, &o, &err)))
            goto fail;
        ws = xc_sched_writer_sink(w);
    }
    prog pg = {f ? &ws : NULL, plan.expected, now(), now(), isatty(2)};
    xc_sched_sink sink = {&pg, p_step, p_op};
    xc_sched_result r;
    double t0 = now();
    st = xc_sched_generate(&o, &sink, &r, &err);
    if (pg.tty && plan.expected > 256)
        fprintf(stderr, "\r%60s\r", "");
    if (st)
        goto fail;
    if (w && (st = xc_sched_write_end(w, &r, &err)))
        goto fail;
    double secs = now() - t0;
    if (f && !to_stdout) {
        if (fclose(f)) {
            f = NULL;
            st = xc_fail(&err, XC_EIO, "--out '%s': write failed", out);
            goto fail;
        }
        f = NULL;
        if (rename(tmp, out)) {
            st = xc_fail(&err, XC_EIO, "--out '%s': cannot rename the finished file into place", out);
            goto fail;
        }
    }
    free(w);
    FILE *so = to_stdout ? stderr : stdout;
    int optimal = r.steps == plan.bound;
    if (json) {
        fprintf(so, "{\"net\":");
        xc_json_str(so, spec);
        fprintf(so,
                ",\"algo\":\"%s\",\"kind\":\"%s\",\"port\":\"%s\",\"duplex\":\"%s\",\"steps\":%llu,"
                "\"expected\":%llu,\"bound\":%llu,\"bound_name\":\"%s\",\"optimal\":%s,\"messages\":%llu,"
                "\"message_hops\":%llu,\"deliveries\":%llu,\"peak_slots\":%u,\"node_invariant\":%s,"
                "\"table_words_per_node\":%llu,\"table_words_broadcast\":%llu,\"seconds\":%.3f,"
                "\"hops_per_second\":%.0f,\"max_rss_kb\":%ld}\n",
                xc_algo_name(o.algo), plan.kind_mnb ? "mnb" : "te", port ? "multi" : "single", half ? "half" : "full",
                (unsigned long long)r.steps, (unsigned long long)plan.expected, (unsigned long long)plan.bound,
                plan.bound_name, optimal ? "true" : "false", (unsigned long long)plan.messages,
                (unsigned long long)r.message_hops, (unsigned long long)r.deliveries, r.peak_slots,
                plan.node_invariant ? "true" : "false", (unsigned long long)r.table_words,
                (unsigned long long)r.bcast_words, secs, secs > 0 ? r.message_hops / secs : 0.0, max_rss_kb());
    } else {
        fprintf(so, "net %s  algo %s  port %s  duplex %s\n", spec, xc_algo_name(o.algo), port ? "multi" : "single",
                half ? "half" : "full");
        fprintf(so, "steps %llu  (theorem %llu; bound %s = %llu: %s)\n", (unsigned long long)r.steps,
                (unsigned long long)plan.expected, plan.bound_name, (unsigned long long)plan.bound,
                optimal ? "optimal" : "above the bound");
        fprintf(so, "messages %llu  message_hops %llu  deliveries %llu  peak_slots %u per node\n",
                (unsigned long long)plan.messages, (unsigned long long)r.message_hops,
                (unsigned long long)r.deliveries, r.peak_slots);
        if (plan.node_invariant)
            fprintf(so, "tables: broadcast %llu words (one step word for all nodes) vs per-node %llu words\n",
                    (unsigned long long)r.bcast_words, (unsigned long long)r.table_words);
        else
            fprintf(so, "tables: per-node %llu words\n", (unsigned long long)r.table_words);
        fprintf(so, "time %.3f s, %.3g message hops/s%s%s\n", secs, secs > 0 ? r.message_hops / secs : 0.0,
                out && !to_stdout ? ", written to " : "", out && !to_stdout ? out : "");
    }
    return 0;
fail:
    if (f && !to_stdout)
        fclose(f);
    if (tmp[0])
        remove(tmp);
    free(w);
    return xc_cli_error("schedule", st, "%s", err.msg);
}

static const char check_usage[] =
    "usage: xchg check FILE|- [--json] [--ts CYCLES]\n"
    "Replays a schedule at message level, independently of the generators:\n"
    "adjacency, port model, slot overwrites, every message delivered exactly\n"
    "once (every broadcast to every node). Exit 0 ok, 1 violation, 2 bad file.\n"
    "The last line compares the steps with the lower bound `xchg schedule` uses\n"
    "(optimal, or +k over the bound); --json: bound, bound_name, over_bound, optimal.\n"
    "Wormhole schedules (te-dc1, te-dcn) are also run through the golden cycle\n"
    "model with start-up cost --ts (default 100).\n";

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

int xc_cmd_check(int argc, char **argv)
{
    const char *path = NULL;
    int json = 0;
    long ts = 100;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--ts") && i + 1 < argc) {
            char *e;
            ts = strtol(argv[++i], &e, 10);
            if (*e || !*argv[i] || ts < 0 || ts > 1000000)
                return xc_cli_error("check", XC_ERANGE, "--ts '%s' (allowed: 0..1000000 cycles)", argv[i]);
        } else if (!strcmp(argv[i], "--help")) {
            fputs(check_usage, stdout);
            return 0;
        } else if (!strcmp(argv[i], "--json")) {
            json = 1;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return xc_cli_error("check", XC_EINVAL, "unknown option '%s' (allowed: FILE, --json, --ts)", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return xc_cli_error("check", XC_EINVAL, "one schedule file at a time ('%s' is extra)", argv[i]);
        }
    }
    if (!path)
        return xc_cli_error("check", XC_EINVAL, "missing schedule FILE (or - for stdin)");
    FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
    if (!f)
        return xc_cli_error("check", XC_EIO, "'%s': cannot open", path);
    int c0 = getc(f); /* 'w': a wormhole schedule (xc_cmd_wh.c) */
    ungetc(c0, f);
    if (c0 == 'w') {
        int rc = xc_cmd_check_wh(f, path, json, ts);
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
    const long long over = have_bound ? (long long)r.steps - (long long)plan.bound : 0;
    if (json) {
        printf("{\"ok\":true,\"net\":\"%s\",\"algo\":\"%s\",\"steps\":%llu,\"message_hops\":%llu,\"deliveries\":%llu,"
               "\"slots\":%u,", r.net, r.algo, (unsigned long long)r.steps, (unsigned long long)r.message_hops,
               (unsigned long long)r.deliveries, r.slots);
        if (have_bound)
            printf("\"bound\":%llu,\"bound_name\":\"%s\",\"over_bound\":%lld,\"optimal\":%s,",
                   (unsigned long long)plan.bound, plan.bound_name, over, over == 0 ? "true" : "false");
        else
            printf("\"bound\":null,\"bound_name\":null,\"over_bound\":null,\"optimal\":null,");
        printf("\"seconds\":%.3f,\"hops_per_second\":%.0f,\"max_rss_kb\":%ld}\n", secs,
               secs > 0 ? r.message_hops / secs : 0.0, max_rss_kb());
        return 0;
    }
    printf("ok: %s %s, %u nodes, %llu steps, %llu message hops, %llu deliveries, %u slots per node "
           "(%s, %s port, %s duplex) in %.3f s\n",
           r.net, r.algo, r.nodes, (unsigned long long)r.steps, (unsigned long long)r.message_hops,
           (unsigned long long)r.deliveries, r.slots, r.kind_mnb ? "every broadcast reached every node"
                                                                 : "every message delivered exactly once",
           r.multiport ? "multi" : "single", r.half_duplex ? "half" : "full", secs);
    if (!have_bound)
        printf("%llu steps, no lower bound for %s (%s)\n", (unsigned long long)r.steps, r.algo, err.msg);
    else if (over == 0)
        printf("%llu steps, lower bound %s = %llu: optimal\n", (unsigned long long)r.steps, plan.bound_name,
               (unsigned long long)plan.bound);
    else
        printf("%llu steps, lower bound %s = %llu: %+lld over the bound\n", (unsigned long long)r.steps,
               plan.bound_name, (unsigned long long)plan.bound, over);
    return 0;
}
