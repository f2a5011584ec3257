/* SPDX-License-Identifier: MIT */
#include "xc_score.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(XC_CHK_W <= 16, "the check word's halves are kept in 16 bits");

xc_status xc_score_init(xc_score *s, unsigned nodes)
{
    memset(s, 0, sizeof *s);
    s->nodes = nodes;
    s->seen = calloc((size_t)nodes * nodes, 1);
    s->chk_src = malloc((nodes ? nodes : 1) * sizeof *s->chk_src);
    s->chk_dst = malloc((nodes ? nodes : 1) * sizeof *s->chk_dst);
    if (!s->seen || !s->chk_src || !s->chk_dst) {
        xc_score_free(s);
        return XC_ENOMEM;
    }
    /* chk(s, d) = L(s) ^ L'(d) ^ salt: the salt stays in chk_src */
    for (unsigned i = 0; i < nodes; i++) {
        s->chk_src[i] = (uint16_t)xc_chk(i, 0);
        s->chk_dst[i] = (uint16_t)(xc_chk(0, i) ^ xc_chk(0, 0));
    }
    return XC_OK;
}

void xc_score_free(xc_score *s)
{
    free(s->seen);
    free(s->chk_src);
    free(s->chk_dst);
    s->seen = NULL;
    s->chk_src = s->chk_dst = NULL;
}

#define NOTE(s, ...) do { if (!(s)->first_error[0]) snprintf((s)->first_error, sizeof (s)->first_error, __VA_ARGS__); } while (0)

/* Every delivery but the usual one: counts and notes what is wrong. */
__attribute__((noinline)) static void deliver_slow(xc_score *s, unsigned long cycle, unsigned at, xc_flit f)
{
    char txt[48];
    s->delivered++;
    unsigned src = xc_flit_src(f), dst = xc_flit_dst(f);
    if (!xc_flit_intact(f) || src >= s->nodes || dst >= s->nodes) {
        s->corrupt++;
        NOTE(s, "cycle %lu: corrupt flit %s (raw 0x%011llx) at node %u", cycle,
             xc_flit_str(f, txt, sizeof txt), (unsigned long long)f, at);
        return;
    }
    if (dst != at) {
        s->misrouted++;
        NOTE(s, "cycle %lu: %s delivered to node %u", cycle, xc_flit_str(f, txt, sizeof txt), at);
    }
    uint8_t *n = &s->seen[(size_t)src * s->nodes + dst];
    if (*n && dst == at) {
        s->duplicates++;
        NOTE(s, "cycle %lu: %s delivered again", cycle, xc_flit_str(f, txt, sizeof txt));
    }
    if (dst == at && *n < 255)
        (*n)++;
}

void xc_score_deliver(xc_score *s, unsigned long cycle, unsigned at, xc_flit f)
{
    const unsigned src = xc_flit_src(f), dst = xc_flit_dst(f);
    if (dst == at && src < s->nodes && dst < s->nodes &&
        xc_flit_chk(f) == (unsigned)(s->chk_src[src] ^ s->chk_dst[dst])) {
        uint8_t *n = &s->seen[(size_t)src * s->nodes + dst];
        if (!*n) {
            *n = 1;
            s->delivered++;
            return;
        }
    }
    deliver_slow(s, cycle, at, f);
}

unsigned long xc_score_missing(const xc_score *s)
{
    unsigned long missing = 0;
    for (size_t i = 0; i < (size_t)s->nodes * s->nodes; i++)
        missing += s->seen[i] == 0;
    return missing;
}

xc_status xc_score_verdict(const xc_score *s, xc_err *err)
{
    if (s->first_error[0])
        return xc_fail(err, XC_ECHECK, "%s", s->first_error);
    for (size_t i = 0; i < (size_t)s->nodes * s->nodes; i++)
        if (!s->seen[i])
            return xc_fail(err, XC_ECHECK, "m(%zu\u2192%zu) never delivered (%lu missing in all)",
                           i / s->nodes, i % s->nodes, xc_score_missing(s));
    return XC_OK;
}
