/* SPDX-License-Identifier: MIT */
#include "xc_cli_opt.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_num.h"

/* ':' first: a missing value comes back as ':', not '?'; 'h' is -h. */
static const char short_opts[] = ":h";

int xc_cli_help_asked(int argc, char **argv, const struct option *longopts)
{
    int c, asked = 0;
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return 1; /* even where it would be another option's value: --net --help */
    /* on a copy: getopt moves the words it has passed, and an option whose
     * value is missing ("sweep CASES --jobs") would then precede a word
     * that the real parse takes as its value */
    char *copy[argc + 1];
    memcpy(copy, argv, (size_t)argc * sizeof *copy);
    copy[argc] = NULL;
    opterr = 0;
    optind = 0; /* a full re-initialisation of getopt (glibc) */
    while ((c = getopt_long(argc, copy, short_opts, longopts, NULL)) != -1)
        if (c == 'h')
            asked = 1;
    optind = 0;
    return asked;
}

void xc_cli_opts_begin(xc_cli_opts *p, const char *cmd, const struct option *longopts, int argc, char **argv)
{
    *p = (xc_cli_opts){.cmd = cmd, .longopts = longopts, .argc = argc, .argv = argv};
    opterr = 0;
    optind = 0;
}

const char *xc_cli_opt_name(const struct option *longopts, int val)
{
    for (const struct option *o = longopts; o->name; o++)
        if (o->val == val)
            return o->name;
    return "?";
}

int xc_cli_opts_next(xc_cli_opts *p, const char **arg)
{
    int c = getopt_long(p->argc, p->argv, short_opts, p->longopts, NULL);
    *arg = optarg;
    if (c == -1)
        return 0;
    /* an unknown letter inside a word (-j3) leaves optind on that word */
    char letter[3] = {'-', (char)optopt, '\0'};
    const char *given = c == '?' && optopt > 0 && optopt < 128 ? letter : p->argv[optind - 1];
    if (c == ':') {
        p->rc = xc_cli_error(p->cmd, XC_EINVAL, "%s needs a value (see xchg %s --help)", given, p->cmd);
        return -1;
    }
    if (c == '?' || c <= 0 || c >= 128) {
        if (p->allowed)
            p->rc = xc_cli_error(p->cmd, XC_EINVAL, "unknown option '%s' (allowed: %s)", given, p->allowed);
        else
            p->rc = xc_cli_error(p->cmd, XC_EINVAL, "bad option '%s' (see xchg %s --help)", given, p->cmd);
        return -1;
    }
    if (p->seen[c] && !(p->repeatable && strchr(p->repeatable, c))) {
        p->rc = xc_cli_error(p->cmd, XC_EINVAL, "--%s given twice (once is allowed)",
                             xc_cli_opt_name(p->longopts, c));
        return -1;
    }
    p->seen[c] = 1;
    return c;
}

int xc_cli_read(const char *cmd, const struct option *longopts, const char *allowed, int argc, char **argv,
                const char *v[128], int *npos)
{
    xc_cli_opts p;
    xc_cli_opts_begin(&p, cmd, longopts, argc, argv);
    p.allowed = allowed;
    const char *arg;
    int c;
    for (int i = 0; i < 128; i++)
        v[i] = NULL;
    while ((c = xc_cli_opts_next(&p, &arg)) > 0)
        v[c] = arg ? arg : "";
    if (c < 0)
        return p.rc;
    if (npos) {
        *npos = argc - optind;
        return 0;
    }
    if (optind < argc)
        return xc_cli_error(cmd, XC_EINVAL, "unexpected argument '%s'", argv[optind]);
    return 0;
}

int xc_cli_parse(const char *cmd, const struct option *longopts, const char *page, const char *allowed, int argc,
                 char **argv, const char *v[128])
{
    if (xc_cli_help_asked(argc, argv, longopts))
        return xc_cli_help(page);
    const int rc = xc_cli_read(cmd, longopts, allowed, argc, argv, v, NULL);
    return rc ? rc : XC_CLI_GO;
}

int xc_cli_parse_one(const char *cmd, const struct option *longopts, const char *page, const char *what, int argc,
                     char **argv, const char *v[128], const char **arg)
{
    int npos, rc;
    if (xc_cli_help_asked(argc, argv, longopts))
        return xc_cli_help(page);
    if ((rc = xc_cli_read(cmd, longopts, NULL, argc, argv, v, &npos)))
        return rc;
    if (npos != 1)
        return xc_cli_error(cmd, XC_EINVAL, "expected %s, got %d arguments (xchg %s --help)", what, npos, cmd);
    *arg = argv[optind];
    return XC_CLI_GO;
}

void xc_cli_jobs_argv(int argc, char **argv_in, char **argv, char *jobs_word, size_t cap)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv_in[i], *num = strncmp(a, "-j", 2) ? "" : a + 2 + (a[2] == '=');
        argv[i] = !strcmp(a, "-j") ? "--jobs" : argv_in[i];
        if (*num && strspn(num, "0123456789") == strlen(num) && strlen(num) < 10) {
            snprintf(jobs_word, cap, "--jobs=%s", num); /* at most 9 digits: 17 bytes with its NUL */
            argv[i] = jobs_word;
        }
    }
    argv[argc] = NULL;
}

int xc_cli_word(const char *cmd, const char *opt, const char *text, const char *const *words, int *out)
{
    char allowed[256] = "";
    if (!text)
        return 0;
    for (int i = 0; words[i]; i++) {
        if (!strcmp(text, words[i])) {
            *out = i;
            return 0;
        }
        size_t n = strlen(allowed);
        snprintf(allowed + n, sizeof allowed - n, "%s%s", i ? ", " : "", words[i]);
    }
    return xc_cli_error(cmd, XC_EINVAL, "--%s '%s': allowed %s", opt, text, allowed);
}

int xc_cli_help(const char *page)
{
    fputs(page, stdout);
    return 0;
}

int xc_cli_error(const char *cmd, xc_status st, const char *fmt, ...)
{
    char msg[1024], shown[1600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* one line whatever the values say; quotes in messages stay as written */
    size_t n = 0;
    for (const char *p = msg; *p && n + 5 < sizeof shown; p++) {
        unsigned char c = (unsigned char)*p;
        if (c >= 0x20 && c != 0x7f) {
            shown[n++] = (char)c;
            continue;
        }
        char one[2] = {(char)c, 0}, e[8];
        n += (size_t)snprintf(shown + n, sizeof shown - n, "%s", xc_num_escape(one, e, sizeof e));
    }
    shown[n] = '\0';
    fprintf(stderr, "xchg %s: %s\n", cmd, shown);
    return xc_exit_code(st);
}

void xc_cli_note(xc_note_kind kind, const char *text)
{
    if (kind == XC_NOTE_LINE)
        fprintf(stderr, "%s\n", text);
    else if (kind == XC_NOTE_PROGRESS)
        fprintf(stderr, "\r%s", text);
    else if (kind == XC_NOTE_CLEAR)
        fprintf(stderr, "\r%60s\r", "");
    else
        fputc('\n', stderr);
}
