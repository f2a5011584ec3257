/* SPDX-License-Identifier: MIT */
#include "xc_wave_vals.h"

#include <stdlib.h>

int xc_wave_vals_init(xc_wave_vals *v, size_t handles)
{
    v->val = calloc(handles, sizeof *v->val);
    v->have = calloc(handles, 1);
    return v->val && v->have ? 0 : -1;
}

void xc_wave_vals_free(xc_wave_vals *v)
{
    free(v->val);
    free(v->have);
    v->val = NULL;
    v->have = NULL;
}

void xc_wave_put(void *fst, xc_wave_vals *v, fstHandle h, unsigned bits, uint64_t x)
{
    if (v->have[h] && v->val[h] == x)
        return;
    v->have[h] = 1;
    v->val[h] = x;
    fstWriterEmitValueChange64(fst, h, bits, x);
}
