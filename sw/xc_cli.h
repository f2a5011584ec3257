/* SPDX-License-Identifier: MIT */
/* The xchg command line: one function per sub-command. Each returns the
 * process exit status: 0 success, 1 failed check, 2 bad input. */
#ifndef XC_CLI_H_
#define XC_CLI_H_

#include <stdio.h>

#include "xc_status.h"

int xc_cmd_consts(int argc, char **argv);
int xc_cmd_bound(int argc, char **argv);
int xc_cmd_schedule(int argc, char **argv);
int xc_cmd_check(int argc, char **argv);

/* Prints "xchg CMD: reason" on stderr and returns the exit status for st. */
int xc_cli_error(const char *cmd, xc_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Writes s to f as a JSON string literal with escapes. */
void xc_json_str(FILE *f, const char *s);

#endif /* XC_CLI_H_ */
