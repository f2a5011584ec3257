/* SPDX-License-Identifier: MIT */
/* One writer interface for the golden model's waves, two back ends: FST
 * (the writer Verilator ships, fstapi.c from GTKWave) for a name ending in
 * .fst, VCD (text, written here) for .vcd. Both golden writers declare
 * their scopes and signals through it, move the time forward and put
 * values; a value is written only when it changes. Times are in units of
 * 1 ps, as Verilator's. */
#ifndef XC_WAVE_OUT_H_
#define XC_WAVE_OUT_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

typedef struct xc_wave_out xc_wave_out;

/* Creates path (FST or VCD by its name; any other name is taken as FST:
 * the CLI refuses those first) with comment in its header. NULL when the
 * file cannot be created or memory runs out. */
xc_wave_out *xc_wave_out_open(const char *path, const char *comment);

/* Enters (scope) and leaves (upscope) a module scope: declarations only. */
void xc_wave_out_scope(xc_wave_out *w, const char *name);
void xc_wave_out_upscope(xc_wave_out *w);

/* Declares a wire of bits (1..64) bits named name, written "name [bits-1:0]"
 * as Verilator names vectors; returns its handle (1, 2, ... in order), or 0
 * when memory runs out (a put to handle 0 is ignored). */
uint32_t xc_wave_out_var(xc_wave_out *w, unsigned bits, const char *name);

/* 1 when a declaration ran out of memory (its handle is 0). */
int xc_wave_out_failed(const xc_wave_out *w);

/* Moves to time t in ps. A time at or before the current one is the
 * current one (the writers never go back). The first call ends the
 * declarations. */
void xc_wave_out_time(xc_wave_out *w, uint64_t t);

/* Writes x to handle h at the current time unless h already holds it. */
void xc_wave_out_put(xc_wave_out *w, uint32_t h, uint64_t x);

/* Finishes and closes the file; NULL is fine. A VCD whose writes failed is
 * cut to zero bytes, so that xc_wave_verify never takes a part for a whole
 * (the FST writer reports nothing: its files are read back instead). */
void xc_wave_out_close(xc_wave_out *w);

#ifdef __cplusplus
}
#endif

#endif /* XC_WAVE_OUT_H_ */
