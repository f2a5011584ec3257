/* SPDX-License-Identifier: MIT */
/* An output file the commands write (--out, --svg): written under a
 * temporary name beside it and renamed into place only when complete, so
 * a failed or interrupted command leaves no partial file. "-" is stdout. */
#ifndef XC_CLI_OUT_H_
#define XC_CLI_OUT_H_

#include <stdio.h>

#include "xc_status.h"

/* A path's room (PATH_MAX, its NUL included) and the longest output name
 * whose temporary name (NAME.tmpPID, xc_fs_tmp_name) still fits: a longer
 * one is refused, never cut. */
enum { XC_OUT_PATH = 4096, XC_OUT_PATH_MAX = XC_OUT_PATH - 1 - 4 - 10 };

typedef struct xc_cli_out {
    FILE *f;           /* NULL: no output asked for */
    const char *path;  /* as given */
    int to_stdout;     /* path "-" */
    int direct;        /* path is a device or a pipe (/dev/null, a FIFO): written in place */
    char tmp[XC_OUT_PATH]; /* the temporary name; "" when none */
} xc_cli_out;

/* The temporary name of output path into tmp: 0, or exit 2 after one line
 * naming opt when path is longer than XC_OUT_PATH_MAX. */
int xc_cli_out_tmp(char tmp[XC_OUT_PATH], const char *cmd, const char *opt, const char *path);

/* Opens path (NULL: none) for option opt ("--out"): 0, or the exit status
 * after the one-line error of cmd. */
int xc_cli_out_open(xc_cli_out *o, const char *cmd, const char *opt, const char *path);
/* Closes the file and renames it into place: XC_OK, or XC_EWRITE (exit
 * 3) with err filled and the temporary file removed. */
xc_status xc_cli_out_commit(xc_cli_out *o, const char *opt, xc_err *err);
/* After a command failed with st while writing to o: a write error on o
 * becomes XC_EWRITE (exit 3) naming opt, a failure without a reason gets
 * one; the temporary file is removed. Returns the status to report. */
xc_status xc_cli_out_fail(xc_cli_out *o, const char *opt, xc_status st, xc_err *err);
/* Closes and removes the temporary file of a failed command. */
void xc_cli_out_abort(xc_cli_out *o);

#endif /* XC_CLI_OUT_H_ */
