/* SPDX-License-Identifier: MIT */
/* A recording: the firmware's run on the golden model alone, an observer
 * called after every clock edge (xchg show turns what it sees into
 * frames). The plan first, so that the observer can be made ready for
 * it; then the hardware, the compiled program, the model and the run. */
#include <string.h>

#include "xc_session_int.h"

xc_status xc_rec_open(xc_rec *r, const xc_rec_spec *spec, xc_err *serr)
{
    xc_err err;
    xc_status st = XC_OK;
    memset(r, 0, sizeof *r);
    r->spec = *spec;
    if (spec->family == XC_RUN_SF)
        st = xc_sched_plan_for(&r->spec.so, &r->plan, &err);
    else if (spec->family == XC_RUN_WH)
        st = xc_wh_plan(spec->so.net, (xc_wh_algo)spec->wh_algo, &r->t1, &err);
    return st ? xc_fail(serr, st, "%s", err.msg) : XC_OK;
}

/* The end of a run: the firmware's status and message kept for the caller. */
static void ran(xc_rec *r, xc_status cp_st, const xc_err *err)
{
    r->cp_st = cp_st;
    snprintf(r->cp_msg, sizeof r->cp_msg, "%s", cp_st ? err->msg : "");
}

static xc_status run_min(xc_rec *r, xc_err *serr)
{
    const xc_rec_spec *o = &r->spec;
    const xc_min *m = o->m;
    const unsigned long N = m->n_lines;
    xc_ls_opts lo = {.core.golden = 1, .on_cycle = o->on_min, .on_cycle_user = o->user};
    lo.core.max_cycles = 4ul * (N * N + 64 + N * (xc_min_cfg_words(m) + 3) + N + m->log_n);
    xc_ls ls;
    xc_err err;
    xc_status st = xc_ls_open(&ls, m, &lo, &err);
    if (st)
        return xc_fail(serr, st, "%s", err.msg);
    xc_cp_min_report rep;
    ran(r, xc_cp_min_exchange(&ls.core.hal, m, o->m0, o->mode, lo.core.max_cycles, &rep, &err), &err);
    xc_ls_close(&ls);
    return XC_OK;
}

/* Opens the golden model of hw alone, the observer on every cycle. */
static xc_status open_pn(xc_rec *r, xc_lsp *ls, unsigned long max_cycles, xc_err *serr)
{
    xc_lsp_opts lo = {.core.golden = 1, .kind_mnb = r->plan.kind_mnb, .wormhole = r->spec.family == XC_RUN_WH,
                      .on_cycle = r->spec.on_pn, .on_cycle_user = r->spec.user, .core.max_cycles = max_cycles};
    xc_err err;
    xc_status st = xc_lsp_open(ls, &r->hw, &lo, &err);
    return st ? xc_fail(serr, st, "%s", err.msg) : XC_OK;
}

static xc_status run_sf(xc_rec *r, xc_err *serr)
{
    const xc_sched_opts *so = &r->spec.so;
    xc_err err;
    xc_status st;
    if ((st = xc_pn_hw_init(&r->hw, so->net, so->net->nodes, xc_pn_hw_pow2(r->plan.expected, 32), so->multiport,
                            so->half_duplex, 1, &err)) ||
        (st = xc_pn_compile(&r->hw, so, &r->prog, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    const unsigned long words = (unsigned long)r->prog.steps * r->hw.wpe;
    const unsigned long max = 4 * (64ul + (unsigned long)r->hw.nodes * (r->hw.nodes + 2 + words + 2) + r->prog.steps);
    xc_lsp ls;
    if ((st = open_pn(r, &ls, max, serr)))
        return st;
    xc_cp_pn_report rep;
    ran(r, xc_cp_pn_run(&ls.core.hal, &r->hw, &r->prog, 0, 0, max, &rep, &err), &err);
    xc_lsp_close(&ls);
    return XC_OK;
}

static xc_status run_wh(xc_rec *r, xc_err *serr)
{
    const xc_net *net = r->spec.so.net;
    xc_err err;
    xc_status st;
    if ((st = xc_wh_prog_init(&r->wprog, net, XC_SES_WH_MAX_STEPS, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    xc_wh_sink compile = xc_wh_prog_sink(&r->wprog);
    xc_wh_run_opts ro = {.net = net, .algo = (xc_wh_algo)r->spec.wh_algo, .msg_flits = 1, .ts = r->spec.ts,
                         .golden = 1, .also = &compile, .info = r->info, .info_cap = XC_SES_WH_MAX_STEPS};
    xc_wh_run_result wr;
    const xc_wh_prog *p = &r->wprog;
    if ((st = xc_wh_run(&ro, &wr, &err)) ||
        (st = xc_pn_hw_init(&r->hw, net, xc_pn_hw_pow2(p->slots_used, 2), xc_pn_hw_pow2(p->steps, 32), 0, 0, 1,
                            &err)) ||
        (st = xc_pn_hw_set_list(&r->hw, xc_pn_hw_pow2(p->max_list, 2), &err)))
        return xc_fail(serr, st, "%s", err.msg);
    uint64_t list_total = 0;
    for (uint32_t v = 0; v < net->nodes; v++)
        list_total += p->list_len[v];
    const unsigned long n = net->nodes;
    const unsigned long max = 2 * (64 + n * (n + 8 + (unsigned long)p->steps * r->hw.cwpe) + list_total +
                                   p->steps * (1 + (unsigned long)r->spec.ts) + p->path_sum) + 1000;
    xc_lsp ls;
    if ((st = open_pn(r, &ls, max, serr)))
        return st;
    xc_cp_pn_report rep;
    ran(r, xc_cp_wh_run(&ls.core.hal, &r->hw, p, r->spec.ts, 0, max, &rep, &err), &err);
    xc_lsp_close(&ls);
    return XC_OK;
}

xc_status xc_rec_run(xc_rec *r, xc_err *err)
{
    return r->spec.family == XC_RUN_MIN ? run_min(r, err) : r->spec.family == XC_RUN_SF ? run_sf(r, err)
                                                                                       : run_wh(r, err);
}

void xc_rec_close(xc_rec *r)
{
    xc_pn_prog_free(&r->prog); /* all zeros when never built: a no-op */
    xc_wh_prog_free(&r->wprog);
}
