/* SPDX-License-Identifier: MIT */
#include "xc_min.h"
#include "xc_num.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_consts.h"

static const struct {
    const char *name;
    int topo;
} topo_names[] = {
    {"butterfly", XC_TOPO_BUTTERFLY},
    {"omega", XC_TOPO_OMEGA},
    {"baseline", XC_TOPO_BASELINE},
    {"rbaseline", XC_TOPO_RBASELINE},
    {"reverse-baseline", XC_TOPO_RBASELINE},
    {"cube", XC_TOPO_CUBE},
    {"indirect-cube", XC_TOPO_CUBE},
};
#define N_TOPO_NAMES (sizeof topo_names / sizeof topo_names[0])

const char *xc_min_topo_name(int topo)
{
    for (size_t i = 0; i < N_TOPO_NAMES; i++)
        if (topo_names[i].topo == topo)
            return topo_names[i].name;
    return NULL;
}

/* ---- bit permutations: p[j] = the old bit that becomes new bit j ------ */

static void perm_identity(uint8_t *p, unsigned n)
{
    for (unsigned j = 0; j < n; j++)
        p[j] = (uint8_t)j;
}

static void perm_swap(uint8_t *p, unsigned n, unsigned a, unsigned b)
{
    perm_identity(p, n);
    p[a] = (uint8_t)b;
    p[b] = (uint8_t)a;
}

/* Rotates the low m bits left by one (a perfect shuffle of 2^m lines):
 * new bit j is old bit j-1, new bit 0 is old bit m-1. */
static void perm_shuffle_low(uint8_t *p, unsigned n, unsigned m)
{
    perm_identity(p, n);
    for (unsigned j = 0; j < m; j++)
        p[j] = (uint8_t)((j + m - 1) % m);
}

/* Rotates the low m bits right by one (inverse shuffle). */
static void perm_unshuffle_low(uint8_t *p, unsigned n, unsigned m)
{
    perm_identity(p, n);
    for (unsigned j = 0; j < m; j++)
        p[j] = (uint8_t)((j + 1) % m);
}

/* out = second applied after first. */
static void perm_then(uint8_t *out, const uint8_t *first, const uint8_t *second, unsigned n)
{
    uint8_t t[XC_MIN_MAX_LOG];
    for (unsigned j = 0; j < n; j++)
        t[j] = first[second[j]];
    memcpy(out, t, n);
}

unsigned xc_min_wire(const xc_min *m, unsigned b, unsigned line)
{
    unsigned out = 0;
    for (unsigned j = 0; j < m->log_n; j++)
        out |= ((line >> m->perm[b][j]) & 1u) << j;
    return out;
}

void xc_min_wire_table(const xc_min *m, unsigned b, uint16_t *to)
{
    for (unsigned line = 0; line < m->n_lines; line++)
        to[line] = (uint16_t)xc_min_wire(m, b, line);
}

/* Follows the bit a stage's switch writes (line bit 0 after stage k) to its
 * final place; fails if a later stage would overwrite it (not banyan). */
static xc_status compute_route_bits(xc_min *m, xc_err *err)
{
    const unsigned n = m->log_n;
    unsigned seen = 0;
    for (unsigned k = 0; k < n; k++) {
        unsigned pos = 0;
        for (unsigned b = k + 1; b <= n; b++) {
            unsigned j = 0;
            while (m->perm[b][j] != pos)
                j++;
            pos = j;
            if (b < n && pos == 0)
                return xc_fail(err, XC_EINVAL, "wiring is not banyan: stage %u overwrites stage %u", b, k);
        }
        if (seen & (1u << pos))
            return xc_fail(err, XC_EINVAL, "wiring is not banyan: two stages set output bit %u", pos);
        seen |= 1u << pos;
        m->route_bit[k] = (uint8_t)pos;
    }
    return XC_OK;
}

xc_status xc_min_init(xc_min *m, int topo, unsigned n_lines, xc_err *err)
{
    memset(m, 0, sizeof *m);
    if (!xc_min_topo_name(topo))
        return xc_fail(err, XC_EINVAL, "unknown MIN topology %d", topo);
    if (n_lines < 2 || n_lines > XC_MIN_MAX_N || (n_lines & (n_lines - 1)))
        return xc_fail(err, XC_ERANGE, "N = %u: must be a power of two from 2 to %u", n_lines,
                       XC_MIN_MAX_N);
    unsigned n = 0;
    while ((1u << n) < n_lines)
        n++;
    m->topo = topo;
    m->n_lines = n_lines;
    m->log_n = n;
    for (unsigned b = 0; b <= n; b++)
        perm_identity(m->perm[b], n);

    switch (topo) {
    case XC_TOPO_BUTTERFLY: /* after stage k swap bits 0 and n-1-k */
        for (unsigned k = 0; k + 1 < n; k++)
            perm_swap(m->perm[k + 1], n, 0, n - 1 - k);
        break;
    case XC_TOPO_OMEGA: /* a perfect shuffle before every stage */
        for (unsigned k = 0; k < n; k++)
            perm_shuffle_low(m->perm[k], n, n);
        break;
    case XC_TOPO_BASELINE: /* after stage k: inverse shuffle of the low n-k bits */
        for (unsigned k = 0; k + 1 < n; k++)
            perm_unshuffle_low(m->perm[k + 1], n, n - k);
        break;
    case XC_TOPO_RBASELINE: /* after stage k: shuffle of the low k+2 bits */
        for (unsigned k = 0; k + 1 < n; k++)
            perm_shuffle_low(m->perm[k + 1], n, k + 2);
        break;
    case XC_TOPO_CUBE: {
        /* stage k pairs lines that differ in bit k: bring bit k to bit 0
         * before the stage (swap 0,k) and put it back after it. */
        uint8_t undo[XC_MIN_MAX_LOG], next[XC_MIN_MAX_LOG];
        for (unsigned k = 0; k < n; k++) {
            perm_swap(undo, n, 0, k);
            if (k + 1 < n) {
                perm_swap(next, n, 0, k + 1);
                perm_then(m->perm[k + 1], undo, next, n);
            } else {
                memcpy(m->perm[n], undo, n);
            }
        }
        break;
    }
    }
    return compute_route_bits(m, err);
}

int xc_min_topo_lookup(const char *name, size_t len)
{
    for (size_t i = 0; i < N_TOPO_NAMES; i++)
        if (strlen(topo_names[i].name) == len && !strncmp(name, topo_names[i].name, len))
            return topo_names[i].topo;
    return -1;
}

xc_status xc_min_parse(xc_min *m, const char *spec, xc_err *err)
{
    const char *colon = strchr(spec, ':');
    if (!colon)
        return xc_fail(err, XC_EINVAL,
                       "--net '%s': expected TOPOLOGY:N, e.g. butterfly:8 (topologies: "
                       "butterfly, omega, baseline, rbaseline, cube)", spec);
    size_t len = (size_t)(colon - spec);
    int topo = xc_min_topo_lookup(spec, len);
    if (topo < 0)
        return xc_fail(err, XC_EINVAL,
                       "--net '%s': unknown MIN topology '%.*s' (allowed: butterfly, omega, "
                       "baseline, rbaseline, cube)", spec, (int)len, spec);
    uint64_t v = 0;
    if (xc_num_u64(colon + 1, UINT64_MAX, &v) == XC_EINVAL)
        return xc_fail(err, XC_EINVAL, "--net '%s': N must be a number", spec);
    if (v < 2 || v > XC_MIN_MAX_N || (v & (v - 1)))
        return xc_fail(err, XC_ERANGE, "--net '%s': N must be a power of two from 2 to %u", spec,
                       XC_MIN_MAX_N);
    xc_status st = xc_min_init(m, topo, (unsigned)v, err);
    return st;
}

void xc_min_spec(const xc_min *m, char *out, size_t cap)
{
    snprintf(out, cap, "%s:%u", xc_min_topo_name(m->topo), m->n_lines);
}

/* Packs 4-bit fields, field i at bit 4i, as a hex literal. */
static void hex_fields(const uint8_t *f, unsigned count, char *out, size_t cap)
{
    size_t pos = 0;
    for (unsigned i = count; i-- > 0 && pos + 1 < cap;)
        out[pos++] = "0123456789abcdef"[f[i] & 15];
    out[pos < cap ? pos : cap - 1] = '\0';
}

void xc_min_wiring_hex(const xc_min *m, char *out, size_t cap)
{
    uint8_t f[(XC_MIN_MAX_LOG + 1) * XC_MIN_MAX_LOG];
    unsigned c = 0;
    for (unsigned b = 0; b <= m->log_n; b++)
        for (unsigned j = 0; j < m->log_n; j++)
            f[c++] = m->perm[b][j];
    hex_fields(f, c, out, cap);
}

void xc_min_route_hex(const xc_min *m, char *out, size_t cap)
{
    hex_fields(m->route_bit, m->log_n, out, cap);
}

/* "W'h" and then the hex digits hex() writes; truncated to cap like them */
static void literal(const xc_min *m, unsigned width, void (*hex)(const xc_min *, char *, size_t), char *out,
                    size_t cap)
{
    const int n = snprintf(out, cap, "%u'h", width);
    if (n > 0 && (size_t)n < cap)
        hex(m, out + n, cap - (size_t)n);
}

void xc_min_wiring_literal(const xc_min *m, char *out, size_t cap)
{
    literal(m, (m->log_n + 1) * m->log_n * 4, xc_min_wiring_hex, out, cap);
}

void xc_min_route_literal(const xc_min *m, char *out, size_t cap)
{
    literal(m, m->log_n * 4, xc_min_route_hex, out, cap);
}
