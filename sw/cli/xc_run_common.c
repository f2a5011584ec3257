/* SPDX-License-Identifier: MIT */
/* What the three runners of xchg run share: trace files, the routers'
 * fault injection, verdicts, and the report lines written the same way. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_cp_pn.h"
#include "xc_fs.h"
#include "xc_gtkw_pn.h"
#include "xc_json.h"
#include "xc_lockstep_pn.h"
#include "xc_partial.h"
#include "xc_run.h"
#include "xc_wave_file.h"

const char *xc_run_sim_name(const xc_run_opts *o)
{
    return o->golden && o->rtl ? "lockstep" : o->rtl ? "rtl" : "golden";
}

const char *xc_run_sim_words(const xc_run_opts *o)
{
    return o->golden && o->rtl ? "lock-step: RTL (Verilator) and golden model compared every cycle"
           : o->rtl            ? "RTL (Verilator) only"
                               : "golden model only";
}

int xc_run_trace_tmp(const char *final, char *buf, size_t cap)
{
    const size_t len = strlen(final); /* ends in .fst or .vcd (xc_cmd_run.c) */
    return xc_path(buf, cap, "%.*s.tmp%ld%s", (int)(len - 4), final, (long)getpid(), final + len - 4);
}

/* Every file a traced run writes, listed as unfinished until the run
 * ends: a stop signal removes them (xc_partial.h): the temporary names of
 * both traces, their FST writers' .hier temporaries, the save files. -1
 * (nothing listed) when a name does not fit in a path. */
static int track_trace_files(const char *trace)
{
    enum { N = 6 };
    const int base = (int)(strlen(trace) - 4);
    char path[N][XC_RUN_PATH], golden[XC_RUN_PATH];
    if (xc_run_trace_tmp(trace, path[0], sizeof path[0]) || xc_path(path[1], sizeof path[1], "%s.hier", path[0]) ||
        xc_path(golden, sizeof golden, "%.*s.golden%s", base, trace, trace + base) ||
        xc_run_trace_tmp(golden, path[2], sizeof path[2]) || xc_path(path[3], sizeof path[3], "%s.hier", path[2]) ||
        xc_path(path[4], sizeof path[4], "%.*s.gtkw", base, trace) || xc_path(path[5], sizeof path[5], "%.*s.tcl", base, trace))
        return -1;
    for (int i = 0; i < N; i++)
        xc_partial_add(path[i], 0);
    return 0;
}

/* 1 when name is PREFIX<digits>EXT or PREFIX<digits>EXT.hier for a process
 * that no longer runs: a temporary trace a killed run left */
static int stale(const char *name, const char *prefix, const char *ext)
{
    const size_t n = strlen(prefix);
    if (strncmp(name, prefix, n) || !strchr("0123456789", name[n]) || !name[n])
        return 0;
    char *end;
    const long pid = strtol(name + n, &end, 10);
    const size_t e = strlen(ext);
    if (strncmp(end, ext, e) || (end[e] && strcmp(end + e, ".hier")) || pid <= 0 || pid == (long)getpid())
        return 0;
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* Removes from trace's folder the temporary traces of runs that were
 * killed (SIGKILL, the OOM killer: no handler ran): NAME.tmpPID.EXT and
 * NAME.golden.tmpPID.EXT, with their .hier, of a PID that is gone. */
static void remove_stale(const char *trace)
{
    char dir[XC_RUN_PATH], pre[2][XC_RUN_PATH], path[XC_RUN_PATH];
    const char *slash = strrchr(trace, '/'), *name = slash ? slash + 1 : trace, *ext = trace + strlen(trace) - 4;
    const int stem = (int)(ext - name);
    if (xc_path(dir, sizeof dir, "%.*s", slash ? (int)(slash - trace) + 1 : 1, slash ? trace : ".") ||
        xc_path(pre[0], sizeof pre[0], "%.*s.tmp", stem, name) ||
        xc_path(pre[1], sizeof pre[1], "%.*s.golden.tmp", stem, name))
        return;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        if ((stale(e->d_name, pre[0], ext) || stale(e->d_name, pre[1], ext)) &&
            !xc_path(path, sizeof path, "%s/%s", dir, e->d_name))
            unlink(path);
    if (d)
        closedir(d);
}

int xc_run_prepare_trace(const char *trace)
{
    if (track_trace_files(trace) != 0)
        return xc_cli_error("run", XC_EINVAL, "--trace '%s': too long for the names written beside it "
                            "(FILE.golden.fst.hier: at most %d characters in all)", trace, XC_RUN_PATH - 1);
    if (xc_mkdir_for(trace) != 0) {
        xc_partial_clear();
        return xc_cli_error("run", XC_EIO, "--trace '%s': cannot create its folder", trace);
    }
    remove_stale(trace);
    char tmp[XC_RUN_PATH];
    xc_run_trace_tmp(trace, tmp, sizeof tmp); /* fits: tracked above */
    FILE *f = fopen(tmp, "w"); /* a folder the trace cannot be written in is refused now */
    if (!f) {
        xc_partial_clear();
        return xc_cli_error("run", XC_EIO, "--trace '%s': cannot write it", trace);
    }
    fclose(f);
    remove(tmp);
    return 0;
}

xc_lsc_opts xc_run_core_opts(const xc_run_opts *o)
{
    static char rtl_tmp[XC_RUN_PATH]; /* the RTL's trace, renamed to o->trace once whole */
    xc_lsc_opts c = {.golden = o->golden, .rtl = o->rtl, .progress = !o->quiet && isatty(2)};
    c.dut.trace_path = o->rtl && o->trace && !xc_run_trace_tmp(o->trace, rtl_tmp, sizeof rtl_tmp) ? rtl_tmp : NULL;
    c.dut.trace_from = o->trace_from;
    c.dut.trace_to = o->trace_to;
    c.dut.quiet = o->quiet;
    return c;
}

void xc_run_vl_opts(const xc_run_opts *o, xc_dut_opts *dut)
{
    dut->coverage_path = o->coverage;
    dut->threads = o->threads;
    dut->vflags = o->vflags;
    dut->fcov_path = o->fcov;
    dut->user = o->has_user ? &o->user : NULL;
    dut->built = o->built;
    int np = 0;
    while (np < XC_DUT_PLUSARGS && dut->plusargs[np])
        np++;
    for (int i = 0; i < o->n_plusarg && np < XC_DUT_PLUSARGS; i++) {
        dut->plusargs[np++] = o->plusarg[i];
        dut->faults |= !strncmp(o->plusarg[i], "+xchg_f", 7); /* a fault slot by hand */
    }
}

void xc_run_golden_fst(const char *trace, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (trace) /* fits: xc_run_prepare_trace checked */
        xc_path(buf, cap, "%.*s.golden%s", (int)(strlen(trace) - 4), trace, trace + strlen(trace) - 4);
}

void xc_run_remove_traces(const char *trace, const char *golden_fst)
{
    char tmp[XC_RUN_PATH];
    if (trace && !xc_run_trace_tmp(trace, tmp, sizeof tmp))
        remove(tmp);
    if (trace && golden_fst && golden_fst[0] && !xc_run_trace_tmp(golden_fst, tmp, sizeof tmp))
        remove(tmp);
}

/* Renames the whole traces' temporaries to their names: 0, or XC_EWRITE. */
static xc_status publish(const xc_run_opts *o, const char *golden_fst, xc_err *err)
{
    char tmp[XC_RUN_PATH];
    if (o->rtl && (xc_run_trace_tmp(o->trace, tmp, sizeof tmp) || rename(tmp, o->trace)))
        return xc_fail(err, XC_EWRITE, "cannot rename the finished trace to %s", o->trace);
    if (o->golden && golden_fst && golden_fst[0] &&
        (xc_run_trace_tmp(golden_fst, tmp, sizeof tmp) || rename(tmp, golden_fst)))
        return xc_fail(err, XC_EWRITE, "cannot rename the finished trace to %s", golden_fst);
    return XC_OK;
}

int xc_run_verify_traces(const xc_run_opts *o, const char *golden_fst, const char *gtkw_err, unsigned long cycles)
{
    if (!o->trace)
        return 0;
    xc_err err;
    xc_status st = XC_OK;
    if (o->trace_from > cycles) /* a window past the end: the trace would hold no cycle of it */
        st = xc_fail(&err, XC_EINVAL, "--trace-window %lu:%lu: the run ended at cycle %lu, before the window",
                     o->trace_from, o->trace_to, cycles);
    char tmp[XC_RUN_PATH];
    if (!st && o->rtl && !xc_run_trace_tmp(o->trace, tmp, sizeof tmp))
        st = xc_wave_verify_as(tmp, o->trace, &err);
    if (!st && o->golden && golden_fst && golden_fst[0] && !xc_run_trace_tmp(golden_fst, tmp, sizeof tmp))
        st = xc_wave_verify_as(tmp, golden_fst, &err);
    if (!st && gtkw_err && gtkw_err[0])
        st = xc_fail(&err, XC_EWRITE, "%s", gtkw_err);
    if (!st)
        st = publish(o, golden_fst, &err);
    if (!st)
        return 0;
    /* a trace that is not whole is not left behind, nor its save file */
    xc_run_remove_traces(o->trace, golden_fst);
    xc_partial_remove_all();
    xc_partial_clear();
    return xc_cli_error("run", st, "%s%s", st == XC_EINVAL ? "" : "--trace: ", err.msg);
}

double xc_run_seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0->tv_nsec);
}

static const char *const kind_names[] = {"none", "switch", "drop", "dup", "corrupt", "port"};

/* One --inject KIND:n<node>[.p<port>]@<cycle> for the routers of hw. */
static int pn_inject(const char *text, const xc_pn_hw *hw, xc_run_pn_inject *inj)
{
    const char *colon = strchr(text, ':');
    int k = -1;
    for (int i = XC_FAULT_DROP; colon && i <= XC_FAULT_PORT; i++)
        if ((size_t)(colon - text) == strlen(kind_names[i]) && !strncmp(text, kind_names[i], (size_t)(colon - text)))
            k = i;
    if (k < 0)
        return xc_cli_error("run", XC_EINVAL, "--inject '%s': KIND is one of drop, dup, corrupt, port", text);
    uint64_t v[3];
    const char *w = colon + 1;
    *inj = (xc_run_pn_inject){.kind = k, .port = -1};
    if (xc_cli_match(w, "n#.p#@#", UINT32_MAX, v))
        inj->port = (int)(v[1] < INT32_MAX ? v[1] : INT32_MAX), v[1] = v[2];
    else if (!xc_cli_match(w, "n#@#", UINT32_MAX, v))
        return xc_cli_error("run", XC_EINVAL, "--inject '%s': expected KIND:n<node>[.p<port>]@<cycle>", text);
    if (v[0] >= hw->nodes || (inj->port >= 0 && (uint32_t)inj->port >= hw->ports) || v[1] < 1)
        return xc_cli_error("run", XC_EINVAL, "--inject '%s': node < %u, port < %u, cycle >= 1 on %s", text,
                            hw->nodes, hw->ports, hw->net.spec);
    inj->node = (uint32_t)v[0];
    inj->cycle = (long)v[1];
    return 0;
}

int xc_run_pn_injects(const xc_run_opts *o, const xc_pn_hw *hw, xc_run_pn_inject *inj)
{
    int rc;
    for (int i = 0; i < o->n_inject; i++)
        if ((rc = pn_inject(o->inject[i], hw, &inj[i])))
            return rc;
    return 0;
}

void xc_run_pn_plusargs(const xc_run_pn_inject *inj, int n, char plus[][4][1200], const char **plusargs)
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

int xc_run_inject_in_range(const xc_run_opts *o, int i, const char *what, long c, const xc_run_span *sp)
{
    /* lo 0: the run stopped (a mismatch) before its first cycle was
     * known; nothing to compare with, and the fault did its work */
    const int inside = sp->lo == 0 || (c >= 0 && (unsigned long)c >= sp->lo && (!sp->ended || (unsigned long)c <= sp->hi));
    if (o->inject_anywhere || c < 0 || (o->random_inject >> i & 1u) || inside)
        return 0;
    return xc_cli_error("run", XC_EINVAL, "--inject %s: cycle %ld is outside the exchange, cycles %lu..%lu%s "
                        "(--inject-anywhere allows it)", what, c, sp->lo, sp->ended ? sp->hi : sp->stop,
                        sp->ended ? "" : " before the run stopped");
}

/* "n5" or "n5.p1": the element of a router injection. */
static void pn_element(const xc_run_pn_inject *inj, char *elem, size_t cap)
{
    int len = snprintf(elem, cap, "n%u", inj->node);
    if (inj->port >= 0 && len >= 0 && (size_t)len < cap)
        snprintf(elem + len, cap - (size_t)len, ".p%d", inj->port);
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
        pn_element(&inj[i], elem, sizeof elem);
        xc_json_obj(j, NULL);
        xc_json_str(j, "kind", kind_names[inj[i].kind]);
        xc_json_str(j, "element", elem);
        xc_json_int(j, "cycle", inj[i].cycle);
        xc_json_bool(j, "fired", fired >> i & 1u);
        xc_json_end(j);
    }
    xc_json_end(j);
}

int xc_run_pn_injects_in_range(const xc_run_opts *o, const xc_run_pn_inject *inj, const xc_run_span *sp)
{
    for (int i = 0, rc; i < o->n_inject; i++) {
        char elem[48], what[96];
        pn_element(&inj[i], elem, sizeof elem);
        snprintf(what, sizeof what, "%s:%s@%ld", kind_names[inj[i].kind], elem, inj[i].cycle);
        if ((rc = xc_run_inject_in_range(o, i, what, inj[i].cycle, sp)))
            return rc;
    }
    return 0;
}

void xc_run_pn_injects_text(const xc_run_pn_inject *inj, int n, unsigned fired)
{
    for (int i = 0; i < n; i++) {
        char elem[48];
        pn_element(&inj[i], elem, sizeof elem);
        if (fired >> i & 1u)
            printf("  injection    %s:%s@%ld fired: it changed what left %s (a flit or its port)\n",
                   kind_names[inj[i].kind], elem, inj[i].cycle, elem);
        else
            printf("  injection    %s:%s@%ld never fired: nothing left %s then that it could change\n",
                   kind_names[inj[i].kind], elem, inj[i].cycle, elem);
    }
}

/* A hidden fault's first mismatch would name its element and kind (the
 * lock-step stops where the fault acts): only its cycle is told. */
static const char hidden_why[] = "hidden with the fault: find it in the waves (--reveal names the fault)";

/* the start of a mismatch's verdict, up to its cycle */
static const char differs[] = "RTL differs from the golden model at cycle";

const char *xc_run_halt_verdict(int halted, unsigned long mismatch_cycle, const char *mismatch_why,
                                unsigned long cycle, xc_status cp_st, const char *cp_msg, char *buf, size_t cap)
{
    if (halted == XC_LS_MISMATCH)
        snprintf(buf, cap, "%s %lu: %s", differs, mismatch_cycle, mismatch_why);
    else if (halted == XC_LS_TIMEOUT)
        snprintf(buf, cap, "timed out after %lu cycles", cycle);
    else if (cp_st)
        snprintf(buf, cap, "control processor: %s", cp_msg);
    else
        return NULL;
    return buf;
}

const char *xc_run_pn_verdict(const xc_lsp *ls, xc_status cp_st, const char *cp_msg, const xc_cp_pn_report *rep,
                              char *buf, size_t cap)
{
    xc_err why;
    if (xc_run_halt_verdict(ls->core.halted, ls->core.mismatch_cycle, ls->core.mismatch_why, ls->core.cycle, cp_st, cp_msg, buf, cap))
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

int xc_run_pn_open(xc_run_pn_outcome *u, const xc_pn_hw *hw, const xc_lsp_opts *lo, const char *trace,
                   const char *golden_fst)
{
    xc_err err;
    xc_status st = xc_lsp_open(&u->ls, hw, lo, &err);
    if (st) {
        xc_run_remove_traces(trace, golden_fst);
        return xc_cli_error("run", st, "%s", err.msg);
    }
    clock_gettime(CLOCK_MONOTONIC, &u->t0);
    return 0;
}

void xc_run_pn_settle(xc_run_pn_outcome *u, xc_status cp_st, const char *cp_msg, unsigned long expected)
{
    xc_err why;
    u->sim_seconds = xc_run_seconds_since(&u->t0);
    if (u->ls.core.halted == XC_LS_MISMATCH)
        xc_lsp_idle(&u->ls, 4);
    u->verdict = xc_run_pn_verdict(&u->ls, cp_st, cp_msg, &u->rep, u->verdict_buf, sizeof u->verdict_buf);
    u->score_st = xc_score_verdict(&u->ls.core.score, &why);
    u->expected = expected;
    u->delivered_ok = xc_run_delivered(&u->ls.core.score, expected);
    u->first_step = u->ls.first_step;
    u->build_seconds = u->ls.build_seconds;
}

void xc_run_pn_waves(const xc_pn_hw *hw, const xc_lsp *ls, const char *trace, char *gtkw, size_t cap,
                     char *why, size_t why_cap)
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
        snprintf(why, why_cap, "%s", err.msg); /* xc_run_verify_traces reports it */
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
    xc_json_str(j, "detail", hidden ? hidden_why : core->mismatch_why);
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
        printf("  first mismatch  cycle %lu, %s\n", core->mismatch_cycle, hidden_why);
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

unsigned long xc_run_delivered(const xc_score *score, unsigned long expected)
{
    const unsigned long missing = xc_score_missing(score);
    return expected - (missing < expected ? missing : expected);
}

void xc_run_json_traces(xc_json *j, const char *trace, const char *golden_fst, int golden, int rtl, int pass)
{
    xc_json_str(j, "trace", trace && rtl ? trace : NULL);
    xc_json_str(j, "golden_trace", trace && golden ? golden_fst : NULL);
    xc_json_bool(j, "pass", pass);
}

/* --fcov and --coverage, written at the end through a temporary name: their
 * folder made and that name created and removed now, so that a run that
 * could not write them is refused before it starts (exit 2, as --trace). */
static int probe_outputs(const xc_run_opts *o)
{
    const char *const paths[] = {o->fcov, o->coverage}, *const names[] = {"--fcov", "--coverage"};
    for (int i = 0; i < 2; i++) {
        char tmp[4200];
        FILE *f = NULL;
        if (!paths[i])
            continue;
        if (xc_mkdir_for(paths[i]) != 0 || xc_fs_tmp_name(tmp, sizeof tmp, paths[i]) != 0 || !(f = fopen(tmp, "w")))
            return xc_cli_error("run", XC_EIO, "%s '%s': cannot write it: %s", names[i], paths[i], strerror(errno));
        fclose(f);
        remove(tmp);
    }
    return 0;
}

int xc_run_outputs(const xc_lsc *core)
{
    return core->out_st ? xc_cli_error("run", core->out_st, "%s", core->out_err.msg) : 0;
}

int xc_run_with(const xc_run_opts *o, const xc_runner *k)
{
    void *run = calloc(1, k->size);
    if (!run)
        return xc_cli_error("run", XC_ENOMEM, "out of memory");
    *(const xc_run_opts **)run = o; /* the state's first member */
    int rc = probe_outputs(o);
    if (!rc)
        rc = k->prepare(run);
    if (!rc && !(rc = k->simulate(run))) {
        (o->json ? k->report_json : k->report_text)(run);
        rc = xc_run_exit(o, k->verdict(run));
    }
    k->release(run);
    free(run);
    return rc;
}

int xc_run_exit(const xc_run_opts *o, const char *verdict)
{
    if (!verdict)
        return 0;
    const size_t n = strlen(differs);
    if (xc_run_faults_hidden(o) && !strncmp(verdict, differs, n)) /* its cycle, not where */
        return xc_cli_error("run", XC_ECHECK, "%s %lu, %s", differs, strtoul(verdict + n, NULL, 10), hidden_why);
    return xc_cli_error("run", XC_ECHECK, "%s", verdict);
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
