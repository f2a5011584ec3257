/* SPDX-License-Identifier: MIT */
/* One strict number parser for every number a user types (options, file
 * fields): decimal digits only, no blanks, no sign, no wrap-around. */
#ifndef XC_NUM_H_
#define XC_NUM_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_status.h"

/* Parses s as a whole decimal number 0..max into *out.
 * Returns XC_EINVAL when s is NULL, empty or holds anything but the digits
 * 0-9 (blanks, a sign, "0x", a fraction), XC_ERANGE when the value is above
 * max (overflow of 64 bits included); *out is written only on XC_OK. */
xc_status xc_num_u64(const char *s, uint64_t max, uint64_t *out);

/* The same for a 32-bit result. */
xc_status xc_num_u32(const char *s, uint32_t max, uint32_t *out);

/* Parses s as a number lo..hi; on failure fills err with one line naming
 * what (e.g. "--timeout") and the value, and saying what is allowed:
 *   --timeout: 'x1' is not a whole number from 1 to 1000000
 * Returns XC_OK, XC_EINVAL (not a number) or XC_ERANGE (outside lo..hi). */
xc_status xc_num_arg(const char *what, const char *s, uint64_t lo, uint64_t hi,
                     uint64_t *out, xc_err *err);

/* Writes s into buf (size bytes, at least 8) for an error message: control
 * characters, quotes and backslashes as \n, \t, \', \\ or \xNN, so the
 * message stays one line; a value too long for buf ends in "...".
 * NULL is written as "(none)". Returns buf. */
const char *xc_num_escape(const char *s, char *buf, size_t size);

/* Matches text against pat, where '#' is a strict decimal number (digits
 * only, at most max) and every other character must appear as written:
 * "n#.p#@#" matches "n5.p2@40". Fills v[] with the numbers in order.
 * Returns 1 on a whole match, 0 otherwise (v may then be partly written). */
int xc_num_match(const char *text, const char *pat, uint64_t max, uint64_t *v);

#ifdef __cplusplus
}
#endif

#endif /* XC_NUM_H_ */
