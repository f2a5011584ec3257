/* SPDX-License-Identifier: MIT */
/* Shared constants as C enums, from xc_consts.def (see there). */
#ifndef XC_CONSTS_H_
#define XC_CONSTS_H_

#define XC_CONST(name, value, doc) XC_##name = (value),
enum xc_const {
#include "xc_consts.def"
};
#undef XC_CONST

#endif /* XC_CONSTS_H_ */
