/* SPDX-License-Identifier: MIT */
/* GTKWave save files for MIN runs: the trace opens with the bus and
 * counters on top, one group per stage with each switch's setting and
 * flits (decoded to m(s→d) by `xchg gtkw-filter`), and a marker on the
 * first mismatch. */
#ifndef XC_GTKW_H_
#define XC_GTKW_H_

#include <stddef.h>

#include "xc_min.h"

typedef struct xc_gtkw_min_opts {
    const char *fst;            /* the trace; the save file goes beside it */
    unsigned long marker_cycle; /* 0: none */
    unsigned long window_cycle; /* the view starts a few cycles before it */
    const char *focus;          /* element to put first ("s1.2"), or NULL/"" */
} xc_gtkw_min_opts;

/* Writes FST-without-.fst + ".gtkw" and its path into out, and beside it
 * a ".tcl" that scrolls to the window and sets the marker (GTKWave 3.3
 * ignores [timestart] in save files): open with gtkwave -S X.tcl X.gtkw.
 * XC_EIO when they cannot be written. */
xc_status xc_gtkw_min_write(const xc_min *m, const xc_gtkw_min_opts *o, char *out, size_t cap,
                            xc_err *err);

#endif /* XC_GTKW_H_ */
