/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the MIN option values. The first byte picks the
 * network (omega, butterfly, ... with N = 2 .. 1024), the second the parser:
 * --l (xc_big_parse, then the configuration it names), --config
 * (xc_cfg_parse, then its Theorem 2 class) or --inject (xc_inject_parse). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xc_big.h"
#include "xc_inject.h"
#include "xc_latin.h"
#include "xc_min.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void try_l(const xc_min *m, const char *s)
{
    xc_big l;
    xc_cfg c;
    xc_err err;
    if (xc_big_parse(&l, s, xc_latin_l_bits(m), &err) == XC_OK)
        (void)xc_cfg_from_l(m, &l, &c, &err);
}

static void try_config(const xc_min *m, const char *s)
{
    xc_cfg c;
    xc_big l;
    unsigned x;
    xc_err err;
    if (xc_cfg_parse(m, s, &c, &err) == XC_OK)
        xc_cfg_classify(&c, &l, &x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    xc_min m;
    xc_err err;
    unsigned logn = 1 + (data[0] & 15) % 10;
    if (xc_min_init(&m, (data[0] >> 4) % 5, 1u << logn, &err) != XC_OK)
        return 0;
    char *s = malloc(size - 1);
    if (!s)
        return 0;
    memcpy(s, data + 2, size - 2);
    s[size - 2] = 0;
    xc_inject inj;
    switch (data[1] % 3) {
    case 0: try_l(&m, s); break;
    case 1: try_config(&m, s); break;
    default: (void)xc_inject_parse(&inj, s, &m, &err); break;
    }
    free(s);
    return 0;
}
