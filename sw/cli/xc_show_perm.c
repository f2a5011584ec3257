/* SPDX-License-Identifier: MIT */
/* xchg show --perm P on a MIN: one permutation routed by destination tags,
 * stage by stage (frame 0 at the inputs, frame k + 1 after stage k, the
 * last at the outputs), recorded in the page's own format so that the MIN
 * page draws it. Where two messages want one switch output the switch's
 * set_x is -2 - port (the page marks it: a thick dashed border, "!" and
 * "clash"); both messages go on, so the picture shows every conflict, not
 * just the first. No golden run: a blocked permutation is not an exchange
 * the hardware performs. */
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_consts.h"
#include "xc_show.h"

/* Frame k + 1: every message through stage k, its switch's setting and
 * the port two messages collide on; line[] advances to the next level. */
static int stage_frame(xc_show *s, const uint16_t *dest, unsigned k, uint16_t *line, unsigned char *hit)
{
    const xc_min *m = &s->m;
    const unsigned N = m->n_lines, half = N / 2;
    char label[96];
    snprintf(label, sizeof label, "stage %u: every message routed by bit %u of its destination", k, m->route_bit[k]);
    if (xc_show_frame(s, label))
        return -1;
    const uint32_t f = s->n_frames - 1;
    int8_t *set = s->set + ((size_t)f * m->log_n + k) * half;
    int16_t *clash = s->set_x + ((size_t)f * m->log_n + k) * half;
    int owner[XC_MIN_MAX_N];
    for (unsigned o = 0; o < N; o++)
        owner[o] = -1;
    for (unsigned j = 0; j < N; j++) {
        const unsigned h = line[j] >> 1, out = (line[j] & ~1u) | ((dest[j] >> m->route_bit[k]) & 1u);
        if (owner[out] >= 0) {
            clash[h] = (int16_t)(-2 - (int)(out & 1u));
            hit[j] = hit[owner[out]] = 1;
        }
        else if (set[h] < 0)
            set[h] = (int8_t)((line[j] ^ out) & 1u); /* straight (0) or cross (1), as the first message has it */
        owner[out] = (int)j;
        s->at[(size_t)f * N + j] = k + 1 < m->log_n ? xc_show_loc_sw(k, h) : xc_show_loc_out(xc_min_wire(m, m->log_n, out));
        line[j] = (uint16_t)xc_min_wire(m, k + 1, out);
    }
    return 0;
}

int xc_show_record_perm(const xc_show_opts *o, const char *perm, xc_show *s)
{
    memset(s, 0, sizeof *s);
    xc_err err;
    xc_status st;
    uint16_t dest[XC_MIN_MAX_N], line[XC_MIN_MAX_N];
    unsigned char hit[XC_MIN_MAX_N] = {0}; /* a message in a conflict: lost, not delivered */
    if (!o->net)
        return xc_cli_error("show", XC_EINVAL, "--net is required, e.g. --net omega:8");
    if (o->algo || o->l_text || o->cfg_text)
        return xc_cli_error("show", XC_EINVAL, "--perm: give it alone on a MIN, not with --algo, --l or --config");
    if ((st = xc_min_parse(&s->m, o->net, &err)) || (st = xc_perm_parse(&s->m, perm, dest, &err)))
        return xc_cli_error("show", st, "%s", err.msg);
    const xc_min *m = &s->m;
    const unsigned N = m->n_lines;
    if (N > 64)
        return xc_cli_error("show", XC_ERANGE, "--net %s: a page shows MINs up to N = 64", o->net);
    s->kind = XC_SHOW_MIN;
    s->mode = XC_MODE_SELF;
    snprintf(s->algo, sizeof s->algo, "perm");
    xc_min_spec(m, s->net, sizeof s->net);
    snprintf(s->options, sizeof s->options, "--perm %.80s%s", perm, strlen(perm) > 80 ? "..." : "");
    s->expected = N;
    s->bound = m->log_n;
    s->bound_name = "log2 N stages";
    s->n_msgs = N;
    s->src = calloc(N, sizeof *s->src);
    s->dst = calloc(N, sizeof *s->dst);
    s->square = calloc((size_t)N * N, sizeof *s->square);
    if (!s->src || !s->dst || !s->square || xc_show_frame(s, "at the inputs, before stage 0"))
        return xc_cli_error("show", XC_ENOMEM, "out of memory");
    for (unsigned j = 0; j < N; j++) {
        s->src[j] = j;
        s->dst[j] = dest[j];
        s->at[j] = xc_show_loc_in(j);
        line[j] = (uint16_t)xc_min_wire(m, 0, j);
    }
    for (unsigned k = 0; k < m->log_n; k++)
        if (stage_frame(s, dest, k, line, hit))
            return xc_cli_error("show", XC_ENOMEM, "out of memory");
    unsigned lost = 0;
    for (unsigned j = 0; j < N; j++)
        lost += hit[j];
    s->delivered[s->n_frames - 1] = N - lost;
    return 0;
}
