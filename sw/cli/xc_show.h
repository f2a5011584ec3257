/* SPDX-License-Identifier: MIT */
/* xchg show: the exchange as the golden model executes it, recorded frame
 * by frame (xc_show_run.c) and written as one self-contained HTML page or
 * as JSON (xc_show_page.c). Frame 0 is the state before the first step;
 * frame k the state at the end of step k (a MIN: of cycle k of the
 * pipeline; store-and-forward: of step k; wormhole: of wormhole step k). */
#ifndef XC_SHOW_H_
#define XC_SHOW_H_

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "xc_latin.h"
#include "xc_topo.h"

enum { XC_SHOW_MIN = 0, XC_SHOW_SF, XC_SHOW_WH };

/* Where a message is on a MIN (xc_show_loc_*): in<j> (input j's memory or
 * injection register), s<k>.<h> (output register of switch h of stage k),
 * out<o> (delivered at output o). On a product network: the node. */
#define XC_SHOW_NOWHERE INT32_MIN /* not shown: a broadcast copy not yet made */
static inline int32_t xc_show_loc_in(unsigned j) { return (int32_t)j; }
static inline int32_t xc_show_loc_sw(unsigned k, unsigned h) { return (int32_t)(1u << 20 | k << 12 | h); }
static inline int32_t xc_show_loc_out(unsigned o) { return (int32_t)(2u << 20 | o); }

typedef struct xc_show {
    int kind;               /* XC_SHOW_* */
    char net[XC_TOPO_MAX_SPEC], algo[32], options[96]; /* options: "l = 18, mode xor" */
    unsigned long expected; /* deliveries of a complete exchange (the run report's) */
    unsigned long bound;    /* steps (product networks) or cycles (a MIN) the theory allows */
    const char *bound_name;
    unsigned long algo_steps; /* wormhole: the algorithm's own start-ups (paper 001 Table 1) */
    const char *algo_steps_name;
    uint32_t n_msgs, *src, *dst;
    /* frames */
    uint32_t n_frames, cap_frames;
    int32_t *at;            /* n_frames * n_msgs: where message i is at the end of frame k */
    uint32_t *delivered;    /* per frame: deliveries so far */
    char (*label)[160];     /* per frame: "step 3", "cycle 4", "step 3: s2.p3.step1", the phases in words */
    uint64_t (*phase)[3];   /* per frame: the algorithm's phase, round, rounds (xc_sched_phase.h; 0: none) */
    /* product networks: the events of each frame, XC_SHOW_EV words each:
     * kind (XC_SHOW_HOP, XC_SHOW_DLV), message id, from, to, the cycle
     * within the step (wormhole steps last many cycles) */
    uint32_t *hop;
    size_t n_hops, cap_hops;
    size_t *hop_first;      /* per frame: its first word */
    xc_net pn;
    struct xc_show_edge *edges; /* the drawing's links (xc_show_edges) */
    size_t n_edges;
    int kind_mnb;
    /* the cost of each step in xchg compare's model, ts + m cycles (tw = 1
     * cycle a flit): a wormhole step's m is max(hops + flits - 1) over its
     * packets (xc_wh_prog's path_cycles, what compare sums), per step
     * here; a store-and-forward step moves 1-flit messages one hop, m = 1 */
    uint32_t *step_m;       /* wormhole: n_frames - 1 entries */
    long ts;                /* the start-up cost the page starts with */
    /* a MIN */
    xc_min m;
    xc_cfg m0;
    unsigned mode;          /* XC_MODE_* */
    int8_t *set;            /* n_frames * n * N/2: -1 idle, 0 straight, 1 cross */
    int16_t *set_x;         /* the step x of the flit each switch passed (-1 idle) */
    uint16_t *square;       /* N * N: source reaching output o in step x at o * N + x */
    uint64_t *xmask;        /* per frame: bit x set when a flit of step x is in the network */
} xc_show;

/* Runs the exchange on the golden model and records it (the options of
 * xchg show, already checked). 0, or the exit status after the one-line
 * error. */
typedef struct xc_show_opts {
    const char *net, *algo, *l_text, *cfg_text;
    unsigned mode;
    int multi, multi_set, half;
    long ts;
} xc_show_opts;
int xc_show_record(const xc_show_opts *o, xc_show *s);
void xc_show_free(xc_show *s);

/* Adds a frame (a copy of the last one's positions) labelled label; an
 * event of the last frame: a hop over a link, a delivery (from = to). */
int xc_show_frame(xc_show *s, const char *label);
enum { XC_SHOW_HOP = 0, XC_SHOW_DLV = 1, XC_SHOW_EV = 5 };
int xc_show_event(xc_show *s, uint32_t kind, uint32_t id, uint32_t from, uint32_t to, uint32_t cycle);

/* The drawing of a product network (xc_show_layout.c): where node v
 * sits, and every link once with its curve's control point; far: +1 / -1
 * a link between blocks drawn as two stubs (v is u's next / previous
 * neighbour in its dimension), 0 a curve. */
enum { XC_SHOW_CELL = 120 };
typedef struct xc_show_edge {
    uint32_t u, v;
    double cx, cy;
    int far;
} xc_show_edge;
int xc_show_on_circle(const xc_net *net);
void xc_show_node_xy(const xc_net *net, uint32_t v, double *x, double *y);
/* The links, NULL when out of memory; their number into *n. */
xc_show_edge *xc_show_edges(const xc_net *net, size_t *n);

/* A product network's ,"argument": the numbers behind its lower bound
 * as `xchg bound` computes them, or null (xc_show_bound.c). */
void xc_show_put_argument(FILE *f, const xc_show *s);

/* Writes the recording as JSON, or as the HTML page with that JSON in it. */
void xc_show_write_json(FILE *f, const xc_show *s);
void xc_show_write_html(FILE *f, const xc_show *s);

/* show --perm P on a MIN: P routed by destination tags, one frame a stage,
 * the conflicts in set_x as -2 - port (xc_show_perm.c). 0, or the exit
 * status after the one-line error. */
int xc_show_record_perm(const xc_show_opts *o, const char *perm, xc_show *s);

/* show --inject on a MIN (xc_show_fault.c): "switch:s<k>.<h>@<C>" or
 * "random" (drawn from seed) puts a wrong setting of one switch in one
 * cycle into the recording; where, into *out. 0, or the exit status after
 * the one-line error. */
typedef struct xc_show_fault {
    unsigned stage, sw;
    uint32_t cycle;
} xc_show_fault;
int xc_show_inject(xc_show *s, const char *text, uint64_t seed, xc_show_fault *out);

/* Two or three recordings of one network side by side: a page that
 * embeds each one's page and steps them together. 0, or -1 when memory
 * runs out. */
int xc_show_write_side(FILE *f, const xc_show *runs, unsigned n);

/* --svg-steps DIR: checks (and creates) the folder, 0 or exit status 2
 * after one line; then writes every step as DIR/step-K.svg, drawn by the
 * page in headless Chromium: 0, or the exit status after one line. */
int xc_show_svg_dir(const char *dir);
int xc_show_svg_steps(const xc_show *s, const char *dir);

#endif /* XC_SHOW_H_ */
