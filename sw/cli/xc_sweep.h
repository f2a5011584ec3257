/* SPDX-License-Identifier: MIT */
/* xchg sweep: a regression of xchg run cases. The case file holds one run
 * per line (its arguments; '#' starts a comment). Every case writes its own
 * files into the output folder, each renamed into place when complete:
 *   case-<i>.json  the run's --json report (stdout)
 *   case-<i>.err   the run's stderr
 *   case-<i>.done  "exit <status>", "seconds <wall time>" and, when the run
 *                  was killed, "signal <number>"; written last
 * and the merge reads them into summary.json and junit.xml. The same case
 * runner serves local jobs (-j N), one case alone (--case I) and Slurm job
 * arrays (--slurm: each array task runs --case $SLURM_ARRAY_TASK_ID). */
#ifndef XC_SWEEP_H_
#define XC_SWEEP_H_

#define XC_SWEEP_MAX_CASES 100000
#define XC_SWEEP_MAX_ARGS 64
#define XC_SWEEP_DIR_MAX 4000 /* --out's length: every case file's name fits in a path */

typedef struct xc_sweep_case {
    int line;                     /* in the case file, from 1 */
    char *text;                   /* the arguments as written (comment stripped) */
    char *words;                  /* a copy of text, split into argv */
    char *argv[XC_SWEEP_MAX_ARGS + 8]; /* "xchg" "run" args... "--json" "--quiet" NULL */
} xc_sweep_case;

typedef struct xc_sweep {
    const char *cases_path, *out_dir;
    xc_sweep_case *cases;
    int n;
    char *buf; /* the case file's text, split in place */
    /* local jobs: a flag shared by every case's process (NULL: none). The
     * first case that cannot write its files sets it and prints the one
     * line; the others stay quiet and the sweep starts no more cases. */
    volatile int *failed;
} xc_sweep;

/* Reads and splits the case file: 0, or the exit status after the one-line
 * error (unreadable, no cases, a quote or backslash, --json or --quiet in a
 * case, too many words). */
int xc_sweep_load(xc_sweep *s, const char *path);
void xc_sweep_free(xc_sweep *s);

/* Runs case i into s->out_dir; returns the run's exit status (0 pass,
 * 1 fail, 2 bad input, 3 environment), or 3 after an error of its own
 * (its case files cannot be written: one line, see s->failed). */
int xc_sweep_run_case(const xc_sweep *s, int i);
/* Runs `xchg run` with argv ("xchg", "run", options..., NULL) in a forked
 * copy of this process, its stdout and stderr on out_fd and err_fd (-1:
 * inherited), and waits: 0 with its wait status in *status, or an errno
 * when it could not be started. A case runs apart from the sweep, so
 * that what one case does to the process cannot touch the next. */
int xc_sweep_run_child(char *const *argv, int out_fd, int err_fd, int *status);

/* Runs every case with up to jobs at a time on this machine, each in a
 * child of its own process group. Returns 0, 3 when a child cannot be
 * started or a case could not write its files, 128 + the signal after a SIGINT or SIGTERM (every case
 * stopped, its files removed). */
int xc_sweep_run_local(xc_sweep *s, int jobs, int quiet);

/* Creates s->out_dir and checks that a file can be written in it: 0, or
 * exit 2 after one line, before any case runs. */
int xc_sweep_check_out(const xc_sweep *s);

/* Merges the case files into summary.json and junit.xml (atomically) and
 * prints the tally (quiet 1: only the tally; 2: nothing). Returns 0 when every case passed, 1 when one failed
 * or is missing, 3 when the summary cannot be written. */
int xc_sweep_merge(const xc_sweep *s, int quiet);

/* --slurm's requests (xc_sweep_slurm.c), each written into both job
 * scripts as sbatch takes it. */
#define XC_SWEEP_TIME "1:00:00"  /* --time per job */
#define XC_SWEEP_MEM "2G"        /* --mem per job */
#define XC_SWEEP_MAX_RUNNING 32  /* array tasks at a time (--array=0-(n-1)%K) */
typedef struct xc_sweep_slurm {
    const char *time, *mem;
    unsigned cpus, max_running;
} xc_sweep_slurm;

/* Checks --time, --mem, --cpus-per-task and --max-running (NULL: not
 * given, the default) into sl: 0, or exit 2 after the one-line error. */
int xc_sweep_slurm_opts(const char *time, const char *mem, const char *cpus, const char *max_running,
                        xc_sweep_slurm *sl);

/* Writes DIR/build.sbatch and DIR/sweep.sbatch, submits the build job,
 * then the array with --dependency=afterok on it, and waits (sbatch
 * --wait). 0 once a case ran, else 3 after the one-line error (sbatch
 * missing or refusing, the build failed, no case ran). */
int xc_sweep_run_slurm(const xc_sweep *s, const xc_sweep_slurm *sl, int quiet);

/* Runs every case with xchg run --build-only, one after another: each
 * model a case needs is built or found up to date. 0, or 3 when a model
 * could not be built (a case its run refuses is left to the array). */
int xc_sweep_build_only(const xc_sweep *s, int quiet);

/* What xchg grade ran: submission s (file subs[s] in the sweep's
 * cases_path) as cases s*n_modes .. s*n_modes + n_modes-1 of sweep. */
typedef struct xc_grade_of {
    const xc_sweep *sweep;
    const char *net;
    const char *const *subs, *const *modes;
    int n_subs, n_modes;
} xc_grade_of;

/* xchg grade's report (xc_grade_report.c): prints the table (json: the
 * JSON object instead) and writes OUT/grade.json. Returns 0 when every
 * submission passed, 1 when one did not, 3 when grade.json cannot be
 * written. */
int xc_grade_report(const xc_grade_of *g, int json);

#endif /* XC_SWEEP_H_ */
