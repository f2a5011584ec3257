/* SPDX-License-Identifier: MIT */
/* What a golden-model wave writer last wrote to each FST handle, so that
 * a value is written only when it changes (both golden writers). */
#ifndef XC_WAVE_VALS_H_
#define XC_WAVE_VALS_H_

#include <stddef.h>
#include <stdint.h>

#include "fstapi.h"

typedef struct xc_wave_vals {
    uint64_t *val;       /* per handle: the value written last */
    unsigned char *have; /* per handle: a value was written */
} xc_wave_vals;

/* Room for handles 1 .. handles-1 (FST counts them from 1). 0, or -1 when
 * out of memory (then xc_wave_vals_free is still the way out). */
int xc_wave_vals_init(xc_wave_vals *v, size_t handles);
void xc_wave_vals_free(xc_wave_vals *v);

/* Writes x to handle h of fst unless h already holds it. */
void xc_wave_put(void *fst, xc_wave_vals *v, fstHandle h, unsigned bits, uint64_t x);

#endif /* XC_WAVE_VALS_H_ */
