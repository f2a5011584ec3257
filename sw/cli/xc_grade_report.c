/* SPDX-License-Identifier: MIT */
/* xchg grade's report: each submission's runs (sweep cases) read back into
 * one verdict, the first failing check and where, and the cycles; printed
 * as a table or JSON, and written to OUT/grade.json (schema xchg-grade/1,
 * docs/json.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_fs.h"
#include "xc_json.h"
#include "xc_partial.h"
#include "xc_sweep.h"

/* One submission, from its runs. */
typedef struct verdict {
    const char *word;     /* "pass", "fail" (a check failed), "error" (the contract, a build) */
    long cycles;          /* of its first run, when every run passed; -1: not passed */
    char mode[8];         /* the run of the first failure ("" when it passed) */
    char check[600];      /* what failed and where */
} verdict;

/* The number after "key": in a one-line JSON report, or -1. */
static long num_of(const char *rep, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = rep ? strstr(rep, pat) : NULL;
    return p && p[strlen(pat)] >= '0' && p[strlen(pat)] <= '9' ? strtol(p + strlen(pat), NULL, 10) : -1;
}

/* The string after "key":" at or after from, unescaped enough for a
 * table (\" and \\ kept as written), into out. */
static void str_of(const char *from, const char *key, char *out, size_t cap)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":\"", key);
    const char *p = from ? strstr(from, pat) : NULL;
    size_t n = 0;
    for (p = p ? p + strlen(pat) : NULL; p && *p && *p != '"' && n + 1 < cap; p++)
        out[n++] = *p == '\\' && p[1] ? *++p : *p;
    out[n] = '\0';
}

/* The first failing check of a failed run (rc: its exit status), from its
 * report or its error; a model that stopped itself ($fatal, $stop: the
 * process aborted) printed Verilator's message on either. */
static void failed_check(int rc, const char *rep, const char *err, char *out, size_t cap)
{
    const char *stop = err ? strstr(err, "%Error: ") : NULL;
    if (!stop && rc != 1 && rep)
        stop = strstr(rep, "%Error: ");
    if (stop) {
        snprintf(out, cap, "the model stopped: %.*s", (int)strcspn(stop + 8, "\n"), stop + 8);
        return;
    }
    if (rc != 1)
        rep = NULL;
    const char *mm = rep ? strstr(rep, "\"first_mismatch\":{") : NULL;
    char detail[400], elem[32];
    if (mm) {
        str_of(mm, "element", elem, sizeof elem);
        str_of(mm, "detail", detail, sizeof detail);
        snprintf(out, cap, "RTL differs from the golden model at cycle %ld, %s: %s", num_of(mm, "cycle"), elem,
                 detail);
    } else if (rep && num_of(rep, "delivered") >= 0) {
        snprintf(out, cap, "delivered %ld of %ld messages", num_of(rep, "delivered"), num_of(rep, "expected"));
    } else {
        snprintf(out, cap, "%s", err && *err ? err : "the run ended without a report");
    }
}

/* Reads submission s's runs (cases s*n_modes ..) into v. */
static void judge(const xc_sweep *sw, int s, int n_modes, verdict *v)
{
    *v = (verdict){.word = "pass", .cycles = -1};
    for (int k = 0; k < n_modes; k++) {
        const int i = s * n_modes + k;
        char path[4400];
        int rc = -1;
        /* (the sweep made these names: they fit) */
        char *done = xc_path(path, sizeof path, "%s/case-%d.done", sw->out_dir, i) ? NULL
                                                                                   : xc_fs_read_max(path, 200, NULL);
        if (!done || sscanf(done, "exit %d", &rc) != 1)
            rc = -1;
        char *rep = xc_path(path, sizeof path, "%s/case-%d.json", sw->out_dir, i) ? NULL
                                                                                  : xc_fs_read_max(path, 1u << 22, NULL);
        char *err = xc_path(path, sizeof path, "%s/case-%d.err", sw->out_dir, i) ? NULL
                                                                                 : xc_fs_read_max(path, 1u << 20, NULL);
        if (err)
            err[strcspn(err, "\n")] = '\0';
        if (k == 0)
            v->cycles = num_of(rep, "cycles");
        if (rc != 0 && !strcmp(v->word, "pass")) {
            v->word = rc == 1 ? "fail" : "error";
            snprintf(v->mode, sizeof v->mode, "%s", strstr(sw->cases[i].text, "--mode ") + 7);
            /* an error line is "xchg run: ...": the table names the run */
            failed_check(rc, rep, err && !strncmp(err, "xchg run: ", 10) ? err + 10 : err, v->check,
                         sizeof v->check);
        }
        free(done);
        free(rep);
        free(err);
    }
    if (strcmp(v->word, "pass"))
        v->cycles = -1;
}

static void write_json(FILE *f, const xc_grade_of *g, const verdict *v, int passed)
{
    const int n = g->n_subs;
    const char *const *subs = g->subs;
    xc_json j;
    xc_json_begin(&j, f, "xchg-grade/1");
    xc_json_str(&j, "dir", g->sweep->cases_path);
    xc_json_str(&j, "net", g->net);
    xc_json_arr(&j, "modes");
    for (int k = 0; k < g->n_modes; k++)
        xc_json_str(&j, NULL, g->modes[k]);
    xc_json_end(&j);
    xc_json_uint(&j, "submissions", (unsigned)n);
    xc_json_uint(&j, "passed", (unsigned)passed);
    xc_json_bool(&j, "pass", passed == n);
    xc_json_arr(&j, "results");
    for (int s = 0; s < n; s++) {
        xc_json_obj(&j, NULL);
        xc_json_str(&j, "file", subs[s]);
        xc_json_str(&j, "verdict", v[s].word);
        if (v[s].cycles >= 0)
            xc_json_uint(&j, "cycles", (unsigned long)v[s].cycles);
        else
            xc_json_null(&j, "cycles");
        xc_json_str(&j, "failed_mode", v[s].mode[0] ? v[s].mode : NULL);
        xc_json_str(&j, "failed_check", v[s].check[0] ? v[s].check : NULL);
        xc_json_end(&j);
    }
    xc_json_end(&j);
    xc_json_finish(&j);
}

static void print_table(const xc_grade_of *g, const verdict *v, int passed)
{
    const xc_sweep *sw = g->sweep;
    const char *const *subs = g->subs;
    const int n = g->n_subs;
    int w = 10;
    for (int s = 0; s < n; s++)
        w = (int)strlen(subs[s]) > w ? (int)strlen(subs[s]) : w;
    printf("  %-*s  verdict  cycles  first failing check\n", w, "submission");
    for (int s = 0; s < n; s++) {
        char cyc[24] = "-";
        if (v[s].cycles >= 0)
            snprintf(cyc, sizeof cyc, "%ld", v[s].cycles);
        printf("  %-*s  %-7s  %-6s  %s%s%s\n", w, subs[s], v[s].word, cyc, v[s].mode, v[s].mode[0] ? ": " : "",
               v[s].check[0] ? v[s].check : "-");
    }
    printf("passed %d of %d (runs: %s/case-*.json; %s/grade.json, %s/junit.xml)\n", passed, n, sw->out_dir,
           sw->out_dir, sw->out_dir);
}

int xc_grade_report(const xc_grade_of *g, int json)
{
    const xc_sweep *sw = g->sweep;
    const int n = g->n_subs;
    verdict *v = calloc((size_t)n, sizeof *v);
    if (!v)
        return xc_cli_error("grade", XC_ENOMEM, "out of memory");
    int passed = 0;
    for (int s = 0; s < n; s++) {
        judge(sw, s, g->n_modes, &v[s]);
        passed += !strcmp(v[s].word, "pass");
    }
    char path[4300], tmp[4400];
    const int long_path = xc_path(path, sizeof path, "%s/grade.json", sw->out_dir) ||
                          xc_fs_tmp_name(tmp, sizeof tmp, path);
    xc_partial_add(tmp, 0);
    FILE *f = long_path ? NULL : fopen(tmp, "w");
    if (f)
        write_json(f, g, v, passed);
    const int bad = !f || xc_fs_close_rename(f, tmp, path) != 0;
    xc_partial_done(tmp);
    if (json)
        write_json(stdout, g, v, passed);
    else
        print_table(g, v, passed);
    free(v);
    if (bad)
        return xc_cli_error("grade", XC_EWRITE, "cannot write %s", path);
    return passed == n ? 0 : 1;
}
