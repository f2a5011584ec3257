/* SPDX-License-Identifier: MIT */
/* A session of a wormhole schedule (te-dc1, te-dcn: paper 001) on the
 * product-network routers in circuit mode: the schedule run on the
 * paper's model and compiled for the firmware in one generation, the
 * routers sized for every wormhole algorithm of the network, the
 * back-door files; then the firmware (xc_cp_wh.c) loads and runs on the
 * golden model, the RTL or both in lock-step. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "xc_fs.h"
#include "xc_model_cache.h"
#include "xc_session_int.h"

/* The slots and list entries a router needs for every wormhole algorithm
 * defined on net: one Verilator build serves them all. */
static xc_status size_for_net(const xc_net *net, uint32_t *slots, uint32_t *list, xc_err *err)
{
    *slots = *list = 2;
    for (int a = XC_WH_DC1; a <= XC_WH_DCN; a++) {
        xc_wh_table1 t1;
        xc_err ignore;
        if (xc_wh_plan(net, (xc_wh_algo)a, &t1, &ignore) != XC_OK)
            continue;
        xc_wh_prog p;
        xc_status st = xc_wh_prog_init(&p, net, XC_SES_WH_MAX_STEPS, err);
        if (st)
            return st;
        xc_wh_sink sink = xc_wh_prog_sink(&p);
        uint64_t steps;
        st = xc_wh_generate(net, (xc_wh_algo)a, &sink, &steps, err);
        if (!st) {
            *slots = xc_pn_hw_pow2(p.slots_used, *slots);
            *list = xc_pn_hw_pow2(p.max_list, *list);
        }
        xc_wh_prog_free(&p);
        if (st)
            return st;
    }
    return XC_OK;
}

/* The network, the schedule run on the paper's model and compiled for the
 * firmware in one generation, --bad-circuit. */
static xc_status plan(xc_ses_wh *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    r->algo = (xc_wh_algo)xc_wh_algo_parse(o->algo);
    if ((st = xc_wh_plan(&o->pn, r->algo, &r->t1, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    if (o->pn.nodes > 1u << XC_ADDR_W)
        return xc_fail(serr, XC_ERANGE, "'%s': %u routers, the router RTL takes at most %u", o->pn.spec,
                       o->pn.nodes, 1u << XC_ADDR_W);
    /* one generation: checker, golden cycle model of paper 001's timing, and the firmware's compiler */
    if ((st = xc_wh_prog_init(&r->prog, &o->pn, XC_SES_WH_MAX_STEPS, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    xc_wh_sink compile = xc_wh_prog_sink(&r->prog);
    xc_wh_run_opts ro = {.net = &o->pn, .algo = r->algo, .msg_flits = 1, .ts = o->ts, .golden = 1,
                         .also = &compile, .info = r->info, .info_cap = XC_SES_WH_MAX_STEPS};
    if ((st = xc_wh_run(&ro, &r->wr, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    if (o->bad_node >= 0 &&
        (st = xc_wh_prog_break(&r->prog, (uint32_t)o->bad_node, (uint32_t)o->bad_step, &err)))
        return xc_fail(serr, XC_EINVAL, "--bad-circuit: %s", err.msg);
    return XC_OK;
}

/* The routers sized for every wormhole algorithm on the network, the
 * faults, the trace file. */
static xc_status build(xc_ses_wh *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    uint32_t hw_slots, hw_list;
    if ((st = size_for_net(&o->pn, &hw_slots, &hw_list, &err)) ||
        (st = xc_pn_hw_init(&r->hw, &o->pn, hw_slots, xc_pn_hw_pow2(r->prog.steps, 32), 0, 0, 1, &err)) ||
        (st = xc_pn_hw_set_list(&r->hw, hw_list, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    if (r->hw.cwpe > 8)
        return xc_fail(serr, XC_ERANGE, "'%s': a circuit entry of %u bits, the firmware takes at most 256",
                       o->pn.spec, r->hw.centry_w);
    if ((st = xc_ses_pn_injects(o, &r->hw, r->inj, serr)) || (o->trace && (st = xc_ses_prepare_trace(o->trace, serr))))
        return st;
    for (uint32_t v = 0; v < o->pn.nodes; v++)
        r->list_total += r->prog.list_len[v];
    r->formula = 1 + (uint64_t)r->prog.steps * o->ts + r->prog.path_sum;
    return XC_OK;
}

/* The harness's options: models, waves, faults, the back door, time-out. */
static xc_status harness_opts(xc_ses_wh *r, xc_lsp_opts *lo, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    *lo = (xc_lsp_opts){.core = xc_ses_core_opts(o, r->rtl_trace), .wormhole = 1};
    xc_ses_pn_plusargs(r->inj, o->n_inject, r->plus, lo->core.dut.plusargs);
    if (o->back_door) {
        xc_err err;
        xc_status st;
        if (xc_path(r->load_dir, sizeof r->load_dir, "%s/load/wh%ld", xc_build_dir(), (long)getpid()) ||
            xc_path(r->load_plus[0], sizeof r->load_plus[0], "+xchg_load=%s", r->load_dir) ||
            xc_path(r->load_plus[1], sizeof r->load_plus[1], "+xchg_cload=%s", r->load_dir)) {
            r->load_dir[0] = '\0';
            return xc_fail(serr, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
        }
        if (o->rtl && (st = xc_lsp_write_load_wh(r->load_dir, &r->prog, &err)))
            return xc_fail(serr, st, "%s", err.msg);
        xc_model_remove_on_stop(r->load_dir); /* a stop during the model's build */
        xc_ses_add_plusarg(&lo->core.dut, r->load_plus[0]);
        xc_ses_add_plusarg(&lo->core.dut, r->load_plus[1]);
    }
    const uint64_t expect = 64 + (uint64_t)o->pn.nodes * (o->pn.nodes + 8 + (uint64_t)r->prog.steps * r->hw.cwpe) +
                            r->list_total + r->prog.steps + r->formula;
    lo->core.max_cycles = o->timeout ? o->timeout : (unsigned long)(2 * expect + 1000);
    xc_ses_vl_opts(o, &lo->core.dut);
    return XC_OK;
}

xc_status xc_ses_wh_open(xc_ses_wh *r, xc_err *err)
{
    xc_status st = plan(r, err);
    if (!st && !(st = build(r, err)))
        st = harness_opts(r, &r->lo, err);
    return st;
}

/* The harness's verdict, then the cycles against the formula and the
 * paper's model, then the flit-hops against the schedule. */
static const char *wh_verdict(xc_ses_wh *r)
{
    xc_run_pn_outcome *u = &r->u;
    char *b = u->verdict.buf;
    const size_t cap = sizeof u->verdict.buf;
    if (u->verdict.why)
        return u->verdict.why; /* the harness or the firmware failed: said */
    if (u->rep.cycles != r->formula || u->rep.cycles != 1 + r->wr.golden_cycles) {
        snprintf(b, cap, "%u cycles, expected 1 + steps*ts + sum(hops + flits - 1) = %llu (paper model: 1 + %llu)",
                 u->rep.cycles, (unsigned long long)r->formula, (unsigned long long)r->wr.golden_cycles);
        return b;
    }
    if (u->ls.flit_hops != r->wr.m.flit_hops) {
        snprintf(b, cap, "%lu flit-hops on the links, the schedule moves %llu", u->ls.flit_hops,
                 (unsigned long long)r->wr.m.flit_hops);
        return b;
    }
    return NULL;
}

/* The harness and the back-door folder: closed and removed. */
static void close_models(xc_ses_wh *r)
{
    if (r->ls_open)
        xc_lsp_close(&r->u.ls);
    r->ls_open = 0;
    if (r->load_dir[0] && r->o->rtl)
        xc_lsp_remove_load_wh(r->load_dir, &r->hw);
    r->load_dir[0] = '\0';
}

xc_status xc_ses_wh_run(xc_ses_wh *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_run_pn_outcome *u = &r->u;
    xc_err err;
    xc_status st = xc_ses_pn_open(u, &r->hw, &r->lo, serr);
    xc_model_remove_on_stop(NULL);
    if (st)
        return st;
    r->ls_open = 1;
    if (o->back_door && (st = xc_lsp_poke_wh(&u->ls, &r->prog, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    xc_status cp_st = xc_cp_wh_run(&u->ls.core.hal, &r->hw, &r->prog, o->ts, o->back_door, r->lo.core.max_cycles,
                                   &u->rep, &err);
    xc_ses_pn_settle(u, xc_run_faults_hidden(o), cp_st, err.msg, (unsigned long)o->pn.nodes * (o->pn.nodes - 1));
    u->verdict.why = wh_verdict(r);
    r->fired = xc_ses_pn_fired(u, r->inj, o->n_inject);
    close_models(r);
    /* an --inject cycle outside the exchange (the cycles the firmware
     * counts from step 1 on), known now: refused unless --inject-anywhere */
    const unsigned long last = u->first_step + (u->rep.cycles > 1 ? u->rep.cycles - 2 : 0);
    const xc_run_span sp = {u->first_step, last, u->ls.core.cycle,
                            u->ls.core.halted == XC_LS_RUNNING && u->first_step > 0};
    if ((st = xc_ses_pn_injects_in_range(o, r->inj, &sp, serr)))
        return st;
    char why[300];
    xc_ses_pn_waves(&r->hw, &u->ls, o->trace, r->gtkw, sizeof r->gtkw, why, sizeof why);
    if ((st = xc_ses_verify_traces(o, NULL, why, u->ls.core.cycle, serr)))
        return st;
    return xc_ses_outputs(&u->ls.core, serr);
}

void xc_ses_wh_close(xc_ses_wh *r)
{
    close_models(r);
    xc_ses_remove_traces(r->o->trace, NULL);
    xc_wh_prog_free(&r->prog); /* a program half built or never built is all zeros: a no-op */
}
