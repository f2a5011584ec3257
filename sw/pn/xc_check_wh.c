/* SPDX-License-Identifier: MIT */
/* The wormhole schedule checker (see xc_wh.h): replays steps at message
 * level, independently of the generators, and measures what the report
 * shows (start-ups, cycles, flit-hops, peak buffer, rearranged messages). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_grow.h"
#include "xc_sched.h"
#include "xc_wh.h"

struct xc_whchk {
    xc_wh_links l;
    uint32_t mf;
    uint32_t *loc;        /* holder of message m = s*n + d */
    uint32_t *sent;       /* step that last sent m (step numbers fit 32 bits) */
    uint32_t *arr;        /* step m arrived at its holder, 0: initial */
    uint32_t *held;       /* messages held per node */
    uint64_t *out_stamp, *in_stamp; /* per node: step it sent / received a packet */
    uint64_t step;
    xc_wh_metrics m;
};

static xc_status bad(const xc_whchk *c, xc_err *err, uint32_t node, uint32_t port, uint32_t msg, const char *what)
{
    char mb[48];
    if (msg == UINT32_MAX)
        snprintf(mb, sizeof mb, "none");
    else
        snprintf(mb, sizeof mb, "m(%u->%u)", msg / c->l.n, msg % c->l.n);
    return xc_fail(err, XC_ECHECK, "step %llu, node %u, port %u, message %s: %s", (unsigned long long)c->step, node,
                   port, mb, what);
}

void xc_whchk_free(xc_whchk *c)
{
    if (!c)
        return;
    xc_wh_links_free(&c->l);
    XC_FREE_ALL(c->loc, c->sent, c->arr, c->held, c->out_stamp, c->in_stamp, c);
}

xc_status xc_whchk_new(const xc_net *net, uint32_t msg_flits, xc_whchk **out, xc_err *err)
{
    *out = NULL;
    xc_whchk *c = calloc(1, sizeof *c);
    if (!c)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    xc_status st = xc_wh_links_init(&c->l, net, msg_flits, "checked", err);
    if (st) {
        xc_whchk_free(c);
        return st;
    }
    c->mf = msg_flits;
    const uint32_t n = c->l.n;
    size_t nm = (size_t)n * n;
    c->loc = malloc(nm * sizeof *c->loc);
    c->sent = calloc(nm, sizeof *c->sent);
    c->arr = calloc(nm, sizeof *c->arr);
    c->held = malloc(n * sizeof *c->held);
    c->out_stamp = calloc(n, sizeof *c->out_stamp);
    c->in_stamp = calloc(n, sizeof *c->in_stamp);
    if (!c->loc || !c->sent || !c->arr || !c->held || !c->out_stamp || !c->in_stamp) {
        xc_whchk_free(c);
        return xc_fail(err, XC_ENOMEM, "out of memory");
    }
    for (size_t m = 0; m < nm; m++)
        c->loc[m] = (uint32_t)(m / n);
    for (uint32_t v = 0; v < n; v++)
        c->held[v] = n - 1;
    c->m.peak_buffer = n - 1;
    *out = c;
    return XC_OK;
}

/* The path of packet p from v: every port has a link, no link carries a
 * second packet in step t, the path ends elsewhere; *end: where it ends. */
static xc_status whchk_path(xc_whchk *c, const xc_wh_packet *p, uint64_t t, uint32_t *end, xc_err *err)
{
    const uint32_t v = p->src, first = p->msg[0];
    uint32_t w = v;
    for (uint32_t h = 0; h < p->hops; h++) {
        uint32_t port = p->port[h];
        size_t l = (size_t)w * c->l.nports + port;
        if (port >= c->l.nports || c->l.nbr[l] == UINT32_MAX)
            return bad(c, err, w, port, first, "no link behind this port");
        if (c->l.link_stamp[l] == t)
            return bad(c, err, w, port, first, "link conflict: the link already carries a packet this step");
        c->l.link_stamp[l] = t;
        w = c->l.nbr[l];
    }
    if (w == v)
        return bad(c, err, v, p->port[0], first, "the path ends where it starts");
    *end = w;
    return XC_OK;
}

/* The messages of packet p (sent from v in step t): each exists, is sent
 * once, is held by v and not yet at home. *assembled: they did not all
 * arrive at v together (the packet was rearranged). */
static xc_status whchk_msgs(xc_whchk *c, const xc_wh_packet *p, uint64_t t, int *assembled, xc_err *err)
{
    const uint32_t v = p->src, first = p->msg[0];
    *assembled = 0;
    for (uint32_t k = 0; k < p->nmsg; k++) {
        uint32_t m = p->msg[k];
        if (m >= c->l.n * c->l.n || m / c->l.n == m % c->l.n)
            return bad(c, err, v, p->port[0], UINT32_MAX, "no such message in the packet");
        if (c->sent[m] == t)
            return bad(c, err, v, p->port[0], m, "duplicate: the message is sent twice in this step");
        if (c->loc[m] != v)
            return bad(c, err, v, p->port[0], m, "the sender does not hold the message");
        if (m % c->l.n == v)
            return bad(c, err, v, p->port[0], m, "duplicate delivery: the message leaves its destination");
        if (c->arr[m] != c->arr[first])
            *assembled = 1;
        c->sent[m] = (uint32_t)t;
    }
    return XC_OK;
}

/* Packet p in step t: checked, then its messages move to the end of its
 * path; the step's metrics (critical packet, longest path) grow. */
static xc_status whchk_packet(xc_whchk *c, const xc_wh_packet *p, uint64_t t, uint64_t *crit, uint64_t *crit_re,
                              uint64_t *cyc, xc_err *err)
{
    uint32_t v = p->src, first = p->nmsg ? p->msg[0] : UINT32_MAX, w = v;
    if (v >= c->l.n)
        return bad(c, err, v, 0, first, "no such node");
    if (!p->hops || !p->nmsg)
        return bad(c, err, v, p->hops ? p->port[0] : 0, first, "empty path or empty packet");
    if (c->out_stamp[v] == t)
        return bad(c, err, v, p->port[0], first, "single-port: the node injects a second packet in this step");
    c->out_stamp[v] = t;
    xc_status st = whchk_path(c, p, t, &w, err);
    if (st)
        return st;
    if (c->in_stamp[w] == t)
        return bad(c, err, w, p->port[p->hops - 1], first, "single-port: the node ejects a second packet in this step");
    c->in_stamp[w] = t;
    int assembled;
    if ((st = whchk_msgs(c, p, t, &assembled, err)))
        return st;
    for (uint32_t k = 0; k < p->nmsg; k++) {
        uint32_t m = p->msg[k];
        c->loc[m] = w;
        c->arr[m] = (uint32_t)t;
        if (m % c->l.n == w)
            c->m.deliveries++;
    }
    c->held[v] -= p->nmsg;
    c->held[w] += p->nmsg;
    if (assembled) {
        c->m.rearranged += p->nmsg;
        if (p->nmsg > *crit_re)
            *crit_re = p->nmsg;
    }
    c->m.packets++;
    c->m.msg_sends += p->nmsg;
    c->m.msg_hops += (uint64_t)p->nmsg * p->hops;
    if (p->hops > c->m.max_hops)
        c->m.max_hops = p->hops;
    if (p->nmsg > *crit)
        *crit = p->nmsg;
    uint64_t pc = (uint64_t)p->hops + (uint64_t)p->nmsg * c->mf - 1;
    if (pc > *cyc)
        *cyc = pc;
    return XC_OK;
}

xc_status xc_whchk_step(xc_whchk *c, const xc_wh_step *s, xc_err *err)
{
    c->step++;
    if (s->t != c->step)
        return bad(c, err, 0, 0, UINT32_MAX, "steps out of order");
    uint64_t t = c->step, crit = 0, cyc = 0, crit_re = 0;
    for (uint32_t x = 0; x < s->npk; x++) {
        xc_status st = whchk_packet(c, &s->pk[x], t, &crit, &crit_re, &cyc, err);
        if (st)
            return st;
    }
    for (uint32_t x = 0; x < s->npk; x++) {
        /* receivers only grow: the peak at this step boundary is at one of them */
        const xc_wh_packet *p = &s->pk[x];
        uint32_t w = c->loc[p->msg[0]], kept = c->held[w] - p->nmsg;
        if (p->slot != kept) {
            char why[128];
            snprintf(why, sizeof why, "the block is stored at slot %u, but the receiver keeps %u messages (slots 0..%u)",
                     p->slot, kept, kept ? kept - 1 : 0);
            return bad(c, err, w, p->port[p->hops - 1], p->msg[0], why);
        }
        if (c->held[w] > c->m.peak_buffer)
            c->m.peak_buffer = c->held[w];
    }
    c->m.steps++;
    c->m.crit_msgs += crit;
    c->m.crit_rearranged += crit_re;
    c->m.path_cycles += cyc;
    return XC_OK;
}

xc_status xc_whchk_end(xc_whchk *c, xc_wh_metrics *m, xc_err *err)
{
    for (uint32_t s = 0; s < c->l.n; s++)
        for (uint32_t d = 0; d < c->l.n; d++) {
            uint32_t id = s * c->l.n + d;
            if (s != d && c->loc[id] != d)
                return bad(c, err, c->loc[id], c->l.nports, id, "never delivered: still held by this node at the end");
        }
    c->m.flit_hops = c->m.msg_hops * c->mf;
    if (m)
        *m = c->m;
    return XC_OK;
}

static xc_status sink_step(void *ctx, const xc_wh_step *s, xc_err *err)
{
    return xc_whchk_step(ctx, s, err);
}

xc_wh_sink xc_whchk_sink(xc_whchk *c)
{
    return (xc_wh_sink){c, sink_step};
}

xc_status xc_wh_links_init(xc_wh_links *l, const xc_net *net, uint32_t msg_flits, const char *what, xc_err *err)
{
    memset(l, 0, sizeof *l);
    if (net->nodes > XC_SCHED_MAX_NODES)
        return xc_fail(err, XC_ERANGE, "'%s' has %u nodes: at most %u are %s", net->spec, net->nodes,
                       XC_SCHED_MAX_NODES, what);
    if (msg_flits < 1 || msg_flits > XC_WH_MAX_MSG_FLITS)
        return xc_fail(err, XC_ERANGE, "msg-flits %u outside 1..%u", msg_flits, XC_WH_MAX_MSG_FLITS);
    l->net = *net;
    l->n = net->nodes;
    l->nports = net->nports;
    const size_t nl = (size_t)l->n * l->nports;
    l->nbr = malloc(nl * sizeof *l->nbr);
    l->link_stamp = calloc(nl, sizeof *l->link_stamp);
    if (!l->nbr || !l->link_stamp)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    xc_topo_neighbor_table(net, l->nbr);
    return XC_OK;
}

void xc_wh_links_free(xc_wh_links *l) { XC_FREE_ALL(l->nbr, l->link_stamp); }
