/* SPDX-License-Identifier: MIT */
/* xchg sweep --slurm: two jobs a cluster's scheduler can place and limit.
 * The first builds every Verilator model the cases need (xchg sweep CASES
 * --build-only), so that the array's tasks find them in the cache instead
 * of queueing on its lock; the array (one task per case, at most K at a
 * time) depends on it with afterok. Both ask for the same time, memory and
 * CPUs, each given or defaulted here, so no job runs with a site's
 * unstated defaults. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_fs.h"
#include "xc_num.h"
#include "xc_partial.h"
#include "xc_run.h"
#include "xc_sweep.h"

extern char **environ;

/* sbatch's --time forms: MIN, MIN:SEC, H:MIN:SEC, D-H, D-H:MIN, D-H:MIN:SEC;
 * the fields after the first within their clock range, not zero in all. */
static int time_ok(const char *t)
{
    static const char *const forms[] = {"#", "#:#", "#:#:#", "#-#", "#-#:#", "#-#:#:#"};
    for (int f = 0; f < 6; f++) {
        uint64_t v[4] = {0}, sum = 0;
        if (!xc_num_match(t, forms[f], 1000000, v))
            continue;
        const int n = f % 3 + 1 + (f >= 3);
        for (int i = 0; i < n; i++) {
            const uint64_t limit = i == 0 ? 1000000 : (f >= 3 && i == 1) ? 23 : 59;
            if (v[i] > limit)
                return 0;
            sum += v[i];
        }
        return sum > 0;
    }
    return 0;
}

/* sbatch's --mem: a positive number of megabytes, or with a K, M, G or T
 * suffix (0 would mean all of a node's memory: refused). */
static int mem_ok(const char *m)
{
    const size_t digits = strspn(m, "0123456789");
    return digits >= 1 && digits <= 9 && m[0] != '0' && (!m[digits] || (strchr("KMGT", m[digits]) && !m[digits + 1]));
}

int xc_sweep_slurm_opts(const char *time, const char *mem, const char *cpus, const char *max_running,
                        xc_sweep_slurm *sl)
{
    uint64_t v;
    *sl = (xc_sweep_slurm){.time = XC_SWEEP_TIME, .mem = XC_SWEEP_MEM, .cpus = 1, .max_running = XC_SWEEP_MAX_RUNNING};
    if (time && !time_ok(time))
        return xc_cli_error("sweep", XC_EINVAL, "--time '%s': a time limit per job as sbatch takes it: MIN, MIN:SEC, "
                            "H:MIN:SEC, D-H, D-H:MIN or D-H:MIN:SEC, not zero", time);
    if (mem && !mem_ok(mem))
        return xc_cli_error("sweep", XC_EINVAL, "--mem '%s': memory per job as sbatch takes it: a positive number of "
                            "megabytes, or with a suffix K, M, G or T (e.g. 500M, 4G)", mem);
    if (cpus && (xc_num_u64(cpus, 1024, &v) != XC_OK || v < 1))
        return xc_cli_error("sweep", XC_EINVAL, "--cpus-per-task '%s': 1 .. 1024", cpus);
    if (cpus)
        sl->cpus = (unsigned)v;
    if (max_running && (xc_num_u64(max_running, XC_SWEEP_MAX_CASES, &v) != XC_OK || v < 1))
        return xc_cli_error("sweep", XC_EINVAL, "--max-running '%s': array tasks at a time, 1 .. %d", max_running,
                            XC_SWEEP_MAX_CASES);
    if (max_running)
        sl->max_running = (unsigned)v;
    sl->time = time ? time : sl->time;
    sl->mem = mem ? mem : sl->mem;
    return 0;
}

/* The absolute paths the scripts name; a quote in one would end the
 * shell's word early, so it is refused. */
struct paths {
    char self[PATH_MAX], cases[PATH_MAX], out[PATH_MAX];
};

static int resolve(const xc_sweep *s, struct paths *p)
{
    ssize_t n = readlink("/proc/self/exe", p->self, sizeof p->self - 1);
    if (n <= 0 || !realpath(s->cases_path, p->cases) || !realpath(s->out_dir, p->out))
        return xc_cli_error("sweep", XC_EIO, "--slurm: cannot resolve the paths of xchg, CASES or DIR");
    p->self[n] = '\0';
    if (strchr(p->self, '\'') || strchr(p->cases, '\'') || strchr(p->out, '\''))
        return xc_cli_error("sweep", XC_EINVAL, "--slurm: the paths of xchg, CASES and DIR may not hold a quote "
                            "(the job scripts name them)");
    return 0;
}

/* Writes DIR/build.sbatch (build 1) or DIR/sweep.sbatch, through a
 * temporary name: 0 or the exit status. */
static int write_script(const xc_sweep *s, const xc_sweep_slurm *sl, const struct paths *p, int build, char *path,
                        size_t cap)
{
    char tmp[PATH_MAX + 64];
    if (xc_path(path, cap, "%s/%s.sbatch", p->out, build ? "build" : "sweep") ||
        xc_path(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid()))
        return xc_cli_error("sweep", XC_EINVAL, "--slurm: the path of DIR is too long");
    xc_partial_add(tmp, 0);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        xc_partial_done(tmp);
        return xc_cli_error("sweep", XC_EWRITE, "--slurm: cannot write %s", path);
    }
    if (build)
        fprintf(f, "#!/bin/sh\n# written by xchg sweep --slurm: builds the models the cases of %s need, before "
                   "the array starts\n#SBATCH --job-name=xchg-build\n", p->cases);
    else
        fprintf(f, "#!/bin/sh\n# written by xchg sweep --slurm: one array task per case of %s\n"
                   "#SBATCH --job-name=xchg-sweep\n#SBATCH --array=0-%d%%%u\n", p->cases, s->n - 1, sl->max_running);
    fprintf(f, "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=%u\n#SBATCH --mem=%s\n#SBATCH --time=%s\n", sl->cpus,
            sl->mem, sl->time);
    if (build)
        fprintf(f, "#SBATCH --output=%s/slurm-build-%%j.out\nexec '%s' sweep '%s' --build-only\n", p->out, p->self,
                p->cases);
    else
        fprintf(f, "#SBATCH --output=%s/slurm-%%A_%%a.out\nexec '%s' sweep '%s' --case \"$SLURM_ARRAY_TASK_ID\" "
                   "--out '%s'\n", p->out, p->self, p->cases, p->out);
    const int bad = (ferror(f) | fclose(f)) || rename(tmp, path);
    if (bad)
        remove(tmp);
    xc_partial_done(tmp);
    return bad ? xc_cli_error("sweep", XC_EWRITE, "--slurm: cannot write %s", path) : 0;
}

/* Runs sbatch with argv and waits for it; its stdout into out (cap bytes,
 * NUL-terminated) when out is not NULL, else inherited. 0 with the wait
 * status in *status, or an errno. */
static int sbatch(char *const *argv, char *out, size_t cap, int *status)
{
    int fd[2] = {-1, -1}, e;
    posix_spawn_file_actions_t fa;
    pid_t pid;
    if (out && pipe(fd))
        return errno;
    posix_spawn_file_actions_init(&fa);
    if (out) {
        posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
        posix_spawn_file_actions_addclose(&fa, fd[0]);
        posix_spawn_file_actions_addclose(&fa, fd[1]);
    }
    fflush(stdout);
    e = posix_spawnp(&pid, "sbatch", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (out) {
        close(fd[1]);
        size_t n = 0;
        ssize_t got;
        while (!e && n + 1 < cap && ((got = read(fd[0], out + n, cap - 1 - n)) > 0 || (got < 0 && errno == EINTR)))
            n += got > 0 ? (size_t)got : 0;
        out[n] = '\0';
        close(fd[0]);
    }
    if (e)
        return e;
    while (waitpid(pid, status, 0) < 0)
        if (errno != EINTR)
            return errno;
    return 0;
}

/* Submits DIR/build.sbatch: 0 with its job id in id, or the exit status. */
static int submit_build(const char *script, char *id, size_t cap)
{
    char out[256];
    int status = 0;
    char *argv[] = {"sbatch", "--parsable", (char *)script, NULL};
    int e = sbatch(argv, out, sizeof out, &status);
    if (e)
        return xc_cli_error("sweep", XC_ETOOL, "--slurm: cannot run sbatch (%s): is Slurm installed?", strerror(e));
    const size_t len = strspn(out, "0123456789"); /* --parsable: "ID" or "ID;CLUSTER" */
    if (!WIFEXITED(status) || WEXITSTATUS(status) || !len || len >= cap)
        return xc_cli_error("sweep", XC_ETOOL, "--slurm: sbatch %s exited %d without a job id (its own message is "
                            "above)", script, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    memcpy(id, out, len);
    id[len] = '\0';
    return 0;
}

int xc_sweep_run_slurm(const xc_sweep *s, const xc_sweep_slurm *sl, int quiet)
{
    char build[PATH_MAX + 32], array[PATH_MAX + 32], id[32], dep[64];
    struct paths p;
    int rc, status = 0;
    if (xc_mkdir_p(s->out_dir))
        return xc_cli_error("sweep", XC_EIO, "--out '%s': cannot create it (%s)", s->out_dir, strerror(errno));
    if ((rc = resolve(s, &p)) || (rc = write_script(s, sl, &p, 1, build, sizeof build)) ||
        (rc = write_script(s, sl, &p, 0, array, sizeof array)) || (rc = submit_build(build, id, sizeof id)))
        return rc;
    snprintf(dep, sizeof dep, "--dependency=afterok:%s", id);
    /* a build that fails leaves the dependency unsatisfiable: the array is
     * cancelled rather than left pending for ever */
    char *argv[] = {"sbatch", "--wait", "--parsable", dep, "--kill-on-invalid-dep=yes", array, NULL};
    if (!quiet)
        printf("xchg sweep: build job %s (%s), then sbatch --wait %s after it (%d array tasks, at most %u at a "
               "time)\n", id, build, array, s->n, sl->max_running);
    const int e = sbatch(argv, NULL, 0, &status);
    if (e)
        return xc_cli_error("sweep", XC_ETOOL, "--slurm: cannot run sbatch (%s): is Slurm installed?", strerror(e));
    /* sbatch --wait exits with the highest task status: a failed case gives 1; the merge tells them apart */
    for (int i = 0; i < s->n; i++) {
        char done[4300];
        if (!xc_path(done, sizeof done, "%s/case-%d.done", s->out_dir, i) && access(done, F_OK) == 0)
            return 0;
    }
    return xc_cli_error("sweep", XC_ETOOL, "--slurm: sbatch exited %d and no case ran (the build job: "
                        "%s/slurm-build-%s.out; the array: %s/slurm-*.out)",
                        WIFEXITED(status) ? WEXITSTATUS(status) : -1, s->out_dir, id, s->out_dir);
}

int xc_sweep_build_only(const xc_sweep *s, int quiet)
{
    int failed = 0;
    for (int i = 0; i < s->n; i++) {
        char *argv[XC_SWEEP_MAX_ARGS + 8];
        int n = 0, status = 0;
        for (char *const *a = s->cases[i].argv; *a; a++) /* the case as run, --build-only for --json */
            argv[n++] = !strcmp(*a, "--json") ? "--build-only" : *a;
        if (!quiet)
            argv[n - 1] = NULL; /* --quiet (always last) dropped: the build's lines go to the job's log */
        argv[n] = NULL;
        const int e = xc_sweep_run_child(argv, -1, -1, &status);
        const int rc = e ? 3 : WIFEXITED(status) ? WEXITSTATUS(status) : 3;
        /* a case the run refuses (2) or whose check fails before the model
         * (1) fails in the array, where the summary says so; a model that
         * cannot be built (3, a signal) fails every case that needs it */
        if (rc >= 3) {
            failed++;
            fprintf(stderr, "xchg sweep: --build-only: case %d (%s:%d) exited %d\n", i, s->cases_path,
                    s->cases[i].line, rc);
        }
    }
    if (failed)
        return xc_cli_error("sweep", XC_ETOOL, "--build-only: %d of %d cases could not build their model", failed,
                            s->n);
    if (!quiet)
        printf("xchg sweep: the models of %d cases are ready\n", s->n);
    return 0;
}
