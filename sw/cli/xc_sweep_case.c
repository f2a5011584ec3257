/* SPDX-License-Identifier: MIT */
/* The case file of xchg sweep and the runner of one case. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_fs.h"
#include "xc_partial.h"
#include "xc_run.h"
#include "xc_sweep.h"

/* Splits one line into c's argv: 0, or the exit status after the error. */
static int split_case(const xc_sweep *s, xc_sweep_case *c)
{
    const char *bad = strpbrk(c->text, "'\"\\`$");
    if (bad)
        return xc_cli_error("sweep", XC_EINVAL, "%s:%d: '%c' is not allowed: a case is plain words separated by "
                            "blanks (the arguments of xchg run)", s->cases_path, c->line, *bad);
    int n = 0;
    c->argv[n++] = "xchg";
    c->argv[n++] = "run";
    char *copy = c->words = strdup(c->text), *save = NULL;
    if (!copy)
        return xc_cli_error("sweep", XC_ENOMEM, "out of memory");
    for (char *w = strtok_r(copy, " \t\r", &save); w; w = strtok_r(NULL, " \t\r", &save)) {
        if (n == XC_SWEEP_MAX_ARGS + 2)
            return xc_cli_error("sweep", XC_EINVAL, "%s:%d: more than %d words", s->cases_path, c->line,
                                XC_SWEEP_MAX_ARGS);
        if (!strcmp(w, "xchg") && n == 2)
            return xc_cli_error("sweep", XC_EINVAL, "%s:%d: a case holds only the arguments of xchg run, "
                                "without 'xchg run'", s->cases_path, c->line);
        if (!strncmp(w, "--json", 6) || !strncmp(w, "--quiet", 7))
            return xc_cli_error("sweep", XC_EINVAL, "%s:%d: '%s': the sweep adds --json and --quiet itself",
                                s->cases_path, c->line, w);
        c->argv[n++] = w;
    }
    c->argv[n++] = "--json";
    c->argv[n++] = "--quiet";
    c->argv[n] = NULL;
    return 0;
}

int xc_sweep_load(xc_sweep *s, const char *path)
{
    s->cases_path = path;
    if (!(s->buf = xc_fs_read(path, NULL)))
        return xc_cli_error("sweep", XC_EINVAL, "CASES '%s': cannot read it (%s)", path, strerror(errno));
    int lines = 1;
    for (const char *p = s->buf; *p; p++)
        lines += *p == '\n';
    if (!(s->cases = calloc((size_t)lines, sizeof *s->cases)))
        return xc_cli_error("sweep", XC_ENOMEM, "out of memory");
    char *p = s->buf;
    for (int ln = 1; p; ln++) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        char *hash = strchr(p, '#'); /* within this line only */
        if (hash)
            *hash = '\0';
        for (size_t len = strlen(p); len && strchr(" \t\r", p[len - 1]); len--)
            p[len - 1] = '\0';
        if (p[strspn(p, " \t\r")]) {
            int rc;
            if (s->n == XC_SWEEP_MAX_CASES)
                return xc_cli_error("sweep", XC_EINVAL, "CASES '%s': more than %d cases", path, XC_SWEEP_MAX_CASES);
            s->cases[s->n] = (xc_sweep_case){.line = ln, .text = p + strspn(p, " \t")};
            if ((rc = split_case(s, &s->cases[s->n++])))
                return rc;
        }
        p = nl ? nl + 1 : NULL;
    }
    if (!s->n)
        return xc_cli_error("sweep", XC_EINVAL, "CASES '%s': no cases (one xchg run argument list per line)", path);
    return 0;
}

void xc_sweep_free(xc_sweep *s)
{
    for (int i = 0; s->cases && i < s->n; i++)
        free(s->cases[i].words);
    free(s->cases);
    free(s->buf);
}

int xc_sweep_run_child(char *const *argv, int out_fd, int err_fd, int *status)
{
    int argc = 0;
    while (argv[argc])
        argc++;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return errno;
    if (pid == 0) { /* a copy of this process: no exec, so it works under valgrind and installed alike */
        if ((out_fd >= 0 && dup2(out_fd, STDOUT_FILENO) < 0) || (err_fd >= 0 && dup2(err_fd, STDERR_FILENO) < 0))
            _exit(3);
        int rc = xc_cmd_run(argc - 1, (char **)argv + 1);
        _exit(fflush(stdout) == 0 || rc >= 2 ? rc : 3);
    }
    while (waitpid(pid, status, 0) < 0)
        if (errno != EINTR)
            return errno;
    return 0;
}

/* Runs `xchg run ...` with stdout and stderr into the two files. */
static int spawn_run(char *const *argv, const char *out, const char *err, int *status)
{
    int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644), fe = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int e = fo < 0 || fe < 0 ? errno : xc_sweep_run_child(argv, fo, fe, status);
    if (fo >= 0)
        close(fo);
    if (fe >= 0)
        close(fe);
    return e;
}

int xc_sweep_check_out(const xc_sweep *s)
{
    char tmp[4400];
    FILE *f = NULL;
    if (strlen(s->out_dir) > XC_SWEEP_DIR_MAX)
        return xc_cli_error("sweep", XC_EINVAL, "--out '%.40s...': %zu characters, at most %d (the case files' "
                            "names follow it)", s->out_dir, strlen(s->out_dir), XC_SWEEP_DIR_MAX);
    if (xc_mkdir_p(s->out_dir) || xc_path(tmp, sizeof tmp, "%s/.probe.%ld.tmp", s->out_dir, (long)getpid()) ||
        !(f = fopen(tmp, "w")))
        return xc_cli_error("sweep", XC_EIO, "--out '%s': cannot write in it (%s)", s->out_dir, strerror(errno));
    fclose(f);
    remove(tmp);
    return 0;
}

/* The one line of a case that cannot write its files (exit 3); quiet when
 * another case of the sweep said it first (s->failed). */
static int case_failed(const xc_sweep *s, int i, const char *what, int e)
{
    if (s->failed && __atomic_exchange_n(s->failed, 1, __ATOMIC_SEQ_CST))
        return xc_exit_code(XC_EWRITE);
    return xc_cli_error("sweep", XC_EWRITE, "case %d: cannot %s in '%s' (%s)", i, what, s->out_dir, strerror(e));
}

/* The stop signal that ended a run (its handler exits 128 + N quietly, or
 * the signal itself), else 0. */
static int stopped_by(int status)
{
    for (int k = 0; k < XC_STOP_SIGNALS; k++)
        if ((WIFEXITED(status) && WEXITSTATUS(status) == 128 + xc_stop_signals[k]) ||
            (WIFSIGNALED(status) && WTERMSIG(status) == xc_stop_signals[k]))
            return xc_stop_signals[k];
    return 0;
}

int xc_sweep_run_case(const xc_sweep *s, int i)
{
    char base[4200], out[4300], err[4300], done[4300], tmp[3][4400];
    /* they fit: xc_sweep_check_out refused a longer folder */
    if (strlen(s->out_dir) > XC_SWEEP_DIR_MAX || xc_path(base, sizeof base, "%s/case-%d", s->out_dir, i) ||
        xc_path(out, sizeof out, "%s.json", base) || xc_path(err, sizeof err, "%s.err", base) ||
        xc_path(done, sizeof done, "%s.done", base))
        return xc_cli_error("sweep", XC_EINVAL, "--out: at most %d characters", XC_SWEEP_DIR_MAX);
    for (int k = 0; k < 3; k++) { /* listed: a SIGINT or SIGTERM removes them (xc_partial.h) */
        xc_path(tmp[k], sizeof tmp[k], "%s/.case-%d.%d.%ld.tmp", s->out_dir, i, k, (long)getpid());
        xc_partial_add(tmp[k], 0);
    }
    remove(done); /* no stale verdict while the case runs again */
    if (xc_mkdir_p(s->out_dir))
        return case_failed(s, i, "create the folder", errno);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int status = 0, e = spawn_run(s->cases[i].argv, tmp[0], tmp[1], &status);
    double secs = xc_session_seconds_since(&t0);
    /* A stop reaches the run and this process alike; when the run's ends
     * first, no verdict is written for a case that did not finish. */
    const int stop = e ? 0 : stopped_by(status);
    if (stop) {
        for (int k = 0; k < 3; k++) {
            remove(tmp[k]);
            xc_partial_done(tmp[k]);
        }
        return 128 + stop;
    }
    int rc = e ? 3 : WIFEXITED(status) ? WEXITSTATUS(status) : 3;
    FILE *f = fopen(tmp[2], "w");
    int ok = f && fprintf(f, "exit %d\nseconds %.3f\n", rc, secs) > 0;
    if (ok && !e && WIFSIGNALED(status)) /* a crash: the merge names the signal */
        ok = fprintf(f, "signal %d\n", WTERMSIG(status)) > 0;
    ok = (f && !fclose(f)) && ok;
    const int bad = e || !ok || rename(tmp[0], out) || rename(tmp[1], err) || rename(tmp[2], done);
    const int why = e ? e : errno;
    for (int k = 0; k < 3; k++) {
        if (bad)
            remove(tmp[k]);
        xc_partial_done(tmp[k]);
    }
    if (bad)
        return case_failed(s, i, e ? "start xchg run" : "write its files", why);
    return rc;
}
