/* SPDX-License-Identifier: MIT */
/* xchg compare: on an N x N torus, the store-and-forward optimum te-a1
 * (paper 000, AS(G) steps, one message of one hop per step) against the
 * wormhole algorithms te-dc1 and te-dcn of paper 001, all costed with the
 * same wormhole step model: a step costs ts + hops + flits - 1 cycles for
 * its longest packet (te-a1: ts + msg_flits). Start-ups, cycles for several
 * ts and message sizes, flit-hops and peak buffer; which one wins where;
 * optionally an SVG plot of cycles against ts. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_sched.h"
#include "xc_wh.h"

#define NA 3    /* te-a1, te-dc1, te-dcn */
#define MAXL 16 /* values per list */

static const char *const anames[NA] = {"te-a1", "te-dc1", "te-dcn"};
static const char *const colors[NA] = {"#d62728", "#1f77b4", "#2ca02c"};

typedef struct cost {
    int ok;              /* defined for this N */
    uint64_t startups;   /* = steps */
    uint64_t fixed;      /* cycles that do not depend on ts */
    uint64_t flit_hops;
    uint64_t peak_msgs;  /* messages one node holds at most */
} cost;

static uint64_t cyc(const cost *c, uint64_t ts)
{
    return c->startups * ts + c->fixed;
}

static xc_status nop_step(void *ctx, uint64_t t)
{
    (void)ctx, (void)t;
    return XC_OK;
}

static xc_status nop_op(void *ctx, const xc_op *op)
{
    (void)ctx, (void)op;
    return XC_OK;
}

/* Parses "1,10,100" into v (lo..hi each); returns the count or -1. */
static int parse_list(const char *s, long lo, long hi, long *v)
{
    int n = 0;
    while (*s) {
        char *e;
        if (n == MAXL || *s < '0' || *s > '9')
            return -1;
        long x = strtol(s, &e, 10);
        if (x < lo || x > hi || (*e && *e != ','))
            return -1;
        v[n++] = x;
        s = *e ? e + 1 : e;
    }
    return n ? n : -1;
}

/* The winner for each ts >= 0: the lower envelope of the lines
 * startups * ts + fixed. Prints "A for ts < x, B for x <= ts < y, ...". */
static void print_winners(FILE *f, const cost *c)
{
    double ts = 0;
    int cur = -1;
    for (int a = 0; a < NA; a++) /* best at ts = 0 (ties: fewer start-ups) */
        if (c[a].ok && (cur < 0 || c[a].fixed < c[cur].fixed ||
                        (c[a].fixed == c[cur].fixed && c[a].startups < c[cur].startups)))
            cur = a;
    fprintf(f, "%s", anames[cur]);
    int crossed = 0;
    for (;;) {
        int next = -1;
        double at = INFINITY;
        for (int a = 0; a < NA; a++) {
            if (!c[a].ok || c[a].startups >= c[cur].startups)
                continue;
            double x = ((double)c[a].fixed - (double)c[cur].fixed) / ((double)c[cur].startups - (double)c[a].startups);
            if (x < ts)
                x = ts;
            if (x < at || (x == at && next >= 0 && c[a].startups < c[next].startups))
                at = x, next = a;
        }
        if (next < 0)
            break;
        fprintf(f, " for ts < %.1f, %s", at, anames[next]);
        ts = at;
        cur = next;
        crossed = 1;
    }
    fprintf(f, crossed ? " beyond\n" : " for every ts >= 0\n");
}

static double lx(double ts, double lo, double hi)
{
    return 70 + 560 * (log10(ts) - lo) / (hi - lo);
}

static double ly(double c, double lo, double hi)
{
    return 370 - 330 * (log10(c) - lo) / (hi - lo);
}

/* Cycles against ts, log-log, one colour per algorithm, one dash per
 * message size. Returns 0 or -1 on a write error. */
static int write_svg(FILE *f, const char *spec, int nmf, const long *mf, cost c[][NA])
{
    double tlo = 0, thi = 5, clo = INFINITY, chi = 0;
    for (int k = 0; k < nmf; k++)
        for (int a = 0; a < NA; a++)
            if (c[k][a].ok) {
                double y0 = log10((double)cyc(&c[k][a], 1)), y1 = log10((double)cyc(&c[k][a], 100000));
                clo = fmin(clo, y0);
                chi = fmax(chi, y1);
            }
    clo = floor(clo);
    chi = ceil(chi);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"420\" font-family=\"sans-serif\" "
               "font-size=\"12\">\n<rect width=\"760\" height=\"420\" fill=\"white\"/>\n");
    fprintf(f, "<text x=\"350\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">%s: total-exchange cycles against "
               "start-up cost ts (wormhole step model)</text>\n", spec);
    for (int e = (int)tlo; e <= (int)thi; e++) {
        double x = lx(pow(10, e), tlo, thi);
        fprintf(f, "<line x1=\"%.1f\" y1=\"40\" x2=\"%.1f\" y2=\"370\" stroke=\"#ddd\"/>\n", x, x);
        fprintf(f, "<text x=\"%.1f\" y=\"386\" text-anchor=\"middle\">%g</text>\n", x, pow(10, e));
    }
    for (int e = (int)clo; e <= (int)chi; e++) {
        double y = ly(pow(10, e), clo, chi);
        fprintf(f, "<line x1=\"70\" y1=\"%.1f\" x2=\"630\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", y, y);
        fprintf(f, "<text x=\"64\" y=\"%.1f\" text-anchor=\"end\">1e%d</text>\n", y + 4, e);
    }
    fprintf(f, "<rect x=\"70\" y=\"40\" width=\"560\" height=\"330\" fill=\"none\" stroke=\"black\"/>\n");
    fprintf(f, "<text x=\"350\" y=\"408\" text-anchor=\"middle\">ts (cycles per start-up)</text>\n");
    fprintf(f, "<text x=\"18\" y=\"205\" text-anchor=\"middle\" transform=\"rotate(-90 18 205)\">cycles</text>\n");
    static const char *const dash[] = {"", "8,4", "2,3", "12,3,2,3"};
    int ly0 = 50;
    for (int k = 0; k < nmf; k++)
        for (int a = 0; a < NA; a++) {
            if (!c[k][a].ok)
                continue;
            fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" stroke-dasharray=\"%s\" points=\"",
                    colors[a], dash[k % 4]);
            for (int s = 0; s <= 50; s++) {
                double ts = pow(10, tlo + (thi - tlo) * s / 50.0);
                fprintf(f, "%.1f,%.1f ", lx(ts, tlo, thi),
                        ly((double)c[k][a].startups * ts + (double)c[k][a].fixed, clo, chi));
            }
            fprintf(f, "\"/>\n");
            fprintf(f, "<line x1=\"640\" y1=\"%d\" x2=\"670\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\" "
                       "stroke-dasharray=\"%s\"/><text x=\"675\" y=\"%d\">%s, %ld fl</text>\n",
                    ly0, ly0, colors[a], dash[k % 4], ly0 + 4, anames[a], mf[k]);
            ly0 += 16;
        }
    fprintf(f, "</svg>\n");
    return ferror(f) ? -1 : 0;
}

static const char usage[] =
    "usage: xchg compare --net torus:NxN [--ts LIST] [--msg-flits LIST] [--svg FILE] [--json]\n"
    "Costs te-a1 (store-and-forward optimum, paper 000), te-dc1 and te-dcn (paper 001)\n"
    "with one wormhole step model: ts + hops + flits - 1 cycles per step. LIST is\n"
    "comma-separated: --ts default 1,10,100,1000,10000 (0..1000000), --msg-flits\n"
    "default 1,4,16 (1..4096, at most 4 with --svg). Every schedule is checked.\n";

int xc_cmd_compare(int argc, char **argv)
{
    const char *spec = NULL, *svg = NULL;
    int json = 0;
    long tsv[MAXL] = {1, 10, 100, 1000, 10000}, mfv[MAXL] = {1, 4, 16};
    int nts = 5, nmf = 3;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help")) {
            fputs(usage, stdout);
            return 0;
        } else if (!strcmp(a, "--json")) {
            json = 1;
        } else if (!strcmp(a, "--net") && v) {
            spec = v, i++;
        } else if (!strcmp(a, "--svg") && v) {
            svg = v, i++;
        } else if (!strcmp(a, "--ts") && v) {
            if ((nts = parse_list(v, 0, XC_WH_MAX_TS, tsv)) < 0)
                return xc_cli_error("compare", XC_ERANGE, "--ts '%s' (allowed: up to %d comma-separated values "
                                    "0..%u)", v, MAXL, XC_WH_MAX_TS);
            i++;
        } else if (!strcmp(a, "--msg-flits") && v) {
            if ((nmf = parse_list(v, 1, XC_WH_MAX_MSG_FLITS, mfv)) < 0)
                return xc_cli_error("compare", XC_ERANGE, "--msg-flits '%s' (allowed: up to %d comma-separated "
                                    "values 1..%u)", v, MAXL, XC_WH_MAX_MSG_FLITS);
            i++;
        } else {
            return xc_cli_error("compare", XC_EINVAL, "unknown option or missing value '%s' (allowed: --net, --ts, "
                                "--msg-flits, --svg, --json)", a);
        }
    }
    if (!spec)
        return xc_cli_error("compare", XC_EINVAL, "missing --net torus:NxN (e.g. --net torus:16x16)");
    if (svg && nmf > 4)
        return xc_cli_error("compare", XC_ERANGE, "--msg-flits: at most 4 values with --svg (got %d)", nmf);
    xc_net net;
    xc_err err;
    xc_status st = xc_topo_parse(spec, &net, &err);
    if (st)
        return xc_cli_error("compare", st, "--net %s", err.msg);
    /* te-dcn is defined on the most tori: its refusal names the input */
    if ((st = xc_wh_plan(&net, XC_WH_DCN, NULL, &err)))
        return xc_cli_error("compare", st, "--net '%s': %s", spec, err.msg);
    uint32_t N = net.dim[0].size;

    cost c[MAXL][NA];
    memset(c, 0, sizeof c);
    xc_sched_opts so = {&net, XC_ALGO_TE_A1, 0, 0};
    xc_sched_sink nop = {NULL, nop_step, nop_op};
    xc_sched_result sr;
    if ((st = xc_sched_generate(&so, &nop, &sr, &err)))
        return xc_cli_error("compare", st, "te-a1: %s", err.msg);
    for (int k = 0; k < nmf; k++) {
        c[k][0] = (cost){1, sr.steps, sr.steps * (uint64_t)mfv[k], sr.message_hops * (uint64_t)mfv[k], sr.peak_slots};
        for (int a = 1; a < NA; a++) {
            xc_wh_algo al = a == 1 ? XC_WH_DC1 : XC_WH_DCN;
            if (xc_wh_plan(&net, al, NULL, NULL))
                continue; /* te-dc1 needs N >= 8 */
            xc_wh_run_opts o = {&net, al, (uint32_t)mfv[k], 0, 0, NULL, NULL, 0};
            xc_wh_run_result r;
            if ((st = xc_wh_run(&o, &r, &err)))
                return xc_cli_error("compare", st, "%s: %s", anames[a], err.msg);
            c[k][a] = (cost){1, r.m.steps, r.m.path_cycles, r.m.flit_hops, r.m.peak_buffer};
        }
    }
    if (svg) {
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%s.tmp%ld", svg, (long)getpid());
        FILE *f = fopen(tmp, "w");
        if (!f)
            return xc_cli_error("compare", XC_EIO, "--svg '%s': cannot create the file", svg);
        int bad = write_svg(f, spec, nmf, mfv, c);
        if (fclose(f) || bad || rename(tmp, svg)) {
            remove(tmp);
            return xc_cli_error("compare", XC_EIO, "--svg '%s': write failed", svg);
        }
    }
    if (json) {
        printf("{\"net\":");
        xc_json_str(stdout, spec);
        printf(",\"model\":\"wormhole step: ts + hops + flits - 1\",\"rows\":[");
        int first = 1;
        for (int k = 0; k < nmf; k++)
            for (int a = 0; a < NA; a++) {
                if (!c[k][a].ok)
                    continue;
                printf("%s{\"algo\":\"%s\",\"msg_flits\":%ld,\"startups\":%llu,\"flit_hops\":%llu,"
                       "\"peak_buffer_msgs\":%llu,\"cycles\":{",
                       first ? "" : ",", anames[a], mfv[k], (unsigned long long)c[k][a].startups,
                       (unsigned long long)c[k][a].flit_hops, (unsigned long long)c[k][a].peak_msgs);
                for (int t = 0; t < nts; t++)
                    printf("%s\"%ld\":%llu", t ? "," : "", tsv[t], (unsigned long long)cyc(&c[k][a], (uint64_t)tsv[t]));
                printf("}}");
                first = 0;
            }
        printf("]}\n");
        return 0;
    }
    printf("%s: te-a1 (store-and-forward optimum, AS(G) steps) vs te-dc1, te-dcn (paper 001);\n"
           "every algorithm costed as wormhole steps of ts + hops + flits - 1 cycles, single-port\n\n",
           spec);
    printf("%-8s %10s %16s %18s\n", "algo", "start-ups", "peak buffer", "flit-hops (1 fl)");
    for (int a = 0; a < NA; a++) {
        if (!c[0][a].ok) {
            printf("%-8s %10s   (not defined for N = %u: needs N >= 8)\n", anames[a], "-", N);
            continue;
        }
        char pb[32];
        snprintf(pb, sizeof pb, "%llu (%.2fN^2)", (unsigned long long)c[0][a].peak_msgs,
                 (double)c[0][a].peak_msgs / ((double)N * N));
        printf("%-8s %10llu %16s %18llu\n", anames[a], (unsigned long long)c[0][a].startups, pb,
               (unsigned long long)(c[0][a].flit_hops / (uint64_t)mfv[0]));
    }
    printf("\npaper 001 Table 1 for N = %u (transmission x m t_d, rearrangement x m t_r):\n", N);
    printf("  %-20s %10s %14s %14s\n", "algorithm", "start-ups", "transmission", "rearrangement");
    static const char *const rows[4] = {"A_{n-1} (te-dcn)", "A1 (te-dc1)", "Tseng et al. [10]", "Suh [6]"};
    for (int r = 0; r < 4; r++) {
        xc_wh_table1 t;
        if (r < 2) {
            if (xc_wh_plan(&net, r == 0 ? XC_WH_DCN : XC_WH_DC1, &t, NULL))
                continue;
        } else {
            xc_wh_table1_other(N, r - 2, &t);
        }
        printf("  %-20s %10llu %14.0f %14.0f\n", rows[r], (unsigned long long)t.startups, t.transmission,
               t.rearrangement);
    }
    printf("\ncycles\n%-9s %-8s", "msg_flits", "ts");
    for (int a = 0; a < NA; a++)
        printf(" %12s", anames[a]);
    printf("  best\n");
    for (int k = 0; k < nmf; k++) {
        for (int t = 0; t < nts; t++) {
            printf("%-9ld %-8ld", mfv[k], tsv[t]);
            int best = -1;
            for (int a = 0; a < NA; a++) {
                if (!c[k][a].ok) {
                    printf(" %12s", "-");
                    continue;
                }
                uint64_t x = cyc(&c[k][a], (uint64_t)tsv[t]);
                printf(" %12llu", (unsigned long long)x);
                if (best < 0 || x < cyc(&c[k][best], (uint64_t)tsv[t]))
                    best = a;
            }
            printf("  %s\n", anames[best]);
        }
    }
    printf("\nwhere each wins (exact crossovers of the cycle lines):\n");
    for (int k = 0; k < nmf; k++) {
        printf("  %ld flit(s) per message: ", mfv[k]);
        print_winners(stdout, c[k]);
    }
    if (svg)
        printf("\nplot written to %s\n", svg);
    return 0;
}
