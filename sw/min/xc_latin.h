/* SPDX-License-Identifier: MIT */
/* Configuration matrices and Massini's Latin-square (LS) construction.
 *
 * A configuration M = (m_{h,k}), h < N/2 switches, k < n stages, m = 1 for
 * cross. Row h is kept as an n-bit number whose most significant bit is
 * stage 0, as the paper writes it, so the XOR step (stage k flips when bit
 * x_{n-1-k} of x is 1) is just row ^ x. */
#ifndef XC_LATIN_H_
#define XC_LATIN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

#include "xc_big.h"
#include "xc_min.h"

typedef struct xc_cfg {
    unsigned half;                   /* N/2 rows */
    unsigned log_n;                  /* n columns */
    uint16_t row[XC_MIN_MAX_N / 2];
} xc_cfg;

/* m_{h,k}: 1 when switch h of stage k is crossed. */
int xc_cfg_bit(const xc_cfg *c, unsigned h, unsigned k);
void xc_cfg_set_bit(xc_cfg *c, unsigned h, unsigned k, int v);

/* Number of bits of l: (N/2 - 1) * n. */
unsigned xc_latin_l_bits(const xc_min *m);

/* M^{l,0}: row 0 is zero, rows r_1 .. r_{N/2-1} are the binary digits of
 * l, r_1 most significant. XC_ERANGE when l >= N^(N/2 - 1). */
xc_status xc_cfg_from_l(const xc_min *m, const xc_big *l, xc_cfg *out, xc_err *err);

/* The l whose M^{l,0} has the rows of c from row 1 on (row 0 ignored). */
void xc_cfg_to_l(const xc_cfg *c, xc_big *l);

/* M^{l,x} = M^{l,0} with every row XOR x. */
void xc_cfg_xor(const xc_cfg *m0, unsigned x, xc_cfg *out);

/* Theorem 2: any M lies in exactly one S^l, as M^{l,x} with x = its row 0.
 * Writes that l and x (either pointer may be NULL). */
void xc_cfg_classify(const xc_cfg *c, xc_big *l, unsigned *x);

/* Parses rows "000,000,010,010" (stage 0 first in each row) into c.
 * XC_EINVAL with a one-line reason on a wrong row count, width or digit. */
xc_status xc_cfg_parse(const xc_min *m, const char *text, xc_cfg *c, xc_err *err);

/* Routes configuration c. dest[j] = output reached by input j (destination
 * tags); src[i] = input whose message reaches output i (input tags, the
 * paper's form). Either may be NULL. */
void xc_route(const xc_min *m, const xc_cfg *c, uint16_t *dest, uint16_t *src);

/* The switch setting of switch h in stage k that sends a message arriving
 * on input port `port` (0 or 1) out of port `want`. */
static inline int xc_setting_for(int port, int want) { return port ^ want; }

/* Checks that the N permutations of S^l (columns) form a Latin square:
 * every row and every column of A, A[i][x] = input reaching output i under
 * M^{l,x}, is a permutation. XC_ECHECK with the first repeat named,
 * XC_ENOMEM when its N x N bit table cannot be allocated. */
xc_status xc_latin_check(const xc_min *m, const xc_cfg *m0, xc_err *err);

/* Where destination-tag routing of a permutation first blocks: stage
 * `stage`, switch `sw` (s<stage>.<sw>), where inputs in_a < in_b both want
 * output port `port` of that switch. */
typedef struct xc_block {
    unsigned stage, sw, port, in_a, in_b;
} xc_block;

/* Parses P = "1,0,3,2,..." (the output each input 0..N-1 goes to) into
 * dest. XC_EINVAL with a one-line reason for a wrong count, a number out of
 * 0..N-1, a repeated output or a malformed list. */
xc_status xc_perm_parse(const xc_min *m, const char *text, uint16_t *dest, xc_err *err);

/* Whether permutation dest (input j goes to output dest[j]) is admissible
 * on m: routed by destination tags through the wiring, stage by stage, no
 * two messages want one switch output. Returns 1 when admissible; 0 when
 * blocked, with the first conflict (lowest stage, then lowest switch) in
 * *blk (may be NULL). */
int xc_perm_admissible(const xc_min *m, const uint16_t *dest, xc_block *blk);

#ifdef __cplusplus
}
#endif

#endif /* XC_LATIN_H_ */
