/* SPDX-License-Identifier: MIT */
/* xchg run: one options struct, filled by one parser (xc_cmd_run.c); the
 * network family and the algorithm pick one of three runners: the
 * Latin-square exchange on a MIN (xc_run_min.c), a store-and-forward
 * schedule on product-network routers (xc_run_sf.c), a wormhole schedule
 * on the routers in circuit mode (xc_run_wh.c). What the runners share is
 * in xc_run_common.c. */
#ifndef XC_RUN_H_
#define XC_RUN_H_

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "xc_consts.h"
#include "xc_cp_pn.h"
#include "xc_lockstep_pn.h"
#include "xc_status.h"
#include "xc_user_rtl.h"

typedef enum xc_run_family {
    XC_RUN_MIN, /* butterfly, omega, ...: --algo latin */
    XC_RUN_SF,  /* a product network, a store-and-forward schedule */
    XC_RUN_WH,  /* a product network, --algo te-dc1 | te-dcn */
    XC_RUN_NOC, /* --rtl-noc: a user's whole network, checked message by message */
} xc_run_family;

/* From this N on a MIN run without --load loads its N^2 messages by the
 * back door: over the bus they would take N^2 cycles (1,048,576 at
 * N = 1024, against the exchange's 1,034). */
#define XC_MIN_BACK_DOOR_FROM 512

typedef struct xc_run_opts {
    xc_run_family family;
    /* every family */
    const char *net, *algo;          /* algo NULL: not given */
    xc_net pn;                       /* a product network's --net, parsed once before its runner starts */
    int golden, rtl, json, quiet;
    unsigned long timeout;           /* 0: the runner's default */
    const char *trace;               /* FILE.fst, FILE.vcd or NULL */
    unsigned long trace_from, trace_to;
    const char *inject[XC_FAULT_SLOTS];
    int n_inject;
    int back_door;                   /* --load back: memories written directly */
    int load_given;                  /* --load given (a MIN of N >= XC_MIN_BACK_DOOR_FROM defaults to back) */
    const char *vectors;             /* MIN and store and forward */
    /* MIN */
    const char *l_text, *cfg_text, *rtl_fault;
    int has_user;                    /* --rtl-switch given: user is the user's switch */
    xc_user_rtl user;
    unsigned mode;                   /* XC_MODE_XOR, _TABLE, _SELF */
    /* store and forward */
    int multi, multi_set, half, broadcast, rom;
    int hw_multi, hw_half;           /* -1: the schedule's port model */
    const char *break_table;
    /* Verilator (every family, RTL runs; docs/coverage.md, docs/flow.md) */
    const char *coverage;            /* --coverage FILE.dat, or NULL */
    const char *fcov;                /* --fcov FILE.json, or NULL */
    unsigned threads;                /* --threads N (0: not given) */
    const char *vflags;              /* --verilator-flags, checked */
    const char *plusarg[8];          /* --plusarg +NAME[=VALUE] */
    int n_plusarg;
    int *built;                      /* --build-only: set to 1 once the model is ready (xc_dut_opts) */
    /* wormhole */
    uint32_t ts;
    long bad_node, bad_step;         /* --bad-circuit; bad_node -1: none */
    /* a user's whole network (--rtl-noc, xc_run_noc.c; the file in user) */
    int noc_barrier;                 /* --noc-order barrier */
    int noc_ready_random;            /* --noc-ready random */
    int noc_random;                  /* the run draws from the seed (perm, random ready) */
    unsigned noc_w;                  /* --noc-width W */
    unsigned long noc_watchdog;      /* --noc-watchdog K */
    /* seeded random runs (xc_run_random.c) */
    int seeded;                      /* a seed was given or drawn: reported */
    uint64_t seed;
    unsigned random_inject;          /* bit i: inject[i] was "random", now drawn */
    int reveal;                      /* --reveal: name the drawn faults */
    int inject_anywhere;             /* --inject-anywhere: a cycle outside the exchange is allowed */
} xc_run_opts;

/* ---- seeds and random choices (xc_run_random.c) ---- */

#include "xc_rand.h"

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
/* Draws every --inject random: runs probe_argv (xchg run with the same
 * options on the golden model only, --json) to learn when the exchange
 * runs, then picks a fault that meets a flit. 0, or the exit status. */
int xc_run_random_faults(xc_run_opts *o, xc_run_rand *rr, char *const *probe_argv);
void xc_run_random_end(xc_run_rand *rr);
/* Runs `xchg run` with argv ("xchg", "run", options..., NULL) in a forked
 * copy of this process, its stdout and stderr on out_fd and err_fd (-1:
 * inherited), and waits: 0 with its wait status in *status, or an errno
 * when it could not be started. Used for the golden run that places
 * random faults and for the cases of xchg sweep. */
int xc_run_in_child(char *const *argv, int out_fd, int err_fd, int *status);
/* 1 when the report must not name the injected faults (--inject random
 * without --reveal). */
int xc_run_faults_hidden(const xc_run_opts *o);
/* "seed" (null when none) and "hidden_faults"; when the faults are hidden
 * also an empty "injections" and returns 0, else returns 1 (the runner
 * lists the injections). */
struct xc_json;
int xc_run_json_seed(struct xc_json *j, const xc_run_opts *o);
/* The text report's seed and random-fault lines. */
void xc_run_seed_text(const xc_run_opts *o);

/* A runner's steps, each on its own state (struct min_run, sf_run,
 * wh_run: size bytes, zeroed, its first member the run's options). */
typedef struct xc_runner {
    size_t size;
    int (*prepare)(void *run);            /* all before the models run: 0, or the exit status (no trace left) */
    int (*simulate)(void *run);           /* builds and runs the models, closes the outputs: 0 or the exit status */
    void (*report_json)(const void *run);
    void (*report_text)(const void *run);
    const char *(*verdict)(const void *run); /* NULL when the run passed */
    void (*release)(void *run);           /* frees what the state holds (not the state) */
} xc_runner;
/* One run through its runner: prepare, simulate, the report (JSON or
 * text), the exit status (xc_run_exit). */
int xc_run_with(const xc_run_opts *o, const xc_runner *k);
/* The runners. */
extern const xc_runner xc_runner_min, xc_runner_sf, xc_runner_wh, xc_runner_noc;

/* ---- shared by the runners (xc_run_common.c) ---- */

/* "lockstep", "rtl" or "golden". */
const char *xc_run_sim_name(const xc_run_opts *o);
/* The text report's simulation line's words. */
const char *xc_run_sim_words(const xc_run_opts *o);
/* The room for a path the run writes (PATH_MAX): a trace's golden
 * trace, save files and their temporaries must fit (xc_run_prepare_trace). */
enum { XC_RUN_PATH = 4096 };
/* Checks that every name written beside trace fits in XC_RUN_PATH,
 * creates trace's folder and checks the file can be written: 0, or the
 * exit status after the one-line error. */
int xc_run_prepare_trace(const char *trace);
/* "DIR/NAME.tmpPID.EXT" for a trace "DIR/NAME.EXT" into buf: the RTL's
 * and the golden model's traces are written under these names and renamed
 * once read back whole (xc_run_verify_traces), so an uncatchable kill
 * leaves a temporary (removed by the next traced run in that folder),
 * never a cut trace under the real name; the extension stays last, as the
 * writers pick FST or VCD by it. 0, or -1 when it does not fit. */
int xc_run_trace_tmp(const char *final, char *buf, size_t cap);
/* FILE.golden.fst beside FILE.fst, FILE.golden.vcd beside FILE.vcd (an
 * empty string without a trace). */
void xc_run_golden_fst(const char *trace, char *buf, size_t cap);
/* Removes the (temporary) trace files a failed run leaves. */
void xc_run_remove_traces(const char *trace, const char *golden_fst);
/* The harness options of every runner from the command line: which models
 * run, progress on a terminal, the RTL's waves (o->trace where the RTL
 * runs, the window) and quiet. The runner adds its time-out and hooks. */
xc_lsc_opts xc_run_core_opts(const xc_run_opts *o);
/* The Verilator options of o (coverage, threads, flags, plusargs) into the
 * model's options, the plusargs after those already there. */
struct xc_dut_opts;
void xc_run_vl_opts(const xc_run_opts *o, struct xc_dut_opts *dut);

/* After the models closed their traces: each trace the run wrote is read
 * back whole (sim/wave/xc_wave_file.h) and gtkw_err (the save file's write
 * error, or "" / NULL) is empty. 0, or exit 3 after one line naming the
 * file, with every trace file removed; exit 2 when --trace-window starts
 * after the run's last cycle (cycles). */
int xc_run_verify_traces(const xc_run_opts *o, const char *golden_fst, const char *gtkw_err, unsigned long cycles);
/* After the harness closed (xc_lsc_close): 0 when it wrote every output
 * asked of it (--fcov, --coverage), else exit 3 after one line naming the
 * option and its file. Every output is part of the verdict: never PASS
 * without it. */
int xc_run_outputs(const xc_lsc *core);
/* Seconds since t0 (CLOCK_MONOTONIC): the run's wall time for its report. */
struct timespec;
double xc_run_seconds_since(const struct timespec *t0);

/* --inject KIND:n<node>[.p<port>]@<cycle> on the routers. */
typedef struct xc_run_pn_inject {
    int kind;
    uint32_t node;
    int port; /* -1: the node's lowest sending port */
    long cycle;
} xc_run_pn_inject;
struct xc_pn_hw;
/* Parses every --inject of o for the routers of hw: 0, or the exit status
 * after the one-line error. */
int xc_run_pn_injects(const xc_run_opts *o, const struct xc_pn_hw *hw, xc_run_pn_inject *inj);
/* The RTL's plusargs for n injections (4 each; plus holds the text). */
void xc_run_pn_plusargs(const xc_run_pn_inject *inj, int n, char plus[][4][1200], const char **plusargs);
/* A router run's faults in its JSON report: "faults_injected",
 * "faults_fired" (fired: bit i, injection i changed what left its
 * router), the seed, and the "injections" array with each one's "fired"
 * unless the faults are hidden. */
void xc_run_pn_faults_json(struct xc_json *j, const xc_run_opts *o, const xc_run_pn_inject *inj, unsigned fired);
/* The exchange's cycles, known once the run is over: lo its first cycle
 * (0: not known, the run stopped first: nothing is refused), hi its last
 * when it ran to its end (ended), stop the cycle the run stopped at. */
typedef struct xc_run_span {
    unsigned long lo, hi, stop;
    int ended;
} xc_run_span;
/* Refuses injection i of o (what: as the user wrote it, at cycle c; -1:
 * every cycle) at a cycle outside sp, unless --inject-anywhere or it was
 * drawn at random (it meets a flit): 0, or exit 2 after the one line
 * naming the range. */
int xc_run_inject_in_range(const xc_run_opts *o, int i, const char *what, long c, const xc_run_span *sp);
/* The same for every router injection: 0 or the exit status. */
int xc_run_pn_injects_in_range(const xc_run_opts *o, const xc_run_pn_inject *inj, const xc_run_span *sp);
/* The text report's line of each injection: fired or never fired. */
void xc_run_pn_injects_text(const xc_run_pn_inject *inj, int n, unsigned fired);

/* The harness's and firmware's verdict (mismatch, time-out, control
 * processor) into buf and returned; NULL when none of them failed. */
const char *xc_run_halt_verdict(int halted, unsigned long mismatch_cycle, const char *mismatch_why,
                                unsigned long cycle, xc_status cp_st, const char *cp_msg, char *buf, size_t cap);
/* A run on the routers (both runners): the harness, the firmware's report,
 * the verdict and the scoreboard's tallies. */
typedef struct xc_run_pn_outcome {
    xc_lsp ls;
    xc_cp_pn_report rep;
    struct timespec t0;
    double sim_seconds, build_seconds;
    unsigned long expected, delivered_ok, first_step;
    xc_status score_st;
    const char *verdict;
    char verdict_buf[700];
} xc_run_pn_outcome;
/* Opens the harness (building the model if needed) and starts the clock:
 * 0, or the exit status after the error (the trace files removed). */
int xc_run_pn_open(xc_run_pn_outcome *u, const xc_pn_hw *hw, const xc_lsp_opts *lo, const char *trace,
                   const char *golden_fst);
/* After the firmware's run: a few cycles more after a mismatch (for the
 * waves), the verdict of harness and firmware, the tallies against
 * expected messages. The harness stays open. */
void xc_run_pn_settle(xc_run_pn_outcome *u, xc_status cp_st, const char *cp_msg, unsigned long expected);
/* The verdict the harness and firmware decide (mismatch, time-out,
 * control processor, router error, scoreboard), written into buf and
 * returned; NULL when all of them passed. */
const char *xc_run_pn_verdict(const struct xc_lsp *ls, xc_status cp_st, const char *cp_msg,
                              const struct xc_cp_pn_report *rep, char *buf, size_t cap);
/* The GTKWave save file for trace (NULL: none), opening on the first
 * mismatch; gtkw gets its path. */
void xc_run_pn_waves(const struct xc_pn_hw *hw, const struct xc_lsp *ls, const char *trace, char *gtkw, size_t cap,
                     char *why, size_t why_cap);
/* "first_router_error" of a router run's JSON report. */
void xc_run_pn_rerr_json(struct xc_json *j, const struct xc_cp_pn_report *rep);
/* "first_mismatch" of a JSON report: the harness's first mismatch, or
 * null (with_step: with its step, for routers; hidden: --inject random
 * without --reveal, its element and detail say "hidden"). */
void xc_run_mismatch_json(struct xc_json *j, const struct xc_lsc *core, int with_step, int hidden);
/* The cycle keys of a router run's JSON report (both runners): the
 * firmware's bus cycles by kind, the cycle step 1 ran (first_injection:
 * again under the MIN report's name first_injection_cycle), the harness's
 * cycles, the seconds of simulation and of the model's build. */
void xc_run_pn_cycles_json(struct xc_json *j, const xc_run_pn_outcome *u, int first_injection);
/* The last lines of every runner's text report: the first mismatch
 * (when the models parted; hidden: its cycle only) and PASS or FAIL. */
void xc_run_text_end(const struct xc_lsc *core, const char *verdict, int hidden);
/* The router-error line of a text report (nothing without errors). */
void xc_run_pn_rerr_text(const struct xc_cp_pn_report *rep);

/* Report lines the runners share: the "compared" line, the waves block
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
/* Messages delivered intact: expected less the scoreboard's missing ones. */
unsigned long xc_run_delivered(const struct xc_score *score, unsigned long expected);
/* Ends a run: the verdict on stderr (exit 1; a hidden fault's mismatch
 * by its cycle only) or nothing (exit 0). */
int xc_run_exit(const xc_run_opts *o, const char *verdict);

#endif /* XC_RUN_H_ */
