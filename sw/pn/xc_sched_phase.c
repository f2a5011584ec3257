/* SPDX-License-Identifier: MIT */
/* Phase and round of a schedule's step (see xc_sched_phase.h). The words
 * follow the papers; t_show.sh and t_explain.sh check them against the
 * hops the golden model and the schedule make. */
#include "xc_sched_phase.h"

#include <stdio.h>
#include <string.h>

/* Nodes of the sub-network of dimensions [lo, hi). */
static uint64_t range_size(const xc_net *net, uint32_t lo, uint32_t hi)
{
    uint64_t s = 1;
    for (uint32_t d = lo; d < hi; d++)
        s *= net->dim[d].size;
    return s;
}

/* A1's steps on dimensions [0..i] (Theorem 2). */
static uint64_t a1_steps(const xc_sched_phaser *p, uint32_t i)
{
    uint64_t acc = 0;
    for (uint32_t d = 0; d <= i; d++)
        acc = range_size(p->o.net, 0, d) * p->dim_steps[d] + p->o.net->dim[d].size * acc;
    return acc;
}

static uint64_t a2_steps(const xc_sched_phaser *p, uint32_t lo, uint32_t hi)
{
    if (hi - lo == 1)
        return p->dim_steps[lo];
    const uint32_t mid = (lo + hi) / 2;
    return range_size(p->o.net, lo, mid) * a2_steps(p, lo, mid);
}

static void add(char *buf, size_t cap, const char *fmt, unsigned long long a, unsigned long long b,
                unsigned long long c, unsigned long long d)
{
    const size_t len = strlen(buf);
    if (len < cap)
        snprintf(buf + len, cap - len, fmt, a, b, c, d);
}

static void set(xc_sched_phase *ph, unsigned phase, uint64_t round, uint64_t rounds)
{
    ph->phase = phase;
    ph->round = round;
    ph->rounds = rounds;
}

/* A1 on dimensions [0..i] at its step t (from 0); top: fill phase/round. */
static void a1_at(const xc_sched_phaser *p, uint32_t i, uint64_t t, xc_sched_phase *ph, int top)
{
    const xc_net *net = p->o.net;
    const uint64_t ti = p->dim_steps[i];
    char *buf = ph->text;
    const size_t cap = sizeof ph->text;
    if (i == 0) {
        add(buf, cap, "exchange in dimension %llu, step %llu of %llu", 0, t + 1, ti, 0);
        return;
    }
    const uint64_t rounds1 = range_size(net, 0, i), phase1 = rounds1 * ti;
    if (t < phase1) {
        if (top)
            set(ph, 1, t / ti + 1, rounds1);
        add(buf, cap, "phase 1 (dimension %llu): round %llu of %llu, step %llu", i, t / ti + 1, rounds1, t % ti + 1);
        return;
    }
    t -= phase1;
    const uint64_t ta = a1_steps(p, i - 1);
    if (top)
        set(ph, 2, t / ta + 1, net->dim[i].size);
    add(buf, cap,
        i == 1 ? "phase 2 (dimension 0): round %llu of %llu > "
               : "phase 2 (dimensions 0-%3$llu): round %1$llu of %2$llu > ",
        t / ta + 1, net->dim[i].size, i - 1, 0);
    a1_at(p, i - 1, t % ta, ph, 0);
}

/* A2 on dimensions [lo, hi) at its step t: both halves run side by side. */
static void a2_at(const xc_sched_phaser *p, uint32_t lo, uint32_t hi, uint64_t t, xc_sched_phase *ph, int top)
{
    char *buf = ph->text;
    const size_t cap = sizeof ph->text;
    if (hi - lo == 1) {
        add(buf, cap, "step %llu of %llu", t + 1, p->dim_steps[lo], 0, 0);
        return;
    }
    const uint32_t mid = (lo + hi) / 2;
    const uint64_t th = a2_steps(p, lo, mid), rounds = range_size(p->o.net, lo, mid);
    if (top)
        set(ph, 0, t / th + 1, rounds);
    if (hi - lo == 2)
        add(buf, cap, "round %llu of %llu (dimension %llu beside %llu) > ", t / th + 1, rounds, lo, mid);
    else
        add(buf, cap, "round %llu of %llu (dimensions %llu-%llu", t / th + 1, rounds, lo, mid - 1);
    if (hi - lo > 2)
        add(buf, cap, " beside %llu-%llu) > ", mid, hi - 1, 0, 0);
    a2_at(p, lo, mid, t % th, ph, 0);
}

/* mnb-product over perm[j..] at its step t (from 0), 002 Fig. 6. */
static void mnbp_at(const xc_sched_phaser *p, uint32_t j, uint64_t t, xc_sched_phase *ph, int top)
{
    char *buf = ph->text;
    const size_t cap = sizeof ph->text;
    const uint32_t nd = p->o.net->ndims;
    if (j + 1 == nd) {
        add(buf, cap, "broadcast in dimension %llu, step %llu of %llu", p->perm[j], t + 1, p->dim_steps[j], 0);
        return;
    }
    if (t < p->t_from[j + 1]) {
        if (top)
            set(ph, 1, 0, 0);
        add(buf, cap, nd - j > 2 ? "phase 1 (broadcast in dimensions" : "phase 1 (broadcast in dimension", 0, 0, 0, 0);
        for (uint32_t i = j + 1; i < nd; i++)
            add(buf, cap, i > j + 1 ? ", %llu" : " %llu", p->perm[i], 0, 0, 0);
        add(buf, cap, ") > ", 0, 0, 0, 0);
        mnbp_at(p, j + 1, t, ph, 0);
        return;
    }
    t -= p->t_from[j + 1];
    const uint64_t ta = p->dim_steps[j];
    if (top)
        set(ph, 2, t / ta + 1, p->rest[j + 1]);
    add(buf, cap, "phase 2 (dimension %llu): round %llu of %llu, step %llu", p->perm[j], t / ta + 1, p->rest[j + 1],
        t % ta + 1);
    add(buf, cap, " of %llu", ta, 0, 0, 0);
}

/* mnb-product's dimension order and step counts, as xc_sched_mnb.c: even
 * sizes first, then the odd ones, largest first (Theorem 5). */
static void mnbp_init(xc_sched_phaser *p)
{
    const xc_net *net = p->o.net;
    uint32_t np = 0, nd = net->ndims;
    for (uint32_t d = 0; d < nd; d++)
        if (net->dim[d].size % 2 == 0)
            p->perm[np++] = d;
    const uint32_t first_odd = np;
    for (uint32_t d = 0; d < nd; d++)
        if (net->dim[d].size % 2)
            p->perm[np++] = d;
    for (uint32_t i = first_odd; i < nd; i++)
        for (uint32_t j = i; j > first_odd && net->dim[p->perm[j]].size > net->dim[p->perm[j - 1]].size; j--) {
            uint32_t x = p->perm[j];
            p->perm[j] = p->perm[j - 1];
            p->perm[j - 1] = x;
        }
    p->t_from[nd] = 0;
    p->rest[nd] = 1;
    for (uint32_t j = nd; j-- > 0;) {
        p->dim_steps[j] = xc_sched_ring_mnb_steps(net->dim[p->perm[j]].size, p->o.half_duplex);
        p->rest[j] = p->rest[j + 1] * net->dim[p->perm[j]].size;
        p->t_from[j] = p->t_from[j + 1] + p->rest[j + 1] * p->dim_steps[j];
    }
    p->total = p->t_from[0];
}

/* te-ni: round k has as many steps as there are messages k or more hops
 * from home (every step moves one message of each node, FIFO). */
static void ni_init(xc_sched_phaser *p)
{
    const xc_net *net = p->o.net;
    uint64_t at_dist[XC_SCHED_MAX_NODES] = {0};
    uint32_t diam = 0;
    for (uint32_t v = 1; v < net->nodes && v < XC_SCHED_MAX_NODES; v++) {
        uint32_t dist = 0;
        for (uint32_t d = 0; d < net->ndims; d++)
            dist += xc_dim_dist(net->dim[d].kind, net->dim[d].size, 0, xc_topo_coord(net, v, d));
        if (dist >= XC_SCHED_MAX_NODES)
            continue;
        at_dist[dist]++;
        diam = dist > diam ? dist : diam;
    }
    uint64_t end = 0, farther = net->nodes - 1; /* messages at distance >= k */
    for (uint32_t k = 1; k <= diam; k++) {
        end += farther;
        p->ni_end[k - 1] = end;
        farther -= at_dist[k];
    }
    p->ni_rounds = diam;
    p->total = end;
}

void xc_sched_phaser_init(xc_sched_phaser *p, const xc_sched_opts *o)
{
    memset(p, 0, sizeof *p);
    p->o = *o;
    const xc_net *net = o->net;
    switch (o->algo) {
    case XC_ALGO_TE_A1:
    case XC_ALGO_TE_A2:
        for (uint32_t d = 0; d < net->ndims; d++)
            p->dim_steps[d] = xc_sched_dim_te_steps(net->dim[d].kind, net->dim[d].size, o->algo == XC_ALGO_TE_A2);
        p->total = o->algo == XC_ALGO_TE_A1 ? a1_steps(p, net->ndims - 1) : a2_steps(p, 0, net->ndims);
        break;
    case XC_ALGO_TE_NI:
        ni_init(p);
        break;
    case XC_ALGO_MNB:
        p->total = xc_sched_ring_mnb_steps(net->nodes, o->half_duplex);
        break;
    case XC_ALGO_MNB_PRODUCT:
        mnbp_init(p);
        break;
    }
}

static void ni_at(const xc_sched_phaser *p, uint64_t t, xc_sched_phase *ph)
{
    uint32_t k = 0;
    while (k + 1 < p->ni_rounds && p->ni_end[k] < t)
        k++;
    const uint64_t first = k ? p->ni_end[k - 1] + 1 : 1;
    *ph = (xc_sched_phase){0, k + 1, p->ni_rounds, {0}};
    snprintf(ph->text, sizeof ph->text, "te-ni round %u of %u (every message's hop %u), step %llu of %llu",
             k + 1, p->ni_rounds, k + 1, (unsigned long long)(t - first + 1),
             (unsigned long long)(p->ni_end[k] - first + 1));
}

static void ring_at(const xc_sched_phaser *p, uint64_t t, xc_sched_phase *ph)
{
    const uint64_t n = p->o.net->nodes;
    *ph = (xc_sched_phase){0, 0, 0, {0}};
    if (p->o.half_duplex && n % 2) { /* 002 §3.2.2: the pattern of Fig. 3 runs twice */
        ph->round = (t - 1) / n + 1;
        ph->rounds = 2;
        snprintf(ph->text, sizeof ph->text, "ring broadcast round %llu of 2, step %llu of %llu",
                 (unsigned long long)ph->round, (unsigned long long)((t - 1) % n + 1), (unsigned long long)n);
        return;
    }
    snprintf(ph->text, sizeof ph->text, "ring broadcast, step %llu of %llu", (unsigned long long)t,
             (unsigned long long)p->total);
}

void xc_sched_phase_at(const xc_sched_phaser *p, uint64_t t, xc_sched_phase *ph)
{
    *ph = (xc_sched_phase){0, 0, 0, {0}};
    const uint32_t nd = p->o.net->ndims;
    switch (p->o.algo) {
    case XC_ALGO_TE_A1:
        snprintf(ph->text, sizeof ph->text, "A1 ");
        a1_at(p, nd - 1, t - 1, ph, 1);
        break;
    case XC_ALGO_TE_A2:
        snprintf(ph->text, sizeof ph->text, "A2 ");
        a2_at(p, 0, nd, t - 1, ph, 1);
        break;
    case XC_ALGO_TE_NI:
        ni_at(p, t, ph);
        break;
    case XC_ALGO_MNB:
        ring_at(p, t, ph);
        break;
    case XC_ALGO_MNB_PRODUCT:
        snprintf(ph->text, sizeof ph->text, "MNB ");
        mnbp_at(p, 0, t - 1, ph, 1);
        break;
    }
}
