/* SPDX-License-Identifier: MIT */
/* xchg show, the recording: a recording session (sim/session: the
 * control-processor firmware on the golden model alone) with an observer
 * that turns what the golden model shows after every clock edge into
 * frames. Nothing is re-derived here: a message is where the model's
 * registers and links say it is, and the delivered count is the model's
 * own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_consts.h"
#include "xc_explain.h"
#include "xc_grow.h"
#include "xc_sched_phase.h"
#include "xc_session.h"
#include "xc_show.h"

#define SHOW_MAX_MIN_N 64u     /* a page shows up to N = 64 lines */
#define SHOW_MAX_NODES 64u     /* and up to 64 routers */
#define SHOW_MAX_WH_STEPS XC_SES_WH_MAX_STEPS

void xc_show_free(xc_show *s)
{
    XC_FREE_ALL(s->src, s->dst, s->at, s->delivered, s->label, s->phase, s->hop, s->hop_first, s->set, s->set_x,
                s->square, s->xmask, s->step_m, s->edges);
    memset(s, 0, sizeof *s);
}

static int grow(void **p, size_t n, size_t size)
{
    void *q = realloc(*p, n * size);
    if (!q)
        return -1;
    *p = q;
    return 0;
}

int xc_show_frame(xc_show *s, const char *label)
{
    const size_t n = s->n_msgs, sw = s->kind == XC_SHOW_MIN ? (size_t)s->m.log_n * s->m.n_lines / 2 : 0;
    if (s->n_frames == s->cap_frames) {
        size_t cap = s->cap_frames ? 2 * (size_t)s->cap_frames : 16;
        if (grow((void **)&s->at, cap * n, sizeof *s->at) || grow((void **)&s->delivered, cap, sizeof *s->delivered) ||
            grow((void **)&s->label, cap, sizeof *s->label) ||
            grow((void **)&s->phase, cap, sizeof *s->phase) || grow((void **)&s->hop_first, cap + 1, sizeof *s->hop_first) ||
            (sw && (grow((void **)&s->set, cap * sw, 1) || grow((void **)&s->set_x, cap * sw, sizeof *s->set_x) ||
                    grow((void **)&s->xmask, cap, sizeof *s->xmask))))
            return -1;
        s->cap_frames = (uint32_t)cap;
    }
    const uint32_t k = s->n_frames++;
    if (k) {
        memcpy(s->at + k * n, s->at + (k - 1) * n, n * sizeof *s->at);
        s->delivered[k] = s->delivered[k - 1];
    } else {
        s->delivered[0] = 0;
        s->hop_first[0] = 0;
    }
    if (sw) {
        s->xmask[k] = 0;
        memset(s->set + k * sw, -1, sw);
        for (size_t i = 0; i < sw; i++)
            s->set_x[k * sw + i] = -1;
    }
    s->hop_first[k + 1] = s->n_hops;
    snprintf(s->label[k], sizeof s->label[k], "%s", label);
    memset(s->phase[k], 0, sizeof s->phase[k]);
    return 0;
}

int xc_show_event(xc_show *s, uint32_t kind, uint32_t id, uint32_t from, uint32_t to, uint32_t cycle)
{
    if (s->n_hops + XC_SHOW_EV > s->cap_hops) {
        size_t cap = s->cap_hops ? 2 * s->cap_hops : 1024;
        if (grow((void **)&s->hop, cap, sizeof *s->hop))
            return -1;
        s->cap_hops = cap;
    }
    const uint32_t ev[XC_SHOW_EV] = {kind, id, from, to, cycle};
    memcpy(s->hop + s->n_hops, ev, sizeof ev);
    s->n_hops += XC_SHOW_EV;
    s->hop_first[s->n_frames] = s->n_hops;
    return 0;
}

static int alloc_msgs(xc_show *s, uint32_t n)
{
    s->n_msgs = n;
    s->src = calloc(n, sizeof *s->src);
    s->dst = calloc(n, sizeof *s->dst);
    return s->src && s->dst ? 0 : -1;
}

/* ---- a MIN: one frame per clock cycle with a flit in the network ---- */

struct min_rec {
    xc_show *s;
    unsigned long first_cycle; /* the harness's cycle of the first injection */
    int failed;
};

/* Where the flit on line `line` of level L (0: injection registers, k+1:
 * output registers of stage k) is; level n is the output (delivered). */
static int32_t min_loc(const xc_min *m, unsigned level, unsigned line)
{
    if (level == 0)
        return xc_show_loc_in(line);
    if (level == m->log_n)
        return xc_show_loc_out(xc_min_wire(m, m->log_n, line));
    return xc_show_loc_sw(level - 1, line / 2);
}

static void min_cycle(void *user, const xc_ls *ls, const xc_hw_bus *bus, const xc_min_obs *obs)
{
    (void)bus;
    struct min_rec *r = user;
    xc_show *s = r->s;
    const xc_min *m = &s->m;
    const unsigned N = m->n_lines, n = m->log_n, half = N / 2;
    int any = 0;
    for (size_t i = 0; i < (size_t)(n + 1) * N && !any; i++)
        any = xc_flit_valid(obs->flit[i]);
    if (!any || r->failed)
        return;
    char label[48];
    if (!r->first_cycle)
        r->first_cycle = ls->core.cycle;
    snprintf(label, sizeof label, "cycle %lu", ls->core.cycle - r->first_cycle + 1); /* from the first injection */
    if (xc_show_frame(s, label)) {
        r->failed = 1;
        return;
    }
    const uint32_t k = s->n_frames - 1;
    int32_t *at = s->at + (size_t)k * s->n_msgs;
    for (unsigned level = 0; level <= n; level++)
        for (unsigned line = 0; line < N; line++) {
            xc_flit f = obs->flit[(size_t)level * N + line];
            if (xc_flit_valid(f)) {
                at[xc_flit_src(f) * N + xc_flit_step(f)] = min_loc(m, level, line);
                if (level < n) /* level n: delivered, no longer in the network */
                    s->xmask[k] |= 1ull << xc_flit_step(f);
            }
        }
    for (unsigned st = 0; st < n; st++)
        for (unsigned h = 0; h < half; h++) {
            const xc_flit *out = obs->flit + (size_t)(st + 1) * N + 2 * h;
            xc_flit f = xc_flit_valid(out[0]) ? out[0] : out[1];
            if (!xc_flit_valid(f))
                continue; /* no flit passed the switch in this cycle */
            s->set[((size_t)k * n + st) * half + h] = (int8_t)obs->set[st * half + h];
            s->set_x[((size_t)k * n + st) * half + h] = (int16_t)xc_flit_step(f);
        }
    s->delivered[k] = obs->delivered;
}

/* The end of a recording: 0, or the error of a recorder out of memory
 * (failed) or of a golden run that did not complete (its firmware's
 * status in rec). rec is closed. */
static int recorded(int failed, xc_rec *rec)
{
    const xc_status st = rec->cp_st;
    char msg[sizeof rec->cp_msg];
    snprintf(msg, sizeof msg, "%s", rec->cp_msg);
    xc_rec_close(rec);
    if (failed)
        return xc_cli_error("show", XC_ENOMEM, "out of memory");
    if (st)
        return xc_cli_error("show", st, "the golden model did not complete the exchange: %s", msg);
    return 0;
}

/* A recording that could not run: rec closed, the error said. */
static int not_recorded(xc_rec *rec, xc_status st, const xc_err *err)
{
    xc_rec_close(rec);
    return xc_cli_error("show", st, "%s", err->msg);
}

static int record_min(const xc_show_opts *o, xc_show *s)
{
    xc_big l;
    unsigned x_given;
    int rc = xc_cli_min_square("show", o->net, o->l_text, o->cfg_text, &s->m, &s->m0, &l, &x_given);
    if (rc)
        return rc;
    const xc_min *m = &s->m;
    const unsigned N = m->n_lines;
    if (N > SHOW_MAX_MIN_N)
        return xc_cli_error("show", XC_ERANGE, "--net %s: a page shows MINs up to N = %u", o->net, SHOW_MAX_MIN_N);
    char ldec[64];
    xc_big_to_dec(&l, ldec, sizeof ldec);
    s->kind = XC_SHOW_MIN;
    s->mode = o->mode;
    snprintf(s->algo, sizeof s->algo, "latin");
    xc_min_spec(m, s->net, sizeof s->net);
    snprintf(s->options, sizeof s->options, "l = %.40s%s, mode %s", ldec, strlen(ldec) > 40 ? "..." : "",
             o->mode == XC_MODE_XOR ? "xor" : o->mode == XC_MODE_TABLE ? "table" : "self");
    s->expected = (unsigned long)N * N;
    s->bound = N + m->log_n;
    s->bound_name = "N + log2 N cycles";
    s->square = calloc((size_t)N * N, sizeof *s->square);
    if (alloc_msgs(s, N * N) || !s->square)
        return xc_cli_error("show", XC_ENOMEM, "out of memory");
    for (unsigned x = 0; x < N; x++) {
        xc_cfg mx;
        uint16_t src[XC_MIN_MAX_N];
        xc_cfg_xor(&s->m0, x, &mx);
        xc_route(m, &mx, NULL, src);
        for (unsigned out = 0; out < N; out++)
            s->square[out * N + x] = src[out];
        for (unsigned j = 0; j < N; j++) {
            s->src[j * N + x] = j;
            s->dst[j * N + x] = xc_cp_min_dest(m, &s->m0, x, j);
        }
    }
    if (xc_show_frame(s, "before the first step"))
        return xc_cli_error("show", XC_ENOMEM, "out of memory");
    for (uint32_t i = 0; i < s->n_msgs; i++)
        s->at[i] = xc_show_loc_in(s->src[i]);

    struct min_rec rec = {.s = s};
    const xc_rec_spec spec = {.family = XC_RUN_MIN, .m = m, .m0 = &s->m0, .mode = o->mode, .on_min = min_cycle,
                              .user = &rec};
    xc_rec r;
    xc_err err;
    xc_status st;
    if ((st = xc_rec_open(&r, &spec, &err)) || (st = xc_rec_run(&r, &err)))
        return not_recorded(&r, st, &err);
    return recorded(rec.failed, &r);
}

/* ---- product networks: one frame per step the controller runs ---- */

struct pn_rec {
    xc_show *s;
    uint32_t prev_status, prev_step, cur_step;
    unsigned long step_start; /* the harness's cycle before the current step's first */
    int wormhole, failed, algo;
    const xc_wh_step_info *info;
    const xc_sched_phaser *phaser; /* store and forward: the words for each step */
};

/* Message m(s -> d) of a total exchange, or the copy of broadcast m(s) made for d. */
static uint32_t pn_id(const xc_show *s, uint32_t src, uint32_t dst)
{
    const uint32_t n = s->pn.nodes;
    return src * (n - 1) + (dst < src ? dst : dst - 1);
}

static void pn_cycle(void *user, const xc_lsp *ls, const xc_hw_bus *bus, const xc_pn_obs *obs)
{
    (void)bus;
    struct pn_rec *r = user;
    xc_show *s = r->s;
    const uint32_t step = (r->prev_status & 1u) ? r->prev_step : 0; /* the step that ran in this cycle */
    r->prev_status = obs->status;
    r->prev_step = obs->step;
    if (!step || r->failed)
        return;
    if (step != r->cur_step) {
        char label[200];
        xc_sched_phase ph = {0};
        if (r->wormhole && r->info && step <= SHOW_MAX_WH_STEPS) {
            char words[96];
            xc_wh_label_words(r->info[step - 1].label, words, sizeof words);
            snprintf(label, sizeof label, "step %u: %s (%s)", step, r->info[step - 1].label, words);
        }
        else if (r->phaser) {
            xc_sched_phase_at(r->phaser, step, &ph);
            snprintf(label, sizeof label, "step %u: %s", step, ph.text);
        } else
            snprintf(label, sizeof label, "step %u", step);
        if (xc_show_frame(s, label)) {
            r->failed = 1;
            return;
        }
        s->phase[s->n_frames - 1][0] = ph.phase;
        s->phase[s->n_frames - 1][1] = ph.round;
        s->phase[s->n_frames - 1][2] = ph.rounds;
        r->cur_step = step;
        r->step_start = ls->core.cycle - 1;
    }
    const uint32_t cycle = (uint32_t)(ls->core.cycle - r->step_start);
    const uint32_t k = s->n_frames - 1;
    int32_t *at = s->at + (size_t)k * s->n_msgs;
    const uint32_t ports = ls->hw->ports;
    for (uint32_t i = 0; i < ls->hw->nodes * ports; i++) {
        const uint32_t v = i / ports;
        xc_flit f = obs->link[i];
        if (xc_flit_valid(f)) {
            const int64_t u = xc_topo_neighbor(&s->pn, v, i % ports);
            if (u < 0)
                continue; /* a router error; the report of xchg run says it */
            const uint32_t id = pn_id(s, xc_flit_src(f), s->kind_mnb ? (uint32_t)u : xc_flit_dst(f));
            at[id] = (int32_t)u;
            if (xc_show_event(s, XC_SHOW_HOP, id, v, (uint32_t)u, cycle))
                r->failed = 1;
        }
        f = obs->dlv[i];
        if (xc_flit_valid(f) && (s->kind_mnb || xc_flit_dst(f) == v)) {
            s->delivered[k]++;
            if (xc_show_event(s, XC_SHOW_DLV, pn_id(s, xc_flit_src(f), v), v, v, cycle))
                r->failed = 1;
        }
    }
}

static int pn_setup(xc_show *s, const char *net, uint32_t expected_msgs)
{
    int rc;
    if ((rc = xc_cli_net("show", "--net:", net, &s->pn)))
        return rc;
    if (s->pn.nodes > SHOW_MAX_NODES)
        return xc_cli_error("show", XC_ERANGE, "--net %s: %u nodes, a page shows up to %u", net, s->pn.nodes,
                            SHOW_MAX_NODES);
    snprintf(s->net, sizeof s->net, "%s", s->pn.spec);
    const uint32_t n = s->pn.nodes;
    if (!(s->edges = xc_show_edges(&s->pn, &s->n_edges)) || alloc_msgs(s, n * (n - 1)))
        return xc_cli_error("show", XC_ENOMEM, "out of memory");
    for (uint32_t a = 0; a < n; a++)
        for (uint32_t b = 0; b < n; b++)
            if (a != b) {
                s->src[pn_id(s, a, b)] = a;
                s->dst[pn_id(s, a, b)] = b;
            }
    s->expected = expected_msgs;
    if (xc_show_frame(s, "before the first step"))
        return xc_cli_error("show", XC_ENOMEM, "out of memory");
    for (uint32_t i = 0; i < s->n_msgs; i++)
        s->at[i] = s->kind_mnb ? XC_SHOW_NOWHERE : (int32_t)s->src[i];
    return 0;
}

static int record_sf(const xc_show_opts *o, xc_show *s, const xc_net *net)
{
    s->kind = XC_SHOW_SF;
    const xc_algo algo = (xc_algo)xc_algo_parse(o->algo);
    const xc_rec_spec spec = {.family = XC_RUN_SF, .on_pn = pn_cycle,
                              .so = {.net = net, .algo = algo, .half_duplex = o->half,
                                     .multiport = o->multi_set ? o->multi : algo == XC_ALGO_TE_A2}};
    xc_rec r;
    xc_err err;
    xc_status st;
    if ((st = xc_rec_open(&r, &spec, &err)))
        return not_recorded(&r, st, &err);
    s->kind_mnb = r.plan.kind_mnb;
    int rc = pn_setup(s, o->net, net->nodes * (net->nodes - 1));
    if (rc) {
        xc_rec_close(&r);
        return rc;
    }
    snprintf(s->options, sizeof s->options, "%s-port, %s duplex", spec.so.multiport ? "multi" : "single",
             o->half ? "half" : "full");
    s->bound = r.plan.bound;
    s->bound_name = r.plan.bound_name;
    xc_sched_phaser *phaser = malloc(sizeof *phaser);
    if (!phaser) {
        xc_rec_close(&r);
        return xc_cli_error("show", XC_ENOMEM, "out of memory");
    }
    xc_sched_phaser_init(phaser, &spec.so);
    struct pn_rec rec = {.s = s, .algo = algo, .phaser = phaser};
    r.spec.user = &rec;
    st = xc_rec_run(&r, &err);
    free(phaser);
    return st ? not_recorded(&r, st, &err) : recorded(rec.failed, &r);
}

static int record_wh(const xc_show_opts *o, xc_show *s, const xc_net *net)
{
    s->kind = XC_SHOW_WH;
    const xc_wh_algo algo = (xc_wh_algo)xc_wh_algo_parse(o->algo);
    const xc_rec_spec spec = {.family = XC_RUN_WH, .so = {.net = net}, .wh_algo = algo, .ts = (uint32_t)o->ts,
                              .on_pn = pn_cycle};
    xc_rec *r = malloc(sizeof *r); /* the steps' labels make it large */
    xc_err err;
    xc_status st;
    if (!r)
        return xc_cli_error("show", XC_ENOMEM, "out of memory");
    int rc = (st = xc_rec_open(r, &spec, &err)) ? not_recorded(r, st, &err)
                                                : pn_setup(s, o->net, net->nodes * (net->nodes - 1));
    if (!st && !rc) {
        snprintf(s->options, sizeof s->options, "circuit mode, ts = %ld cycles", o->ts);
        s->bound = xc_wh_startup_bound(net); /* the lower bound, not the algorithm's own count */
        s->bound_name = XC_WH_BOUND_NAME;
        s->algo_steps = r->t1.startups;
        s->algo_steps_name = algo == XC_WH_DC1 ? "N/4 + 5" : "3 log2 N - 1";
        struct pn_rec rec = {.s = s, .wormhole = 1, .info = r->info};
        r->spec.user = &rec;
        st = xc_rec_run(r, &err);
        if (!st && !rec.failed && r->wprog.steps == s->n_frames - 1) /* each step's m, as compare costs it */
            rec.failed = !(s->step_m = malloc(((size_t)r->wprog.steps + 1) * sizeof *s->step_m));
        if (s->step_m)
            memcpy(s->step_m, r->wprog.path_cycles, r->wprog.steps * sizeof *s->step_m);
        rc = st ? not_recorded(r, st, &err) : recorded(rec.failed, r);
    } else if (!st)
        xc_rec_close(r);
    free(r);
    return rc;
}

int xc_show_record(const xc_show_opts *o, xc_show *s)
{
    memset(s, 0, sizeof *s);
    if (!o->net)
        return xc_cli_error("show", XC_EINVAL, "--net is required, e.g. --net butterfly:8 or --net torus:4x4");
    size_t len = strcspn(o->net, ":*");
    if (xc_min_topo_lookup(o->net, len) >= 0) {
        if (o->algo && strcmp(o->algo, "latin"))
            return xc_cli_error("show", XC_EINVAL, "--algo '%s': allowed for a MIN: latin", o->algo);
        return record_min(o, s);
    }
    if (xc_topo_kind_lookup(o->net, len) < 0)
        return xc_cli_error("show", XC_EINVAL,
                            "--net '%s': unknown network '%.*s' (MIN: butterfly, omega, baseline, rbaseline, cube; "
                            "product: ring, path, complete, torus, mesh, ghc, hypercube)", o->net, (int)len, o->net);
    if (!o->algo)
        return xc_cli_error("show", XC_EINVAL, "--algo is required on a product network "
                            "(te-ni, te-a1, te-a2, mnb, mnb-product, te-dc1, te-dcn)");
    const int wh = xc_wh_algo_parse(o->algo) >= 0;
    s->ts = wh ? o->ts : 100; /* xchg check's and the wormhole pages' start-up cost */
    if (!wh && xc_algo_parse(o->algo) < 0)
        return xc_cli_error("show", XC_EINVAL, "--algo '%s': allowed te-ni, te-a1, te-a2, mnb, mnb-product, "
                            "te-dc1, te-dcn", o->algo);
    snprintf(s->algo, sizeof s->algo, "%s", o->algo);
    xc_net net;
    int rc;
    if ((rc = xc_cli_net("show", "--net:", o->net, &net)))
        return rc;
    return wh ? record_wh(o, s, &net) : record_sf(o, s, &net);
}
