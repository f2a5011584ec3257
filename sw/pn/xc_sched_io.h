/* SPDX-License-Identifier: MIT */
/* The schedule text format (docs/schedule-format.md): a sink that writes a
 * generator's ops to a FILE, line by line, as they are produced. Host
 * side only (stdio); the generators themselves do no I/O. */
#ifndef XC_SCHED_IO_H_
#define XC_SCHED_IO_H_

#include <stdio.h>

#include "xc_sched.h"
#include "xc_sched_phase.h"

typedef struct xc_sched_writer {
    FILE *f;
    char buf[1 << 16];
    size_t len;
    int failed; /* a write failed: reported as XC_EIO */
    /* a comment line "# phase P, round R of RR: ..." before each step that
     * starts a phase or round (xc_sched_phase.h); the parsers skip it */
    xc_sched_phaser phaser;
    xc_sched_phase last;
} xc_sched_writer;

/* Starts a schedule on f: the header lines (o must stay alive while w is used). Returns XC_EIO on a write error. */
xc_status xc_sched_write_begin(xc_sched_writer *w, FILE *f, const xc_sched_opts *o, xc_err *err);

/* A sink that appends to w (ctx = w). */
xc_sched_sink xc_sched_writer_sink(xc_sched_writer *w);

/* Ends the schedule: "end STEPS SLOTS", flushes. XC_EIO on a write error. */
xc_status xc_sched_write_end(xc_sched_writer *w, const xc_sched_result *r, xc_err *err);

/* Buffered output for other line formats (the wormhole files): a string
 * (at most 1024 bytes), a decimal, a character; flush writes the buffer.
 * A write error sets w->failed. */
void xc_sched_put_str(xc_sched_writer *w, const char *s);
void xc_sched_put_u64(xc_sched_writer *w, uint64_t v);
void xc_sched_put_ch(xc_sched_writer *w, char c);
void xc_sched_flush(xc_sched_writer *w);

#endif /* XC_SCHED_IO_H_ */
