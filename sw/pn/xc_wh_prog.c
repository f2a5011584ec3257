/* SPDX-License-Identifier: MIT */
#include "xc_wh_prog.h"

#include <stdlib.h>
#include <string.h>

#include "xc_consts.h"
#include "xc_grow.h"

#define SLOT_CAP (1u << XC_PN_SLOT_W_MAX) /* the router RTL's largest message memory */

xc_status xc_wh_prog_init(xc_wh_prog *p, const xc_net *net, uint32_t max_steps, xc_err *err)
{
    memset(p, 0, sizeof *p);
    const uint32_t n = net->nodes;
    p->net = net;
    p->nodes = n;
    p->ports = net->nports;
    p->cap_steps = max_steps;
    p->slot_cap = SLOT_CAP;
    p->ce = calloc((size_t)n * max_steps, sizeof *p->ce);
    p->list = calloc(n, sizeof *p->list);
    p->list_len = calloc(n, sizeof *p->list_len);
    p->list_cap = calloc(n, sizeof *p->list_cap);
    p->path_cycles = calloc(max_steps, sizeof *p->path_cycles);
    p->occ = calloc((size_t)n * SLOT_CAP, 1);
    p->loc = calloc((size_t)n * n, sizeof *p->loc);
    p->hint = calloc(n, sizeof *p->hint);
    if (!p->hint || !p->ce || !p->list || !p->list_len || !p->list_cap || !p->path_cycles || !p->occ || !p->loc) {
        xc_wh_prog_free(p);
        return xc_fail(err, XC_ENOMEM, "out of memory for the circuit program");
    }
    /* node v starts with m(v -> d) in slot d < v ? d : d - 1 */
    for (uint32_t v = 0; v < n; v++)
        for (uint32_t d = 0; d < n; d++)
            if (d != v) {
                const uint32_t k = d < v ? d : d - 1;
                p->loc[(size_t)v * n + d] = k;
                p->occ[(size_t)v * SLOT_CAP + k] = 1;
            }
    p->slots_used = n - 1;
    for (uint32_t v = 0; v < n; v++)
        p->hint[v] = n - 1;
    return XC_OK;
}

void xc_wh_prog_free(xc_wh_prog *p)
{
    for (uint32_t v = 0; p->list && v < p->nodes; v++)
        free(p->list[v]);
    XC_FREE_ALL(p->ce, p->list, p->list_len, p->list_cap, p->path_cycles, p->occ, p->loc, p->hint, p->freed);
    memset(p, 0, sizeof *p);
}

static xc_pn_centry *entry(xc_wh_prog *p, uint32_t v, uint64_t t) { return &p->ce[(size_t)v * p->cap_steps + t - 1]; }

/* Routes input `in` of node v's crossbar in step t to output out (ports:
 * eject). Fails when the input, the output or the ejection is taken. */
static xc_status route(xc_wh_prog *p, uint32_t v, uint64_t t, uint32_t in, uint32_t out, xc_err *err)
{
    xc_pn_centry *c = entry(p, v, t);
    if (c->rv[in])
        return xc_fail(err, XC_ECHECK, "step %llu, node %u: input %u carries two packets", (unsigned long long)t, v, in);
    for (uint32_t j = 0; j <= p->ports; j++)
        if (c->rv[j] && c->rout[j] == out)
            return xc_fail(err, XC_ECHECK, "step %llu, node %u: output %u carries two packets", (unsigned long long)t,
                           v, out);
    c->rv[in] = 1;
    c->rout[in] = (uint8_t)out;
    return XC_OK;
}

static xc_status push_list(xc_wh_prog *p, uint32_t v, uint32_t slot, xc_err *err)
{
    if (p->list_len[v] == p->list_cap[v]) {
        uint32_t cap = p->list_cap[v] ? 2 * p->list_cap[v] : 64;
        uint32_t *l = realloc(p->list[v], cap * sizeof *l);
        if (!l)
            return xc_fail(err, XC_ENOMEM, "out of memory for the inject lists");
        p->list[v] = l;
        p->list_cap[v] = cap;
    }
    p->list[v][p->list_len[v]++] = slot;
    if (p->list_len[v] > p->max_list)
        p->max_list = p->list_len[v];
    return XC_OK;
}

static xc_status push_freed(xc_wh_prog *p, uint32_t idx, xc_err *err)
{
    if (xc_grow_in(&p->freed, &p->freed_cap, (size_t)p->n_freed + 1, sizeof *p->freed, 1024))
        return xc_fail(err, XC_ENOMEM, "out of memory");
    p->freed[p->n_freed++] = idx;
    return XC_OK;
}

static xc_status on_step(void *ctx, const xc_wh_step *s, xc_err *err)
{
    xc_wh_prog *p = ctx;
    const uint32_t n = p->nodes, P = p->ports;
    const uint64_t t = s->t;
    xc_status st;
    if (t < 1 || t > p->cap_steps)
        return xc_fail(err, XC_ERANGE, "step %llu: the circuit tables hold %u steps", (unsigned long long)t,
                       p->cap_steps);
    uint32_t pc = 0;
    p->n_freed = 0;
    for (uint32_t x = 0; x < s->npk; x++) {
        const xc_wh_packet *pk = &s->pk[x];
        if (pk->src >= n || pk->hops == 0 || pk->nmsg == 0)
            return xc_fail(err, XC_ECHECK, "step %llu: packet %u is malformed", (unsigned long long)t, x);
        if (pk->hops + pk->nmsg - 1 > pc)
            pc = pk->hops + pk->nmsg - 1;
        /* the crossbars on the path */
        uint32_t u = pk->src;
        if ((st = route(p, u, t, P, pk->port[0], err)))
            return st;
        for (uint32_t h = 0; h < pk->hops; h++) {
            const int64_t nb = xc_topo_neighbor(p->net, u, pk->port[h]);
            if (nb < 0)
                return xc_fail(err, XC_ECHECK, "step %llu, node %u: no link on port %u", (unsigned long long)t, u,
                               pk->port[h]);
            const uint32_t back = (uint32_t)xc_topo_back_port(p->net, u, pk->port[h]);
            u = (uint32_t)nb;
            if ((st = route(p, u, t, back, h + 1 < pk->hops ? pk->port[h + 1] : P, err)))
                return st;
        }
        /* the sender's gather list */
        xc_pn_centry *cs = entry(p, pk->src, t), *cr = entry(p, u, t);
        cs->inj_ptr = p->list_len[pk->src];
        cs->inj_len = pk->nmsg;
        for (uint32_t j = 0; j < pk->nmsg; j++) {
            const uint32_t m = pk->msg[j], slot = p->loc[m];
            if ((st = push_list(p, pk->src, slot, err)) || (st = push_freed(p, pk->src * SLOT_CAP + slot, err)))
                return st;
        }
        /* the receiver's scatter list: the lowest free slots (slots sent
         * from in this step are free from the next one) */
        uint8_t *occ = p->occ + (size_t)u * SLOT_CAP;
        cr->ej_ptr = p->list_len[u];
        cr->ej_len = pk->nmsg;
        for (uint32_t j = 0; j < pk->nmsg; j++) {
            uint32_t a = p->hint[u];
            while (a < SLOT_CAP && occ[a])
                a++;
            if (a == SLOT_CAP)
                return xc_fail(err, XC_ERANGE, "step %llu, node %u: no room for %u messages in %u slots",
                               (unsigned long long)t, u, pk->nmsg, SLOT_CAP);
            occ[a] = 1;
            p->hint[u] = a + 1;
            p->loc[pk->msg[j]] = a;
            if ((st = push_list(p, u, a, err)))
                return st;
            if (a + 1 > p->slots_used)
                p->slots_used = a + 1;
        }
    }
    for (uint32_t i = 0; i < p->n_freed; i++) {
        const uint32_t v = p->freed[i] / SLOT_CAP, a = p->freed[i] % SLOT_CAP;
        p->occ[p->freed[i]] = 0;
        if (a < p->hint[v])
            p->hint[v] = a;
    }
    p->path_cycles[t - 1] = pc;
    p->path_sum += pc;
    p->steps = (uint32_t)t;
    return XC_OK;
}

xc_wh_sink xc_wh_prog_sink(xc_wh_prog *p) { return (xc_wh_sink){p, on_step}; }

xc_status xc_wh_prog_break(xc_wh_prog *p, uint32_t node, uint32_t t, xc_err *err)
{
    if (node >= p->nodes || t < 1 || t > p->steps)
        return xc_fail(err, XC_EINVAL, "node < %u and step 1..%u", p->nodes, p->steps);
    xc_pn_centry *c = entry(p, node, t);
    for (uint32_t i = 0; i <= p->ports; i++)
        if (c->rv[i] && c->rout[i] < p->ports)
            for (uint32_t j = 0; j < p->ports; j++)
                if (!c->rv[j] && xc_topo_neighbor(p->net, node, j) >= 0) {
                    c->rv[j] = 1;
                    c->rout[j] = c->rout[i];
                    return XC_OK;
                }
    return xc_fail(err, XC_EINVAL, "node %u passes nothing on in step %u", node, t);
}
