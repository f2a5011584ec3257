/* SPDX-License-Identifier: MIT */
/* The configuration bus in a golden wave: the top's clk_i, bus_we_i,
 * bus_re_i, bus_addr_i, bus_wdata_i and bus_rdata_o, declared and written
 * the same way for the MIN (xc_golden_wave.c) and the routers
 * (xc_golden_wave_pn.c), on the time scale of xc_golden_wave.h; and the
 * head both writers share (the file, the window of cycles, the bus). */
#ifndef XC_WAVE_BUS_H_
#define XC_WAVE_BUS_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_golden_wave.h"
#include "xc_minhw.h"
#include "xc_wave_out.h"

typedef struct xc_wave_bus {
    uint32_t clk, we, re, addr, wdata, rdata; /* xc_wave_out variables */
} xc_wave_bus;

/* Declares the bus signals in the current scope (the top's). */
void xc_wave_bus_declare(xc_wave_out *o, xc_wave_bus *b);

/* Cycle `edge / XC_GWAVE_CYCLE`'s bus inputs, at their time before the
 * rising edge (the caller has set that time). */
void xc_wave_bus_inputs(xc_wave_out *o, const xc_wave_bus *b, const xc_hw_bus *bus);

/* The rising edge at `edge`: the time, the clock high, the read data. */
void xc_wave_bus_edge(xc_wave_out *o, const xc_wave_bus *b, uint64_t edge, uint32_t rdata);

/* What both golden wave writers start from: the file, the window of
 * cycles they write, the bus signals. */
typedef struct xc_wave_head {
    xc_wave_out *out; /* NULL when the file could not be opened */
    unsigned long from, to;
    xc_wave_bus bus;
} xc_wave_head;

/* Opens path (FST or VCD by its name) with the golden model's comment on
 * the time scale, for the cycles from..to. */
void xc_wave_head_open(xc_wave_head *h, const char *path, unsigned long from, unsigned long to);

/* A golden wave writer (xc_golden_wave.c, xc_golden_wave_pn.c): a struct
 * whose first member is its xc_wave_head, with arrays of variable handles
 * (uint32_t * members at the offsets handles[i]) and a function that
 * declares every signal into them. */
typedef struct xc_wave_writer_kind {
    size_t size;
    const size_t *handles;
    unsigned n_handles;
    void (*declare)(void *w);
} xc_wave_writer_kind;

/* A new writer of kind k: a copy of proto (size bytes), the head opened on
 * path for the cycles from..to (xc_wave_head_open), handle array i of
 * count[i] elements, every signal declared. NULL (the file closed, the
 * memory freed) when the file cannot be created or memory runs out. */
void *xc_wave_writer_new(const xc_wave_writer_kind *k, const void *proto, const size_t *count, const char *path,
                         unsigned long from, unsigned long to);

/* Closes the file of w and frees its handle arrays and w; NULL is fine. */
void xc_wave_writer_free(const xc_wave_writer_kind *k, void *w);

/* 1 when the cycle is written: within from..to, and never cycle 0 (the
 * reset, before the first edge). */
int xc_wave_head_has(const xc_wave_head *h, unsigned long cycle);

#ifdef __cplusplus
}
#endif

#endif /* XC_WAVE_BUS_H_ */
