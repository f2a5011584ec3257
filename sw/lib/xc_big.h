/* SPDX-License-Identifier: MIT */
/* Unsigned integers of up to XC_BIG_MAX_BITS bits: the Latin-square index
 * l has (N/2 - 1) * log2 N bits, 5,110 for N = 1024. No allocation. */
#ifndef XC_BIG_H_
#define XC_BIG_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_status.h"

#define XC_BIG_MAX_BITS 5120u
#define XC_BIG_WORDS (XC_BIG_MAX_BITS / 32u)

typedef struct xc_big {
    uint32_t w[XC_BIG_WORDS]; /* little-endian 32-bit words */
} xc_big;

void xc_big_zero(xc_big *b);
int xc_big_bit(const xc_big *b, unsigned i);
void xc_big_set_bit(xc_big *b, unsigned i, int v);
/* 1 when b < 2^bits. */
int xc_big_fits(const xc_big *b, unsigned bits);

/* Parses decimal digits or 0x-prefixed hex digits into b. Returns XC_EINVAL
 * on an empty string or a bad digit, XC_ERANGE when the value needs more
 * than max_bits bits (max_bits <= XC_BIG_MAX_BITS). */
xc_status xc_big_parse(xc_big *b, const char *s, unsigned max_bits, xc_err *err);

/* Writes b in decimal into out (cap bytes, NUL-terminated). Returns the
 * length, or 0 when cap is too small (1,542 digits suffice for 5,120 bits). */
size_t xc_big_to_dec(const xc_big *b, char *out, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* XC_BIG_H_ */
