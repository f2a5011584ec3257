/* SPDX-License-Identifier: MIT */
#include "xc_score.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

xc_status xc_score_init(xc_score *s, unsigned nodes)
{
    memset(s, 0, sizeof *s);
    s->nodes = nodes;
    s->seen = calloc((size_t)nodes * nodes, 1);
    return s->seen ? XC_OK : XC_ENOMEM;
}

void xc_score_free(xc_score *s)
{
    free(s->seen);
    s->seen = NULL;
}

#define NOTE(s, ...) do { if (!(s)->first_error[0]) snprintf((s)->first_error, sizeof (s)->first_error, __VA_ARGS__); } while (0)

void xc_score_deliver(xc_score *s, unsigned long cycle, unsigned at, xc_flit f)
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
