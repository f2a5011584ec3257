/* SPDX-License-Identifier: MIT */
/* xchg run: one spec (xc_run_opts, sim/session/xc_session.h), filled by
 * one parser (xc_cmd_run.c); one session runs it; the network family
 * picks the report: the Latin-square exchange on a MIN (xc_run_min.c), a
 * store-and-forward schedule on product-network routers (xc_run_sf.c), a
 * wormhole schedule on the routers in circuit mode (xc_run_wh.c), a
 * user's whole network (xc_run_noc.c). What the reports share is in
 * xc_run_common.c. */
#ifndef XC_RUN_H_
#define XC_RUN_H_

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "xc_rand.h"
#include "xc_session.h"

/* ---- seeds and random choices (xc_run_random.c) ---- */

/* What the random words were replaced with (owned here, freed by _end). */
typedef struct xc_run_rand {
    xc_rand gen;
    char *l_text, *cfg_text;
    char inject[XC_FAULT_SLOTS][80];
} xc_run_rand;
/* Reads --seed (NULL: none) and --reveal, marks the "random" injections,
 * seeds the generator (a fresh seed when random words are used without
 * --seed) and draws --l random and --config random into o. 0, or the exit
 * status after the one-line error. */
int xc_run_random_begin(xc_run_opts *o, const char *seed_text, int reveal, xc_run_rand *rr);
/* Draws every --inject random: a golden session of the same spec, in
 * this process, tells when the exchange runs; then a fault that meets a
 * flit is picked. 0, or the exit status after the one-line error. */
int xc_run_random_faults(xc_run_opts *o, xc_run_rand *rr);
void xc_run_random_end(xc_run_rand *rr);
/* "seed" (null when none) and "hidden_faults"; when the faults are hidden
 * also an empty "injections" and returns 0, else returns 1 (the report
 * lists the injections). */
struct xc_json;
int xc_run_json_seed(struct xc_json *j, const xc_run_opts *o);
/* The text report's seed and random-fault lines. */
void xc_run_seed_text(const xc_run_opts *o);

/* A family's report of a session that ran: JSON or text. */
typedef struct xc_run_report {
    void (*json)(const xc_session *s);
    void (*text)(const xc_session *s);
} xc_run_report;
extern const xc_run_report xc_report_min, xc_report_sf, xc_report_wh, xc_report_noc;
/* One run: the session opened, run, reported (JSON or text) and closed;
 * the exit status (the verdict on stderr when the run failed). */
int xc_run_session(const xc_run_opts *o);

/* ---- the report lines the families share (xc_run_common.c) ---- */

/* The text report's simulation line's words. */
const char *xc_run_sim_words(const xc_run_opts *o);
/* A router run's faults in its JSON report: "faults_injected",
 * "faults_fired" (fired: bit i, injection i changed what left its
 * router), the seed, and the "injections" array with each one's "fired"
 * unless the faults are hidden. */
void xc_run_pn_faults_json(struct xc_json *j, const xc_run_opts *o, const xc_run_pn_inject *inj, unsigned fired);
/* The text report's line of each injection: fired or never fired. */
void xc_run_pn_injects_text(const xc_run_pn_inject *inj, int n, unsigned fired);
/* "first_router_error" of a router run's JSON report. */
void xc_run_pn_rerr_json(struct xc_json *j, const struct xc_cp_pn_report *rep);
/* "first_mismatch" of a JSON report: the harness's first mismatch, or
 * null (with_step: with its step, for routers; hidden: --inject random
 * without --reveal, its element and detail say "hidden"). */
void xc_run_mismatch_json(struct xc_json *j, const struct xc_lsc *core, int with_step, int hidden);
/* The cycle keys of a router run's JSON report (both families): the
 * firmware's bus cycles by kind, the cycle step 1 ran (first_injection:
 * again under the MIN report's name first_injection_cycle), the harness's
 * cycles, the seconds of simulation and of the model's build. */
void xc_run_pn_cycles_json(struct xc_json *j, const xc_run_pn_outcome *u, int first_injection);
/* The last lines of every text report: the first mismatch (when the
 * models parted; hidden: its cycle only) and PASS or FAIL. */
void xc_run_text_end(const struct xc_lsc *core, const char *verdict, int hidden);
/* The router-error line of a text report (nothing without errors). */
void xc_run_pn_rerr_text(const struct xc_cp_pn_report *rep);
/* Report lines the families share: the "compared" line, the waves block
 * (RTL and golden traces, how to open them), the JSON ending "trace",
 * "golden_trace", "pass". */
void xc_run_compared(unsigned long cycles, int golden, int rtl, int mismatch);
void xc_run_waves(const char *trace, const char *golden_fst, const char *gtkw, int golden, int rtl);
/* "user_rtl": the user's element (--rtl-switch ...) of this level
 * ("switch", "router", "noc"): file, module, content hash; null when the
 * RTL is ours. */
void xc_run_user_json(struct xc_json *j, const xc_run_opts *o, const char *level);
/* The text report's line of the user's element (nothing when ours);
 * where: what it replaces ("every switch of the network"). */
void xc_run_user_text(const xc_run_opts *o, const char *where);
void xc_run_json_traces(struct xc_json *j, const char *trace, const char *golden_fst, int golden, int rtl,
                        int pass);
/* "delivered", "expected", "duplicates", "misrouted", "corrupt". */
struct xc_score;
void xc_run_json_score(struct xc_json *j, unsigned long delivered, unsigned long expected,
                       const struct xc_score *score);

#endif /* XC_RUN_H_ */
