/* SPDX-License-Identifier: MIT */
/* A user's module against its contract: Verilator elaborates the module
 * alone (--xml-only), and its netlist gives every port's direction and
 * width and every parameter (xc_user_rtl.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "xc_fs.h"
#include "xc_model_cache.h"
#include "xc_partial.h"
#include "xc_paths.h"
#include "xc_user_rtl.h"

/* How long Verilator may take to elaborate one module. */
enum { CHECK_SECONDS = 300, ARGS_MAX = 48, XML_MAX = 64 << 20 };

/* Runs argv (no shell) with its output to log; its exit status, -1 if it
 * could not start or ran past CHECK_SECONDS (then killed). */
static int run_tool(char *const *argv, const char *log)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        setpgid(0, 0);
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
            _exit(127);
        execvp(argv[0], argv);
        _exit(127);
    }
    const struct timespec nap = {0, 20 * 1000 * 1000};
    for (long waited = 0;; waited += 20) {
        int status;
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (r < 0 && errno != EINTR)
            return -1;
        if (waited > CHECK_SECONDS * 1000L) {
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -1;
        }
        nanosleep(&nap, NULL);
    }
}

/* The value of attribute name in the tag starting at tag (up to its '>'),
 * into out; 0 when found. */
static int attr(const char *tag, const char *name, char *out, size_t cap)
{
    const char *end = strchr(tag, '>');
    char key[40];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *p = strstr(tag, key);
    if (!p || (end && p > end))
        return -1;
    p += strlen(key);
    const char *q = strchr(p, '"');
    if (!q || (size_t)(q - p) >= cap)
        return -1;
    memcpy(out, p, (size_t)(q - p));
    out[q - p] = '\0';
    return 0;
}

/* Width of the type with id dtype in the netlist's type table; 0 when it
 * is no plain vector (a struct, an array: the contracts have none). */
static unsigned width_of(const char *xml, const char *dtype)
{
    char key[48], v[24];
    snprintf(key, sizeof key, "<basicdtype ");
    for (const char *p = strstr(xml, key); p; p = strstr(p + 1, key)) {
        if (attr(p, "id", v, sizeof v) || strcmp(v, dtype))
            continue;
        if (attr(p, "left", v, sizeof v))
            return 1;
        long left = atol(v);
        long right = attr(p, "right", v, sizeof v) ? 0 : atol(v);
        return (unsigned)(left > right ? left - right + 1 : right - left + 1);
    }
    return 0;
}

/* One declared port or parameter of the top module, as the netlist says. */
typedef struct seen {
    char name[64];
    char dir; /* 'i', 'o', 'b' inout, 'p' parameter */
    unsigned width;
} seen;

/* The top module's ports and parameters into s (at most cap); how many. */
static size_t scan_top(const char *xml, seen *s, size_t cap)
{
    const char *mod = strstr(xml, "topModule=\"1\"");
    const char *end = mod ? strstr(mod, "</module>") : NULL;
    size_t n = 0;
    for (const char *p = mod ? strstr(mod, "<var ") : NULL; p && p < end && n < cap; p = strstr(p + 1, "<var ")) {
        char dir[16], param[8], dtype[24], pin[16];
        seen *e = &s[n];
        if (attr(p, "name", e->name, sizeof e->name) || attr(p, "dtype_id", dtype, sizeof dtype))
            continue;
        /* a port has a pin index (a function's arguments and result have none) */
        if (!attr(p, "param", param, sizeof param))
            e->dir = 'p';
        else if (!attr(p, "pinIndex", pin, sizeof pin) && !attr(p, "dir", dir, sizeof dir))
            e->dir = !strcmp(dir, "input") ? 'i' : !strcmp(dir, "output") ? 'o' : 'b';
        else
            continue;
        e->width = width_of(xml, dtype);
        n++;
    }
    return n;
}

static const char *dir_word(char d)
{
    return d == 'i' ? "an input" : d == 'o' ? "an output" : d == 'p' ? "a parameter" : "an inout";
}

/* The first breach of contract c by the ports s[0..n), as one line. */
static xc_status compare(const xc_user_rtl *u, const xc_user_contract *c, const seen *s, size_t n, xc_err *err)
{
    for (size_t i = 0; i < c->n_ports; i++) {
        const xc_user_port *w = &c->ports[i];
        size_t j = 0;
        while (j < n && strcmp(s[j].name, w->name))
            j++;
        if (j == n)
            return xc_fail(err, XC_EINVAL, "%s: module %s has no %s %s (the %s contract, docs/own-rtl.md)",
                           u->shown, u->module, w->dir == 'p' ? "parameter" : "port", w->name, c->level);
        if (s[j].dir != w->dir)
            return xc_fail(err, XC_EINVAL, "%s: module %s: %s is %s, the %s contract wants %s", u->shown,
                           u->module, w->name, dir_word(s[j].dir), c->level, dir_word(w->dir));
        char num[16];
        snprintf(num, sizeof num, "%u", w->width);
        const int named = strcmp(num, w->what) != 0; /* "42 (XCHG_FLIT_W)", plain "1" */
        if (w->width && s[j].width != w->width)
            return xc_fail(err, XC_EINVAL, "%s: module %s: port %s is %u bits wide, the %s contract wants %u%s%s%s",
                           u->shown, u->module, w->name, s[j].width, c->level, w->width, named ? " (" : "",
                           named ? w->what : "", named ? ")" : "");
    }
    for (size_t j = 0; j < n; j++) {
        size_t i = 0;
        while (s[j].dir != 'p' && i < c->n_ports && strcmp(s[j].name, c->ports[i].name))
            i++;
        if (s[j].dir != 'p' && i == c->n_ports)
            return xc_fail(err, XC_EINVAL, "%s: module %s: port %s is not in the %s contract (docs/own-rtl.md)",
                           u->shown, u->module, s[j].name, c->level);
    }
    return XC_OK;
}

int xc_user_rtl_first_error(const xc_user_rtl *u, const char *log, char *line, size_t cap)
{
    FILE *f = fopen(log, "r");
    char buf[1024];
    int found = -1;
    while (f && found && fgets(buf, sizeof buf, f)) {
        if (strncmp(buf, "%Error", 6))
            continue;
        buf[strcspn(buf, "\n")] = '\0';
        const char *msg = strstr(buf, ": ") ? strstr(buf, ": ") + 2 : buf;
        /* the staged copy named by the user's own file */
        const char *colon = strchr(msg, ':');
        const size_t staged = strlen("/" XC_USER_STAGED);
        if (colon && (size_t)(colon - msg) >= staged && !strncmp(colon - staged, "/" XC_USER_STAGED, staged))
            snprintf(line, cap, "%s%s", u->shown, colon);
        else
            snprintf(line, cap, "%s", msg);
        found = 0;
    }
    if (f)
        fclose(f);
    return found;
}

/* Verilator's argv for the check: the -G parameters of c, and the folder
 * of xchg_consts.vh, the one include the contracts allow. -1 when a path
 * does not fit. */
static int check_argv(const xc_user_rtl *u, const xc_user_contract *c, const char *dir, char (*own)[XC_USER_PATH_CAP + 32],
                       const char **argv)
{
    int n = 0;
    argv[n++] = "verilator";
    argv[n++] = "--xml-only";
    argv[n++] = "-Wno-fatal";
    argv[n++] = "--top-module";
    argv[n++] = u->module;
    argv[n++] = "-Mdir";
    argv[n++] = dir;
    argv[n++] = "--xml-output";
    int bad = xc_path(own[3], sizeof own[3], "%s/netlist.xml", dir);
    argv[n++] = own[3];
    bad |= xc_path(own[5], sizeof own[5], "-I%s/gen", xc_build_dir());
    argv[n++] = own[5];
    for (int i = 0; c->gparams && c->gparams[i] && n < ARGS_MAX - 4; i++)
        argv[n++] = c->gparams[i];
    bad |= xc_path(own[4], sizeof own[4], "%s/%s", dir, XC_USER_STAGED);
    argv[n++] = own[4];
    argv[n] = NULL;
    return bad ? -1 : 0;
}

/* What a failed elaboration says: the module missing, or the first error. */
static xc_status elab_failed(const xc_user_rtl *u, const xc_user_contract *c, const char *log, xc_err *err)
{
    char line[600];
    if (xc_user_rtl_first_error(u, log, line, sizeof line) != 0)
        return xc_fail(err, XC_ETOOL, "%s: verilator could not elaborate module %s", u->shown, u->module);
    if (strstr(line, "--top-module") && strstr(line, "not found"))
        return xc_fail(err, XC_EINVAL, "%s: no module %s in the file (the %s's module; name another: FILE:MODULE)",
                       u->shown, u->module, c->level);
    return xc_fail(err, XC_EINVAL, "%s", line);
}

xc_status xc_user_rtl_check(const xc_user_rtl *u, const xc_user_contract *c, const char *model_dir, xc_err *err)
{
    char work_dir[XC_USER_PATH_CAP];
    if (xc_path(work_dir, sizeof work_dir, "%s.check%ld", model_dir, (long)getpid()))
        return xc_fail(err, XC_EINVAL, "%s: the folder %s is too long a path", u->opt, model_dir);
    char own[7][XC_USER_PATH_CAP + 32], log[XC_USER_PATH_CAP + 32];
    const char *argv[ARGS_MAX];
    if (strlen(work_dir) + 32 > XC_USER_PATH_CAP)
        return xc_fail(err, XC_EINVAL, "%s: the folder %s is too long a path", u->opt, work_dir);
    xc_status st = xc_model_provide_consts(err); /* the include the contract allows */
    if (st || (st = xc_user_rtl_stage(u, work_dir, XC_USER_STAGED, err)))
        return st;
    if (check_argv(u, c, work_dir, own, argv) || xc_path(log, sizeof log, "%s/verilator.log", work_dir))
        return xc_fail(err, XC_EINVAL, "%s: the folder %s is too long a path", u->opt, work_dir);
    /* a stop (SIGINT, SIGTERM) while Verilator runs leaves nothing */
    const char *const parts[] = {own[4], own[3], log};
    for (int i = 0; i < 3; i++)
        xc_partial_add(parts[i], 0);
    xc_partial_add(work_dir, 1);
    const int rc = run_tool((char *const *)argv, log);
    char *xml = rc == 0 ? xc_fs_read_max(own[3], XML_MAX, NULL) : NULL;
    if (rc != 0)
        st = rc == 127 || rc < 0 ? xc_fail(err, XC_ETOOL, "cannot run verilator to check %s", u->shown)
                                 : elab_failed(u, c, log, err);
    else if (!xml)
        st = xc_fail(err, XC_ETOOL, "verilator wrote no netlist of %s", u->shown);
    else {
        seen *s = calloc(256, sizeof *s);
        st = s ? compare(u, c, s, scan_top(xml, s, 256), err) : xc_fail(err, XC_ENOMEM, "out of memory");
        free(s);
    }
    free(xml);
    xc_fs_remove_tree(work_dir);
    for (int i = 0; i < 3; i++)
        xc_partial_done(parts[i]);
    xc_partial_done(work_dir);
    return st;
}
