/* SPDX-License-Identifier: MIT */
/* The xchg command line: one function per sub-command. Each returns the
 * process exit status: 0 success, 1 a check failed, 2 bad input, 3 the
 * environment failed (a model build or a tool, out of memory, a write). */
#ifndef XC_CLI_H_
#define XC_CLI_H_

#include <stdint.h>
#include <stdio.h>

#include "xc_status.h"

/* The tool's version: xchg --version, and "version" in every JSON report. */
#define XC_VERSION "0.9.0"

int xc_cmd_consts(int argc, char **argv);
int xc_cmd_latin(int argc, char **argv);
int xc_cmd_rtl_params(int argc, char **argv);
int xc_cmd_run(int argc, char **argv);
int xc_cmd_draw(int argc, char **argv);
int xc_cmd_show(int argc, char **argv);
int xc_cmd_gtkw_filter(int argc, char **argv);

struct xc_min;
struct xc_cfg;
struct xc_big;
/* Parses --net and --l / --config for the MIN commands: fills the MIN, its
 * M^{l,0}, l and the x of a given --config. Returns 0 or the exit status
 * after printing the one-line error. */
int xc_cli_min_square(const char *cmd, const char *net, const char *l_text, const char *cfg_text,
                      struct xc_min *min, struct xc_cfg *m0, struct xc_big *l, unsigned *x_given);
struct xc_net;
/* Parses --net for the product network commands: 0, or the exit status
 * after "xchg CMD: LABEL REASON" (LABEL "--net" or "--net:", as the
 * command has always written it). */
int xc_cli_net(const char *cmd, const char *label, const char *spec, struct xc_net *net);
int xc_cmd_bound(int argc, char **argv);
int xc_cmd_schedule(int argc, char **argv);
int xc_cmd_check(int argc, char **argv);
/* wormhole schedules of paper 001 (xc_cmd_wh.c, xc_cmd_compare.c) */
/* xchg schedule's options as given (xc_cmd_sched.c reads them once;
 * te-dc1 and te-dcn go on to xc_cmd_schedule_wh). */
typedef struct xc_sched_args {
    const char *spec, *out, *algo, *port, *duplex, *ts, *msg_flits;
    int json, no_golden;
    int explain, grid; /* --explain, --grid: xc_explain.h */
    const char *node;  /* --node V of --explain / --grid */
} xc_sched_args;
int xc_cmd_schedule_wh(const xc_sched_args *a);
int xc_cmd_check_wh(FILE *f, const char *path, int json, long ts);
int xc_cmd_compare(int argc, char **argv);
int xc_cmd_rtl_net(int argc, char **argv);
int xc_cmd_sweep(int argc, char **argv);
int xc_cmd_grade(int argc, char **argv);
/* Prints "xchg CMD: reason" on stderr as one line (control characters in
 * the reason, e.g. from an echoed value, escaped) and returns the exit
 * status for st. */
int xc_cli_error(const char *cmd, xc_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));


#endif /* XC_CLI_H_ */
