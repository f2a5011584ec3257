/* SPDX-License-Identifier: MIT */
/* xchg sweep CASES: runs a case file of xchg run argument lists with N
 * local jobs, one case alone (for a job array), or as a Slurm job array,
 * then merges the per-case reports (xc_sweep.h). */
#define _DEFAULT_SOURCE    /* MAP_ANONYMOUS */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_fs.h"
#include "xc_num.h"
#include "xc_partial.h"
#include "xc_sweep.h"

#define XC_STR_(x) #x
#define XC_STR(x) XC_STR_(x)

static const char page[] =
    "usage: xchg sweep CASES [--jobs N | -j N | --case I | --merge] [--out DIR]\n"
    "       xchg sweep CASES --slurm [--time T] [--mem M] [--cpus-per-task C]\n"
    "                        [--max-running K] [--out DIR]\n"
    "       xchg sweep CASES --build-only\n"
    "  Runs a regression: CASES holds one xchg run per line (its arguments, without\n"
    "  'xchg run'; '#' starts a comment), e.g.\n"
    "    --net butterfly:8 --l random --seed 3\n"
    "    --net torus:4x4 --algo te-a1 --sim golden\n"
    "  Each case runs as xchg run ... --json --quiet and writes DIR/case-I.json (its\n"
    "  report), DIR/case-I.err and DIR/case-I.done, each renamed into place when\n"
    "  complete; the merge writes DIR/summary.json (schema xchg-sweep/1) and\n"
    "  DIR/junit.xml. Cases are numbered from 0 in file order.\n"
    "  --jobs, -j N  run N cases at a time on this machine (1 .. 256, default 1)\n"
    "  --case I      run case I alone and write its files (no merge): one task of a\n"
    "                job array; its exit status is the run's\n"
    "  --out DIR     the output folder (default sweep)\n"
    "  --slurm       submit two Slurm jobs and wait: DIR/build.sbatch builds every\n"
    "                model the cases need (--build-only), then DIR/sweep.sbatch, a job\n"
    "                array (--array=0-(n-1)%K, --dependency=afterok on the build), runs\n"
    "                --case $SLURM_ARRAY_TASK_ID; then the merge. DIR and the model\n"
    "                cache (XC_BUILD) must be visible to the compute nodes; SBATCH_*\n"
    "                variables (SBATCH_PARTITION, SBATCH_ACCOUNT, ...) reach sbatch.\n"
    "                What each of the two jobs asks for, in sbatch's own forms:\n"
    "    --time T           time limit: MIN, MIN:SEC, H:MIN:SEC, D-H, D-H:MIN or\n"
    "                       D-H:MIN:SEC (default " XC_SWEEP_TIME ")\n"
    "    --mem M            memory: megabytes, or with K, M, G, T (default " XC_SWEEP_MEM ")\n"
    "    --cpus-per-task C  1 .. 1024 (default 1)\n"
    "    --max-running K    array tasks running at a time, the K of %K (default " XC_STR(XC_SWEEP_MAX_RUNNING) ")\n"
    "  --build-only  build (or find up to date) the model of every case, one after\n"
    "                another, and run none (each as xchg run --build-only); the first\n"
    "                job of --slurm runs it\n"
    "  --merge       merge the case files already in DIR (after a job array)\n"
    "  --quiet       only the tally line\n"
    "exit status: 0 every case passed, 1 a case failed or did not run, 2 bad input,\n"
    "3 the environment failed (a write, sbatch)\n";

static const struct option longopts[] = {
    {"jobs", required_argument, 0, 'j'}, /* 'j' is not --json here: sweep writes no report */
    {"case", required_argument, 0, 'c'},
    XC_OPT_OUT,
    {"slurm", no_argument, 0, 's'},
    {"merge", no_argument, 0, 'm'},
    {"build-only", no_argument, 0, 'b'},
    {"time", required_argument, 0, 't'},
    {"mem", required_argument, 0, 'M'},
    {"cpus-per-task", required_argument, 0, 'C'},
    {"max-running", required_argument, 0, 'R'},
    XC_OPT_QUIET,
    XC_OPT_HELP,
    XC_OPT_END,
};

/* the signal that asked a local sweep to stop, 0 while none has */
static volatile sig_atomic_t stop_sig;

static void on_stop(int sig) { stop_sig = sig; }

/* One case in a child of its own process group (its xchg run too): a
 * Ctrl-C at the terminal reaches the sweep alone, which passes it on to
 * every group and waits for them, so that the sweep ends only once each
 * case has removed its unfinished files (quietly: the sweep says it). The
 * child gets back the handlers and the signal mask the sweep started with. */
static pid_t start_case(const xc_sweep *s, int i, const struct sigaction *stops, const sigset_t *mask)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        for (int k = 0; k < XC_STOP_SIGNALS; k++) /* xc_partial's handler again */
            sigaction(xc_stop_signals[k], &stops[k], NULL);
        signal(SIGCHLD, SIG_DFL);
        xc_partial_quiet();
        if (stop_sig) /* the stop came before the handler was back */
            _exit(128 + stop_sig);
        pthread_sigmask(SIG_SETMASK, mask, NULL);
        _exit(xc_sweep_run_case(s, i));
    }
    if (pid > 0)
        setpgid(pid, pid); /* also here: no race with a stop before the child runs */
    return pid;
}

static void on_child(int sig) { (void)sig; }

/* Waits for one child: its slot in pids is freed. On a stop, passes the
 * signal on to every running case's group first (once). The stop signals
 * and SIGCHLD stay blocked but in sigsuspend (waiting: the mask without
 * them), so a stop that comes after the flag was read still ends the wait;
 * a stop between the test and a blocking wait() left the sweep waiting for
 * cases that were never told. */
static void wait_case(pid_t *pids, int jobs, int *running, int *passed_on, const sigset_t *waiting)
{
    for (;;) {
        if (stop_sig && !*passed_on) {
            for (int k = 0; k < jobs; k++)
                if (pids[k] > 0)
                    kill(-pids[k], stop_sig);
            *passed_on = 1;
        }
        int status;
        const pid_t pid = waitpid(-1, &status, WNOHANG);
        if (pid < 0 && errno != EINTR)
            return; /* no child left */
        for (int k = 0; pid > 0 && k < jobs; k++)
            if (pids[k] == pid) {
                pids[k] = 0;
                (*running)--;
            }
        if (pid > 0)
            return;
        sigsuspend(waiting);
    }
}

int xc_sweep_run_local(xc_sweep *s, int jobs, int quiet)
{
    int next = 0, running = 0, rc = 0, passed_on = 0;
    pid_t *pids = calloc((size_t)jobs, sizeof *pids);
    /* shared with the cases' processes: the first write failure speaks */
    void *shared = mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (!pids || shared == MAP_FAILED) {
        free(pids);
        return xc_cli_error("sweep", XC_ENOMEM, "out of memory");
    }
    s->failed = shared;
    struct sigaction sa, stops[XC_STOP_SIGNALS], child;
    sigset_t blocked, mask, waiting;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGCHLD);
    for (int k = 0; k < XC_STOP_SIGNALS; k++) {
        sigaddset(&blocked, xc_stop_signals[k]);
        sigaction(xc_stop_signals[k], NULL, &stops[k]);
        if (stops[k].sa_handler != SIG_IGN)
            sigaction(xc_stop_signals[k], &sa, NULL);
    }
    sa.sa_handler = on_child; /* a handler, not the default: sigsuspend returns on SIGCHLD */
    sigaction(SIGCHLD, &sa, &child);
    pthread_sigmask(SIG_BLOCK, &blocked, &mask);
    waiting = mask;
    for (int k = 0; k < XC_STOP_SIGNALS; k++)
        sigdelset(&waiting, xc_stop_signals[k]);
    sigdelset(&waiting, SIGCHLD);
    while (next < s->n || running) {
        if (next < s->n && running < jobs && !rc && !stop_sig) {
            int k = 0;
            while (pids[k])
                k++;
            if ((pids[k] = start_case(s, next, stops, &mask)) < 0) {
                pids[k] = 0;
                rc = xc_cli_error("sweep", XC_EIO, "cannot start a job (%s)", strerror(errno));
                continue;
            }
            next++, running++;
            continue;
        }
        if (!running)
            break;
        wait_case(pids, jobs, &running, &passed_on, &waiting);
        if (*s->failed && !rc) /* a case could not write its files and said so: start no more */
            rc = xc_exit_code(XC_EWRITE);
    }
    pthread_sigmask(SIG_SETMASK, &mask, NULL);
    sigaction(SIGCHLD, &child, NULL);
    for (int k = 0; k < XC_STOP_SIGNALS; k++)
        sigaction(xc_stop_signals[k], &stops[k], NULL);
    free(pids);
    s->failed = NULL;
    munmap(shared, sizeof(int));
    if (stop_sig) {
        fprintf(stderr, "xchg sweep: stopped by %s; the unfinished case files were removed\n",
                xc_signal_name(stop_sig));
        return 128 + stop_sig;
    }
    if (!quiet && !rc)
        printf("xchg sweep: ran %d cases, %d at a time\n", s->n, jobs);
    return rc;
}

/* --jobs, the one mode of the sweep and --slurm's requests: 0, or exit 2
 * after the one-line error. */
static int check_modes(const char *const *v, uint64_t *jobs, xc_sweep_slurm *sl)
{
    if (v['j'] && (xc_num_u64(v['j'], 256, jobs) != XC_OK || *jobs == 0))
        return xc_cli_error("sweep", XC_EINVAL, "--jobs '%s': a number of jobs, 1 .. 256", v['j']);
    if (!!v['s'] + !!v['c'] + !!v['m'] + !!v['b'] > 1 || (v['j'] && (v['s'] || v['c'] || v['m'] || v['b'])))
        return xc_cli_error("sweep", XC_EINVAL, "give one of --jobs, --case, --slurm, --merge, --build-only");
    if ((v['b'] && v['o']) || (!v['s'] && (v['t'] || v['M'] || v['C'] || v['R'])))
        return xc_cli_error("sweep", XC_EINVAL, "%s: only with %s", v['b'] && v['o'] ? "--out" : v['t'] ? "--time" :
                            v['M'] ? "--mem" : v['C'] ? "--cpus-per-task" : "--max-running",
                            v['b'] && v['o'] ? "a sweep that writes files, not --build-only" : "--slurm");
    return xc_sweep_slurm_opts(v['t'], v['M'], v['C'], v['R'], sl);
}

int xc_cmd_sweep(int argc, char **argv_in)
{
    const char *v[128], *cases;
    int rc;
    uint64_t jobs = 1, one = 0;
    xc_sweep_slurm sl;
    char *argv[argc + 1], jobs_word[24]; /* getopt may reorder this copy */
    xc_cli_jobs_argv(argc, argv_in, argv, jobs_word, sizeof jobs_word);
    if ((rc = xc_cli_parse_one("sweep", longopts, page, "one case file", argc, argv, v, &cases)) != XC_CLI_GO)
        return rc;
    if ((rc = check_modes(v, &jobs, &sl)))
        return rc;
    xc_sweep s = {.out_dir = v['o'] ? v['o'] : "sweep"};
    if (!(rc = xc_sweep_load(&s, cases)) && v['c'] &&
        (xc_num_u64(v['c'], INT_MAX, &one) != XC_OK || one >= (uint64_t)s.n))
        rc = xc_cli_error("sweep", XC_EINVAL, "--case '%s': a case number 0 .. %d (%s has %d cases)", v['c'],
                          s.n - 1, s.cases_path, s.n);
    const int quiet = v['q'] != NULL;
    struct stat sb;
    const int made = !rc && stat(s.out_dir, &sb) != 0; /* the sweep makes the folder */
    if (!rc && v['b']) { /* writes nothing: no folder of its own */
        rc = xc_sweep_build_only(&s, quiet);
        xc_sweep_free(&s);
        return rc;
    }
    if (!rc) /* before any case runs: a folder no case could write in */
        rc = xc_sweep_check_out(&s);
    xc_partial_catch("sweep"); /* a stop removes the files being written */
    if (!rc && v['c']) {
        rc = xc_sweep_run_case(&s, (int)one);
    } else if (!rc) {
        if (!v['m'])
            rc = v['s'] ? xc_sweep_run_slurm(&s, &sl, quiet) : xc_sweep_run_local(&s, (int)jobs, quiet);
        if (!rc)
            rc = xc_sweep_merge(&s, quiet);
    }
    if (made && rc)
        rmdir(s.out_dir); /* a stop or a write failure: an empty folder is not left (one with files is) */
    xc_sweep_free(&s);
    return rc;
}
