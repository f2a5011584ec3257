/* SPDX-License-Identifier: MIT */
/* Schedule writer (see xc_sched_io.h, docs/schedule-format.md). Numbers are
 * formatted by hand: a 64x64 torus schedule has hundreds of millions of
 * ops and printf would dominate the run time. */
#include "xc_sched_io.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The first failure is the one reported (errno of the failed call). */
static void fail(xc_sched_writer *w)
{
    if (!w->failed)
        w->err_no = errno ? errno : EIO;
    w->failed = 1;
}

static void flush(xc_sched_writer *w)
{
    errno = 0;
    if (w->len && fwrite(w->buf, 1, w->len, w->f) != w->len)
        fail(w);
    w->len = 0;
}

xc_status xc_sched_write_error(const xc_sched_writer *w, xc_err *err)
{
    if (!w->failed)
        return XC_OK;
    return xc_fail(err, XC_EWRITE, "cannot write %s: %s", w->name ? w->name : "the schedule", strerror(w->err_no));
}

static void put_str(xc_sched_writer *w, const char *s)
{
    size_t l = strlen(s);
    if (w->len + l + 64 > sizeof w->buf)
        flush(w);
    memcpy(w->buf + w->len, s, l);
    w->len += l;
}

static void put_u64(xc_sched_writer *w, uint64_t v)
{
    char tmp[24];
    int i = 0;
    do {
        tmp[i++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    if (w->len + 32 > sizeof w->buf)
        flush(w);
    while (i)
        w->buf[w->len++] = tmp[--i];
}

static void put_ch(xc_sched_writer *w, char c)
{
    if (w->len + 2 > sizeof w->buf)
        flush(w);
    w->buf[w->len++] = c;
}

xc_status xc_sched_write_begin(xc_sched_writer *w, FILE *f, const char *name, const xc_sched_opts *o, xc_err *err)
{
    w->f = f;
    w->name = name;
    w->len = 0;
    w->failed = 0;
    w->err_no = 0;
    put_str(w, "xchg-schedule 1\nnet ");
    put_str(w, o->net->spec);
    put_str(w, "\nalgo ");
    put_str(w, xc_algo_name(o->algo));
    put_str(w, o->algo <= XC_ALGO_TE_A2 ? "\nkind te" : "\nkind mnb");
    put_str(w, o->multiport ? "\nport multi" : "\nport single");
    put_str(w, o->half_duplex ? "\nduplex half\n" : "\nduplex full\n");
    flush(w);
    xc_sched_phaser_init(&w->phaser, o);
    w->last = (xc_sched_phase){0};
    return xc_sched_write_error(w, err);
}

/* "# phase 1, round 2 of 4: A1 phase 1 (dimension 1): round 2 of 4, step 1"
 * when step t starts a phase or a round; nothing for an algorithm without. */
static void phase_comment(xc_sched_writer *w, uint64_t t)
{
    xc_sched_phase ph;
    xc_sched_phase_at(&w->phaser, t, &ph);
    if (!ph.phase && !ph.round)
        return;
    if (t > 1 && ph.phase == w->last.phase && ph.round == w->last.round)
        return;
    w->last = ph;
    put_str(w, "# ");
    if (ph.phase) {
        put_str(w, "phase ");
        put_u64(w, ph.phase);
        put_str(w, ph.round ? ", " : ": ");
    }
    if (ph.round) {
        put_str(w, "round ");
        put_u64(w, ph.round);
        put_str(w, " of ");
        put_u64(w, ph.rounds);
        put_str(w, ": ");
    }
    put_str(w, ph.text);
    put_ch(w, '\n');
}

static xc_status w_step(void *ctx, uint64_t t)
{
    xc_sched_writer *w = ctx;
    phase_comment(w, t);
    put_str(w, "t ");
    put_u64(w, t);
    put_ch(w, '\n');
    return w->failed ? XC_EWRITE : XC_OK;
}

static xc_status w_op(void *ctx, const xc_op *op)
{
    xc_sched_writer *w = ctx;
    put_ch(w, op->kind == XC_OP_SEND ? 's' : op->kind == XC_OP_COPY ? 'c' : 'r');
    put_ch(w, ' ');
    if (op->node == XC_ALL_NODES)
        put_ch(w, '*');
    else
        put_u64(w, op->node);
    put_ch(w, ' ');
    put_u64(w, op->port);
    put_ch(w, ' ');
    if (op->kind == XC_OP_RECV && op->deliver)
        put_ch(w, 'd');
    if (op->slot != XC_NO_SLOT)
        put_u64(w, op->slot);
    put_ch(w, '\n');
    return w->failed ? XC_EWRITE : XC_OK;
}

xc_sched_sink xc_sched_writer_sink(xc_sched_writer *w)
{
    return (xc_sched_sink){w, w_step, w_op};
}

xc_status xc_sched_write_end(xc_sched_writer *w, const xc_sched_result *r, xc_err *err)
{
    put_str(w, "end ");
    put_u64(w, r->steps);
    put_ch(w, ' ');
    put_u64(w, r->peak_slots);
    put_ch(w, '\n');
    flush(w);
    errno = 0;
    if (fflush(w->f))
        fail(w);
    return xc_sched_write_error(w, err);
}

/* The buffered primitives, for other line formats (xc_wh_io.c). */
void xc_sched_put_str(xc_sched_writer *w, const char *s)
{
    put_str(w, s);
}

void xc_sched_put_u64(xc_sched_writer *w, uint64_t v)
{
    put_u64(w, v);
}

void xc_sched_put_ch(xc_sched_writer *w, char c)
{
    put_ch(w, c);
}

void xc_sched_flush(xc_sched_writer *w)
{
    flush(w);
}

/* ---- reading text schedules ---- */

xc_status xc_line_next(xc_line_reader *r, int *got, xc_err *err)
{
    errno = 0;
    ssize_t len = getline(&r->line, &r->cap, r->f);
    *got = len > 0;
    if (len < 0 && errno == ENOMEM) /* not the end of the file: a line longer than the memory */
        return xc_fail(err, XC_ENOMEM, "line %llu: out of memory reading it", (unsigned long long)r->ln + 1);
    if (len <= 0)
        return XC_OK;
    r->ln++;
    r->bytes += (uint64_t)len;
    if (memchr(r->line, 0, (size_t)len))
        return xc_line_bad(r, err, "a NUL byte (not a text schedule)");
    while (len && (r->line[len - 1] == '\n' || r->line[len - 1] == '\r'))
        r->line[--len] = 0;
    r->len = (size_t)len;
    return XC_OK;
}

xc_status xc_line_each(xc_line_reader *r, xc_line_fn fn, void *ctx, xc_err *err)
{
    int got = 1;
    xc_status st = XC_OK;
    while (!st && got) {
        st = xc_line_next(r, &got, err);
        if (!st && got)
            st = fn(ctx, r->line, r->len, err);
    }
    return st;
}

xc_status xc_line_bad(const xc_line_reader *r, xc_err *err, const char *fmt, ...)
{
    char m[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    return xc_fail(err, XC_EINVAL, "line %llu: %s", (unsigned long long)r->ln, m);
}

xc_status xc_line_dispatch(const xc_line_reader *r, const char *line, size_t len, int ended,
                           xc_line_header_fn header, const xc_line_kind *kinds, void *ctx, xc_err *err)
{
    if (!len || line[0] == '#')
        return XC_OK;
    if (ended)
        return xc_line_bad(r, err, "text after 'end'");
    if (header) {
        int used;
        xc_status st = header(ctx, line, &used, err);
        if (st || used)
            return st;
    }
    const xc_line_kind *k = kinds;
    while (k->prefix && strncmp(line, k->prefix, strlen(k->prefix)))
        k++;
    return k->fn(ctx, line, err);
}

void xc_line_free(xc_line_reader *r)
{
    free(r->line);
    r->line = NULL;
    r->cap = 0;
}
