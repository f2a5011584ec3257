/* SPDX-License-Identifier: MIT */
/* Shared constants as C enums, from xc_consts.def (see there). */
#ifndef XC_CONSTS_H_
#define XC_CONSTS_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

#define XC_CONST(name, value, doc) XC_##name = (value),
enum xc_const {
#include "xc_consts.def"
};
#undef XC_CONST

/* Register fields (XC_FIELD in xc_consts.def): field F of a word, and a
 * value placed at field F (the caller keeps it within XC_F_W bits, as the
 * RTL's parameters are). Widths are below 32. */
#define XC_FIELD_MASK(f) ((1u << XC_##f##_W) - 1u)
#define XC_FIELD_GET(word, f) (((uint32_t)(word) >> XC_##f##_LSB) & XC_FIELD_MASK(f))
#define XC_FIELD_AT(f, value) ((uint32_t)(value) << XC_##f##_LSB)
#define XC_BIT_GET(word, b) (((uint32_t)(word) >> XC_##b) & 1u)

#ifdef __cplusplus
}
#endif

#endif /* XC_CONSTS_H_ */
