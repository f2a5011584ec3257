/* SPDX-License-Identifier: MIT */
/* What the session's files share (not installed): the session itself,
 * each family's steps, and the helpers for traces, outputs and the
 * routers' faults. */
#ifndef XC_SESSION_INT_H_
#define XC_SESSION_INT_H_

#include "xc_session.h"

struct xc_session {
    xc_run_opts o; /* the spec, copied */
    union {
        xc_ses_min min;
        xc_ses_sf sf;
        xc_ses_wh wh;
        xc_ses_noc noc;
    } f;
};

/* Each family F's steps, one interface: xc_ses_F_open (plan, compile,
 * back-door files), xc_ses_F_run (the models and the outputs) and
 * xc_ses_F_close (everything it still holds), on its xc_ses_F. */
#define XC_SES_FAMILY(F)                                                                                      \
    xc_status xc_ses_##F##_open(xc_ses_##F *r, xc_err *err);                                          \
    xc_status xc_ses_##F##_run(xc_ses_##F *r, xc_err *err);                                           \
    void xc_ses_##F##_close(xc_ses_##F *r)
XC_SES_FAMILY(min);
XC_SES_FAMILY(sf);
XC_SES_FAMILY(wh);
XC_SES_FAMILY(noc);

/* ---- traces and outputs (xc_session_out.c) ---- */

/* "DIR/NAME.tmpPID.EXT" for a trace "DIR/NAME.EXT" into buf: the RTL's
 * and the golden model's traces are written under these names and renamed
 * once read back whole (xc_ses_verify_traces), so an uncatchable kill
 * leaves a temporary (removed by the next traced run in that folder),
 * never a cut trace under the real name; the extension stays last, as the
 * writers pick FST or VCD by it. 0, or -1 when it does not fit. */
int xc_ses_trace_tmp(const char *final, char *buf, size_t cap);
/* Checks that every name written beside trace fits in XC_RUN_PATH,
 * creates trace's folder and checks the file can be written. */
xc_status xc_ses_prepare_trace(const char *trace, xc_err *err);
/* FILE.golden.fst beside FILE.fst, FILE.golden.vcd beside FILE.vcd (an
 * empty string without a trace). */
void xc_ses_golden_fst(const char *trace, char *buf, size_t cap);
/* Removes the temporary trace files a run leaves (the finished ones are
 * renamed away from these names: a no-op then). */
void xc_ses_remove_traces(const char *trace, const char *golden_fst);
/* --fcov and --coverage: their folder made and a temporary created and
 * removed, so that a run that could not write them is refused first. */
xc_status xc_ses_probe_outputs(const xc_run_opts *o, xc_err *err);
/* The harness options of every family from the spec: which models run,
 * progress on a terminal, the RTL's waves (written under the temporary
 * name put in rtl_trace, XC_RUN_PATH bytes), quiet. */
xc_lsc_opts xc_ses_core_opts(const xc_run_opts *o, char *rtl_trace);
/* The Verilator options of o (coverage, threads, flags, plusargs) into the
 * model's options, the plusargs after those already there. */
void xc_ses_vl_opts(const xc_run_opts *o, xc_dut_opts *dut);
/* After the models closed their traces: each trace read back whole and
 * gtkw_err (the save file's write error, or "" / NULL) empty, then the
 * traces renamed to their names; XC_EINVAL when --trace-window starts
 * after the run's last cycle. On failure every trace file is removed. */
xc_status xc_ses_verify_traces(const xc_run_opts *o, const char *golden_fst, const char *gtkw_err,
                               unsigned long cycles, xc_err *err);
/* After the harness closed: the outputs asked of it (--fcov, --coverage). */
xc_status xc_ses_outputs(const xc_lsc *core, xc_err *err);
/* Adds plusarg after the plusargs already in dut. */
void xc_ses_add_plusarg(xc_dut_opts *dut, const char *plusarg);

/* ---- the routers (xc_session_pn.c) ---- */

/* Parses every --inject of o for the routers of hw. */
xc_status xc_ses_pn_injects(const xc_run_opts *o, const xc_pn_hw *hw, xc_run_pn_inject *inj, xc_err *err);
/* The RTL's plusargs for n injections (4 each; plus holds the text). */
void xc_ses_pn_plusargs(const xc_run_pn_inject *inj, int n, char plus[][4][1200], const char **plusargs);
/* The exchange's cycles, known once the run is over: lo its first cycle
 * (0: not known, the run stopped first: nothing is refused), hi its last
 * when it ran to its end (ended), stop the cycle the run stopped at. */
typedef struct xc_run_span {
    unsigned long lo, hi, stop;
    int ended;
} xc_run_span;
/* Refuses injection i of o (what: as the user wrote it, at cycle c; -1:
 * every cycle) at a cycle outside sp, unless --inject-anywhere or it was
 * drawn at random (it meets a flit): XC_EINVAL naming the range. */
xc_status xc_ses_inject_in_range(const xc_run_opts *o, int i, const char *what, long c, const xc_run_span *sp,
                                 xc_err *err);
/* The same for every router injection. */
xc_status xc_ses_pn_injects_in_range(const xc_run_opts *o, const xc_run_pn_inject *inj, const xc_run_span *sp,
                                     xc_err *err);
/* Which of the n injections changed what left their router (bit i), read
 * from the RTL's shells before the models close; 0 without the RTL. */
unsigned xc_ses_pn_fired(const xc_run_pn_outcome *u, const xc_run_pn_inject *inj, int n);
/* The harness's and firmware's verdict (mismatch, time-out, control
 * processor) into buf and returned; NULL when none of them failed. A
 * mismatch of hidden faults (xc_run_faults_hidden) tells its cycle only. */
const char *xc_ses_halt_verdict(const xc_lsc *core, int hidden, xc_status cp_st, const char *cp_msg, char *buf,
                                size_t cap);
/* Opens the harness (building the model if needed) and starts the clock. */
xc_status xc_ses_pn_open(xc_run_pn_outcome *u, const xc_pn_hw *hw, const xc_lsp_opts *lo, xc_err *err);
/* After the firmware's run: a few cycles more after a mismatch (for the
 * waves), the verdict of harness and firmware (hidden: the faults are,
 * see xc_ses_halt_verdict), the tallies against expected messages. The
 * harness stays open. */
void xc_ses_pn_settle(xc_run_pn_outcome *u, int hidden, xc_status cp_st, const char *cp_msg,
                      unsigned long expected);
/* The GTKWave save file for trace (NULL: none), opening on the first
 * mismatch; gtkw gets its path, why the reason it could not be written. */
void xc_ses_pn_waves(const xc_pn_hw *hw, const xc_lsp *ls, const char *trace, char *gtkw, size_t cap, char *why,
                     size_t why_cap);

#endif /* XC_SESSION_INT_H_ */
