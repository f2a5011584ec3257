/* SPDX-License-Identifier: MIT */
/* What the reports of xchg run share, and the one run of a spec: its
 * session opened, run, reported and closed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_json.h"
#include "xc_run.h"

const char *xc_run_sim_words(const xc_run_opts *o)
{
    return o->golden && o->rtl ? "lock-step: RTL (Verilator) and golden model compared every cycle"
           : o->rtl            ? "RTL (Verilator) only"
                               : "golden model only";
}

void xc_run_pn_faults_json(xc_json *j, const xc_run_opts *o, const xc_run_pn_inject *inj, unsigned fired)
{
    /* counts only: they name no fault, hidden or not */
    const int n = o->n_inject;
    unsigned n_fired = 0;
    for (int i = 0; i < n; i++)
        n_fired += fired >> i & 1u;
    xc_json_uint(j, "faults_injected", (unsigned)n);
    xc_json_uint(j, "faults_fired", n_fired);
    if (!xc_run_json_seed(j, o))
        return; /* hidden: an empty "injections" */
    xc_json_arr(j, "injections");
    for (int i = 0; i < n; i++) {
        char elem[48];
        xc_run_pn_element(&inj[i], elem, sizeof elem);
        xc_json_obj(j, NULL);
        xc_json_str(j, "kind", xc_run_pn_kind_name(inj[i].kind));
        xc_json_str(j, "element", elem);
        xc_json_int(j, "cycle", inj[i].cycle);
        xc_json_bool(j, "fired", fired >> i & 1u);
        xc_json_end(j);
    }
    xc_json_end(j);
}

void xc_run_pn_injects_text(const xc_run_pn_inject *inj, int n, unsigned fired)
{
    for (int i = 0; i < n; i++) {
        char elem[48];
        xc_run_pn_element(&inj[i], elem, sizeof elem);
        if (fired >> i & 1u)
            printf("  injection    %s:%s@%ld fired: it changed what left %s (a flit or its port)\n",
                   xc_run_pn_kind_name(inj[i].kind), elem, inj[i].cycle, elem);
        else
            printf("  injection    %s:%s@%ld never fired: nothing left %s then that it could change\n",
                   xc_run_pn_kind_name(inj[i].kind), elem, inj[i].cycle, elem);
    }
}

void xc_run_pn_rerr_json(xc_json *j, const xc_cp_pn_report *rep)
{
    if (!rep->errors) {
        xc_json_null(j, "first_router_error");
        return;
    }
    char elem[48];
    snprintf(elem, sizeof elem, "n%u.p%u", XC_FIELD_GET(rep->err_info, PN_ERR_NODE),
             XC_FIELD_GET(rep->err_info, PN_ERR_PORT));
    xc_json_obj(j, "first_router_error");
    xc_json_uint(j, "step", rep->err_step);
    xc_json_str(j, "element", elem);
    xc_json_uint(j, "code", XC_FIELD_GET(rep->err_info, PN_ERR_CODE));
    xc_json_str(j, "what", xc_pn_err_name(XC_FIELD_GET(rep->err_info, PN_ERR_CODE)));
    xc_json_end(j);
}

void xc_run_mismatch_json(xc_json *j, const xc_lsc *core, int with_step, int hidden)
{
    if (core->halted != XC_LS_MISMATCH) {
        xc_json_null(j, "first_mismatch");
        return;
    }
    xc_json_obj(j, "first_mismatch");
    xc_json_uint(j, "cycle", core->mismatch_cycle);
    if (with_step)
        xc_json_uint(j, "step", core->mismatch_step);
    xc_json_str(j, "element", hidden ? "hidden" : core->mismatch_elem);
    xc_json_str(j, "detail", hidden ? xc_ses_hidden_why : core->mismatch_why);
    xc_json_end(j);
}

void xc_run_pn_cycles_json(xc_json *j, const xc_run_pn_outcome *u, int first_injection)
{
    xc_json_uint(j, "config_cycles", u->rep.bus_tables);
    xc_json_uint(j, "message_cycles", u->rep.bus_messages);
    xc_json_uint(j, "control_cycles", u->rep.bus_control);
    xc_json_uint(j, "first_step_cycle", u->first_step);
    if (first_injection)
        xc_json_uint(j, "first_injection_cycle", u->first_step);
    xc_json_uint(j, "sim_cycles", u->ls.core.cycle);
    xc_json_real(j, "sim_seconds", "%.6f", u->sim_seconds);
    xc_json_real(j, "build_seconds", "%.3f", u->build_seconds);
    xc_json_str(j, "rtl_model", u->rtl_model);
}

void xc_run_pn_rerr_text(const xc_cp_pn_report *rep)
{
    if (rep->errors)
        printf("  router error %u router(s); first at step %u, node %u, port %u: %s\n", rep->errors, rep->err_step,
               XC_FIELD_GET(rep->err_info, PN_ERR_NODE), XC_FIELD_GET(rep->err_info, PN_ERR_PORT),
               xc_pn_err_name(XC_FIELD_GET(rep->err_info, PN_ERR_CODE)));
}

void xc_run_text_end(const xc_lsc *core, const char *verdict, int hidden)
{
    if (core->halted == XC_LS_MISMATCH && hidden)
        printf("  first mismatch  cycle %lu, %s\n", core->mismatch_cycle, xc_ses_hidden_why);
    else if (core->halted == XC_LS_MISMATCH)
        printf("  first mismatch  cycle %lu, element %s: %s\n", core->mismatch_cycle, core->mismatch_elem,
               core->mismatch_why);
    printf("%s\n", verdict ? "FAIL" : "PASS");
}

void xc_run_compared(unsigned long cycles, int golden, int rtl, int mismatch)
{
    printf("  compared     %lu cycles%s\n", cycles,
           golden && rtl ? (mismatch ? ", stopped at the first mismatch" : ", no mismatch")
                         : " (one model: nothing to compare)");
}

void xc_run_waves(const char *trace, const char *golden_fst, const char *gtkw, int golden, int rtl)
{
    if (!trace)
        return;
    const int base = (int)(strlen(gtkw) - 5);
    if (rtl)
        printf("  waves (RTL)     %s\n", trace);
    if (golden)
        printf("  waves (golden)  %s\n", golden_fst);
    printf("  view            gtkwave -S %.*s.tcl %s%s%s\n", base, gtkw, rtl ? "" : golden_fst, rtl ? "" : " ", gtkw);
    if (rtl && golden)
        printf("  side by side    twinwave %s %s + %s %s\n", trace, gtkw, golden_fst, gtkw);
}

void xc_run_json_score(xc_json *j, unsigned long delivered, unsigned long expected, const xc_score *score)
{
    xc_json_uint(j, "delivered", delivered);
    xc_json_uint(j, "expected", expected);
    xc_json_uint(j, "duplicates", score->duplicates);
    xc_json_uint(j, "misrouted", score->misrouted);
    xc_json_uint(j, "corrupt", score->corrupt);
}

void xc_run_json_traces(xc_json *j, const char *trace, const char *golden_fst, int golden, int rtl, int pass)
{
    xc_json_str(j, "trace", trace && rtl ? trace : NULL);
    xc_json_str(j, "golden_trace", trace && golden ? golden_fst : NULL);
    xc_json_bool(j, "pass", pass);
}

void xc_run_user_json(xc_json *j, const xc_run_opts *o, const char *level)
{
    if (!o->has_user) {
        xc_json_null(j, "user_rtl");
        return;
    }
    char hash[20];
    snprintf(hash, sizeof hash, "%016llx", (unsigned long long)o->user.hash);
    xc_json_obj(j, "user_rtl");
    xc_json_str(j, "level", level);
    xc_json_str(j, "file", o->user.path);
    xc_json_str(j, "module", o->user.module);
    xc_json_str(j, "hash", hash);
    xc_json_end(j);
}

void xc_run_user_text(const xc_run_opts *o, const char *where)
{
    if (o->has_user)
        printf("  your RTL     %s, module %s, %s\n", o->user.shown, o->user.module, where);
}

/* The family's report of a session. */
static const xc_run_report *report_of(xc_run_family family)
{
    switch (family) {
    case XC_RUN_MIN: return &xc_report_min;
    case XC_RUN_SF: return &xc_report_sf;
    case XC_RUN_WH: return &xc_report_wh;
    default: return &xc_report_noc;
    }
}

/* The session's verdict on stderr (exit 1), as it is given: a hidden
 * fault's is already its cycle only; or nothing (exit 0). */
static int run_exit(const char *verdict)
{
    return verdict ? xc_cli_error("run", XC_ECHECK, "%s", verdict) : 0;
}

int xc_run_session(const xc_run_opts *o)
{
    xc_session *s = NULL;
    xc_err err;
    xc_status st = xc_session_open(&s, o, &err);
    if (!st)
        st = xc_session_run(s, &err);
    int rc = st ? xc_cli_error("run", st, "%s", err.msg) : 0;
    if (!st) {
        const xc_run_report *k = report_of(o->family);
        (o->json ? k->json : k->text)(s);
        rc = run_exit(xc_session_verdict(s));
    }
    xc_session_close(s);
    return rc;
}
