/* SPDX-License-Identifier: MIT */
/* One simulation, from a parsed spec to its result: the layer between the
 * harness and the command line. A session owns everything a run needs
 * and leaves behind: the schedule's plan, the hardware description, the
 * compiled programs, the models, the back-door folders and the ROM image,
 * the firmware's run, the waves and the replay vectors. The caller fills
 * an xc_run_opts (sw/cli/xc_cmd_run.c parses it), then
 *
 *     xc_session_open  -> plans and compiles, checks the outputs can be
 *                         written (nothing runs yet)
 *     xc_session_run   -> builds and runs the models, closes the outputs
 *     xc_session_get   -> the result, read by the report
 *     xc_session_close -> releases all of it, on every path
 *
 * Errors are values: a status and one line in an xc_err; the
 * session never prints (the model's build note aside, xc_dut_opts.quiet). */
#ifndef XC_SESSION_H_
#define XC_SESSION_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "xc_consts.h"
#include "xc_cp_min.h"
#include "xc_cp_pn.h"
#include "xc_cp_wh.h"
#include "xc_golden_wh.h"
#include "xc_inject.h"
#include "xc_latin.h"
#include "xc_lockstep.h"
#include "xc_lockstep_pn.h"
#include "xc_noc_coll.h"
#include "xc_noc_drv.h"
#include "xc_sched.h"
#include "xc_status.h"
#include "xc_user_rtl.h"
#include "xc_wh.h"

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

/* The spec of a run: what xchg run's options say, parsed. */
typedef struct xc_run_opts {
    xc_run_family family;
    /* every family */
    const char *net, *algo;          /* algo NULL: not given */
    xc_net pn;                       /* a product network's --net, parsed once before its session opens */
    int golden, rtl, json, quiet;
    unsigned long timeout;           /* 0: the runner's default */
    const char *trace;               /* FILE.fst, FILE.vcd or NULL */
    unsigned long trace_from, trace_to;
    const char *inject[XC_FAULT_SLOTS];
    int n_inject;
    int back_door;                   /* --load back: memories written directly */
    int load_given;                  /* --load given (a MIN of N >= XC_MIN_BACK_DOOR_FROM defaults to back) */
    const char *vectors;             /* MIN and store and forward */
    /* MIN: the network, its M^{l,0} and l, parsed before the session opens */
    const char *l_text, *cfg_text, *rtl_fault;
    xc_min m;
    xc_cfg m0;
    xc_big l;
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
    int rtl_model;                   /* --rtl-model: XC_RTL_MODEL_* (xc_dut_pn.h) */
    const char *vflags;              /* --verilator-flags, checked */
    const char *plusarg[8];          /* --plusarg +NAME[=VALUE] */
    int n_plusarg;
    int *built;                      /* --build-only: set to 1 once the model is ready (xc_dut_opts) */
    /* wormhole */
    uint32_t ts;
    long bad_node, bad_step;         /* --bad-circuit; bad_node -1: none */
    /* a user's whole network (--rtl-noc; the file in user) */
    int noc_barrier;                 /* --noc-order barrier */
    int noc_ready_random;            /* --noc-ready random */
    int noc_random;                  /* the run draws from the seed (perm, random ready) */
    unsigned noc_w;                  /* --noc-width W */
    unsigned long noc_watchdog;      /* --noc-watchdog K */
    /* seeded random runs */
    int seeded;                      /* a seed was given or drawn: reported */
    uint64_t seed;
    unsigned random_inject;          /* bit i: inject[i] was "random", now drawn */
    int reveal;                      /* --reveal: name the drawn faults */
    int inject_anywhere;             /* --inject-anywhere: a cycle outside the exchange is allowed */
} xc_run_opts;

/* 1 when the reports must not name the injected faults (--inject random
 * without --reveal): a mismatch is told by its cycle only. */
int xc_run_faults_hidden(const xc_run_opts *o);
/* What a hidden fault's mismatch says instead of where and why (the
 * lock-step stops where the fault acts, so the place would name it). */
extern const char xc_ses_hidden_why[];

/* The room for a path the run writes (PATH_MAX): a trace's golden trace,
 * save files and their temporaries must fit. */
enum { XC_RUN_PATH = 4096 };

/* --inject KIND:n<node>[.p<port>]@<cycle> on the routers. */
typedef struct xc_run_pn_inject {
    int kind;
    uint32_t node;
    int port; /* -1: the node's lowest sending port */
    long cycle;
} xc_run_pn_inject;

/* A run's verdict: NULL when it passed, else why it failed, a line of the
 * harness's or one written into buf (room for a library error, xc_err,
 * and a few words before it). */
typedef struct xc_run_verdict {
    const char *why;
    char buf[sizeof(xc_err) + 100];
} xc_run_verdict;

/* A run on the routers (store and forward, wormhole): the harness, the
 * firmware's report, the verdict and the scoreboard's tallies. */
typedef struct xc_run_pn_outcome {
    xc_lsp ls;
    xc_cp_pn_report rep;
    struct timespec t0;
    double sim_seconds, build_seconds;
    const char *rtl_model; /* the model of the routers that ran: "flat", "tiled"; NULL: none */
    unsigned long expected, delivered_ok, first_step;
    xc_status score_st;
    xc_run_verdict verdict;
} xc_run_pn_outcome;

/* What a MIN run leaves for its report. */
typedef struct xc_ses_min {
    const xc_run_opts *o;
    int back_door; /* --load back, or no --load and N >= XC_MIN_BACK_DOOR_FROM */
    char *ldec;    /* l in decimal */
    char spec[64]; /* the network as given to --net, normalised */
    xc_inject inj[XC_FAULT_SLOTS];
    int n_inj;
    char golden_fst[XC_RUN_PATH], gtkw[XC_RUN_PATH], rtl_trace[XC_RUN_PATH], load_dir[1100], load_plus[1200];
    char plus[XC_FAULT_SLOTS][4][64];
    struct xc_gwave *gwave; /* golden waves and replay vectors, from the harness's per-cycle hook */
    struct xc_vec *vec;
    xc_ls ls;
    int ls_open;
    xc_cp_min_report rep;
    unsigned bound;
    double sim_seconds;
    unsigned long first_inject, delivered_ok;
    unsigned fired; /* bit i: inj[i] changed a flit, a setting or a port (xc_dut_fired) */
    xc_status score_st;
    xc_run_verdict verdict;
} xc_ses_min;

/* What a store-and-forward run leaves for its report. */
typedef struct xc_ses_sf {
    const xc_run_opts *o;
    xc_sched_opts so;
    xc_sched_plan plan;
    xc_pn_hw hw;
    int hw_multi, hw_half;
    xc_pn_prog prog;
    xc_run_pn_inject inj[XC_FAULT_SLOTS];
    unsigned fired; /* bit i: inj[i] changed what left its router (xc_dut_pn_fired) */
    char golden_fst[XC_RUN_PATH], gtkw[XC_RUN_PATH], rtl_trace[XC_RUN_PATH], load_dir[1100], rom[1200];
    char plus[XC_FAULT_SLOTS + 2][4][1200];
    struct xc_gwave_pn *gwave;
    struct xc_vec *vec;
    int ls_open;
    xc_run_pn_outcome u;
    xc_lsp_opts lo;
} xc_ses_sf;

#define XC_SES_WH_MAX_STEPS 64u

/* What a wormhole run leaves for its report. */
typedef struct xc_ses_wh {
    const xc_run_opts *o;
    xc_wh_algo algo;
    xc_wh_table1 t1;
    xc_wh_prog prog;
    xc_wh_step_info info[XC_SES_WH_MAX_STEPS];
    xc_wh_run_result wr;
    xc_pn_hw hw;
    xc_run_pn_inject inj[XC_FAULT_SLOTS];
    unsigned fired; /* bit i: inj[i] changed what left its router (xc_dut_pn_fired) */
    char plus[XC_FAULT_SLOTS][4][1200], load_dir[1100], load_plus[2][1200], gtkw[XC_RUN_PATH];
    char rtl_trace[XC_RUN_PATH];
    uint64_t list_total, formula;
    int ls_open;
    xc_run_pn_outcome u;
    xc_lsp_opts lo;
} xc_ses_wh;

/* What a run of a user's whole network leaves for its report. */
typedef struct xc_ses_noc {
    const xc_run_opts *o;
    int min;                /* the declared net is a MIN */
    xc_noc_coll coll;
    const char *collective; /* the report's words for it */
    unsigned long bound;    /* the collective's lower bound in cycles (0: none known) */
    const char *bound_name;
    unsigned long own;      /* our RTL's cycles on it (0: n/a) */
    const char *own_name;
    xc_noc_result res;
    double sim_seconds, build_seconds;
    char gtkw[1100];        /* the GTKWave save file beside --trace */
    xc_run_verdict verdict;
} xc_ses_noc;

typedef struct xc_session xc_session;

/* Opens a session of spec (copied; the strings it points to must outlive
 * the session): checks that the outputs can be written, plans, compiles,
 * writes the back-door files. *out is set whatever the status and must be
 * closed (NULL only when out of memory). */
xc_status xc_session_open(xc_session **out, const xc_run_opts *spec, xc_err *err);
/* Builds and runs the models, closes and checks the outputs (traces,
 * vectors, coverage). XC_OK when the run ran to a verdict, passed or not
 * (xc_session_verdict). */
xc_status xc_session_run(xc_session *s, xc_err *err);
/* The run's spec as the session holds it. */
const xc_run_opts *xc_session_spec(const xc_session *s);
/* The result of the session's family (NULL for another family). */
const xc_ses_min *xc_session_min(const xc_session *s);
const xc_ses_sf *xc_session_sf(const xc_session *s);
const xc_ses_wh *xc_session_wh(const xc_session *s);
const xc_ses_noc *xc_session_noc(const xc_session *s);
/* Why the run failed, or NULL when it passed. */
const char *xc_session_verdict(const xc_session *s);
/* Releases everything the session holds or left half done (models,
 * ROM image, back-door folders, unfinished traces, programs). NULL is
 * fine. */
void xc_session_close(xc_session *s);

/* The cycles a golden run of spec takes (--inject random places a fault
 * that meets a flit from them): first the cycle the exchange's first
 * flit enters (MIN) or its first step runs (routers), span its cycles
 * (MIN) or steps (routers). Runs in this process, on the golden model
 * only, without any output. */
xc_status xc_session_golden_span(const xc_run_opts *spec, unsigned long *first, unsigned long *span,
                                 xc_err *err);

/* ---- a recording: the golden model alone, observed every cycle ---- */

/* What to record: the MIN (m, m0, mode) or the routers (so: the network,
 * the algorithm, the port model; wh_algo and ts for a wormhole schedule),
 * and the observer. */
typedef struct xc_rec_spec {
    xc_run_family family; /* XC_RUN_MIN, _SF or _WH */
    const xc_min *m;
    const xc_cfg *m0;
    unsigned mode;
    xc_sched_opts so;
    int wh_algo;
    uint32_t ts;
    xc_ls_cycle_fn on_min;
    xc_lsp_cycle_fn on_pn;
    void *user;
} xc_rec_spec;
typedef struct xc_rec {
    xc_rec_spec spec;
    xc_sched_plan plan;   /* store and forward: known once open */
    xc_wh_table1 t1;      /* wormhole: known once open */
    xc_wh_step_info info[XC_SES_WH_MAX_STEPS]; /* wormhole: filled before the model runs */
    xc_pn_hw hw;
    xc_pn_prog prog;
    xc_wh_prog wprog;
    xc_status cp_st;      /* the firmware's status: XC_OK when it completed */
    char cp_msg[sizeof(xc_err)];
} xc_rec;
/* Plans the recording (the schedule's plan, paper 001's Table 1). */
xc_status xc_rec_open(xc_rec *r, const xc_rec_spec *spec, xc_err *err);
/* Builds the hardware and the program, runs the firmware on the golden
 * model with the observer: an error when the model could not be had; the
 * firmware's own failure in cp_st and cp_msg. */
xc_status xc_rec_run(xc_rec *r, xc_err *err);
void xc_rec_close(xc_rec *r);

/* A MIN injection as the user wrote it: "drop:s2.1@80", "switch:s1.0"
 * (every cycle). */
void xc_run_min_inject_text(const xc_inject *inj, char *buf, size_t cap);
/* Seconds since t0 (CLOCK_MONOTONIC): a run's wall time for its report. */
double xc_session_seconds_since(const struct timespec *t0);
/* "lockstep", "rtl" or "golden". */
const char *xc_run_sim_name(const xc_run_opts *o);
/* "drop", "dup", ...: a router injection's kind. */
const char *xc_run_pn_kind_name(int kind);
/* "n5" or "n5.p1": the element of a router injection. */
void xc_run_pn_element(const xc_run_pn_inject *inj, char *elem, size_t cap);
/* Messages delivered intact: expected less the scoreboard's missing ones. */
unsigned long xc_run_delivered(const struct xc_score *score, unsigned long expected);

#ifdef __cplusplus
}
#endif

#endif /* XC_SESSION_H_ */
