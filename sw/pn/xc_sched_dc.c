/* SPDX-License-Identifier: MIT */
/* The divide-and-conquer total exchanges of paper 001 on an N x N torus,
 * N = 2^n, as wormhole steps (docs/wormhole.md has the reconstruction):
 *
 *   te-dc1  Algorithm A1: stage 1 collects each 2x2 basic cell at its two
 *           master nodes (2 steps); stage 2 is a complete exchange on the
 *           two N/2 x N/2 tori of masters (phases 1, 2: N/8 - 1 steps each,
 *           8 hops; phase 3: 2 steps, 4 hops; phase 4: 2 steps, 2 hops);
 *           stage 3 hands each slave its messages (1 step): N/4 + 5.
 *   te-dcn  Algorithm A_{n-1}: split (n-1 phases of 2 steps), exchange in
 *           the 2x2 level n-1 subnetworks (2 steps), merge (n-1 phases of
 *           1 step): 3n - 1.
 *
 * Paper P_{i,j} is node i*N + j (xc_topo: coordinate 0 is i, coordinate 1
 * is j). The paper's "dimension 0" moves j (our dim 1), "dimension 1"
 * moves i (our dim 0). Every node tracks the messages it holds; each step a
 * rule per node says where its packet goes (dimension, direction, hops)
 * and which held messages it takes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_grow.h"
#include "xc_wh.h"

static const char *const names[] = {"te-dc1", "te-dcn"};

const char *xc_wh_algo_name(xc_wh_algo a)
{
    return (unsigned)a < 2 ? names[a] : "?";
}

int xc_wh_algo_parse(const char *s)
{
    for (int i = 0; i < 2; i++)
        if (!strcmp(s, names[i]))
            return i;
    return -1;
}

static uint32_t log2u(uint32_t x)
{
    uint32_t l = 0;
    while ((1u << l) < x)
        l++;
    return l;
}

xc_status xc_wh_plan(const xc_net *net, xc_wh_algo algo, xc_wh_table1 *t1, xc_err *err)
{
    if (net->ndims != 2 || net->dim[0].kind != XC_DIM_RING || net->dim[1].kind != XC_DIM_RING ||
        net->dim[0].size != net->dim[1].size)
        return xc_fail(err, XC_EINVAL, "%s is defined on a square torus torus:NxN", xc_wh_algo_name(algo));
    uint32_t N = net->dim[0].size, n = log2u(N);
    uint32_t min = algo == XC_WH_DC1 ? 8 : 4;
    if ((N & (N - 1)) || N < min || N > XC_WH_MAX_SIDE)
        return xc_fail(err, XC_ERANGE, "%s needs N a power of two, %u <= N <= %u", xc_wh_algo_name(algo), min,
                       XC_WH_MAX_SIDE);
    double NN = (double)N * N, N3 = NN * N;
    if (t1) {
        if (algo == XC_WH_DC1) {
            t1->startups = N / 4 + 5;
            t1->transmission = (N3 + 10 * NN) / 4;
            t1->rearrangement = 10 * NN;
        } else {
            t1->startups = 3 * n - 1;
            t1->transmission = 2 * N3 - 2 * NN;
            t1->rearrangement = 4 * NN * n * (n - 1.0); /* our reading, docs/wormhole.md */
        }
    }
    return XC_OK;
}

uint64_t xc_wh_startup_bound(const xc_net *net)
{
    if (net->ndims != 2 || net->dim[0].kind != XC_DIM_RING || net->dim[1].kind != XC_DIM_RING ||
        net->dim[0].size != net->dim[1].size || (net->dim[0].size & (net->dim[0].size - 1)))
        return 0;
    return 2ull * log2u(net->dim[0].size);
}

void xc_wh_table1_other(uint32_t N, int which, xc_wh_table1 *t1)
{
    double NN = (double)N * N, N3 = NN * N;
    t1->startups = N / 2 + 2;
    t1->transmission = (N3 + 4 * NN) / 4;
    t1->rearrangement = which == 0 ? (N3 + 2 * NN) / 2 : 3 * NN;
}

/* ---- the generator ---- */

typedef struct route {
    uint32_t dim; /* xc_topo dimension: 0 moves i, 1 moves j */
    int plus;     /* 1: +, 0: - */
    uint32_t hops;
} route;

typedef enum kind {
    K_S1A, K_S1B, K_RING, K_P3, K_P4, K_S3, /* te-dc1 */
    K_SPLITA, K_SPLITB, K_EXCH, K_MERGE,    /* te-dcn */
} kind;

typedef struct sdesc {
    kind k;
    uint32_t a; /* phase (ring: 1, 2) or level k */
    uint32_t b; /* step within the phase: 1, 2 */
    char label[24];
} sdesc;

typedef struct gen {
    const xc_net *net;
    uint32_t N, logN, maxhops;
    uint32_t **h, *hn, *hcap; /* messages held per node */
    uint32_t *pool;           /* one step's packet contents */
    uint32_t *ports;          /* maxhops entries per node */
    xc_wh_packet *pk;
    uint32_t *rcv;            /* receiver of each packet */
    uint32_t *resp;           /* te-dcn: resp[k * n + y], k = 0..logN-1 */
    uint64_t t;
} gen;

#define I(g, v) ((v) / (g)->N)
#define J(g, v) ((v) % (g)->N)

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* te-dc1 master: i and j of the same parity. Subnetwork coordinates p, q. */
static int dc1_master(const gen *g, uint32_t v)
{
    return (I(g, v) & 1) == (J(g, v) & 1);
}

/* Does node v send in this step, and where? */
static int get_route(const gen *g, const sdesc *s, uint32_t v, route *r)
{
    uint32_t i = I(g, v), j = J(g, v), p = i / 2, q = j / 2;
    switch (s->k) {
    case K_S1A: /* all nodes swap along j */
        *r = (route){1, !(j & 1), 1};
        return 1;
    case K_S1B: /* slaves forward along i to the master */
        if (dc1_master(g, v))
            return 0;
        *r = (route){0, !(i & 1), 1};
        return 1;
    case K_RING: { /* 8 hops in a direction set by (p + q) mod 4 */
        if (!dc1_master(g, v))
            return 0;
        uint32_t c = (p + q) % 4;
        uint32_t along_j = (c % 2 == 0) == (s->a == 1);
        *r = (route){along_j, c < 2, 8};
        return 1;
    }
    case K_P3: { /* 4 hops; (p+q) even: j first, odd: i first */
        if (!dc1_master(g, v))
            return 0;
        uint32_t along_j = ((p + q) % 2 == 0) == (s->b == 1);
        uint32_t x = along_j ? q : p;
        *r = (route){along_j, x % 4 < 2, 4};
        return 1;
    }
    case K_P4: { /* 2 hops: step 1 along j, step 2 along i */
        if (!dc1_master(g, v))
            return 0;
        uint32_t x = s->b == 1 ? q : p;
        *r = (route){s->b == 1, x % 2 == 0, 2};
        return 1;
    }
    case K_S3: /* master to its slave on the same row */
        if (!dc1_master(g, v))
            return 0;
        *r = (route){1, !(i & 1), 1};
        return 1;
    case K_SPLITA:
    case K_SPLITB:
    case K_MERGE: {
        uint32_t d = 1u << (s->a - 1), u = i / d, w = j / d;
        if (i % d != j % d)
            return 0; /* not in a level a-1 subnetwork any more */
        if (s->k == K_SPLITA) {
            *r = (route){1, !(w & 1), d};
            return 1;
        }
        if (s->k == K_SPLITB) {
            if ((u & 1) == (w & 1))
                return 0;
            *r = (route){0, !(u & 1), d};
            return 1;
        }
        if ((u & 1) != (w & 1))
            return 0;
        *r = (route){1, !(u & 1), d};
        return 1;
    }
    case K_EXCH: {
        uint32_t d = g->N / 2;
        if (i % d != j % d)
            return 0;
        uint32_t x = s->b == 1 ? j / d : i / d;
        *r = (route){s->b == 1, x == 0, d};
        return 1;
    }
    }
    return 0;
}

/* Does node v put the message for dst into this step's packet? */
static int takes(const gen *g, const sdesc *s, uint32_t v, uint32_t dst, const route *r, uint32_t rcv)
{
    uint32_t i = I(g, v), j = J(g, v), p = i / 2, q = j / 2;
    uint32_t di = I(g, dst), dj = J(g, dst), tp = di / 2, tq = dj / 2;
    switch (s->k) {
    case K_S1A:
        return (di & 1) != (j & 1); /* keep the rows of my column's master */
    case K_S1B:
        return 1;
    case K_RING:
        return r->dim == 1 ? tq / 4 != q / 4 : tp / 4 != p / 4;
    case K_P3:
        return r->dim == 1 ? ((tq ^ q) & 2) != 0 : ((tp ^ p) & 2) != 0;
    case K_P4:
        return r->dim == 1 ? ((tq ^ q) & 1) != 0 : ((tp ^ p) & 1) != 0;
    case K_S3:
        return dst == rcv;
    case K_SPLITA: /* keep the child of my column parity */
        return ((di >> (s->a - 1)) & 1) != ((j >> (s->a - 1)) & 1);
    case K_SPLITB:
        return 1;
    case K_EXCH: {
        uint32_t m = g->resp[(size_t)(g->logN - 1) * g->net->nodes + dst], d = g->N / 2;
        return s->b == 1 ? J(g, m) / d != j / d : I(g, m) / d != i / d;
    }
    case K_MERGE:
        return g->resp[(size_t)(s->a - 1) * g->net->nodes + dst] == rcv;
    }
    return 0;
}

static int hold_push(gen *g, uint32_t v, const uint32_t *m, uint32_t k)
{
    if (g->hn[v] + k > g->hcap[v]) {
        uint32_t cap = g->hcap[v] ? g->hcap[v] : 16;
        while (cap < g->hn[v] + k)
            cap *= 2;
        uint32_t *a = realloc(g->h[v], (size_t)cap * sizeof *a);
        if (!a)
            return -1;
        g->h[v] = a;
        g->hcap[v] = cap;
    }
    memcpy(g->h[v] + g->hn[v], m, (size_t)k * sizeof *m);
    g->hn[v] += k;
    return 0;
}

static xc_status emit(gen *g, const sdesc *s, const xc_wh_sink *sink, xc_err *err)
{
    const xc_net *net = g->net;
    uint32_t nn = net->nodes, npk = 0;
    size_t used = 0;
    for (uint32_t v = 0; v < nn; v++) {
        route r;
        if (!get_route(g, s, v, &r))
            continue;
        const xc_dim *dm = &net->dim[r.dim];
        uint32_t c = xc_topo_coord(net, v, r.dim);
        uint32_t rc = r.plus ? (c + r.hops) % dm->size : (c + dm->size - r.hops % dm->size) % dm->size;
        uint32_t rcv = xc_topo_with(net, v, r.dim, rc);
        uint32_t *pt = g->ports + (size_t)v * g->maxhops;
        for (uint32_t h = 0; h < r.hops; h++)
            pt[h] = (dm->port_base + (r.plus ? 0 : 1));
        uint32_t *out = g->pool + used, k = 0, keep = 0;
        for (uint32_t x = 0; x < g->hn[v]; x++) {
            uint32_t m = g->h[v][x], dst = m % nn;
            if (dst != v && takes(g, s, v, dst, &r, rcv))
                out[k++] = m;
            else
                g->h[v][keep++] = m;
        }
        g->hn[v] = keep;
        if (!k)
            continue; /* nothing to send: no packet */
        qsort(out, k, sizeof *out, cmp_u32);
        g->pk[npk] = (xc_wh_packet){v, r.hops, pt, k, out, 0};
        g->rcv[npk++] = rcv;
        used += k;
    }
    for (uint32_t x = 0; x < npk; x++)
        g->pk[x].slot = g->hn[g->rcv[x]]; /* after the receiver's own send: what it keeps */
    xc_wh_step st = {++g->t, s->label, npk, g->pk};
    xc_status rs = sink->step(sink->ctx, &st, err);
    if (rs)
        return rs;
    for (uint32_t x = 0; x < npk; x++)
        if (hold_push(g, g->rcv[x], g->pk[x].msg, g->pk[x].nmsg))
            return xc_fail(err, XC_ENOMEM, "out of memory");
    return XC_OK;
}

static void build_resp(gen *g)
{
    uint32_t nn = g->net->nodes, N = g->N;
    for (uint32_t y = 0; y < nn; y++)
        g->resp[y] = y;
    for (uint32_t k = 1; k < g->logN; k++) {
        uint32_t d = 1u << (k - 1);
        for (uint32_t y = 0; y < nn; y++) {
            uint32_t z = g->resp[(size_t)(k - 1) * nn + y], zi = I(g, z), zj = J(g, z);
            uint32_t u = zi / d, w = zj / d;
            if ((u & 1) != (w & 1)) /* a slave at level k: its master is on its row */
                zj = (u & 1) ? (zj + d) % N : (zj + N - d) % N;
            g->resp[(size_t)k * nn + y] = zi * N + zj;
        }
    }
}

static void gen_free(gen *g)
{
    if (g->h)
        for (uint32_t v = 0; v < g->net->nodes; v++)
            free(g->h[v]);
    XC_FREE_ALL(g->h, g->hn, g->hcap, g->pool, g->ports, g->pk, g->rcv, g->resp);
}

xc_status xc_wh_generate(const xc_net *net, xc_wh_algo algo, const xc_wh_sink *sink, uint64_t *steps, xc_err *err)
{
    xc_status st = xc_wh_plan(net, algo, NULL, err);
    if (st)
        return st;
    gen g = {0};
    g.net = net;
    g.N = net->dim[0].size;
    g.logN = log2u(g.N);
    uint32_t nn = net->nodes;
    g.h = calloc(nn, sizeof *g.h);
    g.hn = calloc(nn, sizeof *g.hn);
    g.hcap = calloc(nn, sizeof *g.hcap);
    g.pool = malloc((size_t)nn * nn * sizeof *g.pool);
    g.maxhops = g.N / 2 > 8 ? g.N / 2 : 8;
    g.ports = malloc((size_t)nn * g.maxhops * sizeof *g.ports);
    g.pk = malloc((size_t)nn * sizeof *g.pk);
    g.rcv = malloc((size_t)nn * sizeof *g.rcv);
    if (algo == XC_WH_DCN)
        g.resp = malloc((size_t)g.logN * nn * sizeof *g.resp);
    if (!g.h || !g.hn || !g.hcap || !g.pool || !g.ports || !g.pk || !g.rcv || (algo == XC_WH_DCN && !g.resp)) {
        gen_free(&g);
        return xc_fail(err, XC_ENOMEM, "out of memory");
    }
    for (uint32_t v = 0; v < nn; v++) {
        for (uint32_t d = 0; d < nn; d++) {
            uint32_t m = v * nn + d;
            if (d != v && hold_push(&g, v, &m, 1)) {
                gen_free(&g);
                return xc_fail(err, XC_ENOMEM, "out of memory");
            }
        }
    }
    sdesc sd[3 * 6 + 64];
    uint32_t ns = 0;
#define ADD(K, A, B, ...) (sd[ns] = (sdesc){K, A, B, ""}, snprintf(sd[ns].label, sizeof sd[ns].label, __VA_ARGS__), ns++)
    if (algo == XC_WH_DC1) {
        ADD(K_S1A, 0, 1, "s1.step1");
        ADD(K_S1B, 0, 2, "s1.step2");
        for (uint32_t ph = 1; ph <= 2; ph++)
            for (uint32_t x = 1; x + 1 <= g.N / 8; x++)
                ADD(K_RING, ph, x, "s2.p%u.step%u", ph, x);
        ADD(K_P3, 3, 1, "s2.p3.step1");
        ADD(K_P3, 3, 2, "s2.p3.step2");
        ADD(K_P4, 4, 1, "s2.p4.step1");
        ADD(K_P4, 4, 2, "s2.p4.step2");
        ADD(K_S3, 0, 1, "s3");
    } else {
        build_resp(&g);
        for (uint32_t k = 1; k < g.logN; k++) {
            ADD(K_SPLITA, k, 1, "split%u.step1", k);
            ADD(K_SPLITB, k, 2, "split%u.step2", k);
        }
        ADD(K_EXCH, g.logN - 1, 1, "exchange.step1");
        ADD(K_EXCH, g.logN - 1, 2, "exchange.step2");
        for (uint32_t k = g.logN - 1; k >= 1; k--)
            ADD(K_MERGE, k, 1, "merge%u", k);
    }
#undef ADD
    for (uint32_t x = 0; x < ns && !st; x++)
        st = emit(&g, &sd[x], sink, err);
    if (steps)
        *steps = g.t;
    gen_free(&g);
    return st;
}
