/* SPDX-License-Identifier: MIT */
#include "xc_min_random.h"

#include <stdio.h>

#include "xc_consts.h"
#include "xc_latin.h"

void xc_min_random_l(const xc_min *m, xc_rand *r, xc_big *l)
{
    const unsigned bits = xc_latin_l_bits(m);
    xc_big_zero(l);
    for (unsigned i = 0; i < bits; i += 64) {
        uint64_t w = xc_rand_next(r);
        for (unsigned b = 0; b < 64 && i + b < bits; b++)
            xc_big_set_bit(l, i + b, (int)((w >> b) & 1u));
    }
}

size_t xc_min_random_cfg_text(const xc_min *m, xc_rand *r, char *out, size_t cap)
{
    const unsigned half = m->n_lines / 2, n = m->log_n;
    if (cap < (size_t)half * (n + 1))
        return 0;
    size_t len = 0;
    for (unsigned h = 0; h < half; h++) {
        uint64_t row = xc_rand_below(r, 1ull << n);
        for (unsigned k = 0; k < n; k++) /* stage 0 first: the row's top bit */
            out[len++] = (char)('0' + ((row >> (n - 1 - k)) & 1u));
        out[len++] = h + 1 < half ? ',' : '\0';
    }
    return len - 1;
}

void xc_min_random_fault(const xc_min *m, xc_rand *r, unsigned long first_inject, unsigned long spacing,
                         xc_inject *inj)
{
    static const int kinds[] = {XC_FAULT_SWITCH, XC_FAULT_DROP, XC_FAULT_DUP, XC_FAULT_CORRUPT, XC_FAULT_PORT};
    inj->kind = kinds[xc_rand_below(r, sizeof kinds / sizeof kinds[0])];
    inj->stage = (unsigned)xc_rand_below(r, m->log_n);
    inj->sw = (unsigned)xc_rand_below(r, m->n_lines / 2);
    const unsigned long wave = (unsigned long)xc_rand_below(r, m->n_lines);
    inj->cycle = (long)(first_inject + wave * spacing + inj->stage + 1);
}

unsigned long xc_min_wave_spacing(const xc_min *m, unsigned long cycles)
{
    const unsigned long steps = m->n_lines - 1, pipe = m->log_n + 1ul;
    if (cycles <= pipe || (cycles - pipe) % steps)
        return 1;
    return (cycles - pipe) / steps ? (cycles - pipe) / steps : 1;
}

void xc_inject_text(const xc_inject *inj, char *out, size_t cap)
{
    const char *kind = xc_inject_kind_name(inj->kind);
    snprintf(out, cap, "%s:s%u.%u@%ld", kind ? kind : "?", inj->stage, inj->sw, inj->cycle);
}
