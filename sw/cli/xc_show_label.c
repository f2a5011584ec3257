/* SPDX-License-Identifier: MIT */
/* xchg show: the phase and round of a step of Algorithm A1 or A2 (paper
 * 000), for the page's step label. The generator (sw/pn/xc_sched_te.c)
 * finds the active rounds of a step by arithmetic on the step number;
 * this is the same arithmetic over the public step counts of the
 * per-dimension exchanges (Theorem 2: T(0..i) = n_<i T_i + |V_i| T(0..i-1)),
 * written out in words. t_show.sh checks the words against the hops the
 * golden model made: in A1's phase 1 of dimension i every hop is along i. */
#include <stdio.h>
#include <string.h>

#include "xc_show.h"
#include "xc_sched.h"

/* Nodes of the sub-network of dimensions [lo, hi). */
static uint64_t range_size(const xc_net *net, uint32_t lo, uint32_t hi)
{
    uint64_t s = 1;
    for (uint32_t d = lo; d < hi; d++)
        s *= net->dim[d].size;
    return s;
}

static uint64_t dim_steps(const xc_net *net, uint32_t d, int multiport)
{
    return xc_sched_dim_te_steps(net->dim[d].kind, net->dim[d].size, multiport);
}

/* A1's steps on dimensions [0..i]. */
static uint64_t a1_steps(const xc_net *net, uint32_t i)
{
    uint64_t acc = 0;
    for (uint32_t d = 0; d <= i; d++)
        acc = range_size(net, 0, d) * dim_steps(net, d, 0) + net->dim[d].size * acc;
    return acc;
}

static uint64_t a2_steps(const xc_net *net, uint32_t lo, uint32_t hi)
{
    if (hi - lo == 1)
        return dim_steps(net, lo, 1);
    const uint32_t mid = (lo + hi) / 2;
    return range_size(net, lo, mid) * a2_steps(net, lo, mid);
}

static void add(char *buf, size_t cap, const char *fmt, unsigned long long a, unsigned long long b,
                unsigned long long c, unsigned long long d)
{
    const size_t len = strlen(buf);
    if (len < cap)
        snprintf(buf + len, cap - len, fmt, a, b, c, d);
}

/* A1 on dimensions [0..i] at its step t (from 0). */
static void a1_label(const xc_net *net, uint32_t i, uint64_t t, char *buf, size_t cap)
{
    const uint64_t ti = dim_steps(net, i, 0);
    if (i == 0) {
        add(buf, cap, "exchange in dimension %llu, step %llu of %llu", 0, t + 1, ti, 0);
        return;
    }
    const uint64_t rounds1 = range_size(net, 0, i), phase1 = rounds1 * ti;
    if (t < phase1) {
        add(buf, cap, "phase 1 (dimension %llu): round %llu of %llu, step %llu", i, t / ti + 1, rounds1, t % ti + 1);
        return;
    }
    t -= phase1;
    const uint64_t ta = a1_steps(net, i - 1);
    add(buf, cap, i == 1 ? "phase 2 (dimension 0): round %llu of %llu > " : "phase 2 (dimensions 0-%3$llu): round %1$llu of %2$llu > ",
        t / ta + 1, net->dim[i].size, i - 1, 0);
    a1_label(net, i - 1, t % ta, buf, cap);
}

/* A2 on dimensions [lo, hi) at its step t: both halves run side by side. */
static void a2_label(const xc_net *net, uint32_t lo, uint32_t hi, uint64_t t, char *buf, size_t cap)
{
    if (hi - lo == 1) {
        add(buf, cap, "step %llu of %llu", t + 1, dim_steps(net, lo, 1), 0, 0);
        return;
    }
    const uint32_t mid = (lo + hi) / 2;
    const uint64_t th = a2_steps(net, lo, mid);
    if (hi - lo == 2)
        add(buf, cap, "round %llu of %llu (dimension %llu beside %llu) > ", t / th + 1, range_size(net, lo, mid), lo, mid);
    else
        add(buf, cap, "round %llu of %llu (dimensions %llu-%llu", t / th + 1, range_size(net, lo, mid), lo, mid - 1);
    if (hi - lo > 2)
        add(buf, cap, " beside %llu-%llu) > ", mid, hi - 1, 0, 0);
    a2_label(net, lo, mid, t % th, buf, cap);
}

void xc_show_step_label(const xc_net *net, int algo, uint64_t t, char *buf, size_t cap)
{
    snprintf(buf, cap, "step %llu", (unsigned long long)t);
    if (algo != XC_ALGO_TE_A1 && algo != XC_ALGO_TE_A2)
        return;
    add(buf, cap, algo == XC_ALGO_TE_A1 ? ": A1 " : ": A2 ", 0, 0, 0, 0);
    if (algo == XC_ALGO_TE_A1)
        a1_label(net, net->ndims - 1, t - 1, buf, cap);
    else
        a2_label(net, 0, net->ndims, t - 1, buf, cap);
}
