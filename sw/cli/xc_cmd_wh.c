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
#include "xc_wh.h"

static const char usage[] =
    "usage: xchg schedule --net torus:NxN --algo te-dc1|te-dcn [--ts CYCLES] [--msg-flits F]\n"
    "                     [--no-golden] [--out FILE|-] [--json]\n"
    "te-dc1  Algorithm A1 of paper 001: one division, N/4 + 5 start-ups (N >= 8)\n"
    "te-dcn  Algorithm A_{n-1} of paper 001: recursive, 3 log2 N - 1 start-ups (N >= 4)\n"
    "N a power of two, at most 64. A wormhole step costs ts + hops + flits - 1 cycles;\n"
    "--ts is the start-up cost (default 100 cycles, 0..1000000), --msg-flits the flits\n"
    "per message (default 1, 1..4096). Every step is replayed by the checker and,\n"
    "unless --no-golden, by the golden cycle model (flit by flit). --out writes the\n"
    "schedule (docs/schedule-format.md, wormhole schedules); check it with xchg check.\n";

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

/* Parses a decimal in lo..hi; -1 if malformed or out of range. */
static long parse_num(const char *s, long lo, long hi)
{
    char *end;
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    long v = strtol(s, &end, 10);
    return *end || v < lo || v > hi ? -1 : v;
}

int xc_cmd_schedule_wh(int argc, char **argv)
{
    const char *spec = NULL, *out = NULL;
    int algo = -1, json = 0, golden = 1;
    long ts = XC_WH_DEFAULT_TS, mf = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help")) {
            fputs(usage, stdout);
            return 0;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--no-golden")) {
            golden = 0;
        } else if (!strcmp(a, "--net") && v) {
            spec = v, i++;
        } else if (!strcmp(a, "--out") && v) {
            out = v, i++;
        } else if (!strcmp(a, "--algo") && v) {
            if ((algo = xc_wh_algo_parse(v)) < 0)
                return xc_cli_error("schedule", XC_EINVAL, "--algo '%s' (allowed here: te-dc1, te-dcn)", v);
            i++;
        } else if (!strcmp(a, "--ts") && v) {
            if ((ts = parse_num(v, 0, XC_WH_MAX_TS)) < 0)
                return xc_cli_error("schedule", XC_ERANGE, "--ts '%s' (allowed: 0..%u cycles)", v, XC_WH_MAX_TS);
            i++;
        } else if (!strcmp(a, "--msg-flits") && v) {
            if ((mf = parse_num(v, 1, XC_WH_MAX_MSG_FLITS)) < 0)
                return xc_cli_error("schedule", XC_ERANGE, "--msg-flits '%s' (allowed: 1..%u)", v,
                                    XC_WH_MAX_MSG_FLITS);
            i++;
        } else {
            return xc_cli_error("schedule", XC_EINVAL,
                                "unknown option or missing value '%s' (allowed with te-dc1/te-dcn: --net, --algo, "
                                "--ts, --msg-flits, --no-golden, --out, --json)", a);
        }
    }
    if (!spec)
        return xc_cli_error("schedule", XC_EINVAL, "missing --net SPEC (e.g. --net torus:16x16)");
    xc_net net;
    xc_err err;
    xc_status st = xc_topo_parse(spec, &net, &err);
    if (st)
        return xc_cli_error("schedule", st, "--net %s", err.msg);
    if ((st = xc_wh_plan(&net, (xc_wh_algo)algo, NULL, &err)))
        return xc_cli_error("schedule", st, "--net '%s': %s", spec, err.msg);

    FILE *f = NULL;
    char tmp[4096] = "";
    int to_stdout = out && !strcmp(out, "-");
    struct stat sb; /* a device or pipe (/dev/null) is written in place: a rename would replace it */
    if (out && !to_stdout && !stat(out, &sb) && !S_ISREG(sb.st_mode)) {
        if (!(f = fopen(out, "w")))
            return xc_cli_error("schedule", XC_EIO, "--out '%s': cannot open it", out);
    } else if (out && !to_stdout) {
        snprintf(tmp, sizeof tmp, "%s.tmp%ld", out, (long)getpid());
        if (!(f = fopen(tmp, "w")))
            return xc_cli_error("schedule", XC_EIO, "--out '%s': cannot create the file", out);
    } else if (to_stdout) {
        f = stdout;
    }
    xc_wh_writer *w = NULL;
    xc_wh_sink ws;
    xc_wh_step_info info[128];
    xc_wh_run_opts o = {&net, (xc_wh_algo)algo, (uint32_t)mf, (uint32_t)ts, golden, NULL, info, 128};
    xc_wh_run_result r;
    if (f) {
        if ((st = xc_wh_write_begin(f, &net, xc_wh_algo_name((xc_wh_algo)algo), (uint32_t)mf, &w, &err)))
            goto fail;
        ws = xc_wh_writer_sink(w);
        o.also = &ws;
    }
    xc_wh_table1 t1;
    xc_wh_plan(&net, (xc_wh_algo)algo, &t1, NULL);
    prog pg = {o.also, t1.startups, isatty(2) && net.nodes >= 1024};
    xc_wh_sink ps = {&pg, prog_step};
    o.also = &ps;
    st = xc_wh_run(&o, &r, &err);
    if (pg.tty)
        fprintf(stderr, "\r%40s\r", "");
    if (st)
        goto fail;
    if (w) {
        xc_wh_writer *w2 = w;
        w = NULL;
        if ((st = xc_wh_write_end(w2, r.steps, &err)))
            goto fail;
    }
    if (f && !to_stdout) {
        int bad = fclose(f);
        f = NULL;
        if (bad) {
            st = xc_fail(&err, XC_EIO, "--out '%s': write failed", out);
            goto fail;
        }
        if (tmp[0] && rename(tmp, out)) {
            st = xc_fail(&err, XC_EIO, "--out '%s': cannot rename the finished file into place", out);
            goto fail;
        }
        tmp[0] = 0;
    }
    FILE *so = to_stdout ? stderr : stdout;
    const xc_wh_metrics *m = &r.m;
    uint32_t N = net.dim[0].size;
    if (json) {
        fprintf(so, "{\"net\":");
        xc_json_str(so, spec);
        fprintf(so,
                ",\"algo\":\"%s\",\"model\":\"wormhole\",\"ts\":%ld,\"msg_flits\":%ld,\"startups\":%llu,"
                "\"startups_paper\":%llu,\"cycles\":%llu,\"golden_cycles\":%llu,\"flit_hops\":%llu,"
                "\"message_hops\":%llu,\"messages_sent\":%llu,\"transmission_msgs\":%llu,"
                "\"transmission_paper\":%.0f,\"peak_buffer_msgs\":%llu,\"peak_buffer_flits\":%llu,"
                "\"rearranged_msgs\":%llu,\"rearranged_per_node\":%llu,\"rearrangement_paper\":%.0f,\"deliveries\":%llu,\"packets\":%llu,"
                "\"max_hops\":%u,\"steps\":[",
                xc_wh_algo_name((xc_wh_algo)algo), ts, mf, (unsigned long long)m->steps,
                (unsigned long long)r.table1.startups, (unsigned long long)r.cycles,
                (unsigned long long)r.golden_cycles, (unsigned long long)m->flit_hops,
                (unsigned long long)m->msg_hops, (unsigned long long)m->msg_sends, (unsigned long long)m->crit_msgs,
                r.table1.transmission, (unsigned long long)m->peak_buffer,
                (unsigned long long)m->peak_buffer * (uint64_t)mf, (unsigned long long)m->rearranged,
                (unsigned long long)m->crit_rearranged, r.table1.rearrangement, (unsigned long long)m->deliveries, (unsigned long long)m->packets,
                m->max_hops);
        for (uint64_t t = 0; t < r.steps && t < 128; t++)
            fprintf(so, "%s{\"t\":%llu,\"label\":\"%s\",\"packets\":%u,\"hops\":%u,\"max_msgs\":%u,\"cycles\":%llu}",
                    t ? "," : "", (unsigned long long)info[t].t, info[t].label, info[t].packets, info[t].max_hops,
                    info[t].max_msgs, (unsigned long long)info[t].cycles);
        fprintf(so, "]}\n");
    } else {
        fprintf(so, "net %s  algo %s  wormhole, single-port  ts %ld cycles  %ld flit(s) per message\n", spec,
                xc_wh_algo_name((xc_wh_algo)algo), ts, mf);
        fprintf(so, "%-4s %-16s %8s %5s %9s %10s\n", "step", "phase", "packets", "hops", "max_msgs", "cycles");
        for (uint64_t t = 0; t < r.steps && t < 128; t++)
            fprintf(so, "%-4llu %-16s %8u %5u %9u %10llu\n", (unsigned long long)info[t].t, info[t].label,
                    info[t].packets, info[t].max_hops, info[t].max_msgs, (unsigned long long)info[t].cycles);
        fprintf(so, "%-26s %14s %18s\n", "", "measured", "paper Table 1");
        fprintf(so, "%-26s %14llu %18llu\n", "start-ups", (unsigned long long)m->steps,
                (unsigned long long)r.table1.startups);
        fprintf(so, "%-26s %14llu %18.0f\n", "transmission (messages)", (unsigned long long)m->crit_msgs,
                r.table1.transmission);
        fprintf(so, "%-26s %14llu %18.0f\n", "rearranged per node", (unsigned long long)m->crit_rearranged,
                r.table1.rearrangement);
        fprintf(so, "cycles %llu = %llu x ts + %llu%s\n", (unsigned long long)r.cycles, (unsigned long long)m->steps,
                (unsigned long long)m->path_cycles,
                golden ? (r.golden_cycles == r.cycles ? "  (golden cycle model agrees)" : "  (golden model DIFFERS)")
                       : "  (golden model not run)");
        fprintf(so, "flit-hops %llu  messages sent %llu  rearranged %llu (all nodes)  peak buffer %llu messages "
                "per node (%.2f x N^2)\n",
                (unsigned long long)m->flit_hops, (unsigned long long)m->msg_sends, (unsigned long long)m->rearranged,
                (unsigned long long)m->peak_buffer, (double)m->peak_buffer / ((double)N * N));
        fprintf(so, "checked: link-disjoint paths, single-port, %llu messages delivered exactly once%s%s\n",
                (unsigned long long)m->deliveries, out && !to_stdout ? "; written to " : "",
                out && !to_stdout ? out : "");
    }
    return 0;
fail:
    xc_wh_writer_free(w);
    if (f && !to_stdout)
        fclose(f);
    if (tmp[0])
        remove(tmp);
    return xc_cli_error("schedule", st, "%s", err.msg);
}

int xc_cmd_check_wh(FILE *f, const char *path, int json, long ts)
{
    xc_wh_file_info info;
    xc_wh_metrics m;
    uint64_t golden = 0;
    xc_err err;
    xc_status st = xc_wh_check_stream(f, ts, &info, &m, &golden, &err);
    if (st)
        return xc_cli_error("check", st, "%s: %s", path, err.msg);
    if (json) {
        printf("{\"ok\":true,\"model\":\"wormhole\",\"net\":");
        xc_json_str(stdout, info.net);
        printf(",\"algo\":");
        xc_json_str(stdout, info.algo);
        printf(",\"msg_flits\":%u,\"startups\":%llu,"
               "\"flit_hops\":%llu,\"deliveries\":%llu,\"peak_buffer_msgs\":%llu,\"rearranged_msgs\":%llu,"
               "\"ts\":%ld,\"cycles\":%llu,\"golden_cycles\":%llu}\n",
               info.msg_flits, (unsigned long long)m.steps, (unsigned long long)m.flit_hops,
               (unsigned long long)m.deliveries, (unsigned long long)m.peak_buffer,
               (unsigned long long)m.rearranged, ts, (unsigned long long)xc_wh_cycles(&m, (uint64_t)ts),
               (unsigned long long)golden);
    } else
        printf("ok: %s %s (wormhole), %llu start-ups, %llu flit-hops, every message delivered exactly once, "
               "link-disjoint paths, single-port; ts %ld: %llu cycles (golden model %llu)\n",
               info.net, info.algo, (unsigned long long)m.steps, (unsigned long long)m.flit_hops, ts,
               (unsigned long long)xc_wh_cycles(&m, (uint64_t)ts), (unsigned long long)golden);
    return 0;
}
