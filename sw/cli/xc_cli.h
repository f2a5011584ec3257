/* SPDX-License-Identifier: MIT */
/* The xchg command line: one function per sub-command. Each returns the
 * process exit status: 0 success, 1 failed check, 2 bad input. */
#ifndef XC_CLI_H_
#define XC_CLI_H_

#include <stdint.h>
#include <stdio.h>

#include "xc_status.h"

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
int xc_cmd_bound(int argc, char **argv);
int xc_cmd_schedule(int argc, char **argv);
int xc_cmd_check(int argc, char **argv);
/* wormhole schedules of paper 001 (xc_cmd_wh.c, xc_cmd_compare.c) */
int xc_cmd_schedule_wh(int argc, char **argv);
int xc_cmd_check_wh(FILE *f, const char *path, int json, long ts);
int xc_cmd_compare(int argc, char **argv);
int xc_cmd_rtl_net(int argc, char **argv);
/* xchg run on a product network (xc_cmd_run dispatches to it). */
int xc_cmd_run_pn(int argc, char **argv);
/* xchg run --algo te-dc1|te-dcn: wormhole steps on the routers in circuit
 * mode (xc_cmd_run_wh.c); the test xc_cmd_run uses to pick it. */
int xc_cmd_run_wh(int argc, char **argv);
int xc_cli_is_wormhole_algo(int argc, char **argv);

/* --inject KIND:n<node>[.p<port>]@<cycle> on a product network (both run
 * commands): parse (0, or the exit status after the one-line error) and
 * turn into the RTL's plusargs (4 per injection; plus holds the text). */
typedef struct xc_cli_pn_inject {
    int kind;
    uint32_t node;
    int port; /* -1: the node's lowest sending port */
    long cycle;
} xc_cli_pn_inject;
struct xc_pn_hw;
int xc_cli_parse_pn_inject(const char *text, const struct xc_pn_hw *hw, xc_cli_pn_inject *inj);
void xc_cli_pn_plusargs(const xc_cli_pn_inject *inj, int n, char plus[][4][1200], const char **plusargs);
const char *xc_cli_fault_name(int kind);

/* Shared by both product-network run commands (xc_cli_pn.c). */
struct xc_lsp;
struct xc_cp_pn_report;
/* The verdict the harness and firmware decide (mismatch, time-out,
 * control processor, router error, scoreboard), written into buf and
 * returned; NULL when all of them passed. */
const char *xc_cli_pn_verdict(const struct xc_lsp *ls, xc_status cp_st, const char *cp_msg,
                              const struct xc_cp_pn_report *rep, char *buf, size_t cap);
/* The GTKWave save file for trace (NULL: none), opening on the first
 * mismatch; gtkw gets its path. */
void xc_cli_pn_waves(const struct xc_pn_hw *hw, const struct xc_lsp *ls, const char *trace, char *gtkw, size_t cap);
/* The JSON value of "first_router_error". */
void xc_cli_pn_rerr_json(const struct xc_cp_pn_report *rep, char *buf, size_t cap);
/* The report's last JSON fields (first_mismatch ... pass, closing brace)
 * and its last text lines (compared ... PASS/FAIL). */
void xc_cli_pn_json_tail(const struct xc_lsp *ls, const char *trace, const char *verdict);
void xc_cli_pn_text_tail(const struct xc_lsp *ls, int golden, int rtl, const char *trace, const char *gtkw,
                         const struct xc_cp_pn_report *rep, const char *verdict);

/* Values of the options both run commands take: --sim, --timeout,
 * --trace-window. Each returns 0, or the exit status after printing the
 * one-line error. */
int xc_cli_run_sim(const char *text, int *golden, int *rtl);
int xc_cli_run_timeout(const char *text, unsigned long *timeout);
int xc_cli_run_window(const char *text, unsigned long *from, unsigned long *to);
/* The three of them by getopt letter ('s' --sim, 'T' --timeout, 'w'
 * --trace-window): 0, the exit status after the error, or -1 when c is
 * none of them. */
typedef struct xc_cli_run_opts {
    int golden, rtl;
    unsigned long timeout, trace_from, trace_to;
} xc_cli_run_opts;
int xc_cli_run_common(int c, const char *arg, xc_cli_run_opts *o);
/* Report lines both run reports share: the "compared" line, the waves
 * block (RTL and golden traces, how to open them) and the JSON ending
 * "trace", "golden_trace", "pass" (closing the object). */
void xc_cli_run_compared(unsigned long cycles, int golden, int rtl, int mismatch);
void xc_cli_run_waves(const char *trace, const char *golden_fst, const char *gtkw, int golden, int rtl);
void xc_cli_run_json_traces(const char *trace, const char *golden_fst, int golden, int rtl, int pass);

/* Prints "xchg CMD: reason" on stderr and returns the exit status for st. */
int xc_cli_error(const char *cmd, xc_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Writes s to f as a JSON string literal with escapes. */
void xc_json_str(FILE *f, const char *s);

#endif /* XC_CLI_H_ */
