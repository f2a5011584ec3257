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
#include "xc_cli_opt.h"
#include "xc_cli_out.h"
#include "xc_num.h"
#include "xc_json.h"
#include "xc_sched.h"
#include "xc_golden_wh.h"

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

/* Parses "1,10,100" into v (lo..hi each, each once); returns the count or -1. */
static int parse_list(const char *s, long lo, long hi, long *v)
{
    int n = 0;
    while (*s) {
        char item[24];
        size_t len = strcspn(s, ",");
        uint64_t x;
        if (n == MAXL || len >= sizeof item)
            return -1;
        memcpy(item, s, len);
        item[len] = '\0';
        if (xc_num_u64(item, (uint64_t)hi, &x) != XC_OK || (long)x < lo)
            return -1;
        for (int i = 0; i < n; i++)
            if (v[i] == (long)x)
                return -1; /* each value once */
        v[n++] = (long)x;
        s += len;
        if (*s == ',' && !*++s)
            return -1; /* a trailing comma */
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
    "default 1,4,16 (1..4096, at most 4 with --svg). Every schedule is checked.\n"
    XC_HELP_EXIT_ENV;

/* The options of a comparison. */
struct cmp_args {
    const char *spec, *svg;
    int json, nts, nmf;
    long tsv[MAXL], mfv[MAXL];
};

static const struct option cmp_opts[] = {
    XC_OPT_NET, XC_OPT_TS, XC_OPT_MSG_FLITS, {"svg", required_argument, 0, 's'}, XC_OPT_JSON, XC_OPT_HELP, XC_OPT_END,
};

static int cmp_parse(int argc, char **argv, struct cmp_args *a)
{
    *a = (struct cmp_args){.nts = 5, .nmf = 3, .tsv = {1, 10, 100, 1000, 10000}, .mfv = {1, 4, 16}};
    const char *v[128];
    int rc = xc_cli_read("compare", cmp_opts, "--net, --ts, --msg-flits, --svg, --json", argc, argv, v, NULL);
    if (rc)
        return rc;
    a->spec = v['n'];
    a->svg = v['s'];
    a->json = v['j'] != NULL;
    if (v['S'] && (a->nts = parse_list(v['S'], 0, XC_WH_MAX_TS, a->tsv)) < 0)
        return xc_cli_error("compare", XC_ERANGE, "--ts '%s' (allowed: up to %d distinct comma-separated "
                            "values 0..%u)", v['S'], MAXL, XC_WH_MAX_TS);
    if (v['F'] && (a->nmf = parse_list(v['F'], 1, XC_WH_MAX_MSG_FLITS, a->mfv)) < 0)
        return xc_cli_error("compare", XC_ERANGE, "--msg-flits '%s' (allowed: up to %d distinct "
                            "comma-separated values 1..%u)", v['F'], MAXL, XC_WH_MAX_MSG_FLITS);
    if (!a->spec)
        return xc_cli_error("compare", XC_EINVAL, "missing --net torus:NxN (e.g. --net torus:16x16)");
    if (a->svg && a->nmf > 4)
        return xc_cli_error("compare", XC_ERANGE, "--msg-flits: at most 4 values with --svg (got %d)", a->nmf);
    return 0;
}

/* The costs of the three algorithms for each message size: 0 or the exit status. */
static int cmp_costs(const xc_net *net, const struct cmp_args *a, cost c[MAXL][NA])
{
    xc_err err;
    xc_status st;
    memset(c, 0, sizeof(cost) * MAXL * NA);
    xc_sched_opts so = {net, XC_ALGO_TE_A1, 0, 0};
    xc_sched_sink nop = {NULL, nop_step, nop_op};
    xc_sched_result sr;
    if ((st = xc_sched_generate(&so, &nop, &sr, &err)))
        return xc_cli_error("compare", st, "te-a1: %s", err.msg);
    for (int k = 0; k < a->nmf; k++) {
        const uint64_t mf = (uint64_t)a->mfv[k];
        c[k][0] = (cost){1, sr.steps, sr.steps * mf, sr.message_hops * mf, sr.peak_slots};
        for (int i = 1; i < NA; i++) {
            xc_wh_algo al = i == 1 ? XC_WH_DC1 : XC_WH_DCN;
            if (xc_wh_plan(net, al, NULL, NULL))
                continue; /* te-dc1 needs N >= 8 */
            xc_wh_run_opts o = {net, al, (uint32_t)mf, 0, 0, NULL, NULL, 0};
            xc_wh_run_result r;
            if ((st = xc_wh_run(&o, &r, &err)))
                return xc_cli_error("compare", st, "%s: %s", anames[i], err.msg);
            c[k][i] = (cost){1, r.m.steps, r.m.path_cycles, r.m.flit_hops, r.m.peak_buffer};
        }
    }
    return 0;
}

static int cmp_svg(const struct cmp_args *a, cost c[MAXL][NA])
{
    xc_cli_out out;
    xc_err err;
    xc_status st;
    int rc;
    if ((rc = xc_cli_out_open(&out, "compare", "--svg", a->svg)))
        return rc;
    if (write_svg(out.f, a->spec, a->nmf, a->mfv, c)) {
        xc_cli_out_abort(&out);
        return xc_cli_error("compare", XC_EWRITE, "--svg '%s': write failed", a->svg);
    }
    if ((st = xc_cli_out_commit(&out, "--svg", &err)))
        return xc_cli_error("compare", st, "%s", err.msg);
    return 0;
}

static void cmp_json(const struct cmp_args *a, cost c[MAXL][NA])
{
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-compare/1");
    xc_json_str(&j, "net", a->spec);
    xc_json_str(&j, "model", "wormhole step: ts + hops + flits - 1");
    xc_json_arr(&j, "rows");
    for (int k = 0; k < a->nmf; k++)
        for (int i = 0; i < NA; i++) {
            if (!c[k][i].ok)
                continue;
            xc_json_obj(&j, NULL);
            xc_json_str(&j, "algo", anames[i]);
            xc_json_int(&j, "msg_flits", a->mfv[k]);
            xc_json_uint(&j, "startups", c[k][i].startups);
            xc_json_uint(&j, "flit_hops", c[k][i].flit_hops);
            xc_json_uint(&j, "peak_buffer_msgs", c[k][i].peak_msgs);
            xc_json_obj(&j, "cycles");
            for (int t = 0; t < a->nts; t++) {
                char key[24];
                snprintf(key, sizeof key, "%ld", a->tsv[t]);
                xc_json_uint(&j, key, cyc(&c[k][i], (uint64_t)a->tsv[t]));
            }
            xc_json_end(&j);
            xc_json_end(&j);
        }
    xc_json_finish(&j);
}

/* Start-ups, peak buffer and flit-hops of each algorithm; paper 001's Table 1. */
static void cmp_text_head(const xc_net *net, const struct cmp_args *a, cost c[MAXL][NA])
{
    const uint32_t N = net->dim[0].size;
    printf("%s: te-a1 (store-and-forward optimum, AS(G) steps) vs te-dc1, te-dcn (paper 001);\n"
           "every algorithm costed as wormhole steps of ts + hops + flits - 1 cycles, single-port\n\n",
           a->spec);
    printf("%-8s %10s %16s %18s\n", "algo", "start-ups", "peak buffer", "flit-hops (1 fl)");
    for (int i = 0; i < NA; i++) {
        if (!c[0][i].ok) {
            printf("%-8s %10s   (not defined for N = %u: needs N >= 8)\n", anames[i], "-", N);
            continue;
        }
        char pb[32];
        snprintf(pb, sizeof pb, "%llu (%.2fN^2)", (unsigned long long)c[0][i].peak_msgs,
                 (double)c[0][i].peak_msgs / ((double)N * N));
        printf("%-8s %10llu %16s %18llu\n", anames[i], (unsigned long long)c[0][i].startups, pb,
               (unsigned long long)(c[0][i].flit_hops / (uint64_t)a->mfv[0]));
    }
    printf("\npaper 001 Table 1 for N = %u (transmission x m t_d, rearrangement x m t_r):\n", N);
    printf("  %-20s %10s %14s %14s\n", "algorithm", "start-ups", "transmission", "rearrangement");
    static const char *const rows[4] = {"A_{n-1} (te-dcn)", "A1 (te-dc1)", "Tseng et al. [10]", "Suh [6]"};
    for (int r = 0; r < 4; r++) {
        xc_wh_table1 t;
        if (r < 2) {
            if (xc_wh_plan(net, r == 0 ? XC_WH_DCN : XC_WH_DC1, &t, NULL))
                continue;
        } else {
            xc_wh_table1_other(N, r - 2, &t);
        }
        printf("  %-20s %10llu %14.0f %14.0f\n", rows[r], (unsigned long long)t.startups, t.transmission,
               t.rearrangement);
    }
}

/* Cycles for each message size and ts, and where each algorithm wins. */
static void cmp_text_cycles(const struct cmp_args *a, cost c[MAXL][NA])
{
    printf("\ncycles\n%-9s %-8s", "msg_flits", "ts");
    for (int i = 0; i < NA; i++)
        printf(" %12s", anames[i]);
    printf("  best\n");
    for (int k = 0; k < a->nmf; k++) {
        for (int t = 0; t < a->nts; t++) {
            printf("%-9ld %-8ld", a->mfv[k], a->tsv[t]);
            int best = -1;
            for (int i = 0; i < NA; i++) {
                if (!c[k][i].ok) {
                    printf(" %12s", "-");
                    continue;
                }
                uint64_t x = cyc(&c[k][i], (uint64_t)a->tsv[t]);
                printf(" %12llu", (unsigned long long)x);
                if (best < 0 || x < cyc(&c[k][best], (uint64_t)a->tsv[t]))
                    best = i;
            }
            printf("  %s\n", anames[best]);
        }
    }
    printf("\nwhere each wins (exact crossovers of the cycle lines):\n");
    for (int k = 0; k < a->nmf; k++) {
        printf("  %ld flit(s) per message: ", a->mfv[k]);
        print_winners(stdout, c[k]);
    }
}

int xc_cmd_compare(int argc, char **argv)
{
    if (xc_cli_help_asked(argc, argv, cmp_opts))
        return xc_cli_help(usage);
    struct cmp_args a;
    int rc;
    if ((rc = cmp_parse(argc, argv, &a)))
        return rc;
    xc_net net;
    if ((rc = xc_cli_net("compare", "--net", a.spec, &net)))
        return rc;
    /* te-dcn is defined on the most tori: its refusal names the input */
    xc_err err;
    xc_status st;
    if ((st = xc_wh_plan(&net, XC_WH_DCN, NULL, &err)))
        return xc_cli_error("compare", st, "--net '%s': %s", a.spec, err.msg);
    cost c[MAXL][NA];
    if ((rc = cmp_costs(&net, &a, c)) || (a.svg && (rc = cmp_svg(&a, c))))
        return rc;
    if (a.json) {
        cmp_json(&a, c);
        return 0;
    }
    cmp_text_head(&net, &a, c);
    cmp_text_cycles(&a, c);
    if (a.svg)
        printf("\nplot written to %s\n", a.svg);
    return 0;
}
