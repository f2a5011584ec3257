/* SPDX-License-Identifier: MIT */
/* Per-dimension total exchange tables (see xc_sched_dim.h). */
#include "xc_sched_dim.h"

#include <stdlib.h>
#include <string.h>

#include "xc_bound.h"
#include "xc_grow.h"

typedef struct vec {
    xc_dim_move *a;
    size_t n, cap;
} vec;

static int push(vec *v, xc_dim_move m) { return xc_push(&v->a, &v->n, &v->cap, &m, sizeof m, 256); }

typedef struct steps_vec {
    uint64_t *a;
    size_t n, cap;
} steps_vec;

static int push_u64(steps_vec *v, uint64_t x) { return xc_push(&v->a, &v->n, &v->cap, &x, sizeof x, 256); }

void xc_dim_te_free(xc_dim_te *t)
{
    free(t->start);
    free(t->mv);
    memset(t, 0, sizeof *t);
}

uint64_t xc_path_recv_bound(uint32_t k)
{
    uint64_t best = 0;
    for (uint64_t x = 0; x < k; x++) {
        uint64_t r = x * (k - x) + (k - 1 - x) * (x + 1);
        if (r > best)
            best = r;
    }
    return best;
}

/* Node-invariant total exchange on a ring or complete graph (003 Fig. 1):
 * only node 0's FIFO is simulated. A message is (o, c) relative to the
 * holder; after crossing generator g it is (o - g, c - g) relative to the
 * receiver, which by symmetry is what node 0 receives from node -g. */
static xc_status build_ni(xc_dim_te *t, xc_err *err)
{
    uint32_t k = t->size;
    uint32_t cap = k; /* the queue never exceeds k - 1 messages */
    uint32_t *qo = malloc(cap * sizeof *qo), *qc = malloc(cap * sizeof *qc);
    vec mv = {0};
    steps_vec st = {0};
    xc_status rc = XC_OK;
    if (!qo || !qc)
        goto nomem;
    uint32_t head = 0, len = 0;
    for (uint32_t d = k - 1; d >= 1; d--) { /* head first: m(v_{k-1}) as in Fig. 1 */
        qo[len] = 0;
        qc[len] = d;
        len++;
    }
    while (len) {
        uint32_t o = qo[head], c = qc[head];
        head = (head + 1) % cap;
        len--;
        uint32_t p;
        if (t->kind == XC_DIM_COMPLETE)
            p = c - 1;
        else if (k == 2)
            p = 0;
        else
            p = c <= k / 2 ? 0 : 1;
        uint32_t g = (uint32_t)xc_dim_neighbor(t->kind, k, 0, p);
        if (push_u64(&st, mv.n) || push(&mv, (xc_dim_move){0, o, c, p}))
            goto nomem;
        uint32_t no = (o + k - g) % k, nc = (c + k - g) % k;
        if (nc != 0) {
            uint32_t tail = (head + len) % cap;
            qo[tail] = no;
            qc[tail] = nc;
            len++;
        }
    }
    if (push_u64(&st, mv.n))
        goto nomem;
    t->relative = 1;
    t->steps = st.n - 1;
    t->start = st.a;
    t->mv = mv.a;
    t->nmv = mv.n;
    free(qo);
    free(qc);
    return XC_OK;
nomem:
    rc = xc_fail(err, XC_ENOMEM, "out of memory building the %u-node dimension table", k);
    free(qo);
    free(qc);
    free(mv.a);
    free(st.a);
    return rc;
}

/* Label (o, c) travels on a ring in a fixed direction chosen at the origin:
 * the shorter way, antipodal messages clockwise from even origins. */
static int ring_cw(uint32_t k, uint32_t o, uint32_t c)
{
    uint32_t d = (c + k - o) % k;
    if (2 * d == k)
        return o % 2 == 0;
    return 2 * d < k;
}

/* Remaining hops of label (o, c) held by x. */
static uint32_t remaining(const xc_dim_te *t, uint32_t x, uint32_t o, uint32_t c)
{
    uint32_t k = t->size;
    if (t->kind == XC_DIM_RING && k > 2)
        return ring_cw(k, o, c) ? (c + k - x) % k : (x + k - c) % k;
    return xc_dim_dist(t->kind, k, x, c);
}

/* Port on which x forwards label (o, c). */
static uint32_t route(const xc_dim_te *t, uint32_t x, uint32_t o, uint32_t c)
{
    uint32_t k = t->size;
    switch (t->kind) {
    case XC_DIM_RING:
        if (k == 2)
            return 0;
        return ring_cw(k, o, c) ? 0 : 1;
    case XC_DIM_PATH: return c > x ? 0 : 1;
    case XC_DIM_COMPLETE: return (uint32_t)xc_dim_port_to(t->kind, k, x, c);
    }
    return 0;
}

/* Explicit simulation of all nodes: multiport (every port its farthest
 * message) or single-port path (per-step max-weight matching). */
/* The simulated schedule being built (build_sim): where every label
 * o*k+c is (k once delivered), the sends and receptions each node still
 * has to do, and per node and port the label to send next (best). */
typedef struct sim {
    const xc_dim_te *t;
    uint32_t k, L;
    uint32_t *where, *rem_r, *rem_s, *best;
    vec mv;
    steps_vec st;
    uint64_t left;
} sim;

/* Every label at its origin; the sends and receptions along its route. */
static void sim_init(sim *s)
{
    const uint32_t k = s->k;
    for (uint32_t o = 0; o < k; o++)
        for (uint32_t c = 0; c < k; c++) {
            s->where[o * k + c] = o == c ? k : o;
            if (o == c)
                continue;
            s->left++;
            uint32_t x = o;
            while (x != c) {
                uint32_t y = (uint32_t)xc_dim_neighbor(s->t->kind, k, x, route(s->t, x, o, c));
                s->rem_s[x]++;
                s->rem_r[y]++;
                x = y;
            }
        }
}

/* Multiport complete graph: every label left goes direct, in this step. */
static int sim_complete_step(sim *s)
{
    const uint32_t k = s->k;
    for (uint32_t l = 0; l < s->L; l++)
        if (s->where[l] < k) {
            uint32_t o = l / k, c = l % k;
            if (s->mv.n >= XC_DIM_TE_MAX_MOVES || push(&s->mv, (xc_dim_move){o, o, c, route(s->t, o, o, c)}))
                return -1;
            s->where[l] = k;
            s->left--;
        }
    return 0;
}

/* best[x*2+p]: the label at x with the farthest to go on port p. */
static void sim_pick_best(sim *s)
{
    const uint32_t k = s->k;
    for (uint32_t i = 0; i < k * 2; i++)
        s->best[i] = UINT32_MAX;
    for (uint32_t l = 0; l < s->L; l++) {
        uint32_t x = s->where[l];
        if (x >= k)
            continue;
        uint32_t o = l / k, c = l % k, p = route(s->t, x, o, c);
        uint32_t *b = &s->best[x * 2 + p];
        if (*b == UINT32_MAX || remaining(s->t, x, o, c) > remaining(s->t, x, *b / k, *b % k))
            *b = l;
    }
}

/* One link l -> l+1 of the dynamic programme: from each state s of node l
 * (bit 0: l already sends, bit 1: l already receives), each choice ch
 * (bit 0: l -> l+1, bit 1: l+1 -> l); the weight is the remaining work of
 * both ends, so the busiest nodes (the centre) never idle. */
static void path_dp_link(const sim *sm, uint32_t l, uint64_t (*val)[4], uint8_t (*how)[4], uint8_t (*from)[4])
{
    for (int s = 0; s < 4; s++)
        val[l + 1][s] = UINT64_MAX;
    for (int s = 0; s < 4; s++) {
        if (val[l][s] == UINT64_MAX)
            continue;
        int out_used = s & 1, in_used = (s >> 1) & 1;
        for (int ch = 0; ch < 4; ch++) {
            int r = ch & 1, lf = (ch >> 1) & 1;
            if (r && (out_used || sm->best[l * 2 + 0] == UINT32_MAX))
                continue;
            if (lf && (in_used || sm->best[(l + 1) * 2 + 1] == UINT32_MAX))
                continue;
            uint64_t w = val[l][s];
            if (r)
                w += 1 + (uint64_t)sm->rem_s[l] + sm->rem_r[l + 1];
            if (lf)
                w += 1 + (uint64_t)sm->rem_s[l + 1] + sm->rem_r[l];
            int ns = (lf ? 1 : 0) | (r ? 2 : 0);
            if (val[l + 1][ns] == UINT64_MAX || w > val[l + 1][ns]) {
                val[l + 1][ns] = w;
                how[l + 1][ns] = (uint8_t)ch;
                from[l + 1][ns] = (uint8_t)s;
            }
        }
    }
}

/* Path, single-port: chooses per link none / right / left / both by
 * dynamic programming over the links, so that every node sends at most
 * one and receives at most one message, and the summed weight is
 * largest; marks the chosen sends in use. */
static int path_single_port(const sim *sm, uint8_t *use)
{
    const uint32_t k = sm->k;
    uint64_t (*val)[4] = malloc((size_t)k * sizeof *val);
    uint8_t (*how)[4] = malloc((size_t)k * sizeof *how);
    uint8_t (*from)[4] = malloc((size_t)k * sizeof *from);
    int rc = -1;
    if (val && how && from) {
        for (int s = 0; s < 4; s++)
            val[0][s] = s == 0 ? 0 : UINT64_MAX;
        for (uint32_t l = 0; l + 1 < k; l++)
            path_dp_link(sm, l, val, how, from);
        int s = 0;
        for (int i = 1; i < 4; i++)
            if (val[k - 1][i] != UINT64_MAX && val[k - 1][i] > val[k - 1][s])
                s = i;
        for (uint32_t l = k - 1; l > 0; l--) {
            int ch = how[l][s];
            if (ch & 1)
                use[(l - 1) * 2 + 0] = 1;
            if (ch & 2)
                use[l * 2 + 1] = 1;
            s = from[l][s];
        }
        rc = 0;
    }
    free(val);
    free(how);
    free(from);
    return rc;
}

/* The chosen sends (use) as moves of this step. */
static int sim_move(sim *s, const uint8_t *use, uint32_t nports)
{
    const uint32_t k = s->k;
    for (uint32_t x = 0; x < k; x++)
        for (uint32_t p = 0; p < nports; p++) {
            if (!use[x * 2 + p])
                continue;
            uint32_t l = s->best[x * 2 + p], o = l / k, c = l % k;
            if (s->mv.n >= XC_DIM_TE_MAX_MOVES || push(&s->mv, (xc_dim_move){x, o, c, p}))
                return -1;
            uint32_t y = (uint32_t)xc_dim_neighbor(s->t->kind, k, x, p);
            s->rem_s[x]--;
            s->rem_r[y]--;
            s->where[l] = y == c ? k : y;
            if (y == c)
                s->left--;
        }
    return 0;
}

/* One step of the simulated schedule. */
static int sim_step(sim *s, uint32_t nports)
{
    if (push_u64(&s->st, s->mv.n))
        return -1;
    if (s->t->kind == XC_DIM_COMPLETE)
        return sim_complete_step(s);
    sim_pick_best(s);
    uint8_t use[2 * 4096];
    memset(use, 0, (size_t)s->k * 2);
    if (s->t->multiport) {
        for (uint32_t i = 0; i < s->k * 2; i++)
            use[i] = s->best[i] != UINT32_MAX;
    } else if (path_single_port(s, use))
        return -1;
    return sim_move(s, use, nports);
}

static xc_status build_sim(xc_dim_te *t, xc_err *err)
{
    const uint32_t k = t->size;
    sim s = {.t = t, .k = k, .L = k * k};
    s.where = malloc(s.L * sizeof *s.where);
    s.rem_r = calloc(k, sizeof *s.rem_r);
    s.rem_s = calloc(k, sizeof *s.rem_s);
    s.best = malloc((size_t)k * 2 * sizeof *s.best); /* per node, per port */
    const uint32_t nports = t->kind == XC_DIM_COMPLETE ? k - 1 : (t->kind == XC_DIM_RING && k == 2 ? 1 : 2);
    int bad = !s.where || !s.rem_r || !s.rem_s || !s.best;
    if (!bad)
        sim_init(&s);
    while (!bad && s.left)
        bad = sim_step(&s, nports);
    if (!bad)
        bad = push_u64(&s.st, s.mv.n);
    free(s.where);
    free(s.rem_r);
    free(s.rem_s);
    free(s.best);
    if (bad) {
        free(s.mv.a);
        free(s.st.a);
        return s.mv.n >= XC_DIM_TE_MAX_MOVES
                   ? xc_fail(err, XC_ERANGE, "dimension of %u nodes: table over %u moves", k, XC_DIM_TE_MAX_MOVES)
                   : xc_fail(err, XC_ENOMEM, "out of memory building the %u-node dimension table", k);
    }
    t->relative = 0;
    t->steps = s.st.n - 1;
    t->start = s.st.a;
    t->mv = s.mv.a;
    t->nmv = s.mv.n;
    return XC_OK;
}

xc_status xc_dim_te_build(xc_dim_kind kind, uint32_t size, int multiport, xc_dim_te *t, xc_err *err)
{
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->size = size;
    t->multiport = multiport;
    if (size > 4096)
        return xc_fail(err, XC_ERANGE, "dimension of %u nodes: at most 4096", size);
    if (!multiport && kind != XC_DIM_PATH)
        return build_ni(t, err);
    if (kind == XC_DIM_PATH && (uint64_t)size * size * size > 4ull * XC_DIM_TE_MAX_MOVES)
        return xc_fail(err, XC_ERANGE, "path of %u nodes: too long for a per-dimension table", size);
    if (kind == XC_DIM_RING && multiport && (uint64_t)size * size * size > 8ull * XC_DIM_TE_MAX_MOVES)
        return xc_fail(err, XC_ERANGE, "ring of %u nodes: too long for a multiport table", size);
    return build_sim(t, err);
}
