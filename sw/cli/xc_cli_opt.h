/* SPDX-License-Identifier: MIT */
/* The getopt_long loop every command shares: --opt=value and --opt value
 * both work, a duplicate option is refused, a missing value is named, and
 * --help (or -h) anywhere wins over every other check. */
#ifndef XC_CLI_OPT_H_
#define XC_CLI_OPT_H_

#include <getopt.h>
#include <stdint.h>

#include "xc_model_cache.h"

/* The option entries several commands share, each spelled once with the
 * letter every command reads it by: v['n'] is --net, v['j'] --json,
 * v['h'] --help wherever they are taken. XC_OPTS_MIN_RUN are the MIN run
 * options of run, show, latin and draw (--l, --config), XC_OPTS_PORT_MODEL
 * a product network's port model (run, show, schedule). */
#define XC_OPT_NET {"net", required_argument, 0, 'n'}
#define XC_OPT_ALGO {"algo", required_argument, 0, 'a'}
#define XC_OPT_OUT {"out", required_argument, 0, 'o'}
#define XC_OPT_JSON {"json", no_argument, 0, 'j'}
#define XC_OPT_QUIET {"quiet", no_argument, 0, 'q'}
#define XC_OPT_TS {"ts", required_argument, 0, 'S'}
#define XC_OPT_MSG_FLITS {"msg-flits", required_argument, 0, 'F'}
#define XC_OPT_HELP {"help", no_argument, 0, 'h'}
#define XC_OPT_END {0, 0, 0, 0}
#define XC_OPTS_MIN_RUN {"l", required_argument, 0, 'l'}, {"config", required_argument, 0, 'c'}
#define XC_OPTS_PORT_MODEL {"port", required_argument, 0, 'p'}, {"duplex", required_argument, 0, 'd'}

/* The start of the exit-status line of every --help page: what 0 and 2
 * mean is the same for every command that checks nothing itself. */
#define XC_HELP_EXIT_OK "exit status: 0 ok, 2 bad input"
/* The whole line of the commands that write a file or a report. */
#define XC_HELP_EXIT_ENV XC_HELP_EXIT_OK ", 3 the environment failed (out of memory, a write)\n"

typedef struct xc_cli_opts {
    const char *cmd;               /* the command, for messages: "run" */
    const struct option *longopts; /* each val a distinct ASCII letter; 'h' is --help */
    const char *repeatable;        /* vals that may be given more than once (NULL: none) */
    const char *allowed;           /* NULL: "bad option 'X' (see xchg CMD --help)";
                                      else "unknown option 'X' (allowed: ALLOWED)" */
    int argc;
    char **argv;
    unsigned char seen[128];       /* options given so far, by val */
    int rc;                        /* the exit status after an error */
} xc_cli_opts;

/* 1 when --help or -h (or an abbreviation such as --he) is among argv's
 * words, even as the value of another option ("--net --help"), else 0. */
int xc_cli_help_asked(int argc, char **argv, const struct option *longopts);

/* Starts a parse of argv (argv[0] is the command's name). */
void xc_cli_opts_begin(xc_cli_opts *p, const char *cmd, const struct option *longopts, int argc, char **argv);

/* The next option's val, its value (NULL for a flag) in *arg; 0 when the
 * options are done (positional arguments are then argv[optind..argc-1]);
 * -1 after printing the one-line error (unknown option, missing value,
 * duplicate), with p->rc the exit status. */
int xc_cli_opts_next(xc_cli_opts *p, const char **arg);

/* The whole loop for a command whose options are read once and checked
 * after: v[val] gets each option's value ("" for a flag), NULL when not
 * given; allowed as in xc_cli_opts (NULL: "bad option ... see --help").
 * Positional arguments are refused unless npos is not NULL: then
 * *npos is their count and they are argv[optind..]. Returns 0, or the exit
 * status after the one-line error. */
int xc_cli_read(const char *cmd, const struct option *longopts, const char *allowed, int argc, char **argv,
                const char *v[128], int *npos);

/* A command's whole option reading: --help anywhere prints page and
 * returns 0; else xc_cli_read (no positional arguments). XC_CLI_GO when
 * the command goes on with v filled, else the exit status to return:
 *     int rc = xc_cli_parse("draw", opts, usage, NULL, argc, argv, v);
 *     if (rc != XC_CLI_GO)
 *         return rc; */
enum { XC_CLI_GO = -1 };
int xc_cli_parse(const char *cmd, const struct option *longopts, const char *page, const char *allowed, int argc,
                 char **argv, const char *v[128]);

/* The same for a command of one positional argument (what: what it is,
 * for the error "expected WHAT, got N arguments"), put in *arg. */
int xc_cli_parse_one(const char *cmd, const struct option *longopts, const char *page, const char *what, int argc,
                     char **argv, const char *v[128], const char **arg);

/* argv_in's words into argv (argc + 1 room, NULL-ended) with -j N as
 * --jobs N and -jN, -j=N as --jobs=N (written in jobs_word, cap >= 17),
 * for commands that run jobs side by side. */
void xc_cli_jobs_argv(int argc, char **argv_in, char **argv, char *jobs_word, size_t cap);

/* A word option (--sim lockstep): *out gets text's index in words
 * (NULL-ended); text NULL leaves *out alone. Returns 0, or the exit status
 * after "CMD: --OPT 'TEXT': allowed W1, W2, ...". */
int xc_cli_word(const char *cmd, const char *opt, const char *text, const char *const *words, int *out);

/* The long name of option val ("net" for 'n'), or "?". */
const char *xc_cli_opt_name(const struct option *longopts, int val);


/* Prints the page (a usage text) for --help and returns 0. */
int xc_cli_help(const char *page);

/* Where the model cache's notes go (xc_model_set_note): stderr, a line,
 * or one line rewritten in place for a build's seconds. */
void xc_cli_note(xc_note_kind kind, const char *text);

#endif /* XC_CLI_OPT_H_ */
