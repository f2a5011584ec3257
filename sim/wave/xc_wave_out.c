/* SPDX-License-Identifier: MIT */
#define _DEFAULT_SOURCE /* truncate() */
#include "xc_wave_out.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fstapi.h"
#include "xc_wave_file.h"

struct xc_wave_out {
    xc_wave_fmt fmt;
    void *fst;      /* FST back end */
    FILE *vcd;      /* VCD back end */
    char *path;     /* to cut a VCD whose writes failed */
    int defined;    /* VCD: $enddefinitions written */
    uint64_t now;   /* the current time + 1; 0: none yet */
    int time_shown; /* VCD: "#now" written (a time is written when a value changes at it) */
    uint32_t n;     /* handles declared */
    int failed;     /* a declaration ran out of memory */
    size_t cap;
    uint64_t *val;       /* per handle: the value written last */
    unsigned char *have; /* per handle: a value was written */
    unsigned char *bits; /* per handle: its width */
};

/* VCD identifier of handle h: base 94 in the printable characters '!'..'~' */
static void vcd_id(uint32_t h, char id[8])
{
    int k = 0;
    do {
        id[k++] = (char)('!' + h % 94);
        h /= 94;
    } while (h && k < 7);
    id[k] = '\0';
}

xc_wave_out *xc_wave_out_open(const char *path, const char *comment)
{
    xc_wave_out *w = calloc(1, sizeof *w);
    if (!w || !(w->path = strdup(path))) {
        free(w);
        return NULL;
    }
    w->fmt = xc_wave_format(path) == XC_WAVE_VCD ? XC_WAVE_VCD : XC_WAVE_FST;
    if (w->fmt == XC_WAVE_VCD) {
        w->vcd = fopen(path, "w");
        if (w->vcd)
            fprintf(w->vcd, "$version xchg golden model $end\n$comment %s $end\n$timescale 1ps $end\n", comment);
    } else if ((w->fst = fstWriterCreate(path, 1)) != NULL) {
        fstWriterSetPackType(w->fst, FST_WR_PT_LZ4);
        fstWriterSetTimescale(w->fst, -12); /* 1 ps, as Verilator */
        fstWriterSetComment(w->fst, comment);
    }
    if (!w->vcd && !w->fst) {
        free(w->path);
        free(w);
        return NULL;
    }
    return w;
}

void xc_wave_out_scope(xc_wave_out *w, const char *name)
{
    if (w->fst)
        fstWriterSetScope(w->fst, FST_ST_VCD_MODULE, name, NULL);
    else
        fprintf(w->vcd, "$scope module %s $end\n", name);
}

void xc_wave_out_upscope(xc_wave_out *w)
{
    if (w->fst)
        fstWriterSetUpscope(w->fst);
    else
        fputs("$upscope $end\n", w->vcd);
}

/* Room for handle h in the per-handle arrays: 0, or -1 out of memory. */
static int grow(xc_wave_out *w, uint32_t h)
{
    if (h < w->cap)
        return 0;
    const size_t cap = w->cap ? 2 * w->cap : 64;
    uint64_t *val = realloc(w->val, cap * sizeof *val);
    if (val)
        w->val = val;
    unsigned char *have = realloc(w->have, cap);
    if (have)
        w->have = have;
    unsigned char *bits = realloc(w->bits, cap);
    if (bits)
        w->bits = bits;
    if (!val || !have || !bits)
        return -1;
    memset(w->have + w->cap, 0, cap - w->cap);
    w->cap = cap;
    return 0;
}

uint32_t xc_wave_out_var(xc_wave_out *w, unsigned bits, const char *name)
{
    if (grow(w, w->n + 1) != 0) {
        w->failed = 1;
        return 0;
    }
    const uint32_t h = ++w->n;
    w->bits[h] = (unsigned char)bits;
    char range[24] = "";
    if (bits > 1)
        snprintf(range, sizeof range, " [%u:0]", bits - 1);
    if (w->fst) {
        char full[128];
        snprintf(full, sizeof full, "%s%s", name, range);
        fstWriterCreateVar(w->fst, FST_VT_VCD_WIRE, FST_VD_IMPLICIT, bits, full, 0); /* returns h: both count from 1 */
    } else {
        char id[8];
        vcd_id(h, id);
        fprintf(w->vcd, "$var wire %u %s %s%s $end\n", bits, id, name, range);
    }
    return h;
}

int xc_wave_out_failed(const xc_wave_out *w) { return w->failed; }

void xc_wave_out_time(xc_wave_out *w, uint64_t t)
{
    if (w->vcd && !w->defined) {
        fputs("$enddefinitions $end\n", w->vcd);
        w->defined = 1;
    }
    if (t + 1 <= w->now)
        return;
    w->now = t + 1;
    w->time_shown = 0;
    if (w->fst)
        fstWriterEmitTimeChange(w->fst, t);
}

static void vcd_put(xc_wave_out *w, uint32_t h, uint64_t x)
{
    if (!w->time_shown) {
        fprintf(w->vcd, "#%llu\n", (unsigned long long)(w->now ? w->now - 1 : 0));
        w->time_shown = 1;
    }
    char text[80], id[8];
    const unsigned bits = w->bits[h];
    size_t k = 0;
    if (bits > 1)
        text[k++] = 'b';
    for (unsigned i = bits; i-- > 0;)
        text[k++] = (char)('0' + ((x >> i) & 1u));
    if (bits > 1)
        text[k++] = ' ';
    text[k] = '\0';
    vcd_id(h, id);
    fprintf(w->vcd, "%s%s\n", text, id);
}

void xc_wave_out_put(xc_wave_out *w, uint32_t h, uint64_t x)
{
    if (h == 0 || h > w->n || (w->have[h] && w->val[h] == x))
        return;
    w->have[h] = 1;
    w->val[h] = x;
    if (w->fst)
        fstWriterEmitValueChange64(w->fst, h, w->bits[h], x);
    else
        vcd_put(w, h, x);
}

void xc_wave_out_close(xc_wave_out *w)
{
    if (!w)
        return;
    if (w->fst)
        fstWriterClose(w->fst);
    if (w->vcd) {
        if (!w->defined)
            fputs("$enddefinitions $end\n", w->vcd);
        const int bad = ferror(w->vcd);
        if ((fclose(w->vcd) != 0 || bad) && truncate(w->path, 0) != 0)
            remove(w->path); /* not even cut: gone, which the check reports as well */
    }
    free(w->val);
    free(w->have);
    free(w->bits);
    free(w->path);
    free(w);
}
