/* SPDX-License-Identifier: MIT */
/* xchg sweep's merge: the per-case files into one JSON summary
 * (schema xchg-sweep/1, docs/json.md) and one JUnit XML file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_fs.h"
#include "xc_json.h"
#include "xc_junit.h"
#include "xc_partial.h"
#include "xc_sweep.h"

/* What one case left behind. */
typedef struct result {
    int done, exit;
    double seconds;
    char *report;  /* the run's one-line JSON object, or NULL */
    char msg[600]; /* the first line of its stderr */
} result;

static char *slurp(const char *path, size_t max)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *b = malloc(max + 1);
    size_t n = b ? fread(b, 1, max, f) : 0;
    fclose(f);
    if (b)
        b[n] = '\0';
    return b;
}

static void read_result(const char *dir, int i, result *r)
{
    char path[4300];
    *r = (result){0};
    char *done = xc_path(path, sizeof path, "%s/case-%d.done", dir, i) ? NULL : slurp(path, 200);
    r->done = done && sscanf(done, "exit %d\nseconds %lf", &r->exit, &r->seconds) == 2;
    const char *sig = done ? strstr(done, "\nsignal ") : NULL; /* the run crashed */
    int signo = sig ? atoi(sig + 8) : 0;
    free(done);
    if (!r->done)
        return;
    r->report = xc_path(path, sizeof path, "%s/case-%d.json", dir, i) ? NULL : slurp(path, 1u << 22);
    size_t len = r->report ? strcspn(r->report, "\n") : 0;
    if (r->report && (len < 2 || r->report[0] != '{' || r->report[len - 1] != '}')) {
        free(r->report); /* not one JSON object: the run failed before its report */
        r->report = NULL;
    } else if (r->report) {
        r->report[len] = '\0';
    }
    char *err = xc_path(path, sizeof path, "%s/case-%d.err", dir, i) ? NULL : slurp(path, sizeof r->msg - 1);
    if (err) {
        err[strcspn(err, "\n")] = '\0';
        snprintf(r->msg, sizeof r->msg, "%s", err);
        free(err);
    }
    if (signo)
        snprintf(r->msg, sizeof r->msg, "killed by signal %d (%s)", signo, strsignal(signo));
}

static const char *verdict(const result *r)
{
    return !r->done ? "missing" : r->exit == 0 ? "pass" : r->exit == 1 ? "fail" : "error";
}

/* The decimal value of "key": in a one-line report, copied into buf; NULL
 * when the report has none (or null). */
static const char *report_number(const char *report, const char *key, char *buf, size_t size)
{
    char k[64];
    snprintf(k, sizeof k, "\"%s\":", key);
    const char *v = report ? strstr(report, k) : NULL;
    size_t len = v ? strspn(v += strlen(k), "0123456789") : 0;
    if (!len || len >= size)
        return NULL;
    memcpy(buf, v, len);
    buf[len] = '\0';
    return buf;
}

/* The faults of every case that ran to its verdict (exit 0 or 1), from
 * its report's faults_injected and faults_fired: t[0] detected (fired in
 * a run that failed), t[1] fired but tolerated (the run passed), t[2]
 * never fired. A campaign that counted every passing fault as tolerated
 * would count the ones that never met a flit as well. */
static void fault_tally(const result *res, int n, unsigned long t[3])
{
    t[0] = t[1] = t[2] = 0;
    for (int i = 0; i < n; i++) {
        char a[24], b[24];
        const char *inj = res[i].done && res[i].exit <= 1 ? report_number(res[i].report, "faults_injected", a, sizeof a) : NULL;
        const char *fired = inj ? report_number(res[i].report, "faults_fired", b, sizeof b) : NULL;
        if (!fired)
            continue;
        const unsigned long ni = strtoul(inj, NULL, 10), nf = strtoul(fired, NULL, 10);
        t[res[i].exit == 1 ? 0 : 1] += nf;
        t[2] += ni > nf ? ni - nf : 0;
    }
}

static int write_json(FILE *f, const xc_sweep *s, const result *res, const int tally[3])
{
    unsigned long ft[3];
    fault_tally(res, s->n, ft);
    xc_json j;
    xc_json_begin(&j, f, "xchg-sweep/1");
    xc_json_str(&j, "cases_file", s->cases_path);
    xc_json_uint(&j, "cases", (unsigned)s->n);
    xc_json_uint(&j, "passed", (unsigned)tally[0]);
    xc_json_uint(&j, "failed", (unsigned)tally[1]);
    xc_json_uint(&j, "errors", (unsigned)tally[2]);
    xc_json_bool(&j, "pass", tally[0] == s->n);
    xc_json_uint(&j, "faults_detected", ft[0]);
    xc_json_uint(&j, "faults_tolerated", ft[1]);
    xc_json_uint(&j, "faults_never_fired", ft[2]);
    xc_json_arr(&j, "results");
    for (int i = 0; i < s->n; i++) {
        const result *r = &res[i];
        xc_json_obj(&j, NULL);
        xc_json_uint(&j, "case", (unsigned)i);
        xc_json_uint(&j, "line", (unsigned)s->cases[i].line);
        xc_json_str(&j, "args", s->cases[i].text);
        xc_json_str(&j, "verdict", verdict(r));
        if (r->done)
            xc_json_int(&j, "exit", r->exit);
        else
            xc_json_null(&j, "exit");
        xc_json_real(&j, "seconds", "%.3f", r->seconds);
        xc_json_str(&j, "message", r->msg[0] ? r->msg : NULL);
        if (r->report)
            xc_json_raw(&j, "report", r->report);
        else
            xc_json_null(&j, "report");
        xc_json_end(&j);
    }
    xc_json_end(&j);
    xc_json_finish(&j);
    return 0;
}

/* The first line of `verilator --version` ("Verilator 5.006 2023-01-22"),
 * when some case ran the RTL; NULL when no case did or it cannot be had. */
static const char *sim_version(const result *res, int n, char *buf, size_t size)
{
    int rtl = 0;
    for (int i = 0; i < n && !rtl; i++)
        rtl = res[i].report && !strstr(res[i].report, "\"sim\":\"golden\"");
    FILE *p = rtl ? popen("verilator --version 2>/dev/null", "r") : NULL;
    int ok = p && fgets(buf, (int)size, p);
    if (p && pclose(p))
        ok = 0;
    if (!ok)
        return NULL;
    buf[strcspn(buf, "\n")] = '\0';
    return buf;
}

/* One testcase's properties, and the texts they point into. */
typedef struct junit_row {
    xc_junit_prop p[4];
    char line[16], seed[24], sim[16];
    char *command;
} junit_row;

/* Case i's testcase: named after its arguments (not its index: a case file
 * reordered keeps each case's history in a CI server); a failed check is a
 * failure, bad input, a crash or a missing case an error. 0, or -1 when
 * out of memory. */
static int junit_case(const xc_sweep *s, const result *r, int i, xc_junit_case *c, junit_row *w)
{
    const char *text = s->cases[i].text;
    size_t n = 0;
    if (!(w->command = malloc(strlen(text) + 10)))
        return -1;
    sprintf(w->command, "xchg run %s", text);
    snprintf(w->line, sizeof w->line, "%d", s->cases[i].line);
    w->p[n++] = (xc_junit_prop){"command", w->command};
    w->p[n++] = (xc_junit_prop){"line", w->line};
    if (report_number(r->report, "seed", w->seed, sizeof w->seed))
        w->p[n++] = (xc_junit_prop){"seed", w->seed};
    const char *sim = r->report ? strstr(r->report, "\"sim\":\"") : NULL;
    if (sim) {
        snprintf(w->sim, sizeof w->sim, "%.*s", (int)strcspn(sim + 7, "\""), sim + 7);
        w->p[n++] = (xc_junit_prop){"sim", w->sim};
    }
    *c = (xc_junit_case){.name = text, .classname = "xchg.sweep", .seconds = r->seconds, .props = w->p,
                         .n_props = n};
    if (r->done && r->exit == 0)
        return 0;
    c->result = r->done && r->exit == 1 ? XC_JUNIT_FAILURE : XC_JUNIT_ERROR;
    c->message = r->done ? (r->msg[0] ? r->msg : "no message") : "the case did not run (no case file)";
    return 0;
}

static int write_junit(FILE *f, const xc_sweep *s, const result *res, const int tally[3])
{
    (void)tally;
    xc_junit_case *c = calloc((size_t)s->n, sizeof *c);
    junit_row *w = calloc((size_t)s->n, sizeof *w);
    int bad = !c || !w;
    for (int i = 0; !bad && i < s->n; i++)
        bad = junit_case(s, &res[i], i, &c[i], &w[i]);
    if (!bad) {
        char name[4200], version[200];
        snprintf(name, sizeof name, "xchg sweep %s", s->cases_path);
        const char *v = sim_version(res, s->n, version, sizeof version);
        const xc_junit_prop sp[2] = {{"cases_file", s->cases_path}, {"simulator_version", v}};
        const xc_junit_suite suite = {name, -1, c, (size_t)s->n, sp, v ? 2 : 1};
        bad = xc_junit_write(f, "xchg sweep", -1, &suite, 1);
    }
    for (int i = 0; w && i < s->n; i++)
        free(w[i].command);
    free(c);
    free(w);
    return bad ? -1 : 0;
}

/* Writes dir/name through a temporary file and a rename: 0 or -1. */
static int write_atomic(const char *dir, const char *name, const xc_sweep *s, const result *res, const int tally[3],
                        int (*fn)(FILE *, const xc_sweep *, const result *, const int *))
{
    char path[4300], tmp[4400];
    if (xc_path(path, sizeof path, "%s/%s", dir, name) || xc_path(tmp, sizeof tmp, "%s/.%s.%ld.tmp", dir, name, (long)getpid()))
        return -1;
    xc_partial_add(tmp, 0); /* a SIGINT or SIGTERM removes it */
    FILE *f = fopen(tmp, "w");
    int bad = !f;
    if (f) {
        const int e = fn(f, s, res, tally) && !ferror(f) ? ENOMEM : 0;
        bad = (ferror(f) | fclose(f) | e) || rename(tmp, path);
        if (e)
            errno = e;
    }
    if (bad)
        remove(tmp);
    xc_partial_done(tmp);
    return bad ? -1 : 0;
}

int xc_sweep_merge(const xc_sweep *s, int quiet)
{
    result *res = calloc((size_t)s->n, sizeof *res);
    int tally[3] = {0, 0, 0}; /* passed, failed, errors (missing included) */
    if (!res)
        return xc_cli_error("sweep", XC_ENOMEM, "out of memory");
    for (int i = 0; i < s->n; i++) {
        read_result(s->out_dir, i, &res[i]);
        tally[!res[i].done || res[i].exit > 1 ? 2 : res[i].exit]++;
    }
    int rc = 0;
    if (write_atomic(s->out_dir, "summary.json", s, res, tally, write_json) ||
        write_atomic(s->out_dir, "junit.xml", s, res, tally, write_junit))
        rc = xc_cli_error("sweep", XC_EWRITE, "--out '%s': cannot write the summary (%s)", s->out_dir, strerror(errno));
    for (int i = 0; !quiet && i < s->n; i++)
        if (!res[i].done || res[i].exit)
            printf("  case %d %-7s %s%s%s\n", i, verdict(&res[i]), s->cases[i].text, res[i].msg[0] ? "\n      " : "",
                   res[i].msg);
    unsigned long ft[3];
    fault_tally(res, s->n, ft);
    if (!rc && quiet < 2 && ft[0] + ft[1] + ft[2])
        printf("xchg sweep: faults: %lu detected, %lu fired but tolerated, %lu never fired\n", ft[0], ft[1], ft[2]);
    if (!rc && quiet < 2)
        printf("xchg sweep: %d cases, %d passed, %d failed, %d errors; %s/summary.json, %s/junit.xml\n", s->n,
               tally[0], tally[1], tally[2], s->out_dir, s->out_dir);
    for (int i = 0; i < s->n; i++)
        free(res[i].report);
    free(res);
    return rc ? rc : tally[0] == s->n ? 0 : 1;
}
