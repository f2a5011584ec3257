/* SPDX-License-Identifier: MIT */
/* xchg show --inject: the hidden-fault lab on a MIN page. The fault is a
 * switch that takes the wrong setting in one cycle (switch:s<k>.<h>@<C>,
 * C the page's cycle). It is put into the golden model's recording, not
 * simulated again: in the XOR and table modes every flit in one switch in
 * one cycle belongs to the same step x, and every later stage routes both
 * by that step's configuration, so the wrong setting exchanges the two
 * flits' lines there and with them their whole remaining paths. From cycle
 * C on, the recording's two messages trade places; each arrives at the
 * other's output. Nothing written (page, JSON, the command's line) names
 * the switch or the cycle: --answer checks a guess. */
#include <stdio.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_consts.h"
#include "xc_num.h"
#include "xc_rand.h"
#include "xc_show.h"

/* The two messages that passed switch s<k>.<h> in frame c: in its output
 * register, or for the last stage, arrived at its outputs in that frame.
 * 0 and their ids, or -1. */
static int passed(const xc_show *s, unsigned k, unsigned h, uint32_t c, uint32_t two[2])
{
    const xc_min *m = &s->m;
    const int32_t *at = s->at + (size_t)c * s->n_msgs, *was = at - s->n_msgs;
    unsigned n = 0;
    for (uint32_t i = 0; i < s->n_msgs && n < 3; i++) {
        int here = at[i] == xc_show_loc_sw(k, h);
        if (k + 1 == m->log_n)
            here = at[i] != was[i] && (at[i] == xc_show_loc_out(xc_min_wire(m, m->log_n, 2 * h)) ||
                                       at[i] == xc_show_loc_out(xc_min_wire(m, m->log_n, 2 * h + 1)));
        if (here && n < 2)
            two[n] = i;
        n += here;
    }
    return n == 2 ? 0 : -1;
}

/* "switch:s<k>.<h>@<C>" into k, h, c: 0 or -1. */
static int parse(const xc_show *s, const char *text, unsigned *k, unsigned *h, uint32_t *c)
{
    unsigned a, b, cyc;
    char tail;
    if (sscanf(text, "switch:s%u.%u@%u%c", &a, &b, &cyc, &tail) != 3 || a >= s->m.log_n || b >= s->m.n_lines / 2 ||
        cyc < 1 || cyc >= s->n_frames)
        return -1;
    *k = a;
    *h = b;
    *c = cyc;
    return 0;
}

int xc_show_inject(xc_show *s, const char *text, uint64_t seed, xc_show_fault *out)
{
    if (s->kind != XC_SHOW_MIN || s->mode == XC_MODE_SELF)
        return xc_cli_error("show", XC_EINVAL, "--inject: a MIN in --mode xor or table only (a self-routing "
                                               "switch's wrong setting is routed again downstream)");
    unsigned k, h;
    uint32_t c, two[2];
    const unsigned half = s->m.n_lines / 2;
    if (!strcmp(text, "random")) {
        xc_rand r;
        xc_rand_seed(&r, seed);
        do { /* a switch and a cycle in which two flits pass it */
            k = (unsigned)xc_rand_below(&r, s->m.log_n);
            h = (unsigned)xc_rand_below(&r, half);
            c = 1 + (uint32_t)xc_rand_below(&r, s->n_frames - 1);
        } while (passed(s, k, h, c, two));
    } else if (parse(s, text, &k, &h, &c)) {
        return xc_cli_error("show", XC_EINVAL, "--inject '%s': switch:s<stage>.<switch>@<cycle of the page, 1 .. %u> "
                            "or random", text, s->n_frames - 1);
    } else if (passed(s, k, h, c, two)) {
        return xc_cli_error("show", XC_EINVAL, "--inject '%s': no two flits pass s%u.%u in cycle %u", text, k, h, c);
    }
    for (uint32_t f = c; f < s->n_frames; f++) { /* the two trade their remaining paths */
        int32_t *at = s->at + (size_t)f * s->n_msgs, t = at[two[0]];
        at[two[0]] = at[two[1]];
        at[two[1]] = t;
    }
    int8_t *set = s->set + ((size_t)c * s->m.log_n + k) * half + h;
    *set = (int8_t)(*set >= 0 ? !*set : *set);
    *out = (xc_show_fault){k, h, c};
    return 0;
}
