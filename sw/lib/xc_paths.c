/* SPDX-License-Identifier: MIT */
#include "xc_paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xc_fs.h"

#ifndef XC_SRC_DIR
#define XC_SRC_DIR "."
#endif
#ifndef XC_BUILD_DIR
#define XC_BUILD_DIR XC_SRC_DIR "/build"
#endif

static char data_dir[4096];
static int installed = -1; /* not yet looked up */

/* <prefix>/bin/xchg -> <prefix>/share/xchg, when it holds sim/Makefile */
static int find_share(char *out, size_t cap)
{
    char exe[4096], probe[4200];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return 0;
    exe[n] = '\0';
    for (int up = 0; up < 2; up++) { /* strip the file name, then bin/ */
        char *slash = strrchr(exe, '/');
        if (!slash)
            return 0;
        *slash = '\0';
    }
    if (xc_path(probe, sizeof probe, "%s/share/xchg/sim/Makefile", exe) || access(probe, R_OK) != 0)
        return 0;
    return xc_path(out, cap, "%s/share/xchg", exe) == 0;
}

static void look_up(void)
{
    if (installed >= 0)
        return;
    installed = find_share(data_dir, sizeof data_dir);
    if (!installed)
        snprintf(data_dir, sizeof data_dir, "%s", XC_SRC_DIR);
}

const char *xc_data_dir(void)
{
    look_up();
    return data_dir;
}

int xc_installed(void)
{
    look_up();
    return installed;
}

const char *xc_path_unsafe(const char *path)
{
    static const char ok[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/+@,-";
    for (const char *p = path; *p; p++)
        if ((unsigned char)*p < 0x80 && !strchr(ok, *p))
            return p;
    return NULL;
}

static char build_dir[XC_BUILD_DIR_MAX + 1];
static const char *build_from; /* where build_dir comes from, for messages; NULL: not yet */
static int build_long;         /* 1: longer than XC_BUILD_DIR_MAX (build_dir is "") */

/* base + tail, made absolute from the current folder */
static void set_build_dir(const char *from, const char *base, const char *tail)
{
    char cwd[4096] = "";
    build_from = from;
    if (*base != '/' && !getcwd(cwd, sizeof cwd - 1))
        cwd[0] = '\0';
    if (cwd[0] && cwd[strlen(cwd) - 1] != '/')
        strcat(cwd, "/");
    build_long = xc_path(build_dir, sizeof build_dir, "%s%s%s", cwd, base, tail) != 0;
}

const char *xc_build_dir(void)
{
    const char *env = getenv("XC_BUILD"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char tmp[64];
    if (build_from)
        return build_dir;
    if (env && *env)
        set_build_dir("XC_BUILD", env, "");
    else if (!xc_installed()) /* the build folder xchg was built into (make BUILD=...) */
        set_build_dir("the build folder", XC_BUILD_DIR, "");
    else if (xdg && *xdg == '/') /* installed: a user cache, as the XDG spec says */
        set_build_dir("XDG_CACHE_HOME", xdg, "/xchg");
    else if (home && *home)
        set_build_dir("HOME", home, "/.cache/xchg");
    else {
        xc_path(tmp, sizeof tmp, "/tmp/xchg-cache-%ld", (long)getuid()); /* fits */
        set_build_dir("the user id", tmp, "");
    }
    return build_dir;
}

/* XC_EINVAL when path (from what) holds a character make cannot carry */
static xc_status check_safe(const char *what, const char *path, xc_err *err)
{
    const char *bad = xc_path_unsafe(path);
    if (!bad)
        return XC_OK;
    char shown[8];
    if ((unsigned char)*bad < 0x20 || *bad == 0x7f)
        snprintf(shown, sizeof shown, "\\x%02x", (unsigned char)*bad);
    else
        snprintf(shown, sizeof shown, "%c", *bad);
    return xc_fail(err, XC_EINVAL, "%s: the model cache and source folders may hold only %s (make or the shell "
                   "would read '%s' as code or split at it)", what, XC_PATH_SAFE, shown);
}

xc_status xc_build_paths_check(xc_err *err)
{
    const char *dir = xc_build_dir();
    char what[80];
    if (build_long)
        return xc_fail(err, XC_EINVAL, "%s: the model cache folder is longer than %d characters", build_from,
                       XC_BUILD_DIR_MAX);
    if (!strcmp(build_from, "HOME") || !strcmp(build_from, "XDG_CACHE_HOME"))
        snprintf(what, sizeof what, "%s (the model cache %s)", build_from,
                 !strcmp(build_from, "HOME") ? "$HOME/.cache/xchg" : "$XDG_CACHE_HOME/xchg");
    else
        snprintf(what, sizeof what, "%s", build_from);
    xc_status st = check_safe(what, dir, err);
    if (!st)
        st = check_safe(xc_installed() ? "the installed share/xchg folder" : "the source folder", xc_data_dir(), err);
    return st;
}
