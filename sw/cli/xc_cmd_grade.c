/* SPDX-License-Identifier: MIT */
/* xchg grade DIR: a folder of 2x2 switches (one .v file each, a student's
 * submission), each run under --rtl-switch in lock-step in every mode
 * asked for, each in a process and a model of its own, so that a broken
 * submission cannot stop the rest. The runs are the cases of a sweep
 * (xc_sweep.h): their files, summary.json and junit.xml land in --out;
 * grade.json and the table say per submission: passed, the first failing
 * check and where, the cycles. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_fs.h"
#include "xc_json.h"
#include "xc_num.h"
#include "xc_partial.h"
#include "xc_sweep.h"

static const char page[] =
    "usage: xchg grade DIR --net NET [--modes LIST] [--module NAME] [--jobs N] [--out OUT]\n"
    "  Grades a folder of 2x2 switches written to the switch contract (docs/own-rtl.md):\n"
    "  every DIR/*.v is one submission, run as xchg run --net NET --mode M --rtl-switch\n"
    "  FILE[:NAME] (lock-step with the golden model) in each mode M, each in a process\n"
    "  and a model of its own. Prints one row per submission: its verdict, the cycles of\n"
    "  its exchange, the first failing check and where.\n"
    "  --net NET     the MIN to grade on (butterfly:16, omega:8, ...)\n"
    "  --modes LIST  comma-separated modes, of xor, table, self (default all three)\n"
    "  --module NAME the module every submission defines (default: its file's name)\n"
    "  --jobs, -j N  submissions' runs N at a time (1 .. 256, default 1)\n"
    "  --out OUT     the folder of the runs' files, summary.json, junit.xml (one test\n"
    "                case a run) and grade.json (schema xchg-grade/1; default grade)\n"
    "  --json        the grade report on stdout as one JSON object\n"
    "  --quiet       no progress lines\n"
    "exit status: 0 every submission passed, 1 one failed or broke the contract, 2 bad\n"
    "input, 3 the environment failed (a write, a run that could not start)\n";

static const struct option longopts[] = {
    XC_OPT_NET, {"modes", required_argument, 0, 'm'}, {"module", required_argument, 0, 'M'},
    {"jobs", required_argument, 0, 'J'}, XC_OPT_OUT, XC_OPT_JSON, XC_OPT_QUIET, XC_OPT_HELP, XC_OPT_END,
};

enum { MAX_SUBS = 1000, MAX_MODES = 3 };

/* The graded folder: its .v files (sorted) and the runs each gets. */
typedef struct grade {
    const char *dir, *net, *module;
    const char *modes[MAX_MODES];
    int n_modes, n_subs;
    char **subs;    /* file names in dir */
    char **specs;   /* FILE[:MODULE] of each */
    xc_sweep sweep; /* case s * n_modes + k: submission s in mode k */
} grade;

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* DIR's *.v files into g->subs, sorted. 0, or the exit status. */
static int list_subs(grade *g)
{
    DIR *d = opendir(g->dir);
    if (!d)
        return xc_cli_error("grade", XC_EINVAL, "DIR '%s': cannot read it (%s)", g->dir, strerror(errno));
    g->subs = calloc(MAX_SUBS, sizeof *g->subs);
    for (struct dirent *e; g->subs && (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 3 || strcmp(e->d_name + len - 2, ".v") || e->d_name[0] == '.')
            continue;
        if (g->n_subs == MAX_SUBS) {
            closedir(d);
            return xc_cli_error("grade", XC_EINVAL, "DIR '%s': more than %d submissions", g->dir, MAX_SUBS);
        }
        if (!(g->subs[g->n_subs++] = strdup(e->d_name)))
            break;
    }
    closedir(d);
    if (!g->subs || (g->n_subs && !g->subs[g->n_subs - 1]))
        return xc_cli_error("grade", XC_ENOMEM, "out of memory");
    if (!g->n_subs)
        return xc_cli_error("grade", XC_EINVAL, "DIR '%s': no submissions (files ending in .v)", g->dir);
    qsort(g->subs, (size_t)g->n_subs, sizeof *g->subs, by_name);
    return 0;
}

/* --modes LIST into g->modes. 0, or the exit status. */
static int parse_modes(grade *g, const char *list)
{
    static const char *const known[] = {"xor", "table", "self"};
    const char *p = list ? list : "xor,table,self";
    while (*p) {
        size_t len = strcspn(p, ",");
        int k = 0;
        while (k < MAX_MODES && (strlen(known[k]) != len || strncmp(known[k], p, len)))
            k++;
        if (k == MAX_MODES || g->n_modes == MAX_MODES)
            return xc_cli_error("grade", XC_EINVAL, "--modes '%s': a comma-separated list of xor, table, self", list);
        g->modes[g->n_modes++] = known[k];
        p += len + (p[len] == ',');
    }
    return g->n_modes ? 0 : xc_cli_error("grade", XC_EINVAL, "--modes '%s': no mode", list);
}

/* One sweep case a submission and mode: xchg run ... --rtl-switch SPEC. */
static int make_cases(grade *g)
{
    const int n = g->n_subs * g->n_modes;
    xc_sweep *s = &g->sweep;
    s->cases = calloc((size_t)n, sizeof *s->cases);
    g->specs = calloc((size_t)g->n_subs, sizeof *g->specs);
    if (!s->cases || !g->specs)
        return xc_cli_error("grade", XC_ENOMEM, "out of memory");
    for (int i = 0; i < g->n_subs; i++) {
        const size_t cap = strlen(g->dir) + strlen(g->subs[i]) + (g->module ? strlen(g->module) : 0) + 4;
        if (!(g->specs[i] = malloc(cap)))
            return xc_cli_error("grade", XC_ENOMEM, "out of memory");
        xc_path(g->specs[i], cap, "%s/%s%s%s", g->dir, g->subs[i], g->module ? ":" : "", g->module ? g->module : "");
        for (int k = 0; k < g->n_modes; k++) {
            xc_sweep_case *c = &s->cases[s->n++];
            const size_t tcap = strlen(g->subs[i]) + strlen(g->net) + 32;
            if (!(c->words = c->text = malloc(tcap)))
                return xc_cli_error("grade", XC_ENOMEM, "out of memory");
            snprintf(c->text, tcap, "%s --net %s --mode %s", g->subs[i], g->net, g->modes[k]);
            const char *argv[] = {"xchg", "run", "--net", g->net, "--mode", g->modes[k], "--sim", "lockstep",
                                  "--rtl-switch", g->specs[i], "--json", "--quiet", NULL};
            memcpy(c->argv, argv, sizeof argv);
            c->line = s->n;
        }
    }
    return 0;
}

static int report(const grade *g, int json)
{
    const xc_grade_of of = {.sweep = &g->sweep, .net = g->net, .subs = (const char *const *)g->subs,
                            .modes = g->modes, .n_subs = g->n_subs, .n_modes = g->n_modes};
    return xc_grade_report(&of, json);
}

static void grade_free(grade *g)
{
    for (int i = 0; g->subs && i < g->n_subs; i++) {
        free(g->subs[i]);
        free(g->specs ? g->specs[i] : NULL);
    }
    free(g->subs);
    free(g->specs);
    xc_sweep_free(&g->sweep);
}

int xc_cmd_grade(int argc, char **argv_in)
{
    const char *v[128], *dir;
    int rc;
    uint64_t jobs = 1;
    char *argv[argc + 1], jobs_word[24]; /* getopt may reorder this copy */
    xc_cli_jobs_argv(argc, argv_in, argv, jobs_word, sizeof jobs_word);
    if ((rc = xc_cli_parse_one("grade", longopts, page, "one folder of submissions", argc, argv, v, &dir)) !=
        XC_CLI_GO)
        return rc;
    if (!v['n'])
        return xc_cli_error("grade", XC_EINVAL, "--net is required: the MIN to grade on (butterfly:16, ...)");
    if (v['J'] && (xc_num_u64(v['J'], 256, &jobs) != XC_OK || jobs == 0))
        return xc_cli_error("grade", XC_EINVAL, "--jobs '%s': a number of jobs, 1 .. 256", v['J']);
    grade g = {.dir = dir, .net = v['n'], .module = v['M']};
    g.sweep.out_dir = v['o'] ? v['o'] : "grade";
    g.sweep.cases_path = g.dir;
    if (!(rc = parse_modes(&g, v['m'])) && !(rc = list_subs(&g)) && !(rc = make_cases(&g))) {
        xc_partial_catch("grade"); /* a stop removes the files being written */
        if (!v['q'] && !v['j'])
            printf("xchg grade: %d submissions in %s on %s, %d runs, %d at a time\n", g.n_subs, g.dir, g.net,
                   g.sweep.n, (int)jobs);
        if (!(rc = xc_sweep_check_out(&g.sweep)) && !(rc = xc_sweep_run_local(&g.sweep, (int)jobs, 1)) &&
            (rc = xc_sweep_merge(&g.sweep, 2)) != 3)
            rc = report(&g, v['j'] != NULL);
    }
    grade_free(&g);
    return rc;
}
