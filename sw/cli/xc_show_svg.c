/* SPDX-License-Identifier: MIT */
/* xchg show --svg-steps DIR: every step as one standalone SVG file, for a
 * slide series. The page's script is the one drawing of a step; rather
 * than a second drawing in C that would drift from it, the page is loaded
 * in headless Chromium at #svgsteps, where it writes each step's SVG
 * (base64: the DOM dump escapes nothing else then) into its #walk element.
 * This file splits that dump into DIR/step-K.svg, each written under a
 * temporary name and renamed when complete. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_cli_out.h"
#include "xc_fs.h"
#include "xc_partial.h"
#include "xc_show.h"

static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int xc_show_svg_dir(const char *dir)
{
    struct stat st;
    if (!*dir || (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)))
        return xc_cli_error("show", XC_EINVAL, "--svg-steps '%s': a folder (created when missing) is needed", dir);
    if (strlen(dir) > XC_OUT_PATH_MAX - 64 || xc_mkdir_p(dir) || access(dir, W_OK | X_OK))
        return xc_cli_error("show", XC_EINVAL, "--svg-steps '%s': not a folder that can be written", dir);
    return 0;
}

/* Base64 text (up to a space, newline or the end) decoded in place; its
 * length, or -1 on a character that is not base64. */
static long unbase64(char *s)
{
    unsigned long acc = 0;
    int bits = 0;
    long n = 0;
    for (char *p = s; *p && *p != '\n' && *p != ' ' && *p != '<'; p++) {
        if (*p == '=')
            continue;
        const char *c = strchr(abc, *p);
        if (!c)
            return -1;
        acc = (acc << 6 | (unsigned long)(c - abc)) & 0xFFFFFF;
        if ((bits += 6) >= 8) {
            bits -= 8;
            s[n++] = (char)(acc >> bits & 0xFF);
        }
    }
    return n;
}

/* Loads page#svgsteps in headless Chromium, its DOM into dom: 0, or -1
 * when Chromium is missing or failed. XC_CHROMIUM names another binary. */
static int dump_dom(const char *page, const char *profile, const char *dom)
{
    char url[2 * XC_OUT_PATH], prof[XC_OUT_PATH + 32], cwd[XC_OUT_PATH];
    if (page[0] != '/' && !getcwd(cwd, sizeof cwd))
        return -1;
    if (xc_path(url, sizeof url, "file://%s%s%s#svgsteps", page[0] == '/' ? "" : cwd, page[0] == '/' ? "" : "/", page) ||
        xc_path(prof, sizeof prof, "--user-data-dir=%s", profile))
        return -1;
    const char *bin = getenv("XC_CHROMIUM") ? getenv("XC_CHROMIUM") : "chromium";
    char *argv[] = {(char *)bin, "--headless", "--no-sandbox", "--disable-gpu", prof, "--dump-dom", url, NULL};
    const pid_t pid = fork();
    if (pid == 0) {
        const int out = open(dom, O_WRONLY | O_CREAT | O_TRUNC, 0644), null = open("/dev/null", O_WRONLY);
        if (out < 0 || null < 0 || dup2(out, 1) < 0 || dup2(null, 2) < 0)
            _exit(127);
        execvp(bin, argv);
        _exit(127);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return -1;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

/* One step's SVG (base64 at b64) decoded and written to DIR/step-K.svg. */
static int write_step(const char *dir, unsigned k, unsigned digits, char *b64)
{
    char path[XC_OUT_PATH], tmp[XC_OUT_PATH];
    const long n = unbase64(b64);
    if (n < 0 || xc_path(path, sizeof path, "%s/step-%0*u.svg", dir, (int)digits, k) ||
        xc_fs_tmp_name(tmp, sizeof tmp, path))
        return -1;
    xc_partial_add(tmp, 0); /* a stop signal removes it */
    FILE *f = fopen(tmp, "w");
    int bad = !f;
    if (f) {
        bad = fwrite(b64, 1, (size_t)n, f) != (size_t)n;
        bad |= xc_fs_close_rename(f, tmp, path) != 0; /* removes tmp on failure */
    }
    xc_partial_done(tmp);
    return bad ? -1 : 0;
}

/* The digits of the last step: the width of every step's number. */
static unsigned step_digits(unsigned steps)
{
    unsigned digits = 1;
    for (unsigned v = steps; v >= 10; v /= 10)
        digits++;
    return digits;
}

static void remove_step(const char *dir, unsigned k, unsigned steps)
{
    char path[XC_OUT_PATH];
    if (!xc_path(path, sizeof path, "%s/step-%0*u.svg", dir, (int)step_digits(steps), k))
        remove(path);
}

/* The "K BASE64" lines of the dump's #walk element into DIR: how many
 * were written, or -1. */
static long split_dump(char *d, const char *dir, unsigned steps)
{
    char *p = strstr(d, "<pre id=\"walk\"");
    p = p ? strchr(p, '>') : NULL;
    if (!p)
        return -1;
    const unsigned digits = step_digits(steps);
    long n = 0;
    for (p++; *p >= '0' && *p <= '9'; n++) {
        char *end;
        const unsigned long k = strtoul(p, &end, 10);
        if (*end != ' ' || k != (unsigned long)n || k > steps)
            return -1;
        char *next = end + 1 + strspn(end + 1, abc); /* decoding in place stays short of it */
        next += strspn(next, "=");
        if (write_step(dir, (unsigned)k, digits, end + 1))
            return -1;
        p = next + (*next == '\n');
    }
    return n;
}

int xc_show_svg_steps(const xc_show *s, const char *dir)
{
    char page[XC_OUT_PATH], dom[XC_OUT_PATH], profile[XC_OUT_PATH];
    const int pid = (int)getpid();
    if (xc_path(page, sizeof page, "%s/.xchg-svg-%d.html", dir, pid) ||
        xc_path(dom, sizeof dom, "%s/.xchg-svg-%d.dom", dir, pid) ||
        xc_path(profile, sizeof profile, "%s/.xchg-svg-%d.profile", dir, pid))
        return xc_cli_error("show", XC_EINVAL, "--svg-steps '%s': the path is too long", dir);
    xc_partial_add(page, 0);
    xc_partial_add(dom, 0);
    FILE *f = fopen(page, "w");
    int rc = 0;
    if (f)
        xc_show_write_html(f, s);
    if (!f || xc_fs_close(f))
        rc = xc_cli_error("show", XC_EWRITE, "--svg-steps '%s': cannot write into it", dir);
    else if (dump_dom(page, profile, dom))
        rc = xc_cli_error("show", XC_ETOOL, "--svg-steps: headless Chromium failed or is missing (make deps installs it)");
    char *d = rc ? NULL : xc_fs_read(dom, NULL);
    const long n = d ? split_dump(d, dir, s->n_frames - 1) : -1;
    if (!rc && n != (long)s->n_frames)
        rc = xc_cli_error("show", XC_ETOOL, "--svg-steps '%s': the page gave %ld of %u steps", dir, n < 0 ? 0 : n,
                          s->n_frames);
    free(d);
    for (long k = 0; rc && k < (long)s->n_frames; k++) /* all the slides or none */
        remove_step(dir, (unsigned)k, s->n_frames - 1);
    remove(page);
    remove(dom);
    xc_partial_done(page);
    xc_partial_done(dom);
    xc_fs_remove_tree(profile);
    if (!rc)
        printf("xchg show: %s, %s: steps 0 to %u as SVG -> %s/step-*.svg\n", s->net, s->algo, s->n_frames - 1, dir);
    return rc;
}
