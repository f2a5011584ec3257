/* SPDX-License-Identifier: MIT */
/* Golden cycle model of a wormhole step (see xc_golden_wh.h), written from the
 * model of docs/wormhole.md and not from the generators:
 *
 *   cycles 1 .. ts   start-up at every sender (software, header)
 *   then, each cycle every pass-through router hands the flit it holds to
 *   the next link of the path (one register per link), the flit on the
 *   last link reaches the receiver, and the sender puts its next flit on
 *   the first link, back to back. A message is whole at the receiver when
 *   its last flit has crossed the last link.
 *
 * So flit k crosses link h in cycle ts + 1 + k + h and a step lasts
 * ts + hops + flits - 1 cycles: the model produces this, then checks it.
 * The model moves every flit through every link cycle by cycle and keeps a
 * stamp per directed link, so two flits on one link in one cycle (paths
 * that are not link-disjoint) are caught at the cycle they collide. */
#include <stdlib.h>
#include <string.h>

#include "xc_grow.h"
#include "xc_sched.h"
#include "xc_golden_wh.h"

struct xc_golden_wh {
    xc_wh_links l;        /* link_stamp: the last global cycle a flit used the link */
    uint32_t ts, mf;
    uint64_t *arr_stamp;  /* per message id: step it arrived */
    uint32_t *links;      /* one step's link ids, packet after packet */
    uint64_t *reg;        /* the flit on each of those links this cycle */
    size_t links_cap, reg_cap;
    uint64_t *next;       /* per packet: next flit to inject */
    int32_t *lo, *hi;     /* per packet: registers in use, lo..hi (empty: lo > hi) */
    size_t pk_cap;
    uint64_t clock;       /* global cycles before the current step */
    uint64_t steps, flit_hops;
};

void xc_golden_wh_free(xc_golden_wh *g)
{
    if (!g)
        return;
    xc_wh_links_free(&g->l);
    XC_FREE_ALL(g->arr_stamp, g->links, g->reg, g->next, g->lo, g->hi, g);
}

xc_status xc_golden_wh_new(const xc_net *net, uint32_t ts, uint32_t msg_flits, xc_golden_wh **out, xc_err *err)
{
    *out = NULL;
    if (ts > XC_WH_MAX_TS)
        return xc_fail(err, XC_ERANGE, "ts %u outside 0..%u", ts, XC_WH_MAX_TS);
    xc_golden_wh *g = calloc(1, sizeof *g);
    if (!g)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    g->ts = ts;
    g->mf = msg_flits;
    xc_status st = xc_wh_links_init(&g->l, net, msg_flits, "simulated", err);
    if (!st && !(g->arr_stamp = calloc((size_t)g->l.n * g->l.n, sizeof *g->arr_stamp)))
        st = xc_fail(err, XC_ENOMEM, "out of memory");
    if (st) {
        xc_golden_wh_free(g);
        return st;
    }
    *out = g;
    return XC_OK;
}

static int grow_state(xc_golden_wh *g, uint32_t npk, size_t nreg)
{
    if (nreg > g->reg_cap) {
        uint64_t *r = realloc(g->reg, nreg * sizeof *r);
        if (!r)
            return -1;
        g->reg = r;
        g->reg_cap = nreg;
    }
    if (npk > g->pk_cap) {
        uint64_t *nx = realloc(g->next, npk * sizeof *nx);
        if (nx)
            g->next = nx;
        int32_t *lo = realloc(g->lo, npk * sizeof *lo);
        if (lo)
            g->lo = lo;
        int32_t *hi = realloc(g->hi, npk * sizeof *hi);
        if (hi)
            g->hi = hi;
        if (!nx || !lo || !hi)
            return -1;
        g->pk_cap = npk;
    }
    return 0;
}

static xc_status gbad(const xc_golden_wh *g, xc_err *err, uint64_t cycle, uint32_t node, uint32_t port,
                      const char *what)
{
    return xc_fail(err, XC_ECHECK, "golden model: step %llu, cycle %llu, node %u, port %u: %s",
                   (unsigned long long)g->steps, (unsigned long long)cycle, node, port, what);
}

/* Lays the paths of step s out as link ids (g->links); the cycles the
 * formula ts + hops + flits - 1 gives the longest packet, and the
 * messages the step carries. */
static xc_status wh_layout(xc_golden_wh *g, const xc_wh_step *s, size_t *total, uint64_t *formula,
                           uint64_t *want_msgs, xc_err *err)
{
    *total = 0;
    *formula = *want_msgs = 0;
    for (uint32_t x = 0; x < s->npk; x++)
        *total += s->pk[x].hops;
    if (*total > g->links_cap) {
        uint32_t *a = realloc(g->links, *total * sizeof *a);
        if (!a)
            return xc_fail(err, XC_ENOMEM, "out of memory");
        g->links = a;
        g->links_cap = *total;
    }
    size_t at = 0;
    for (uint32_t x = 0; x < s->npk; x++) {
        const xc_wh_packet *p = &s->pk[x];
        uint32_t w = p->src;
        for (uint32_t h = 0; h < p->hops; h++) {
            size_t l = (size_t)w * g->l.nports + p->port[h];
            if (w >= g->l.n || p->port[h] >= g->l.nports || g->l.nbr[l] == UINT32_MAX)
                return gbad(g, err, 0, w, p->port[h], "no link behind this port");
            g->links[at++] = (uint32_t)l;
            w = g->l.nbr[l];
        }
        uint64_t f = (uint64_t)p->nmsg * g->mf, c = g->ts + p->hops + f - 1;
        if (p->nmsg && c > *formula)
            *formula = c;
        *want_msgs += p->nmsg;
    }
    return XC_OK;
}

/* Cycle c of packet x, whose links and registers start at index at: the
 * routers pass their flits on (h -> h+1), the flit on the last link has
 * left, the sender puts its next flit on link 0. *moving: a flit of the
 * packet is in flight; *arrived counts the messages whose last flit
 * arrived. */
static xc_status wh_packet_cycle(xc_golden_wh *g, const xc_wh_packet *p, uint32_t x, size_t at, uint64_t c,
                                 int *moving, uint64_t *arrived, xc_err *err)
{
    const uint32_t *lk = g->links + at;
    uint64_t *reg = g->reg + at, f = (uint64_t)p->nmsg * g->mf;
    int32_t lo = g->lo[x], hi = g->hi[x], last_h = (int32_t)p->hops - 1;
    *moving = 0;
    if (lo <= hi) {
        if (hi == last_h)
            hi--;
        for (int32_t h = hi; h >= lo; h--)
            reg[h + 1] = reg[h];
        lo++, hi++;
    }
    if (g->next[x] < f) { /* inject the next flit */
        reg[0] = g->next[x]++;
        if (lo > hi)
            hi = 0;
        lo = 0;
    }
    g->lo[x] = lo, g->hi[x] = hi;
    if (lo > hi)
        return XC_OK;
    *moving = 1;
    for (int32_t h = lo; h <= hi; h++) {
        uint32_t l = lk[h];
        if (g->l.link_stamp[l] == g->clock + c)
            return gbad(g, err, c, l / g->l.nports, l % g->l.nports, "two flits on one link in one cycle");
        g->l.link_stamp[l] = g->clock + c;
        g->flit_hops++;
    }
    if (hi == last_h && (reg[hi] + 1) % g->mf == 0) { /* a message's last flit arrives */
        uint32_t m = p->msg[reg[hi] / g->mf];
        if (g->arr_stamp[m] == g->steps)
            return gbad(g, err, c, lk[hi] / g->l.nports, lk[hi] % g->l.nports, "a message arrives twice");
        g->arr_stamp[m] = g->steps;
        (*arrived)++;
    }
    return XC_OK;
}

xc_status xc_golden_wh_step(xc_golden_wh *g, const xc_wh_step *s, uint64_t *cycles, xc_err *err)
{
    g->steps++;
    size_t total;
    uint64_t formula, want_msgs;
    xc_status st = wh_layout(g, s, &total, &formula, &want_msgs, err);
    if (st)
        return st;
    /* cycle by cycle. reg[h] is the flit crossing link h of a packet's path
     * in this cycle; a packet's flits in flight fill registers lo..hi
     * (back to back). */
    if (grow_state(g, s->npk, total))
        return xc_fail(err, XC_ENOMEM, "out of memory");
    for (uint32_t x = 0; x < s->npk; x++)
        g->next[x] = 0, g->lo[x] = 1, g->hi[x] = 0; /* lo > hi: empty */
    uint64_t arrived = 0, last = 0;
    int busy = 1;
    /* cycles 1..ts are the start-up: no flit moves, so they are skipped
     * (a large ts costs no simulation time) */
    for (uint64_t c = (uint64_t)g->ts + 1; busy || c <= (uint64_t)g->ts + 1; c++) {
        busy = 0;
        size_t at = 0;
        for (uint32_t x = 0; x < s->npk; x++) {
            int moving;
            if ((st = wh_packet_cycle(g, &s->pk[x], x, at, c, &moving, &arrived, err)))
                return st;
            at += s->pk[x].hops;
            if (moving)
                busy = 1, last = c;
        }
    }
    if (s->npk == 0)
        last = g->ts; /* a step with no packet still pays its start-up */
    if (arrived != want_msgs)
        return gbad(g, err, last, 0, 0, "messages lost in the network");
    if (s->npk && last != formula)
        return gbad(g, err, last, 0, 0, "the step did not take ts + hops + flits - 1 cycles");
    g->clock += last;
    if (cycles)
        *cycles = last;
    return XC_OK;
}

uint64_t xc_golden_wh_total_cycles(const xc_golden_wh *g)
{
    return g->clock;
}

uint64_t xc_golden_wh_flit_hops(const xc_golden_wh *g)
{
    return g->flit_hops;
}
