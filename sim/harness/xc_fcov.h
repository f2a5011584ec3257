/* SPDX-License-Identifier: MIT */
/* Functional coverage of the protocol, counted from what a run observed
 * (the RTL's observation when it runs, else the golden model's), not from
 * Verilator's code coverage:
 *
 *   a MIN        every switch's settings (straight / cross) with a flit in
 *                it, per stage and switch and per stage and step x
 *   the routers  what each port of each router did in each cycle of a
 *                step: send (a flit of its own leaves), forward (a flit
 *                of another node leaves), receive (a delivery from the
 *                port), idle (none of them); the error codes the routers
 *                reported
 *
 * xchg run --fcov FILE.json writes it (docs/coverage.md has the format);
 * make coverage merges the files of a regression into one table. */
#ifndef XC_FCOV_H_
#define XC_FCOV_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_minhw.h"
#include "xc_pnhw.h"

typedef struct xc_fcov xc_fcov;

/* NULL when out of memory. */
xc_fcov *xc_fcov_new_min(const xc_min *m);
xc_fcov *xc_fcov_new_pn(const xc_pn_hw *hw);

/* Counts one cycle's observation. The router observation must be
 * unpacked (link and dlv arrays valid). */
void xc_fcov_min_cycle(xc_fcov *f, const xc_min_obs *obs);
void xc_fcov_pn_cycle(xc_fcov *f, const xc_pn_obs *obs);

/* Writes the counts as JSON to path through a temporary name and a
 * rename. 0, or -1 (errno set, no file left). */
int xc_fcov_write(const xc_fcov *f, const char *path);

void xc_fcov_free(xc_fcov *f);

#ifdef __cplusplus
}
#endif

#endif /* XC_FCOV_H_ */
