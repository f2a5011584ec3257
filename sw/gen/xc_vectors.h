/* SPDX-License-Identifier: MIT */
/* Replay vectors of a MIN run, written from the golden model for a second
 * simulator (Icarus Verilog, tb/rtl/xchg_min_replay_tb.v) and for gate-level
 * netlists. A folder holds three files, each line one clock cycle:
 *   bus.hex      {we, re, addr[11:0], wdata[31:0]}: the bus inputs (46 bits)
 *   obs.hex      {conflicts, delivered, injected, cycles, status, rdata,
 *                 obs_set, obs_flit}: the expected outputs of xchg_min_top
 *                 after that cycle's edge (the port widths of the RTL)
 *   vectors.vh   `define XV_* : network, wiring, M^{l,0}, mode, cycle count
 * Hex lines read with $fscanf("%h") or $readmemh. Files appear only when
 * the run is complete (written under temporary names, then renamed). */
#ifndef XC_VECTORS_H_
#define XC_VECTORS_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdio.h>

#include "xc_latin.h"
#include "xc_minhw.h"

#define XC_VEC_MAX_N 64u /* obs.hex grows as N^3 log N: keep files small */

typedef struct xc_vec xc_vec;

/* Creates dir (and parents) and opens the files under temporary names.
 * XC_ERANGE when N > XC_VEC_MAX_N, XC_EIO when dir cannot be made or
 * written (nothing is left behind), XC_ENOMEM when out of memory. */
xc_status xc_vec_open(xc_vec **out, const char *dir, const xc_min *m, xc_err *err);

/* Records one cycle: the bus inputs and the observation after its edge. */
void xc_vec_cycle(xc_vec *v, const xc_hw_bus *bus, const xc_min_obs *obs);

/* Writes vectors.vh (net is the spec, l the decimal square index, m0 the
 * configuration, mode XC_MODE_*, first_inject the first injection cycle)
 * and renames the files into place. XC_EIO on a write error (the
 * temporary files are removed). Frees v. */
xc_status xc_vec_close(xc_vec *v, const xc_cfg *m0, const char *l_dec, unsigned mode,
                       unsigned long first_inject, xc_err *err);

/* Removes the temporary files and frees v (a run that did not finish). */
void xc_vec_abort(xc_vec *v);

/* ---- the format itself, for other hardware tops (sw/gen/xc_vectors_pn.c) ---- */

/* Like xc_vec_open for an observation line of obs_bits bits. */
xc_status xc_vec_open_bits(xc_vec **out, const char *dir, unsigned obs_bits, xc_err *err);

/* One cycle: xc_vec_put the observation fields from bit 0 up, then
 * xc_vec_end with the bus inputs writes both lines. */
void xc_vec_put(xc_vec *v, uint64_t val, unsigned bits);
void xc_vec_end(xc_vec *v, const xc_hw_bus *bus);

/* The vectors.vh being written (add `defines), the cycles recorded so far,
 * and the folder. */
FILE *xc_vec_header(xc_vec *v);
unsigned long xc_vec_cycles(const xc_vec *v);
const char *xc_vec_dir(const xc_vec *v);

/* Adds XV_CYCLES and XV_OBS_W, closes the files and renames them into
 * place. XC_EIO on a write error (nothing is left). Frees v. */
xc_status xc_vec_finish(xc_vec *v, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_VECTORS_H_ */
