/* SPDX-License-Identifier: MIT */
#include "xc_grow.h"

#include <stdlib.h>

void *xc_grow(void *a, size_t *cap, size_t need, size_t el, size_t first)
{
    if (need <= *cap)
        return a;
    size_t c = *cap ? *cap : first;
    while (c < need)
        c *= 2;
    void *b = realloc(a, c * el);
    if (b)
        *cap = c;
    return b;
}

void xc_free_all(void *const *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(p[i]);
}
