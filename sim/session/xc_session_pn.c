/* SPDX-License-Identifier: MIT */
/* What the routers' sessions (store and forward, wormhole) share: their
 * faults, the harness opened and settled, the verdict, the save file. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "xc_gtkw_pn.h"
#include "xc_num.h"
#include "xc_session_int.h"

static const char *const kind_names[] = {"none", "switch", "drop", "dup", "corrupt", "port"};

const char *xc_run_pn_kind_name(int kind) { return kind_names[kind]; }

/* One --inject KIND:n<node>[.p<port>]@<cycle> for the routers of hw. */
static xc_status pn_inject(const char *text, const xc_pn_hw *hw, xc_run_pn_inject *inj, xc_err *err)
{
    const char *colon = strchr(text, ':');
    int k = -1;
    for (int i = XC_FAULT_DROP; colon && i <= XC_FAULT_PORT; i++)
        if ((size_t)(colon - text) == strlen(kind_names[i]) && !strncmp(text, kind_names[i], (size_t)(colon - text)))
            k = i;
    if (k < 0)
        return xc_fail(err, XC_EINVAL, "--inject '%s': KIND is one of drop, dup, corrupt, port", text);
    uint64_t v[3];
    const char *w = colon + 1;
    *inj = (xc_run_pn_inject){.kind = k, .port = -1};
    if (xc_num_match(w, "n#.p#@#", UINT32_MAX, v))
        inj->port = (int)(v[1] < INT32_MAX ? v[1] : INT32_MAX), v[1] = v[2];
    else if (!xc_num_match(w, "n#@#", UINT32_MAX, v))
        return xc_fail(err, XC_EINVAL, "--inject '%s': expected KIND:n<node>[.p<port>]@<cycle>", text);
    if (v[0] >= hw->nodes || (inj->port >= 0 && (uint32_t)inj->port >= hw->ports) || v[1] < 1)
        return xc_fail(err, XC_EINVAL, "--inject '%s': node < %u, port < %u, cycle >= 1 on %s", text, hw->nodes,
                       hw->ports, hw->net.spec);
    inj->node = (uint32_t)v[0];
    inj->cycle = (long)v[1];
    return XC_OK;
}

xc_status xc_ses_pn_injects(const xc_run_opts *o, const xc_pn_hw *hw, xc_run_pn_inject *inj, xc_err *err)
{
    xc_status st;
    for (int i = 0; i < o->n_inject; i++)
        if ((st = pn_inject(o->inject[i], hw, &inj[i], err)))
            return st;
    return XC_OK;
}

void xc_ses_pn_plusargs(const xc_run_pn_inject *inj, int n, char plus[][4][1200], const char **plusargs)
{
    for (int i = 0, np = 0; i < n; i++) {
        snprintf(plus[i][0], sizeof plus[i][0], "+xchg_f%d_kind=%d", i, inj[i].kind);
        snprintf(plus[i][1], sizeof plus[i][1], "+xchg_f%d_node=%u", i, inj[i].node);
        snprintf(plus[i][2], sizeof plus[i][2], "+xchg_f%d_cycle=%ld", i, inj[i].cycle);
        snprintf(plus[i][3], sizeof plus[i][3], "+xchg_f%d_port=%d", i, inj[i].port);
        for (int j = 0; j < 4; j++)
            plusargs[np++] = plus[i][j];
    }
}

xc_status xc_ses_inject_in_range(const xc_run_opts *o, int i, const char *what, long c, const xc_run_span *sp,
                                 xc_err *err)
{
    /* lo 0: the run stopped (a mismatch) before its first cycle was
     * known; nothing to compare with, and the fault did its work */
    const int inside = sp->lo == 0 || (c >= 0 && (unsigned long)c >= sp->lo && (!sp->ended || (unsigned long)c <= sp->hi));
    if (o->inject_anywhere || c < 0 || (o->random_inject >> i & 1u) || inside)
        return XC_OK;
    return xc_fail(err, XC_EINVAL, "--inject %s: cycle %ld is outside the exchange, cycles %lu..%lu%s "
                   "(--inject-anywhere allows it)", what, c, sp->lo, sp->ended ? sp->hi : sp->stop,
                   sp->ended ? "" : " before the run stopped");
}

void xc_run_pn_element(const xc_run_pn_inject *inj, char *elem, size_t cap)
{
    int len = snprintf(elem, cap, "n%u", inj->node);
    if (inj->port >= 0 && len >= 0 && (size_t)len < cap)
        snprintf(elem + len, cap - (size_t)len, ".p%d", inj->port);
}

xc_status xc_ses_pn_injects_in_range(const xc_run_opts *o, const xc_run_pn_inject *inj, const xc_run_span *sp,
                                     xc_err *err)
{
    xc_status st;
    for (int i = 0; i < o->n_inject; i++) {
        char elem[48], what[96];
        xc_run_pn_element(&inj[i], elem, sizeof elem);
        snprintf(what, sizeof what, "%s:%s@%ld", kind_names[inj[i].kind], elem, inj[i].cycle);
        if ((st = xc_ses_inject_in_range(o, i, what, inj[i].cycle, sp, err)))
            return st;
    }
    return XC_OK;
}

unsigned xc_ses_pn_fired(const xc_run_pn_outcome *u, const xc_run_pn_inject *inj, int n)
{
    unsigned fired = 0;
    xc_err err;
    for (int i = 0; u->ls.dut && i < n; i++) {
        unsigned bits = 0;
        if (xc_dut_pn_fired(u->ls.dut, inj[i].node, &bits, &err) == XC_OK)
            fired |= bits & (1u << i);
    }
    return fired;
}

const char *xc_ses_halt_verdict(const xc_lsc *core, int hidden, xc_status cp_st, const char *cp_msg, char *buf,
                                size_t cap)
{
    if (core->halted == XC_LS_MISMATCH && hidden) /* its cycle, not where */
        snprintf(buf, cap, "RTL differs from the golden model at cycle %lu, %s", core->mismatch_cycle,
                 xc_ses_hidden_why);
    else if (core->halted == XC_LS_MISMATCH)
        snprintf(buf, cap, "RTL differs from the golden model at cycle %lu: %s", core->mismatch_cycle,
                 core->mismatch_why);
    else if (core->halted == XC_LS_TIMEOUT)
        snprintf(buf, cap, "timed out after %lu cycles", core->cycle);
    else if (cp_st)
        snprintf(buf, cap, "control processor: %s", cp_msg);
    else
        return NULL;
    return buf;
}

/* The verdict the harness and firmware decide (mismatch, time-out,
 * control processor, router error, scoreboard), into buf and returned;
 * NULL when all of them passed. */
static const char *pn_verdict(const xc_lsp *ls, int hidden, xc_status cp_st, const char *cp_msg,
                              const xc_cp_pn_report *rep, char *buf, size_t cap)
{
    xc_err why;
    if (xc_ses_halt_verdict(&ls->core, hidden, cp_st, cp_msg, buf, cap))
        return buf;
    if (rep->errors)
        snprintf(buf, cap, "router error at step %u, node %u, port %u: %s", rep->err_step,
                 XC_FIELD_GET(rep->err_info, PN_ERR_NODE), XC_FIELD_GET(rep->err_info, PN_ERR_PORT),
                 xc_pn_err_name(XC_FIELD_GET(rep->err_info, PN_ERR_CODE)));
    else if (xc_score_verdict(&ls->core.score, &why))
        snprintf(buf, cap, "scoreboard: %s", why.msg);
    else
        return NULL;
    return buf;
}

xc_status xc_ses_pn_open(xc_run_pn_outcome *u, const xc_pn_hw *hw, const xc_lsp_opts *lo, xc_err *serr)
{
    xc_err err;
    xc_status st = xc_lsp_open(&u->ls, hw, lo, &err);
    if (st)
        return xc_fail(serr, st, "%s", err.msg);
    clock_gettime(CLOCK_MONOTONIC, &u->t0);
    return XC_OK;
}

unsigned long xc_run_delivered(const xc_score *score, unsigned long expected)
{
    const unsigned long missing = xc_score_missing(score);
    return expected - (missing < expected ? missing : expected);
}

void xc_ses_pn_settle(xc_run_pn_outcome *u, int hidden, xc_status cp_st, const char *cp_msg, unsigned long expected)
{
    xc_err why;
    u->sim_seconds = xc_session_seconds_since(&u->t0);
    if (u->ls.core.halted == XC_LS_MISMATCH)
        xc_lsp_idle(&u->ls, 4);
    u->verdict.why = pn_verdict(&u->ls, hidden, cp_st, cp_msg, &u->rep, u->verdict.buf, sizeof u->verdict.buf);
    u->score_st = xc_score_verdict(&u->ls.core.score, &why);
    u->expected = expected;
    u->delivered_ok = xc_run_delivered(&u->ls.core.score, expected);
    u->first_step = u->ls.first_step;
    u->build_seconds = u->ls.build_seconds;
    u->rtl_model = !u->ls.dut ? NULL : xc_dut_pn_is_tiled(u->ls.dut) ? "tiled" : "flat";
}

void xc_ses_pn_waves(const xc_pn_hw *hw, const xc_lsp *ls, const char *trace, char *gtkw, size_t cap, char *why,
                     size_t why_cap)
{
    xc_err err;
    gtkw[0] = '\0';
    why[0] = '\0';
    if (!trace)
        return;
    const int mm = ls->core.halted == XC_LS_MISMATCH;
    xc_gtkw_min_opts g = {.fst = trace, .focus = mm ? ls->core.mismatch_elem : NULL};
    g.marker_cycle = mm ? ls->core.mismatch_cycle : 0;
    g.window_cycle = g.marker_cycle ? g.marker_cycle - (g.marker_cycle > 8 ? 8 : 0) : ls->first_step;
    if (xc_gtkw_pn_write(hw, &g, gtkw, cap, &err) != XC_OK)
        snprintf(why, why_cap, "%s", err.msg); /* xc_ses_verify_traces reports it */
}
