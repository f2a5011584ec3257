/* SPDX-License-Identifier: MIT */
/* The banyan MIN description shared by everything: CLI, control
 * processor, golden model, and the RTL (as a Verilog parameter).
 *
 * N lines, n = log2 N stages of N/2 2x2 switches. Switch h of every stage
 * joins lines 2h (port 0) and 2h+1 (port 1). The topology lives entirely in
 * n + 1 wiring boundaries, each a permutation of the n address bits:
 * boundary 0 comes before stage 0, boundary k+1 after stage k, boundary n
 * after the last stage. At boundary b a flit on line a moves to the line
 * whose bit j is bit perm[b][j] of a. */
#ifndef XC_MIN_H_
#define XC_MIN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_status.h"

#define XC_MIN_MAX_LOG 10u          /* N <= 1024 */
#define XC_MIN_MAX_N (1u << XC_MIN_MAX_LOG)

typedef struct xc_min {
    int topo;                       /* XC_TOPO_* from xc_consts.def */
    unsigned n_lines;               /* N, a power of two, 2..1024 */
    unsigned log_n;                 /* n = log2 N */
    uint8_t perm[XC_MIN_MAX_LOG + 1][XC_MIN_MAX_LOG];
    /* The output port chosen at stage k ends up as bit route_bit[k] of the
     * output line: destination-tag routing sets stage k by that bit. */
    uint8_t route_bit[XC_MIN_MAX_LOG];
} xc_min;

/* Fills m for topology topo (XC_TOPO_*) and N lines. XC_EINVAL for an
 * unknown topology, XC_ERANGE for N not a power of two in [2, 1024]. */
xc_status xc_min_init(xc_min *m, int topo, unsigned n_lines, xc_err *err);

/* Parses "butterfly:8", "omega:16", "baseline:4", "rbaseline:32",
 * "cube:64" (also "reverse-baseline", "indirect-cube"). XC_EINVAL for an
 * unknown name or malformed text, XC_ERANGE for a bad N. */
xc_status xc_min_parse(xc_min *m, const char *spec, xc_err *err);

/* The topology named by the len characters at name, or -1. */
int xc_min_topo_lookup(const char *name, size_t len);

/* The canonical name of a topology ("butterfly", ...), or NULL. */
const char *xc_min_topo_name(int topo);

/* The line a flit on line `line` moves to across boundary b (0..n). */
unsigned xc_min_wire(const xc_min *m, unsigned boundary, unsigned line);

/* to[line] = xc_min_wire(m, b, line) for every line (N entries): code that
 * follows flits every cycle reads the wiring from a table made once. */
void xc_min_wire_table(const xc_min *m, unsigned boundary, uint16_t *to);

/* Writes "butterfly:8" into out. */
void xc_min_spec(const xc_min *m, char *out, size_t cap);

/* The Verilog parameter values that carry the wiring to the RTL, as hex
 * literals: Wiring holds perm[b][j] in 4 bits at bit (b*n + j)*4;
 * RouteBits holds route_bit[k] at bit 4k. */
void xc_min_wiring_hex(const xc_min *m, char *out, size_t cap);
void xc_min_route_hex(const xc_min *m, char *out, size_t cap);
/* The same values as sized Verilog literals, as xchg_min_top takes them:
 * "48'h…" (Wiring, (n+1)·n·4 bits) and "12'h…" (RouteBits, n·4 bits);
 * 128 and 16 bytes hold them at N = 1024. */
void xc_min_wiring_literal(const xc_min *m, char *out, size_t cap);
void xc_min_route_literal(const xc_min *m, char *out, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* XC_MIN_H_ */
