/* SPDX-License-Identifier: MIT */
/* xchg junit: a folder of test results (one file per field, so a shell
 * script writes any bytes with printf or a log's tail) into JUnit XML
 * through the one writer, xc_junit_write. tb/run_tests.sh writes
 * build/test-results.xml with it; the folder's layout is in the usage. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_fs.h"
#include "xc_junit.h"
#include "xc_partial.h"

static const char usage[] =
    "usage: xchg junit [--out FILE] DIR\n"
    "Writes the test results in folder DIR as JUnit XML (stdout, or FILE through a\n"
    "temporary name). Every byte of every file is kept: invalid UTF-8 and characters\n"
    "XML 1.0 forbids are written as \\xNN. DIR holds (every file optional unless said):\n"
    "  name          the run's name        props/KEY  a property of every suite\n"
    "  SUITE/        a suite per sub-folder, in name order (props/ is not one):\n"
    "    name        its name (default: the folder's)     props/KEY, time (seconds)\n"
    "    CASE/       a test case per sub-folder, in name order:\n"
    "      result    required: pass, failure, error or skipped\n"
    "      name, classname, time, message (its first line), output, props/KEY\n"
    XC_HELP_EXIT_ENV;

/* Everything read, freed at the end. */
typedef struct arena {
    void **p;
    size_t n, cap;
    int oom;
} arena;

static void *keep(arena *a, void *p)
{
    if (!p || a->oom) {
        a->oom = 1;
        free(p);
        return NULL;
    }
    if (a->n == a->cap) {
        void **q = realloc(a->p, (a->cap = a->cap ? 2 * a->cap : 64) * sizeof *q);
        if (!q) {
            a->oom = 1;
            free(p);
            return NULL;
        }
        a->p = q;
    }
    return a->p[a->n++] = p;
}

/* dir/name whole (NUL-terminated; its length in *len), or NULL when absent. */
static char *slurp(arena *a, const char *dir, const char *name, size_t *len)
{
    char path[8400];
    char *b = xc_path(path, sizeof path, "%s/%s", dir, name) ? NULL : xc_fs_read(path, len);
    if (!b && errno == ENOMEM)
        a->oom = 1;
    return b ? keep(a, b) : NULL;
}

/* A one-line field: the file without its line end; dflt when absent. */
static const char *field(arena *a, const char *dir, const char *name, const char *dflt)
{
    char *s = slurp(a, dir, name, NULL);
    if (s)
        s[strcspn(s, "\r\n")] = '\0';
    return s ? s : dflt;
}

static double seconds(arena *a, const char *dir)
{
    const char *t = field(a, dir, "time", NULL);
    char *end;
    double v = t ? strtod(t, &end) : -1;
    return t && end != t && v >= 0 ? v : -1;
}

/* The entries of dir, sorted: folders (want_dirs) but props/, or files;
 * names beginning with a dot skipped. Their count, or -1 (errno). */
static int entries(arena *a, const char *dir, int want_dirs, char ***out)
{
    struct dirent **d;
    int n = scandir(dir, &d, NULL, alphasort), k = 0;
    if (n < 0)
        return -1;
    char **names = keep(a, calloc((size_t)n + 1, sizeof *names));
    for (int i = 0; i < n; i++) {
        char path[8400];
        struct stat st;
        const int fits = !xc_path(path, sizeof path, "%s/%s", dir, d[i]->d_name);
        if (names && fits && d[i]->d_name[0] != '.' && !stat(path, &st) && (S_ISDIR(st.st_mode) == !!want_dirs) &&
            !(want_dirs && !strcmp(d[i]->d_name, "props")))
            names[k++] = keep(a, strdup(d[i]->d_name));
        free(d[i]);
    }
    free(d);
    *out = names;
    return names ? k : -1;
}

/* dir/props/KEY as properties: first the n0 in base, then these. */
static xc_junit_prop *props(arena *a, const char *dir, const xc_junit_prop *base, size_t n0, size_t *n)
{
    char pd[8400], **keys;
    int k = xc_path(pd, sizeof pd, "%s/props", dir) ? -1 : entries(a, pd, 0, &keys);
    *n = n0 + (size_t)(k > 0 ? k : 0);
    xc_junit_prop *p = keep(a, calloc(*n + 1, sizeof *p));
    if (!p)
        return NULL;
    if (n0) /* (base may be NULL when there is none) */
        memcpy(p, base, n0 * sizeof *p);
    for (int i = 0; i < k; i++)
        p[n0 + (size_t)i] = (xc_junit_prop){keys[i], field(a, pd, keys[i], "")};
    return p;
}

/* Reads one case folder: 0, or 2 after the one-line error. */
static int read_case(arena *a, const char *dir, const char *folder, xc_junit_case *c)
{
    static const char *const results[] = {"pass", "failure", "error", "skipped", NULL};
    const char *r = field(a, dir, "result", NULL);
    int k = 0;
    while (r && results[k] && strcmp(r, results[k]))
        k++;
    if (!r || !results[k])
        return xc_cli_error("junit", XC_EINVAL, "%s/result: '%s' is not one of pass, failure, error, skipped",
                            dir, r ? r : "(no file)");
    *c = (xc_junit_case){.name = field(a, dir, "name", folder), .classname = field(a, dir, "classname", NULL),
                         .result = k, .seconds = seconds(a, dir), .message = field(a, dir, "message", NULL)};
    c->text = slurp(a, dir, "output", &c->text_len);
    c->props = props(a, dir, NULL, 0, &c->n_props);
    return 0;
}

/* Reads one suite folder: 0, or the exit status after the error. */
static int read_suite(arena *a, const char *dir, const char *folder, const xc_junit_prop *common, size_t n_common,
                      xc_junit_suite *s)
{
    char **cases, path[8400];
    int n = entries(a, dir, 1, &cases);
    if (n < 0)
        return xc_cli_error("junit", XC_EIO, "%s: cannot read it (%s)", dir, strerror(errno));
    xc_junit_case *c = keep(a, calloc((size_t)n + 1, sizeof *c));
    *s = (xc_junit_suite){.name = field(a, dir, "name", folder), .seconds = seconds(a, dir), .cases = c,
                          .n = (size_t)n};
    s->props = props(a, dir, common, n_common, &s->n_props);
    for (int i = 0; c && i < n; i++) {
        int rc = xc_path(path, sizeof path, "%s/%s", dir, cases[i])
                     ? xc_cli_error("junit", XC_EINVAL, "%s/%s: too long a path", dir, cases[i])
                     : read_case(a, path, cases[i], &c[i]);
        if (rc)
            return rc;
    }
    return 0;
}

static int write_out(const char *out, const char *name, double secs, const xc_junit_suite *s, size_t n)
{
    if (!out)
        return xc_junit_write(stdout, name, secs, s, n) ? 3 : 0;
    char tmp[4200];
    if (xc_fs_tmp_name(tmp, sizeof tmp, out))
        return xc_cli_error("junit", XC_EINVAL, "--out '%s': too long a path", out);
    xc_partial_add(tmp, 0);
    FILE *f = fopen(tmp, "w");
    int bad = !f || xc_junit_write(f, name, secs, s, n);
    bad = f ? xc_fs_close_rename(f, tmp, out) || bad : 1;
    xc_partial_done(tmp);
    if (bad) {
        remove(tmp);
        return xc_cli_error("junit", XC_EIO, "--out '%s': cannot write it (%s)", out, strerror(errno));
    }
    return 0;
}

int xc_cmd_junit(int argc, char **argv)
{
    static const struct option longopts[] = {XC_OPT_OUT, XC_OPT_HELP, XC_OPT_END};
    const char *v[128];
    int npos = 0;
    if (xc_cli_help_asked(argc, argv, longopts)) {
        fputs(usage, stdout);
        return 0;
    }
    int rc = xc_cli_read("junit", longopts, NULL, argc, argv, v, &npos);
    if (rc)
        return rc;
    if (npos != 1)
        return xc_cli_error("junit", XC_EINVAL, "want one folder DIR (see xchg junit --help), got %d arguments",
                            npos);
    const char *dir = argv[optind];
    arena a = {0};
    char **suites, path[4200];
    int n = entries(&a, dir, 1, &suites);
    if (n < 0)
        rc = xc_cli_error("junit", XC_EINVAL, "DIR '%s': cannot read it (%s)", dir, strerror(errno));
    size_t nc = 0;
    xc_junit_prop *common = rc ? NULL : props(&a, dir, NULL, 0, &nc);
    xc_junit_suite *s = rc ? NULL : keep(&a, calloc((size_t)(n > 0 ? n : 0) + 1, sizeof *s));
    for (int i = 0; !rc && s && i < n; i++) {
        rc = xc_path(path, sizeof path, "%s/%s", dir, suites[i])
                 ? xc_cli_error("junit", XC_EINVAL, "%s/%s: too long a path", dir, suites[i])
                 : read_suite(&a, path, suites[i], common, nc, &s[i]);
    }
    if (!rc && a.oom)
        rc = xc_cli_error("junit", XC_ENOMEM, "out of memory");
    if (!rc)
        rc = write_out(v['o'], field(&a, dir, "name", "xchg"), seconds(&a, dir), s, (size_t)n);
    for (size_t i = 0; i < a.n; i++)
        free(a.p[i]);
    free(a.p);
    return rc;
}
