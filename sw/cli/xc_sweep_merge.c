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
}

static const char *verdict(const result *r)
{
    return !r->done ? "missing" : r->exit == 0 ? "pass" : r->exit == 1 ? "fail" : "error";
}

static void write_json(FILE *f, const xc_sweep *s, const result *res, const int tally[3])
{
    xc_json j;
    xc_json_begin(&j, f, "xchg-sweep/1");
    xc_json_str(&j, "cases_file", s->cases_path);
    xc_json_uint(&j, "cases", (unsigned)s->n);
    xc_json_uint(&j, "passed", (unsigned)tally[0]);
    xc_json_uint(&j, "failed", (unsigned)tally[1]);
    xc_json_uint(&j, "errors", (unsigned)tally[2]);
    xc_json_bool(&j, "pass", tally[0] == s->n);
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
}

/* s as XML character data: markup escaped, control characters dropped. */
static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '&') fputs("&amp;", f);
        else if (c == '<') fputs("&lt;", f);
        else if (c == '>') fputs("&gt;", f);
        else if (c == '"') fputs("&quot;", f);
        else if (c >= 0x20 || c == '\t') fputc(c, f);
    }
}

static void write_junit(FILE *f, const xc_sweep *s, const result *res, const int tally[3])
{
    double total = 0;
    for (int i = 0; i < s->n; i++)
        total += res[i].seconds;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    fprintf(f, "  <testsuite name=\"xchg sweep ");
    xml_text(f, s->cases_path);
    fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.3f\">\n", s->n, tally[1], tally[2], total);
    for (int i = 0; i < s->n; i++) {
        const result *r = &res[i];
        fprintf(f, "    <testcase classname=\"xchg.sweep\" name=\"case %d: ", i);
        xml_text(f, s->cases[i].text);
        fprintf(f, "\" time=\"%.3f\"", r->seconds);
        if (r->done && r->exit == 0) {
            fputs("/>\n", f);
            continue;
        }
        const char *tag = r->done && r->exit == 1 ? "failure" : "error";
        fprintf(f, ">\n      <%s message=\"", tag);
        xml_text(f, r->done ? (r->msg[0] ? r->msg : "no message") : "the case did not run (no case file)");
        fprintf(f, "\"/>\n    </testcase>\n");
    }
    fprintf(f, "  </testsuite>\n</testsuites>\n");
}

/* Writes dir/name through a temporary file and a rename: 0 or -1. */
static int write_atomic(const char *dir, const char *name, const xc_sweep *s, const result *res, const int tally[3],
                        void (*fn)(FILE *, const xc_sweep *, const result *, const int *))
{
    char path[4300], tmp[4400];
    if (xc_path(path, sizeof path, "%s/%s", dir, name) || xc_path(tmp, sizeof tmp, "%s/.%s.%ld.tmp", dir, name, (long)getpid()))
        return -1;
    xc_partial_add(tmp, 0); /* a SIGINT or SIGTERM removes it */
    FILE *f = fopen(tmp, "w");
    int bad = !f;
    if (f) {
        fn(f, s, res, tally);
        bad = (ferror(f) | fclose(f)) || rename(tmp, path);
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
    if (!rc)
        printf("xchg sweep: %d cases, %d passed, %d failed, %d errors; %s/summary.json, %s/junit.xml\n", s->n,
               tally[0], tally[1], tally[2], s->out_dir, s->out_dir);
    for (int i = 0; i < s->n; i++)
        free(res[i].report);
    free(res);
    return rc ? rc : tally[0] == s->n ? 0 : 1;
}
