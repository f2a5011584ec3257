/* SPDX-License-Identifier: MIT */
/* GTKWave save files for MIN runs: the trace opens with the bus and
 * counters on top, one group per stage with each switch's setting and
 * flits (decoded to m(s→d) by `xchg gtkw-filter`), and a marker on the
 * first mismatch. */
#ifndef XC_GTKW_H_
#define XC_GTKW_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdio.h>

#include "xc_min.h"

/* One clock cycle in trace time units (1 ps): 1 ns, as the traces
 * (sim/wave/xc_golden_wave.h). */
#define XC_GTKW_CYCLE 1000ul

/* Trace flags of a .gtkw file. */
#define GTKW_HEX "@22"
#define GTKW_BIN "@28"
#define GTKW_DEC "@24"
#define GTKW_PROC_HEX "@4022"   /* hex through a process filter */
#define GTKW_GROUP_OPEN "@800200"
#define GTKW_GROUP_CLOSED "@c00200"
#define GTKW_GROUP_END "@1000200"

/* Opens FST-without-.fst + ".gtkw" (its path into out) and writes the
 * header: title, dump file, a view starting two cycles before
 * window_cycle, a marker on marker_cycle (0: none). filter gets the path of
 * the flit filter. NULL with err filled when the file cannot be written. */
FILE *xc_gtkw_begin(const char *fst, const char *title, unsigned long window_cycle, unsigned long marker_cycle,
                    char *out, size_t cap, char *filter, size_t filter_cap, xc_err *err);

/* Closes the save file out and writes the ".tcl" beside it that scrolls to
 * the window and sets the marker (GTKWave 3.3 ignores [timestart]). XC_EIO. */
xc_status xc_gtkw_end(FILE *f, const char *out, unsigned long window_cycle, unsigned long marker_cycle, xc_err *err);

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

#ifdef __cplusplus
}
#endif

#endif /* XC_GTKW_H_ */
