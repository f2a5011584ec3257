/* SPDX-License-Identifier: MIT */
/* flock() is outside strict POSIX 2008: ask for it. */
#define _DEFAULT_SOURCE
#define _XOPEN_SOURCE 700
#include "xc_model_cache.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "xc_fs.h"
#include "xc_partial.h" /* xc_stop_signals */
#include "xc_paths.h"

#ifndef XC_BUILD_DIR
#define XC_BUILD_DIR "build"
#endif

enum { XC_PATH = 1400 };

/* the signal that asked us to stop, 0 while none has */
static volatile sig_atomic_t stop_sig;

static void on_stop(int sig) { stop_sig = sig; }

/* xc_model_remove_on_stop's folder, "" for none */
static char stop_remove[XC_PATH];

/* a folder too long to hold whole is not listed: a cut name is another folder */
void xc_model_remove_on_stop(const char *dir) { xc_path(stop_remove, sizeof stop_remove, "%s", dir ? dir : ""); }

typedef struct saved_sigs {
    struct sigaction old[XC_STOP_SIGNALS];
} saved_sigs;

/* No SA_RESTART: a blocked flock() returns EINTR so that we can give up.
 * A signal that was ignored when we started (nohup, a background job of a
 * script) stays ignored, as shells and make do it. */
static void catch_stops(saved_sigs *s)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    stop_sig = 0;
    for (int i = 0; i < XC_STOP_SIGNALS; i++) {
        sigaction(xc_stop_signals[i], NULL, &s->old[i]);
        if (s->old[i].sa_handler != SIG_IGN)
            sigaction(xc_stop_signals[i], &sa, NULL);
    }
}

static void restore_stops(const saved_sigs *s)
{
    for (int i = 0; i < XC_STOP_SIGNALS; i++)
        sigaction(xc_stop_signals[i], &s->old[i], NULL);
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0->tv_nsec);
}

int xc_model_put(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "rb");
    if (f) {
        char *old = malloc(len + 1);
        size_t n = old ? fread(old, 1, len + 1, f) : 0;
        fclose(f);
        int same = old && n == len && !memcmp(old, text, len);
        free(old);
        if (same)
            return 0;
    }
    char tmp[XC_PATH];
    if (xc_fs_tmp_name(tmp, sizeof tmp, path) != 0 || !(f = fopen(tmp, "wb")))
        return -1;
    fwrite(text, 1, len, f); /* a short write shows in ferror */
    return xc_fs_close_rename(f, tmp, path);
}

/* Copies from to a temporary name beside to and renames it into place, so
 * that a process which has the old model loaded keeps a whole file. */
static int install_file(const char *from, const char *to)
{
    char tmp[XC_PATH], buf[1 << 16];
    if (xc_fs_tmp_name(tmp, sizeof tmp, to) != 0)
        return -1;
    int in = open(from, O_RDONLY | O_CLOEXEC);
    int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0755);
    int bad = in < 0 || out < 0;
    for (ssize_t n; !bad && (n = read(in, buf, sizeof buf)) != 0;)
        bad = n < 0 || write(out, buf, (size_t)n) != n;
    if (in >= 0)
        close(in);
    if (out >= 0 && close(out) != 0)
        bad = 1;
    if (bad || rename(tmp, to) != 0) {
        unlink(tmp);
        return -1;
    }
    return 0;
}

static xc_note_fn note_sink; /* where notes go: set once by the program */

void xc_model_set_note(xc_note_fn fn) { note_sink = fn; }

void xc_model_note(xc_note_kind kind, const char *text)
{
    if (note_sink)
        note_sink(kind, text);
}

/* Says a note of kind k, formatted, to the sink (none: dropped). */
static void __attribute__((format(printf, 2, 3))) say(xc_note_kind k, const char *fmt, ...)
{
    char text[XC_PATH + 200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (note_sink)
        note_sink(k, text);
}

/* Takes the configuration's lock, waiting for another xchg (or a build a
 * killed xchg left running) to finish with it. -1 when the wait was
 * interrupted or the lock file cannot be opened. Not close-on-exec: the
 * build inherits it (see xc_model_cache.h). */
static int take_lock(const xc_model_req *req, xc_err *err)
{
    char path[XC_PATH];
    int fd = xc_path(path, sizeof path, "%s/lock", req->dir) ? -1 : open(path, O_RDWR | O_CREAT, 0666);
    if (fd < 0) {
        xc_fail(err, XC_EIO, "cannot open the model lock %s: %s", path, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd;
    if (!req->quiet)
        say(XC_NOTE_LINE, "xchg: waiting for another build of the %s model (%s)", req->what, req->dir);
    while (flock(fd, LOCK_EX) != 0) {
        if (errno != EINTR || stop_sig) {
            xc_fail(err, XC_ETOOL, "interrupted while waiting for the %s model", req->what);
            close(fd);
            return -1;
        }
    }
    return fd;
}

/* The variables of sim/Makefile that take a value from the environment
 * (?=, +=, a name built from another), and make's own (MAKEFLAGS can
 * define variables, MAKEFILES reads makefiles); tb/cli/t_build_paths.sh
 * checks this list against sim/Makefile. */
static const char *const make_env[] = {"BUILD", "VL_DIR", "PARAMS", "PN_TOP", "PN_TILE", "COVERAGE", "THREADS",
                                       "XFLAGS", "TRACE", "TRACE_FLAGS_0", "VFLAGS", "CCACHE_DIR", "FAULTS", "SW2X2_RTL",
                                       "SW2X2_MODULE", "SAF_RTL", "SAF_MODULE", "NOC_SRC", "NOC_TOP", "NOC_N", "NOC_W",
                                       "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS", "MAKEFILES", "MAKEOVERRIDES"};

/* The environment without make_env's names (malloc'd array of environ's
 * strings), built before fork: make reads these variables from the
 * environment and expands them (a value is make text, handed on to the
 * shell); xchg passes the ones the build needs on make's command line, so
 * that no stray one is read as code. NULL when out of memory. */
extern char **environ;
static char **make_environ(void)
{
    size_t n = 0, k = 0;
    while (environ[n])
        n++;
    char **env = malloc((n + 1) * sizeof *env);
    for (size_t i = 0; env && i < n; i++) {
        size_t j = 0, len = strcspn(environ[i], "=");
        while (j < sizeof make_env / sizeof make_env[0] &&
               (strlen(make_env[j]) != len || strncmp(make_env[j], environ[i], len)))
            j++;
        if (j == sizeof make_env / sizeof make_env[0])
            env[k++] = environ[i];
    }
    if (env)
        env[k] = NULL;
    return env;
}

/* In the child, before exec: its own process group, output to log, and on
 * Linux a SIGTERM to make when xchg dies (make then stops its jobs). */
static void exec_make(char *const *argv, char **env, const char *log, pid_t parent)
{
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent)
        _exit(127);
#else
    (void)parent;
#endif
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (fd < 0)
        _exit(127);
    environ = env;
    dup2(fd, 1);
    dup2(fd, 2);
    close(fd);
    execvp(argv[0], argv);
    _exit(127);
}

/* Waits for the build, polling for a stop signal (system() would ignore
 * SIGINT). On a stop: SIGTERM to the build's group, SIGKILL after 3 s, and
 * then to any straggler, so that nothing writes into obj/ once we return.
 * what: the configuration, to show the seconds elapsed on one rewritten
 * stderr line (NULL: silent). Returns make's exit status, or -2 after a
 * stop. */
static int wait_build(pid_t pid, const char *what)
{
    int status = 0, waited_ms = 0, stopping = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long shown = -1;
    for (;;) {
        const long secs = (long)seconds_since(&t0);
        if (what && secs != shown) {
            say(XC_NOTE_PROGRESS, "xchg: building %s: %ld s", what, secs);
            shown = secs;
        }
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR)
            return -1;
        if (stop_sig && !stopping) {
            kill(-pid, SIGTERM);
            stopping = 1;
        }
        if (stopping && (waited_ms += 10) == 3000)
            kill(-pid, SIGKILL);
        sleep_ms(stopping ? 10 : 50);
    }
    if (what)
        say(XC_NOTE_END, "%s", "");
    if (!stopping)
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    kill(-pid, SIGKILL);
    for (int i = 0; i < 300 && kill(-pid, 0) == 0; i++)
        sleep_ms(10);
    return -2;
}

/* The flags users may add, and whether each takes the next word as its
 * value. Prefixes end in '*'. Flags that move or rename the build's
 * outputs (-Mdir, -o, --top-module, -f, --exe, --lib-create ...) are not
 * here: the cache decides those. */
static const struct vflag {
    const char *name;
    int takes_value;
} vflags_allowed[] = {
    {"-O0", 0}, {"-O1", 0}, {"-O2", 0}, {"-O3", 0}, {"-Os", 0}, {"-fno-*", 0}, {"-Wno-*", 0},
    {"-Wwarn-*", 0}, {"-D*", 0}, {"--assert", 0}, {"--x-assign", 1}, {"--x-initial", 1},
    {"--x-initial-edge", 0}, {"--unroll-count", 1}, {"--unroll-stmts", 1}, {"--inline-mult", 1},
    {"--output-split", 1}, {"--output-split-cfuncs", 1}, {"--output-split-ctrace", 1},
    {"--converge-limit", 1}, {"--reloop-limit", 1}, {"--trace-depth", 1}, {"--trace-max-array", 1},
    {"--trace-max-width", 1}, {"--public-flat-rw", 0}, {"--stats", 0}, {"-CFLAGS", 1},
};

static const struct vflag *vflag_lookup(const char *word, size_t len)
{
    for (size_t i = 0; i < sizeof vflags_allowed / sizeof vflags_allowed[0]; i++) {
        const char *n = vflags_allowed[i].name;
        const size_t nl = strlen(n);
        if (n[nl - 1] == '*' ? len > nl - 1 && !strncmp(word, n, nl - 1) : len == nl && !strncmp(word, n, nl))
            return &vflags_allowed[i];
    }
    return NULL;
}

int xc_model_check_vflags(const char *flags, char *why, size_t cap)
{
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+=.,:/-";
    if (strlen(flags) > XC_VFLAGS_MAX) {
        snprintf(why, cap, "longer than %d characters", XC_VFLAGS_MAX);
        return -1;
    }
    const struct vflag *want_value = NULL;
    for (const char *p = flags + strspn(flags, " \t"); *p; p += strspn(p, " \t")) {
        const size_t len = strcspn(p, " \t");
        if (strspn(p, safe) < len) {
            snprintf(why, cap, "'%.*s': only letters, digits and _+=.,:/- are allowed", (int)len, p);
            return -1;
        }
        const struct vflag *f = want_value ? NULL : vflag_lookup(p, len);
        if (!want_value && !f) {
            snprintf(why, cap, "'%.*s' is not an allowed flag (allowed: -O0..-O3, -Os, -fno-*, -Wno-*, "
                     "-Wwarn-*, -D*, --assert, --x-assign, --x-initial, --x-initial-edge, --unroll-count, "
                     "--unroll-stmts, --inline-mult, --output-split*, --converge-limit, --reloop-limit, "
                     "--trace-depth, --trace-max-array, --trace-max-width, --public-flat-rw, --stats, -CFLAGS)",
                     (int)len, p);
            return -1;
        }
        want_value = want_value ? NULL : f->takes_value ? f : NULL;
        p += len;
    }
    if (want_value) {
        snprintf(why, cap, "%s needs a value", want_value->name);
        return -1;
    }
    return 0;
}

xc_model_trace xc_model_trace_of(const char *trace_path)
{
    const size_t len = trace_path ? strlen(trace_path) : 0;
    if (!trace_path)
        return (xc_model_trace){"lean", "TRACE=0"};
    if (len > 4 && !strcmp(trace_path + len - 4, ".vcd"))
        return (xc_model_trace){"vcd", "TRACE=vcd"};
    return (xc_model_trace){"fst", "TRACE=1"};
}

void xc_model_variant_of(int coverage, unsigned threads, const char *vflags, xc_model_variant *v)
{
    memset(v, 0, sizeof *v);
    int n = 0;
    size_t at = 0;
    if (coverage) {
        v->args[n++] = "COVERAGE=1";
        at += (size_t)snprintf(v->name + at, sizeof v->name - at, "cov");
    }
    if (threads > 1) {
        snprintf(v->threads, sizeof v->threads, "THREADS=%u", threads);
        v->args[n++] = v->threads;
        at += (size_t)snprintf(v->name + at, sizeof v->name - at, "%st%u", at ? "_" : "", threads);
    }
    /* the flags one space apart, so that spacing does not make a new model */
    size_t k = 0;
    for (const char *p = vflags ? vflags + strspn(vflags, " \t") : ""; *p && k < XC_VFLAGS_MAX; p += strspn(p, " \t")) {
        const size_t len = strcspn(p, " \t");
        k += (size_t)snprintf(v->flags + k, sizeof v->flags - k, "%s%.*s", k ? " " : "", (int)len, p);
        p += len;
    }
    if (k) {
        uint32_t h = 2166136261u; /* FNV-1a */
        for (size_t i = 0; i < k; i++)
            h = (h ^ (unsigned char)v->flags[i]) * 16777619u;
        snprintf(v->xflags, sizeof v->xflags, "XFLAGS=%s", v->flags);
        v->args[n++] = v->xflags;
        snprintf(v->name + at, sizeof v->name - at, "%sf%08x", at ? "_" : "", (unsigned)h);
    }
}

/* NAME=path for make's command line: make expands $(...) in the value and
 * the recipes hand it to the shell, so every path xchg gives make goes
 * through here and is refused (-1) unless make and the shell read it as
 * plain text (xc_path_unsafe; xc_model_get names the culprit first). */
static int make_var(char *out, size_t cap, const char *name, const char *path)
{
    if (xc_path_unsafe(path))
        return -1;
    return xc_path(out, cap, "%s=%s", name, path);
}

/* make -s (or -q: up to date?) -C <src>/sim <make_args> BUILD=… VL_DIR=obj,
 * output to log. make's exit status; -1 if it cannot start; -2 if stopped. */
static int run_make(const xc_model_req *req, const char *obj, int question, const char *log)
{
    char sim[XC_PATH], build_var[XC_PATH], vl_var[XC_PATH];
    const char *argv[40];
    int n = 0;
    if (xc_path(sim, sizeof sim, "%s/sim", xc_data_dir()) || make_var(build_var, sizeof build_var, "BUILD", xc_build_dir()) ||
        make_var(vl_var, sizeof vl_var, "VL_DIR", obj))
        return -1;
    argv[n++] = "make";
    argv[n++] = question ? "-q" : "-s";
    argv[n++] = "-C";
    argv[n++] = sim;
    for (int i = 0; req->make_args[i] && n < 32; i++)
        argv[n++] = req->make_args[i];
    for (int i = 0; req->variant && req->variant->args[i] && n < 36; i++)
        argv[n++] = req->variant->args[i];
    argv[n++] = build_var;
    argv[n++] = vl_var;
    argv[n] = NULL;
    char **env = make_environ();
    const pid_t parent = getpid();
    const pid_t pid = env ? fork() : -1;
    if (pid < 0) {
        free(env);
        return -1;
    }
    if (pid == 0)
        exec_make((char *const *)argv, env, log, parent);
    free(env);
    setpgid(pid, pid); /* also here: no race with a stop before the child runs */
    const int progress = !question && !req->quiet && isatty(2);
    return wait_build(pid, progress ? req->what : NULL);
}

/* sim/Makefile reads <build>/gen/xchg_consts.vh: a cache folder other than
 * the build folder (XC_BUILD, an installed xchg's user cache) gets a copy,
 * from share/xchg/gen when installed, else from the build folder. */
xc_status xc_model_provide_consts(xc_err *err)
{
    char want[XC_PATH], from[XC_PATH];
    if (xc_path(want, sizeof want, "%s/gen/xchg_consts.vh", xc_build_dir()) ||
        xc_path(from, sizeof from, "%s/gen/xchg_consts.vh", xc_installed() ? xc_data_dir() : XC_BUILD_DIR))
        return xc_fail(err, XC_EINVAL, "the model cache folder is too long");
    if (!strcmp(want, from) || access(want, R_OK) == 0)
        return XC_OK;
    FILE *f = fopen(from, "rb");
    char text[1 << 16];
    size_t len = f ? fread(text, 1, sizeof text, f) : 0;
    if (f)
        fclose(f);
    if (!len || len == sizeof text)
        return xc_fail(err, XC_EIO, "cannot read %s", from);
    if (xc_mkdir_for(want) != 0 || xc_model_put(want, text, len) != 0)
        return xc_fail(err, XC_EIO, "cannot write %s: %s", want, strerror(errno));
    return XC_OK;
}

/* obj: the half-built work folder to remove, or NULL */
static xc_status interrupted(const xc_model_req *req, const char *obj, xc_err *err)
{
    if (obj)
        xc_fs_remove_tree(obj);
    return xc_fail(err, XC_ETOOL, "the build of the %s model was interrupted", req->what);
}

/* Builds (with the lock held) what is missing; see xc_model_get. */
static xc_status build(const xc_model_req *req, const char *so, double *built_s, xc_err *err)
{
    char obj[XC_PATH], stamp[XC_PATH], log[XC_PATH], made[XC_PATH + 64], note[XC_PATH + 200];
    /* the names fit: xc_model_get checked the length of req->dir */
    xc_path(obj, sizeof obj, "%s/obj", req->dir);
    xc_path(stamp, sizeof stamp, "%s/stamp", req->dir);
    xc_path(log, sizeof log, "%s/make.log", req->dir);
    struct stat sb;
    const int whole = stat(stamp, &sb) == 0 && stat(so, &sb) == 0;
    const int leftover = !whole && stat(obj, &sb) == 0;
    if (!whole)
        xc_fs_remove_tree(obj); /* whatever a killed build left there */
    if (xc_mkdir_p(obj) != 0)
        return xc_fail(err, XC_EIO, "cannot create %s: %s", obj, strerror(errno));
    xc_status st = req->inputs ? req->inputs(req->ctx, obj, err) : XC_OK;
    if (st || (st = xc_model_provide_consts(err)))
        return st;
    if (whole && run_make(req, obj, 1, "/dev/null") == 0)
        return XC_OK;
    if (stop_sig) /* during the up-to-date check: nothing was written */
        return interrupted(req, whole ? NULL : obj, err);
    if (!req->quiet)
        say(XC_NOTE_LINE, "xchg: %s the Verilator model of %s (cached in %s)",
                leftover ? "an earlier build did not finish: rebuilding" : "building", req->what, req->dir);
    unlink(stamp); /* from here until the stamp is back, obj/ is suspect */
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const int rc = run_make(req, obj, 0, log);
    if (rc == -2 || stop_sig)
        return interrupted(req, obj, err);
    if (rc != 0)
        return xc_fail(err, XC_ETOOL, "Verilator build of %s failed (see %s and %s/build.log)", req->what,
                       log, obj);
    if (xc_path(made, sizeof made, "%s/%s", obj, req->lib) || install_file(made, so) != 0)
        return xc_fail(err, XC_EIO, "cannot install %s as %s", made, so);
    *built_s = seconds_since(&t0);
    const time_t now = time(NULL);
    char when[32];
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    int len = snprintf(note, sizeof note, "xchg model %s of %s, built %s in %.1f s\n", req->lib, req->what,
                       when, *built_s);
    if (xc_model_put(stamp, note, (size_t)len) != 0)
        return xc_fail(err, XC_EIO, "cannot write %s: %s", stamp, strerror(errno));
    return XC_OK;
}

xc_status xc_model_get(const xc_model_req *req, char *so, size_t cap, double *built_s, xc_err *err)
{
    *built_s = 0;
    /* every path below is handed to make, or fits beside one that is */
    xc_status st = xc_build_paths_check(err);
    if (st)
        return st;
    if (xc_path_unsafe(req->dir) || strlen(req->dir) > XC_PATH - 100 || xc_path(so, cap, "%s/%s", req->dir, req->lib))
        return xc_fail(err, XC_EINVAL, "the model cache folder of %s is too long or holds a character other than %s",
                       req->what, XC_PATH_SAFE);
    if (xc_mkdir_p(req->dir) != 0)
        return xc_fail(err, XC_EIO, "cannot create %s: %s", req->dir, strerror(errno));
    char flags_path[XC_PATH]; /* which flags this folder's model was built with */
    xc_path(flags_path, sizeof flags_path, "%s/vflags", req->dir);
    const xc_model_variant *v = req->variant;
    if (v && v->flags[0] && xc_model_put(flags_path, v->flags, strlen(v->flags)) != 0)
        return xc_fail(err, XC_EIO, "cannot write %s: %s", flags_path, strerror(errno));
    saved_sigs saved;
    catch_stops(&saved);
    st = XC_ETOOL;
    const int fd = take_lock(req, err);
    if (fd >= 0) {
        st = build(req, so, built_s, err);
        close(fd);
    }
    restore_stops(&saved);
    if (stop_sig) {
        /* Cleaned up; now the action the user asked for, as make does it.
         * With the signal ignored we get here and report the stop. */
        if (stop_remove[0])
            xc_fs_remove_tree(stop_remove);
        raise(stop_sig);
        st = xc_fail(err, XC_ETOOL, "the build of the %s model was interrupted", req->what);
    }
    return st;
}
