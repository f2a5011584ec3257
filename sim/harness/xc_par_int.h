/* SPDX-License-Identifier: MIT */
/* A fixed team of threads that runs one function on all of them at once
 * and returns when every one is done: the tiled router model evaluates
 * its blocks on it (xc_dut_tile.c), a part of the blocks a thread, every
 * cycle. The caller's thread is one of the team. */
#ifndef XC_PAR_INT_H_
#define XC_PAR_INT_H_

#include "xc_status.h"

typedef struct xc_par xc_par;

/* A team of n threads in all (n - 1 started here, 1 .. 64); NULL for n =
 * 1 is not an error: xc_par_run then runs on the caller alone. */
xc_status xc_par_open(xc_par **out, unsigned n, xc_err *err);
/* Calls fn(ctx, k, n) on thread k of the team for every k < n (k = 0 on
 * the caller's) and returns when all calls have returned; everything
 * written before the call is seen by every fn, everything fn writes is
 * seen after it. p NULL: fn(ctx, 0, 1). */
void xc_par_run(xc_par *p, void (*fn)(void *ctx, unsigned k, unsigned n), void *ctx);
/* The team's size (1 for NULL). */
unsigned xc_par_size(const xc_par *p);
void xc_par_close(xc_par *p);

#endif /* XC_PAR_INT_H_ */
