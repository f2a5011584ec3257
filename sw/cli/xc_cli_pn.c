/* SPDX-License-Identifier: MIT */
/* What both product-network run commands (store and forward, circuit)
 * report the same way: the verdict of the harness and firmware, the waves'
 * save file, the tail of the JSON and text reports. */
#include <stdio.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cp_pn.h"
#include "xc_gtkw_pn.h"
#include "xc_lockstep_pn.h"

const char *xc_cli_pn_verdict(const xc_lsp *ls, xc_status cp_st, const char *cp_msg, const xc_cp_pn_report *rep,
                              char *buf, size_t cap)
{
    xc_err why;
    if (ls->halted == XC_LS_MISMATCH)
        snprintf(buf, cap, "RTL differs from the golden model at cycle %lu: %s", ls->mismatch_cycle, ls->mismatch_why);
    else if (ls->halted == XC_LS_TIMEOUT)
        snprintf(buf, cap, "timed out after %lu cycles", ls->cycle);
    else if (cp_st)
        snprintf(buf, cap, "control processor: %s", cp_msg);
    else if (rep->errors)
        snprintf(buf, cap, "router error at step %u, node %u, port %u: %s", rep->err_step, rep->err_info >> 12,
                 (rep->err_info >> 4) & 0xFFu, xc_pn_err_name(rep->err_info & 15u));
    else if (xc_score_verdict(&ls->score, &why))
        snprintf(buf, cap, "scoreboard: %s", why.msg);
    else
        return NULL;
    return buf;
}

void xc_cli_pn_waves(const xc_pn_hw *hw, const xc_lsp *ls, const char *trace, char *gtkw, size_t cap)
{
    xc_err err;
    gtkw[0] = '\0';
    if (!trace)
        return;
    const int mm = ls->halted == XC_LS_MISMATCH;
    xc_gtkw_min_opts g = {.fst = trace, .focus = mm ? ls->mismatch_elem : NULL};
    g.marker_cycle = mm ? ls->mismatch_cycle : 0;
    g.window_cycle = g.marker_cycle ? g.marker_cycle - (g.marker_cycle > 8 ? 8 : 0) : ls->first_step;
    if (xc_gtkw_pn_write(hw, &g, gtkw, cap, &err) != XC_OK)
        fprintf(stderr, "xchg run: %s\n", err.msg);
}

void xc_cli_pn_rerr_json(const xc_cp_pn_report *rep, char *buf, size_t cap)
{
    snprintf(buf, cap, "null");
    if (rep->errors)
        snprintf(buf, cap, "{\"step\":%u,\"element\":\"n%u.p%u\",\"code\":%u,\"what\":\"%s\"}", rep->err_step,
                 rep->err_info >> 12, (rep->err_info >> 4) & 0xFFu, rep->err_info & 15u,
                 xc_pn_err_name(rep->err_info & 15u));
}

void xc_cli_pn_json_tail(const xc_lsp *ls, const char *trace, const char *verdict)
{
    if (ls->halted == XC_LS_MISMATCH) {
        printf("\"first_mismatch\":{\"cycle\":%lu,\"step\":%u,\"element\":\"%s\",\"detail\":", ls->mismatch_cycle,
               ls->mismatch_step, ls->mismatch_elem);
        xc_json_str(stdout, ls->mismatch_why);
        printf("},");
    } else {
        printf("\"first_mismatch\":null,");
    }
    printf("\"trace\":");
    if (trace)
        xc_json_str(stdout, trace);
    else
        printf("null");
    printf(",\"golden_trace\":null,\"pass\":%s}\n", verdict ? "false" : "true");
}

void xc_cli_pn_text_tail(const xc_lsp *ls, int golden, int rtl, const char *trace, const char *gtkw,
                         const xc_cp_pn_report *rep, const char *verdict)
{
    xc_cli_run_compared(ls->cycle, golden, rtl, ls->halted == XC_LS_MISMATCH);
    if (trace)
        printf("  waves        %s\n  view         gtkwave -S %.*s.tcl %s\n", trace, (int)(strlen(gtkw) - 5), gtkw, gtkw);
    if (rep->errors)
        printf("  router error %u router(s); first at step %u, node %u, port %u: %s\n", rep->errors, rep->err_step,
               rep->err_info >> 12, (rep->err_info >> 4) & 0xFFu, xc_pn_err_name(rep->err_info & 15u));
    if (ls->halted == XC_LS_MISMATCH)
        printf("  first mismatch  cycle %lu, element %s: %s\n", ls->mismatch_cycle, ls->mismatch_elem, ls->mismatch_why);
    printf("%s\n", verdict ? "FAIL" : "PASS");
}
