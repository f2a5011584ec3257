/* SPDX-License-Identifier: MIT */
/* The flat API for the MIN: the network, the Latin square's first
 * configuration and the mode, the firmware run over the caller's bus. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_big.h"
#include "xc_consts.h"
#include "xc_cp_min.h"
#include "xc_ffi_int.h"
#include "xc_latin.h"
#include "xc_min.h"

struct xc_ffi_min {
    xc_min m;
    xc_cfg m0; /* M^{l,0} */
    unsigned mode;
    xc_cp_min_report rep;
};

static int parse_mode(const char *mode, unsigned *out)
{
    static const char *const names[] = {"xor", "table", "self"};
    static const unsigned modes[] = {XC_MODE_XOR, XC_MODE_TABLE, XC_MODE_SELF};
    for (unsigned i = 0; i < 3; i++)
        if (mode && strcmp(mode, names[i]) == 0) {
            *out = modes[i];
            return 1;
        }
    return 0;
}

/* m0 from l (decimal or 0x hex, below N^(N/2-1)) */
static xc_status square(xc_ffi_min *h, const char *l_text, xc_err *err)
{
    xc_big l;
    xc_big_zero(&l);
    if (l_text) {
        const unsigned bits = xc_latin_l_bits(&h->m);
        if (xc_big_parse(&l, l_text, XC_BIG_MAX_BITS, err) != XC_OK || !xc_big_fits(&l, bits))
            return xc_fail(err, XC_ERANGE, "l '%.*s': an integer 0 <= l < 2^%u, decimal or 0x hex", 40, l_text,
                           bits);
    }
    return xc_cfg_from_l(&h->m, &l, &h->m0, err);
}

xc_ffi_min *xc_ffi_min_new(const char *net, const char *l, const char *mode, char *err, size_t errlen)
{
    xc_ffi_min *h = calloc(1, sizeof *h);
    xc_err e;
    xc_status st;
    if (!h) {
        xc_ffi_fail(XC_ENOMEM, "out of memory", err, errlen);
        return NULL;
    }
    if (!net)
        st = xc_fail(&e, XC_EINVAL, "net: a MIN such as butterfly:8");
    else if (!parse_mode(mode, &h->mode))
        st = xc_fail(&e, XC_EINVAL, "mode '%.*s': allowed xor, table, self", 40, mode ? mode : "(null)");
    else if (!(st = xc_min_parse(&h->m, net, &e)))
        st = square(h, l, &e);
    if (st) {
        xc_ffi_fail(st, e.msg, err, errlen);
        free(h);
        return NULL;
    }
    return h;
}

void xc_ffi_min_free(xc_ffi_min *h) { free(h); }

unsigned xc_ffi_min_nodes(const xc_ffi_min *h) { return h->m.n_lines; }

int xc_ffi_min_params(const xc_ffi_min *h, char *buf, size_t cap)
{
    char wiring[128], route[16]; /* as xchg rtl-params */
    xc_min_wiring_literal(&h->m, wiring, sizeof wiring);
    xc_min_route_literal(&h->m, route, sizeof route);
    const int w = snprintf(buf, cap, "LogN=%u Topology=%d Wiring=%s RouteBits=%s", h->m.log_n, h->m.topo, wiring,
                           route);
    return w < 0 || (size_t)w >= cap ? XC_ERANGE : 0;
}

unsigned xc_ffi_min_line_node(const xc_ffi_min *h, unsigned line)
{
    return xc_min_wire(&h->m, h->m.log_n, line % h->m.n_lines);
}

size_t xc_ffi_min_expect(const xc_ffi_min *h, uint32_t *node, uint32_t *word, size_t cap)
{
    const unsigned n = h->m.n_lines;
    size_t i = 0;
    for (unsigned j = 0; j < n; j++)     /* input j */
        for (unsigned x = 0; x < n; x++, i++) /* step x */
            if (i < cap) {
                node[i] = xc_cp_min_dest(&h->m, &h->m0, x, j);
                word[i] = xc_cp_min_msg_word(&h->m, &h->m0, j, x);
            }
    return i;
}

/* the firmware, everything over the bus */
static xc_status min_fw(xc_hal *hal, void *arg, unsigned long max_polls, xc_err *err)
{
    xc_ffi_min *h = arg;
    memset(&h->rep, 0, sizeof h->rep);
    return xc_cp_min_run(hal, &h->m, &h->m0, h->mode, 0u, max_polls, &h->rep, err);
}

int xc_ffi_min_run(xc_ffi_min *h, xc_ffi_write_fn write, xc_ffi_read_fn read, void *ctx, unsigned long max_polls,
                   char *err, size_t errlen)
{
    return xc_ffi_run_fw(min_fw, h, write, read, ctx, max_polls, err, errlen);
}

long long xc_ffi_min_report(const xc_ffi_min *h, const char *name)
{
    const xc_cp_min_report *r = &h->rep;
    const xc_ffi_named t[] = {
        {"cycles", r->cycles},       {"injected", r->injected},         {"delivered", r->delivered},
        {"conflicts", r->conflicts}, {"status", r->status},             {"bus_config", (long long)r->bus_config},
        {"bus_messages", (long long)r->bus_messages}, {"bus_control", (long long)r->bus_control},
    };
    return xc_ffi_lookup(t, sizeof t / sizeof t[0], name);
}
