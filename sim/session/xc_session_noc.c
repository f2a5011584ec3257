/* SPDX-License-Identifier: MIT */
/* A session of a user's whole network (--rtl-noc FILE[:MODULE],
 * docs/own-rtl.md "A whole network"): the declared --net and --algo give
 * the collective and its lower bound; the user's module only has to have
 * the contract's ports. Checked message by message. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "xc_bound.h"
#include "xc_dut_noc.h"
#include "xc_gtkw.h"
#include "xc_session_int.h"

/* A product network's total exchange: the schedule's steps, its bound,
 * and our routers' cycles (steps + 1: the start write loads step 1). */
static xc_status prepare_te(xc_ses_noc *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    const int algo = xc_algo_parse(o->algo);
    xc_err err;
    xc_status st;
    if (algo != XC_ALGO_TE_NI && algo != XC_ALGO_TE_A1 && algo != XC_ALGO_TE_A2)
        return xc_fail(serr, XC_EINVAL, "--algo '%s': allowed with --rtl-noc on a product network: te-ni, "
                       "te-a1, te-a2, perm", o->algo);
    const xc_sched_opts so = {&o->pn, (xc_algo)algo, algo == XC_ALGO_TE_A2, 0};
    xc_sched_plan plan;
    uint64_t steps;
    if ((st = xc_sched_plan_for(&so, &plan, &err)) ||
        (st = xc_noc_coll_te(&r->coll, &o->pn, algo, algo == XC_ALGO_TE_A2, &steps, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    r->collective = "total exchange in the schedule's order";
    r->bound = plan.bound;
    r->bound_name = plan.bound_name;
    r->own = steps + 1;
    r->own_name = "store-and-forward routers, steps + 1";
    return XC_OK;
}

/* The collective of the declared --net and --algo, its bound, our RTL's time. */
static xc_status prepare_collective(xc_ses_noc *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    xc_min m;
    const int perm = !strcmp(o->algo, "perm");
    if (r->min && (st = xc_min_parse(&m, o->net, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    if (!r->min && !perm)
        return prepare_te(r, serr);
    if (!perm && strcmp(o->algo, "latin"))
        return xc_fail(serr, XC_EINVAL, "--algo '%s': allowed with --rtl-noc on a MIN: latin, perm", o->algo);
    const uint32_t n = r->min ? m.n_lines : o->pn.nodes;
    if (perm) {
        st = xc_noc_coll_perm(&r->coll, n, o->seed, &err);
        r->collective = "one message a node, to a permutation drawn from the seed";
        r->bound_name = "n/a";
    } else {
        st = xc_noc_coll_latin(&r->coll, &m, &err);
        r->collective = "Latin-square exchange, l = 0, input j sends to P^l[j][x] in step x";
        r->bound = r->own = m.n_lines + m.log_n;
        r->bound_name = "N + log2 N";
        r->own_name = "the MIN, xor mode";
    }
    return st ? xc_fail(serr, st, "%s", err.msg) : XC_OK;
}

xc_status xc_ses_noc_open(xc_ses_noc *r, xc_err *err)
{
    const xc_run_opts *o = r->o;
    xc_status st;
    if (!o->algo)
        return xc_fail(err, XC_EINVAL, "--algo is required with --rtl-noc (MIN: latin, perm; product "
                       "network: te-ni, te-a1, te-a2, perm)");
    r->min = xc_min_topo_lookup(o->net, strcspn(o->net, ":*")) >= 0;
    if ((st = prepare_collective(r, err)))
        return st;
    if (r->coll.nodes > XC_NOC_MAX_N)
        return xc_fail(err, XC_EINVAL, "--net '%s': %u nodes, a user's network has at most %d", o->net,
                       r->coll.nodes, XC_NOC_MAX_N);
    return o->trace ? xc_ses_prepare_trace(o->trace, err) : XC_OK;
}

/* The GTKWave save file beside the trace: the handshakes, then the data
 * (one message a W-bit slice), a marker on the failure. why gets the
 * reason it could not be written ("" when it was). */
static void write_gtkw(xc_ses_noc *r, xc_err *why)
{
    const xc_run_opts *o = r->o;
    const unsigned n = r->coll.nodes, bits = n * o->noc_w;
    const unsigned long mark = r->res.fail ? r->res.fail_cycle : 0;
    char filter[1200], title[160];
    snprintf(title, sizeof title, "%s on %s %s", o->user.module, o->net, o->algo);
    why->msg[0] = '\0';
    FILE *f = xc_gtkw_begin(o->trace, title, mark ? mark : 1, mark, r->gtkw, sizeof r->gtkw, filter, sizeof filter,
                            why);
    if (!f)
        return;
    fprintf(f, GTKW_GROUP_OPEN "\n-handshakes\n" GTKW_BIN "\nxchg.clk_i\nxchg.rst_ni\n");
    fprintf(f, GTKW_HEX "\nxchg.in_valid_i[%u:0]\nxchg.in_ready_o[%u:0]\nxchg.out_valid_o[%u:0]\n"
            "xchg.out_ready_i[%u:0]\n", n - 1, n - 1, n - 1, n - 1);
    fprintf(f, GTKW_GROUP_END "\n-handshakes\n");
    fprintf(f, GTKW_GROUP_OPEN "\n-data: node i at [i*W +: W]\n" GTKW_HEX "\nxchg.in_data_i[%u:0]\n"
            "xchg.out_data_o[%u:0]\n" GTKW_GROUP_END "\n-data: node i at [i*W +: W]\n", bits - 1, bits - 1);
    xc_gtkw_end(f, r->gtkw, mark ? mark : 1, mark, why);
}

xc_status xc_ses_noc_run(xc_ses_noc *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    const unsigned n = r->coll.nodes;
    /* the trace is written under its temporary name, renamed once whole
     * (xc_ses_verify_traces) */
    char trace_tmp[XC_RUN_PATH];
    const int traced = o->trace && !xc_ses_trace_tmp(o->trace, trace_tmp, sizeof trace_tmp);
    xc_dut_opts dopts = {.trace_path = traced ? trace_tmp : NULL, .trace_from = o->trace_from,
                         .trace_to = o->trace_to, .quiet = o->quiet};
    xc_ses_vl_opts(o, &dopts);
    const xc_noc_drv_opts dro = {n, o->noc_w, o->noc_barrier, o->noc_ready_random, o->seed, o->noc_watchdog,
                                 o->timeout};
    xc_noc_drv *drv = NULL;
    xc_dut_noc *dut = NULL;
    xc_err err;
    xc_status st = xc_noc_drv_new(&drv, r->coll.msgs, r->coll.count, &dro, &err);
    if (!st)
        st = xc_dut_noc_open(&dut, &o->user, n, o->noc_w, &dopts, &r->build_seconds, &err);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (!st)
        st = xc_noc_drv_run(drv, dut, &r->res, &err);
    r->sim_seconds = xc_session_seconds_since(&t0);
    if (dut)
        xc_dut_noc_close(dut);
    xc_noc_drv_free(drv);
    if (st)
        return xc_fail(serr, st, "%s", err.msg);
    xc_err why = {""};
    if (o->trace)
        write_gtkw(r, &why);
    if (o->trace && (st = xc_ses_verify_traces(o, "", why.msg, r->res.cycles, serr)))
        return st;
    if (r->res.fail) {
        snprintf(r->verdict.buf, sizeof r->verdict.buf, "%s: %s", xc_noc_fail_name(r->res.fail), r->res.why);
        r->verdict.why = r->verdict.buf;
    }
    return XC_OK;
}

void xc_ses_noc_close(xc_ses_noc *r)
{
    xc_ses_remove_traces(r->o->trace, "");
    xc_noc_coll_free(&r->coll);
}
