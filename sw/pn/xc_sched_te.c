/* SPDX-License-Identifier: MIT */
/* te-a1 and te-a2: total exchange composed from per-dimension total
 * exchanges (paper 000 §4 Algorithm A1, §5 Algorithm A2).
 *
 * Both algorithms are a tree of "rounds": a round is a total exchange in
 * every copy of a sub-network, in which each node y hands every other node z
 * of its copy one message chosen by a selector S(y, z). A selector is a
 * chain of frames, each mapping (y, z) of a round to (y', z') of its parent
 * round, the root meaning "y's own message for z". A1 runs its rounds one
 * after the other (one dimension active per step); A2 runs the two halves
 * side by side (every dimension active every step, multiport). At each step
 * the active leaf rounds are found by arithmetic on the step number, so the
 * schedule streams out with O(n^2) words of state (where each message is
 * buffered) and nothing per step. */
#include <stdlib.h>
#include <string.h>

#include "xc_grow.h"
#include "xc_sched.h"
#include "xc_sched_dim.h"

enum { FR_P1, FR_P2, FR_TEA, FR_TEB };

typedef struct frame {
    uint8_t type;
    uint32_t i;           /* A1: the dimension split off (B = dim i) */
    uint32_t lo, mid, hi; /* A2: A = dims [lo,mid), B = dims [mid,hi) */
    uint32_t r;           /* round */
} frame;

#define MAXF (XC_TOPO_MAX_DIMS + 4)

typedef struct leaf {
    uint32_t dim;
    uint64_t t;
    uint32_t nfr;
    frame fr[MAXF];
} leaf;

typedef struct rec {
    uint32_t msg, to, port;
} rec;

typedef struct eng {
    const xc_net *net;
    uint32_t n;
    const xc_sched_sink *sink;
    xc_sched_result *res;
    xc_dim_te tab[XC_TOPO_MAX_DIMS];
    uint64_t t_a1[XC_TOPO_MAX_DIMS]; /* A1 steps of dims [0..i] */
    uint32_t *slot_of;               /* message y*n+z -> its slot */
    uint32_t **fl;                   /* per node: free slots (a stack) */
    uint32_t *nfl, *capfl;
    uint32_t *fresh; /* per node: next never-used slot */
    rec *buf;
    uint64_t nbuf;
    leaf leaves[XC_TOPO_MAX_DIMS];
    uint32_t nleaves;
} eng;

/* Index of node's coordinates in dims [lo,hi) (mixed radix), and setting it. */
static uint32_t range_size(const xc_net *net, uint32_t lo, uint32_t hi)
{
    uint32_t s = 1;
    for (uint32_t d = lo; d < hi; d++)
        s *= net->dim[d].size;
    return s;
}
static uint32_t range_idx(const xc_net *net, uint32_t node, uint32_t lo, uint32_t hi)
{
    return (node / net->dim[hi - 1].stride) % range_size(net, lo, hi);
}
static uint32_t range_set(const xc_net *net, uint32_t node, uint32_t lo, uint32_t hi, uint32_t v)
{
    uint32_t old = range_idx(net, node, lo, hi);
    return node - old * net->dim[hi - 1].stride + v * net->dim[hi - 1].stride;
}

/* The message (y*n+z) a leaf round's (y, z) stands for. */
static uint32_t select_msg(const eng *e, const leaf *lf, uint32_t y, uint32_t z)
{
    const xc_net *net = e->net;
    for (uint32_t f = lf->nfr; f-- > 0;) {
        const frame *fr = &lf->fr[f];
        switch (fr->type) {
        case FR_P1: /* phase 1 round r: z's dims [0,i) become batch r */
            z = range_set(net, z, 0, fr->i, fr->r);
            break;
        case FR_P2: /* phase 2 round c: the message came from y's B-copy node c */
            y = xc_topo_with(net, y, fr->i, fr->r);
            break;
        case FR_TEA: {
            if (fr->r == 0)
                break; /* first exchange in A_j: y's own messages */
            uint32_t nn = range_size(net, fr->lo, fr->mid);
            uint32_t i = range_idx(net, y, fr->lo, fr->mid), a = range_idx(net, z, fr->lo, fr->mid);
            uint32_t j = range_idx(net, y, fr->mid, fr->hi);
            uint32_t s = (a + nn - i) % nn;                                /* 1..n-1 */
            uint32_t l = (s + (nn - 1) - fr->r % (nn - 1)) % (nn - 1) + 1; /* sigma_r^-1(s) */
            y = range_set(net, y, fr->mid, fr->hi, (j + nn - l) % nn);
            break;
        }
        case FR_TEB: {
            uint32_t nn = range_size(net, fr->lo, fr->mid);
            if (fr->r == nn - 1)
                break; /* last exchange in B_i: messages m(v_i, *) */
            uint32_t r = fr->r + 1; /* the paper's r-th exchange, eq. (7) */
            uint32_t i = range_idx(net, y, fr->lo, fr->mid);
            uint32_t j = range_idx(net, y, fr->mid, fr->hi), b = range_idx(net, z, fr->mid, fr->hi);
            uint32_t l = (b + nn - j) % nn;
            uint32_t sig = (r - 1 + l - 1) % (nn - 1) + 1;
            z = range_set(net, z, fr->lo, fr->mid, (i + sig) % nn);
            break;
        }
        }
    }
    return y * e->n + z;
}

static void add_leaf(eng *e, uint32_t dim, uint64_t t, const frame *fr, uint32_t nfr)
{
    leaf *lf = &e->leaves[e->nleaves++];
    lf->dim = dim;
    lf->t = t;
    lf->nfr = nfr;
    memcpy(lf->fr, fr, nfr * sizeof *fr);
}

/* A1 on dims [0..i] at relative step t. */
static void a1_at(eng *e, uint32_t i, uint64_t t, frame *fr, uint32_t nfr)
{
    if (i == 0) {
        add_leaf(e, 0, t, fr, nfr);
        return;
    }
    uint64_t ti = e->tab[i].steps;
    uint64_t phase1 = (uint64_t)range_size(e->net, 0, i) * ti;
    if (t < phase1) {
        fr[nfr] = (frame){FR_P1, i, 0, 0, 0, (uint32_t)(t / ti)};
        add_leaf(e, i, t % ti, fr, nfr + 1);
        return;
    }
    t -= phase1;
    uint64_t ta = e->t_a1[i - 1];
    fr[nfr] = (frame){FR_P2, i, 0, 0, 0, (uint32_t)(t / ta)};
    a1_at(e, i - 1, t % ta, fr, nfr + 1);
}

/* A2 steps on a range of m dims (a power of two) of identical dimensions. */
static uint64_t a2_steps(const eng *e, uint32_t lo, uint32_t hi)
{
    if (hi - lo == 1)
        return e->tab[lo].steps;
    uint32_t mid = (lo + hi) / 2;
    return (uint64_t)range_size(e->net, lo, mid) * a2_steps(e, lo, mid);
}

static void a2_at(eng *e, uint32_t lo, uint32_t hi, uint64_t t, frame *fr, uint32_t nfr)
{
    if (hi - lo == 1) {
        add_leaf(e, lo, t, fr, nfr);
        return;
    }
    uint32_t mid = (lo + hi) / 2;
    uint64_t th = a2_steps(e, lo, mid);
    uint32_t rho = (uint32_t)(t / th);
    frame sub[MAXF];
    memcpy(sub, fr, nfr * sizeof *fr);
    sub[nfr] = (frame){FR_TEA, 0, lo, mid, hi, rho};
    a2_at(e, lo, mid, t % th, sub, nfr + 1);
    memcpy(sub, fr, nfr * sizeof *fr);
    sub[nfr] = (frame){FR_TEB, 0, lo, mid, hi, rho};
    a2_at(e, mid, hi, t % th, sub, nfr + 1);
}

static int slot_alloc(eng *e, uint32_t node, uint32_t *slot)
{
    if (e->nfl[node]) {
        *slot = e->fl[node][--e->nfl[node]];
        return 0;
    }
    *slot = e->fresh[node]++;
    if (e->fresh[node] > e->res->peak_slots)
        e->res->peak_slots = e->fresh[node];
    return 0;
}

static int slot_free(eng *e, uint32_t node, uint32_t slot)
{
    if (e->nfl[node] == e->capfl[node]) {
        uint32_t cap = e->capfl[node] ? e->capfl[node] * 2 : 4;
        uint32_t *a = realloc(e->fl[node], cap * sizeof *a);
        if (!a)
            return -1;
        e->fl[node] = a;
        e->capfl[node] = cap;
    }
    e->fl[node][e->nfl[node]++] = slot;
    return 0;
}

/* Sends of one leaf round's step in every copy of its dimension. */
static xc_status run_leaf(eng *e, const leaf *lf, xc_err *err)
{
    const xc_net *net = e->net;
    const xc_dim *dm = &net->dim[lf->dim];
    const xc_dim_te *tab = &e->tab[lf->dim];
    uint32_t k = dm->size, stride = dm->stride;
    uint32_t reps = tab->relative ? k : 1;
    for (uint64_t m = tab->start[lf->t]; m < tab->start[lf->t + 1]; m++) {
        for (uint32_t sh = 0; sh < reps; sh++) {
            xc_dim_move mv = tab->mv[m];
            if (tab->relative) {
                mv.x = (mv.x + sh) % k;
                mv.o = (mv.o + sh) % k;
                mv.c = (mv.c + sh) % k;
            }
            uint32_t nb = (uint32_t)xc_dim_neighbor(dm->kind, k, mv.x, mv.p);
            uint32_t port = dm->port_base + mv.p;
            uint32_t back = dm->port_base + (uint32_t)xc_dim_port_to(dm->kind, k, nb, mv.x);
            /* every line of the dimension: w runs over nodes with coord 0 */
            for (uint32_t hi = 0; hi < e->n; hi += k * stride)
                for (uint32_t lo = 0; lo < stride; lo++) {
                    uint32_t w = hi + lo;
                    uint32_t msg = select_msg(e, lf, w + mv.o * stride, w + mv.c * stride);
                    uint32_t from = w + mv.x * stride;
                    uint32_t slot = e->slot_of[msg];
                    xc_op op = {XC_OP_SEND, from, port, slot, 0};
                    xc_status st = e->sink->op(e->sink->ctx, &op);
                    if (st)
                        return st;
                    if (slot_free(e, from, slot))
                        return xc_fail(err, XC_ENOMEM, "out of memory for free slot lists");
                    e->buf[e->nbuf++] = (rec){msg, w + nb * stride, back};
                }
        }
    }
    return XC_OK;
}

static xc_status finish_step(eng *e)
{
    for (uint64_t i = 0; i < e->nbuf; i++) {
        rec *r = &e->buf[i];
        xc_op op = {XC_OP_RECV, r->to, r->port, XC_NO_SLOT, 0};
        if (r->msg % e->n == r->to) {
            op.deliver = 1;
            e->res->deliveries++;
        } else {
            slot_alloc(e, r->to, &op.slot);
            e->slot_of[r->msg] = op.slot;
        }
        xc_status st = e->sink->op(e->sink->ctx, &op);
        if (st)
            return st;
    }
    e->res->message_hops += e->nbuf;
    e->res->table_words += 2 * e->nbuf;
    e->nbuf = 0;
    return XC_OK;
}

xc_status xc_sched_te_prod(const xc_sched_opts *o, const xc_sched_sink *s, xc_sched_result *r, xc_err *err)
{
    const xc_net *net = o->net;
    eng *e = calloc(1, sizeof *e);
    if (!e)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    e->net = net;
    e->n = net->nodes;
    e->sink = s;
    e->res = r;
    xc_status st = XC_OK;
    for (uint32_t d = 0; d < net->ndims && !st; d++)
        st = xc_dim_te_build(net->dim[d].kind, net->dim[d].size, o->multiport, &e->tab[d], err);
    uint32_t n = e->n;
    if (!st) {
        e->slot_of = malloc((size_t)n * n * sizeof *e->slot_of);
        e->fl = calloc(n, sizeof *e->fl);
        e->nfl = calloc(n, sizeof *e->nfl);
        e->capfl = calloc(n, sizeof *e->capfl);
        e->fresh = malloc(n * sizeof *e->fresh);
        e->buf = malloc((size_t)n * (net->nports + 1) * sizeof *e->buf);
        if (!e->slot_of || !e->fl || !e->nfl || !e->capfl || !e->fresh || !e->buf)
            st = xc_fail(err, XC_ENOMEM, "out of memory for %u nodes' buffers", n);
    }
    uint64_t total = 0;
    if (!st) {
        for (uint32_t y = 0; y < n; y++) {
            e->fresh[y] = n;
            for (uint32_t z = 0; z < n; z++)
                e->slot_of[(size_t)y * n + z] = xc_topo_sub(net, z, y);
            slot_free(e, y, 0);
        }
        r->peak_slots = n;
        uint64_t acc = 0;
        for (uint32_t d = 0; d < net->ndims; d++) {
            /* Theorem 2 recursively: T(0..d) = n_<d T_d + |V_d| T(0..d-1) */
            acc = (uint64_t)range_size(net, 0, d) * e->tab[d].steps + (uint64_t)net->dim[d].size * acc;
            e->t_a1[d] = acc;
        }
        total = o->algo == XC_ALGO_TE_A2 ? a2_steps(e, 0, net->ndims) : e->t_a1[net->ndims - 1];
    }
    frame fr[MAXF];
    for (uint64_t t = 0; t < total && !st; t++) {
        e->nleaves = 0;
        if (o->algo == XC_ALGO_TE_A2)
            a2_at(e, 0, net->ndims, t, fr, 0);
        else
            a1_at(e, net->ndims - 1, t, fr, 0);
        if ((st = s->step(s->ctx, t + 1)))
            break;
        for (uint32_t i = 0; i < e->nleaves && !st; i++)
            st = run_leaf(e, &e->leaves[i], err);
        if (!st)
            st = finish_step(e);
    }
    r->steps = total;
    for (uint32_t d = 0; d < net->ndims; d++)
        xc_dim_te_free(&e->tab[d]);
    if (e->fl)
        for (uint32_t y = 0; y < n; y++)
            free(e->fl[y]);
    XC_FREE_ALL(e->fl, e->nfl, e->capfl, e->fresh, e->buf, e->slot_of, e);
    return st;
}
