/* SPDX-License-Identifier: MIT */
#include "xc_latin.h"

#include <stdlib.h>
#include <string.h>

int xc_cfg_bit(const xc_cfg *c, unsigned h, unsigned k)
{
    return (c->row[h] >> (c->log_n - 1 - k)) & 1;
}

void xc_cfg_set_bit(xc_cfg *c, unsigned h, unsigned k, int v)
{
    uint16_t mask = (uint16_t)(1u << (c->log_n - 1 - k));
    c->row[h] = (uint16_t)(v ? c->row[h] | mask : c->row[h] & ~mask);
}

unsigned xc_latin_l_bits(const xc_min *m)
{
    return (m->n_lines / 2 - 1) * m->log_n;
}

static void cfg_empty(const xc_min *m, xc_cfg *c)
{
    memset(c, 0, sizeof *c);
    c->half = m->n_lines / 2;
    c->log_n = m->log_n;
}

/* Bit i of row h (i = 0 least significant) is bit (N/2-1-h)*n + i of l. */
static unsigned l_bit_index(const xc_cfg *c, unsigned h, unsigned i)
{
    return (c->half - 1 - h) * c->log_n + i;
}

xc_status xc_cfg_from_l(const xc_min *m, const xc_big *l, xc_cfg *out, xc_err *err)
{
    cfg_empty(m, out);
    if (!xc_big_fits(l, xc_latin_l_bits(m)))
        return xc_fail(err, XC_ERANGE, "l must be below N^(N/2-1) = 2^%u for N = %u",
                       xc_latin_l_bits(m), m->n_lines);
    for (unsigned h = 1; h < out->half; h++)
        for (unsigned i = 0; i < out->log_n; i++)
            if (xc_big_bit(l, l_bit_index(out, h, i)))
                out->row[h] |= (uint16_t)(1u << i);
    return XC_OK;
}

void xc_cfg_to_l(const xc_cfg *c, xc_big *l)
{
    xc_big_zero(l);
    for (unsigned h = 1; h < c->half; h++)
        for (unsigned i = 0; i < c->log_n; i++)
            xc_big_set_bit(l, l_bit_index(c, h, i), (c->row[h] >> i) & 1);
}

void xc_cfg_xor(const xc_cfg *m0, unsigned x, xc_cfg *out)
{
    *out = *m0;
    for (unsigned h = 0; h < m0->half; h++)
        out->row[h] = (uint16_t)(m0->row[h] ^ x);
}

void xc_cfg_classify(const xc_cfg *c, xc_big *l, unsigned *x)
{
    xc_cfg m0;
    xc_cfg_xor(c, c->row[0], &m0);
    if (l)
        xc_cfg_to_l(&m0, l);
    if (x)
        *x = c->row[0];
}

xc_status xc_cfg_parse(const xc_min *m, const char *text, xc_cfg *c, xc_err *err)
{
    cfg_empty(m, c);
    const char *p = text;
    for (unsigned h = 0; h < c->half; h++) {
        for (unsigned k = 0; k < c->log_n; k++, p++) {
            if (*p != '0' && *p != '1')
                return xc_fail(err, XC_EINVAL,
                               "--config: row %u must be %u binary digits (stage 0 first), "
                               "%u rows separated by commas", h, c->log_n, c->half);
            xc_cfg_set_bit(c, h, k, *p == '1');
        }
        if (h + 1 < c->half && *p++ != ',')
            return xc_fail(err, XC_EINVAL, "--config: expected %u rows of %u bits separated by commas",
                           c->half, c->log_n);
    }
    if (*p)
        return xc_fail(err, XC_EINVAL, "--config: expected exactly %u rows of %u bits", c->half,
                       c->log_n);
    return XC_OK;
}

void xc_route(const xc_min *m, const xc_cfg *c, uint16_t *dest, uint16_t *src)
{
    for (unsigned j = 0; j < m->n_lines; j++) {
        unsigned line = xc_min_wire(m, 0, j);
        for (unsigned k = 0; k < m->log_n; k++) {
            unsigned h = line >> 1, port = line & 1u;
            line = xc_min_wire(m, k + 1, (h << 1) | (port ^ (unsigned)xc_cfg_bit(c, h, k)));
        }
        if (dest)
            dest[j] = (uint16_t)line;
        if (src)
            src[line] = (uint16_t)j;
    }
}

xc_status xc_latin_check(const xc_min *m, const xc_cfg *m0, xc_err *err)
{
    const unsigned n = m->n_lines, words = (n + 31) / 32;
    uint16_t src[XC_MIN_MAX_N];
    uint32_t col_seen[XC_MIN_MAX_N / 32];
    /* row_seen[i*words ...]: the inputs seen at output i so far */
    uint32_t *row_seen = calloc((size_t)n * words, sizeof *row_seen);
    if (!row_seen)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    xc_status st = XC_OK;
    for (unsigned x = 0; x < n && st == XC_OK; x++) {
        xc_cfg mx;
        xc_cfg_xor(m0, x, &mx);
        xc_route(m, &mx, NULL, src);
        memset(col_seen, 0, sizeof col_seen);
        for (unsigned i = 0; i < n && st == XC_OK; i++) {
            const unsigned s = src[i];
            const uint32_t bit = 1u << (s % 32);
            uint32_t *row = &row_seen[(size_t)i * words + s / 32];
            if (col_seen[s / 32] & bit)
                st = xc_fail(err, XC_ECHECK, "column x=%u repeats input %u", x, s);
            else if (*row & bit)
                st = xc_fail(err, XC_ECHECK, "row %u repeats input %u at x=%u", i, s, x);
            col_seen[s / 32] |= bit;
            *row |= bit;
        }
    }
    free(row_seen);
    return st;
}

xc_status xc_perm_parse(const xc_min *m, const char *text, uint16_t *dest, xc_err *err)
{
    const unsigned n = m->n_lines;
    uint8_t seen[XC_MIN_MAX_N] = {0};
    const char *p = text;
    for (unsigned j = 0; j < n; j++) {
        char *end;
        if (*p < '0' || *p > '9')
            return xc_fail(err, XC_EINVAL,
                           "--perm: expected %u outputs 0..%u separated by commas (entry %u is not a number)",
                           n, n - 1, j);
        unsigned long v = strtoul(p, &end, 10);
        if (v >= n)
            return xc_fail(err, XC_EINVAL, "--perm: input %u goes to %lu, outputs are 0..%u", j, v, n - 1);
        if (seen[v])
            return xc_fail(err, XC_EINVAL, "--perm: output %lu appears twice (not a permutation)", v);
        seen[v] = 1;
        dest[j] = (uint16_t)v;
        p = end;
        if (j + 1 < n && *p++ != ',')
            return xc_fail(err, XC_EINVAL, "--perm: expected %u outputs separated by commas, got %u", n,
                           j + 1);
    }
    if (*p)
        return xc_fail(err, XC_EINVAL, "--perm: expected exactly %u outputs (one per input 0..%u)", n,
                       n - 1);
    return XC_OK;
}

int xc_perm_admissible(const xc_min *m, const uint16_t *dest, xc_block *blk)
{
    const unsigned n = m->n_lines;
    uint16_t line[XC_MIN_MAX_N];
    int16_t owner[XC_MIN_MAX_N]; /* input holding switch output line 2h+port */
    for (unsigned j = 0; j < n; j++)
        line[j] = (uint16_t)xc_min_wire(m, 0, j);
    for (unsigned k = 0; k < m->log_n; k++) {
        memset(owner, 0xff, n * sizeof owner[0]);
        int found = 0;
        for (unsigned j = 0; j < n; j++) {
            const unsigned h = line[j] >> 1, want = (dest[j] >> m->route_bit[k]) & 1u;
            const unsigned out = (h << 1) | want;
            if (owner[out] >= 0 && (!found || h < blk->sw)) {
                found = 1;
                if (!blk)
                    return 0;
                *blk = (xc_block){k, h, want, (unsigned)owner[out], j};
            }
            owner[out] = (int16_t)j;
            line[j] = (uint16_t)xc_min_wire(m, k + 1, out);
        }
        if (found)
            return 0;
    }
    return 1;
}
