/* SPDX-License-Identifier: MIT */
/* One measured wormhole run (see xc_golden_wh.h): the generator's steps go
 * to the checker, the golden cycle model and an optional extra sink; and a
 * schedule file replayed through the checker and the golden model, which
 * the reader of sw/pn receives as a sink. */
#include <stdio.h>
#include <string.h>

#include "xc_golden_wh.h"

typedef struct tee {
    const xc_wh_run_opts *o;
    xc_whchk *c;
    xc_golden_wh *g;
} tee;

static xc_status tee_step(void *ctx, const xc_wh_step *s, xc_err *err)
{
    tee *t = ctx;
    xc_status st = xc_whchk_step(t->c, s, err);
    uint64_t cyc = 0;
    if (!st && t->g)
        st = xc_golden_wh_step(t->g, s, &cyc, err);
    if (!st && t->o->also)
        st = t->o->also->step(t->o->also->ctx, s, err);
    if (st)
        return st;
    if (t->o->info && s->t <= t->o->info_cap) {
        xc_wh_step_info *in = &t->o->info[s->t - 1];
        memset(in, 0, sizeof *in);
        in->t = s->t;
        snprintf(in->label, sizeof in->label, "%s", s->label ? s->label : "");
        in->packets = s->npk;
        uint64_t formula = 0;
        for (uint32_t x = 0; x < s->npk; x++) {
            const xc_wh_packet *p = &s->pk[x];
            if (p->hops > in->max_hops)
                in->max_hops = p->hops;
            if (p->nmsg > in->max_msgs)
                in->max_msgs = p->nmsg;
            uint64_t c = t->o->ts + p->hops + (uint64_t)p->nmsg * t->o->msg_flits - 1;
            if (c > formula)
                formula = c;
        }
        in->cycles = t->g ? cyc : formula;
    }
    return XC_OK;
}

xc_status xc_wh_run(const xc_wh_run_opts *o, xc_wh_run_result *r, xc_err *err)
{
    memset(r, 0, sizeof *r);
    xc_status st = xc_wh_plan(o->net, o->algo, &r->table1, err);
    if (st)
        return st;
    tee t = {o, NULL, NULL};
    if ((st = xc_whchk_new(o->net, o->msg_flits, &t.c, err)))
        return st;
    if (o->golden && (st = xc_golden_wh_new(o->net, o->ts, o->msg_flits, &t.g, err))) {
        xc_whchk_free(t.c);
        return st;
    }
    xc_wh_sink sink = {&t, tee_step};
    st = xc_wh_generate(o->net, o->algo, &sink, &r->steps, err);
    if (!st)
        st = xc_whchk_end(t.c, &r->m, err);
    if (!st) {
        r->cycles = xc_wh_cycles(&r->m, o->ts);
        if (t.g) {
            r->golden_cycles = xc_golden_wh_total_cycles(t.g);
            r->golden_flit_hops = xc_golden_wh_flit_hops(t.g);
        }
    }
    xc_whchk_free(t.c);
    xc_golden_wh_free(t.g);
    return st;
}

static xc_status replay_begin(void *ctx, const xc_net *net, uint32_t msg_flits, xc_err *err)
{
    xc_golden_wh_sink *s = ctx;
    return xc_golden_wh_new(net, s->ts, msg_flits, &s->g, err);
}

static xc_status replay_step(void *ctx, const xc_wh_step *st, xc_err *err)
{
    xc_golden_wh_sink *s = ctx;
    return xc_golden_wh_step(s->g, st, NULL, err);
}

xc_wh_replay xc_golden_wh_replay(xc_golden_wh_sink *s)
{
    return (xc_wh_replay){.ctx = s, .begin = replay_begin, .step = replay_step, .simulates = 1};
}

xc_status xc_golden_wh_check_stream(FILE *f, long ts, xc_wh_file_info *info, xc_wh_metrics *m,
                                    uint64_t *golden_cycles, xc_err *err)
{
    xc_golden_wh_sink gs = {.ts = ts >= 0 ? (uint32_t)ts : 0, .g = NULL};
    const xc_wh_replay also = xc_golden_wh_replay(&gs);
    xc_status st = xc_wh_check_stream(f, ts >= 0 ? &also : NULL, info, m, err);
    if (!st && golden_cycles)
        *golden_cycles = gs.g ? xc_golden_wh_total_cycles(gs.g) : 0;
    xc_golden_wh_free(gs.g);
    return st;
}
