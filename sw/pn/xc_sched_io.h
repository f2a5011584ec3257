/* SPDX-License-Identifier: MIT */
/* The schedule text format (docs/schedule-format.md): a sink that writes a
 * generator's ops to a FILE, line by line, as they are produced. Host
 * side only (stdio); the generators themselves do no I/O. */
#ifndef XC_SCHED_IO_H_
#define XC_SCHED_IO_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdio.h>

#include "xc_sched.h"
#include "xc_sched_phase.h"

typedef struct xc_sched_writer {
    FILE *f;
    const char *name; /* the file's name in messages */
    char buf[1 << 16];
    size_t len;
    int failed; /* a write failed (errno in err_no): reported as XC_EWRITE */
    int err_no;
    /* a comment line "# phase P, round R of RR: ..." before each step that
     * starts a phase or round (xc_sched_phase.h); the parsers skip it */
    xc_sched_phaser phaser;
    xc_sched_phase last;
} xc_sched_writer;

/* Starts a schedule on f, called name in messages (NULL: "the schedule"):
 * the header lines (o must stay alive while w is used). XC_EWRITE on a
 * write error: "cannot write NAME: why". */
xc_status xc_sched_write_begin(xc_sched_writer *w, FILE *f, const char *name, const xc_sched_opts *o, xc_err *err);

/* The write error of w as a status and a message naming the file. */
xc_status xc_sched_write_error(const xc_sched_writer *w, xc_err *err);

/* A sink that appends to w (ctx = w). */
xc_sched_sink xc_sched_writer_sink(xc_sched_writer *w);

/* Ends the schedule: "end STEPS SLOTS", flushes. XC_EWRITE on a write error. */
xc_status xc_sched_write_end(xc_sched_writer *w, const xc_sched_result *r, xc_err *err);

/* Buffered output for other line formats (the wormhole files): a string
 * (at most 1024 bytes), a decimal, a character; flush writes the buffer.
 * A write error sets w->failed. */
void xc_sched_put_str(xc_sched_writer *w, const char *s);
void xc_sched_put_u64(xc_sched_writer *w, uint64_t v);
void xc_sched_put_ch(xc_sched_writer *w, char c);
void xc_sched_flush(xc_sched_writer *w);

/* A text schedule read a line at a time (the schedule readers): the line
 * without its line end, its number, the bytes read so far. */
typedef struct xc_line_reader {
    FILE *f;
    char *line;
    size_t cap, len;
    uint64_t ln, bytes;
} xc_line_reader;

/* Reads the next line into r->line; *got = 0 at the end of the file. A
 * NUL byte is XC_EINVAL ("line N: a NUL byte ..."). */
xc_status xc_line_next(xc_line_reader *r, int *got, xc_err *err);

/* Calls fn(ctx, line, length, err) on every line of r until the end of
 * the file or the first error (of the reader or of fn), which it returns. */
typedef xc_status (*xc_line_fn)(void *ctx, const char *line, size_t len, xc_err *err);
xc_status xc_line_each(xc_line_reader *r, xc_line_fn fn, void *ctx, xc_err *err);

/* Bad input on the current line: XC_EINVAL, "line N: <fmt ...>". */
xc_status xc_line_bad(const xc_line_reader *r, xc_err *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A kind of line of a schedule format: a line that starts with prefix
 * (NULL: any line no kind before it took) goes to fn with the reader's
 * state ctx. */
typedef struct xc_line_kind {
    const char *prefix;
    xc_status (*fn)(void *ctx, const char *line, xc_err *err);
} xc_line_kind;

/* A line while a format's header lasts: *used = 1 when it was a header line. */
typedef xc_status (*xc_line_header_fn)(void *ctx, const char *line, int *used, xc_err *err);

/* The rules the schedule readers share (docs/schedule-format.md): blank and
 * '#' lines are skipped; after 'end' (ended) any other line is XC_EINVAL
 * "text after 'end'"; header, unless NULL, sees a line first; then the
 * first of kinds whose prefix starts it (the last kind's prefix is NULL). */
xc_status xc_line_dispatch(const xc_line_reader *r, const char *line, size_t len, int ended,
                           xc_line_header_fn header, const xc_line_kind *kinds, void *ctx, xc_err *err);

/* Frees the line buffer. */
void xc_line_free(xc_line_reader *r);

#ifdef __cplusplus
}
#endif

#endif /* XC_SCHED_IO_H_ */
