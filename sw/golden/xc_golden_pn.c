/* SPDX-License-Identifier: MIT */
/* The golden router model's top: its state, and one clock cycle that
 * wires the units together as rtl/pn/xchg_router.v does (the units:
 * xc_golden_pn_int.h). */
#include "xc_golden_pn_int.h"

#include <stdlib.h>
#include <string.h>

#include "xc_grow.h"

/* 1 when input (v, p) reads output (nb, back) and that output feeds no
 * other input: then a sent flit can go straight to its one receiver. */
static int links_pair(const xc_gm_pn *g)
{
    const size_t np = (size_t)g->hw.nodes * g->hw.ports;
    uint8_t *fed = calloc(np ? np : 1, 1);
    int ok = fed != NULL;
    for (size_t i = 0; ok && i < np; i++) {
        if (g->nb[i] < 0)
            continue;
        const size_t j = (size_t)g->nb[i] * g->hw.ports + (size_t)g->back[i];
        const size_t back = (size_t)g->nb[j] * g->hw.ports + (size_t)g->back[j];
        ok = !fed[j]++ && g->nb[j] >= 0 && back == i;
    }
    free(fed);
    return ok;
}

xc_gm_pn *xc_gm_pn_new(const xc_pn_hw *hw)
{
    xc_gm_pn *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->hw = *hw;
    const size_t n = hw->nodes, np = (size_t)n * hw->ports, ns = (size_t)n * hw->slots;
    g->tbl_words = hw->depth * hw->wpe;
    g->slot = calloc(ns, sizeof *g->slot);
    /* + 1 word: the entry decoder reads one word past an entry's last */
    g->tbl = hw->per_node ? calloc((size_t)n * g->tbl_words + 1u, sizeof *g->tbl) : NULL;
    g->btbl = calloc(g->tbl_words + 1u, sizeof *g->btbl);
    g->nb = calloc(np, sizeof *g->nb);
    g->back = calloc(np, sizeof *g->back);
    g->out = calloc(np, sizeof *g->out);
    g->exec = calloc(n, 1);
    g->entry = calloc(hw->wpe, sizeof *g->entry);
    g->f = calloc(np, sizeof *g->f);
    g->code = calloc(n, 1);
    g->port = calloc(n, 1);
    /* circuit tables only in routers built for circuits: a store-and-forward
     * build keeps one empty entry (torus:128x128 te-ni would otherwise ask
     * for 2^20 steps x 2 words at each of 16,384 nodes, 137 GB) */
    g->ctbl_words = hw->circuit ? hw->depth * hw->cwpe : 0;
    g->ctbl = calloc(hw->circuit ? (size_t)n * g->ctbl_words : hw->cwpe, sizeof *g->ctbl);
    g->lst = calloc((size_t)n * hw->list_depth, sizeof *g->lst);
    g->bud = calloc(hw->depth, sizeof *g->bud);
    g->cq = calloc(np, sizeof *g->cq);
    g->cq_next = calloc(np, sizeof *g->cq_next);
    g->cnt = calloc(n, sizeof *g->cnt);
    g->ce = calloc(n, sizeof *g->ce);
    g->cexec = calloc(n, 1);
    g->inj = calloc(n, sizeof *g->inj);
    g->ce_step = calloc(n, sizeof *g->ce_step);
    g->nolink = calloc(n, sizeof *g->nolink);
    g->dst = calloc(np, sizeof *g->dst);
    g->in = calloc(np, sizeof *g->in);
    g->rx = calloc(n, 1);
    g->sfe = calloc(hw->per_node ? n : 1, sizeof *g->sfe);
    g->noted = calloc(n, sizeof *g->noted);
    if (!g->ce_step || !g->nolink || !g->dst || !g->in || !g->rx || !g->sfe || !g->noted) {
        xc_gm_pn_free(g);
        return NULL;
    }
    if (!g->inj || !g->ctbl || !g->lst || !g->bud || !g->cq || !g->cq_next || !g->cnt || !g->ce || !g->cexec) {
        xc_gm_pn_free(g);
        return NULL;
    }
    if (!g->slot || (hw->per_node && !g->tbl) || !g->btbl || !g->nb || !g->back || !g->out ||
        !g->exec || !g->entry || !g->f || !g->code || !g->port || xc_pn_obs_alloc(&g->obs, hw) != XC_OK) {
        xc_gm_pn_free(g);
        return NULL;
    }
    g->hw.net = hw->net; /* the copy's own net: nb/back below use it */
    for (uint32_t v = 0; v < n; v++)
        for (uint32_t p = 0; p < hw->ports; p++) {
            g->nb[(size_t)v * hw->ports + p] = xc_topo_neighbor(&g->hw.net, v, p);
            g->back[(size_t)v * hw->ports + p] = xc_topo_back_port(&g->hw.net, v, p);
            if (g->nb[(size_t)v * hw->ports + p] < 0) {
                g->nolink[v] |= 1u << p;
                g->nolink_any |= 1u << p;
            }
            else
                g->dst[(size_t)v * hw->ports + p] =
                    (uint32_t)(g->nb[(size_t)v * hw->ports + p] * hw->ports + g->back[(size_t)v * hw->ports + p]);
        }
    g->obs.lists = 1;
    g->fwd_ok = links_pair(g);
    return g;
}

void xc_gm_pn_free(xc_gm_pn *g)
{
    if (!g)
        return;
    XC_FREE_ALL(g->slot, g->tbl, g->btbl, g->nb, g->back, g->out, g->exec, g->entry, g->f, g->code,
                g->port, g->ctbl, g->lst, g->bud, g->cq, g->cq_next, g->cnt, g->ce, g->cexec, g->inj,
                g->ce_step, g->nolink, g->dst, g->in, g->rx, g->sfe, g->noted);
    xc_pn_obs_free(&g->obs);
    free(g);
}

/* One cycle of the routers. clear: the CTRL.clear write of this cycle (it
 * wins over everything at the edge). The errors noted in the cycle latch
 * into each router's error register when it holds none. */
static void routers(xc_gm_pn *g, int clear, uint32_t *n_dlv, uint32_t *n_err, int *first_node)
{
    xc_pn_obs *o = &g->obs;
    *n_dlv = *n_err = 0;
    *first_node = -1;
    if (!g->r.running && !clear && !g->n_noted && !o->n_link_on && !o->n_dlv_on && !g->one_port && !g->cq_live &&
        g->fwd_ok)
        return; /* idle after idle (bus loads, polling): nothing moves, nothing to zero */
    xc_gm_pn_obs_begin(g);
    const uint32_t idx = (uint32_t)(g->r.step - 1u) & XC_FIELD_MASK(PN_STEPS_N);
    const int circ = g->r.running && idx < g->hw.depth && XC_BIT_GET(g->bud[idx], CS_CIRCUIT_BIT);
    if (circ || g->cq_live || !g->fwd_ok) {
        xc_gm_pn_stale_clear(g);
        xc_gm_pn_routers_full(g, n_dlv);
    } else if (g->r.running)
        xc_gm_pn_routers_sf(g, n_dlv);
    else
        xc_gm_pn_stale_clear(g);
    *n_err = xc_gm_pn_obs_latch(g, clear, first_node);
    if (clear) {
        memset(g->slot, 0, (size_t)g->hw.nodes * g->hw.slots * sizeof *g->slot);
        memset(o->err, 0, (size_t)g->hw.nodes * sizeof *o->err);
        memset(g->cq, 0, (size_t)g->hw.nodes * g->hw.ports * sizeof *g->cq);
        g->cq_live = 0;
    }
}

void xc_gm_pn_tick(xc_gm_pn *g, const xc_hw_bus *bus)
{
    const int clear = bus->we && bus->addr == XC_PN_REG_CTRL && XC_BIT_GET(bus->wdata, PN_CTRL_CLEAR_BIT);
    if (bus->re)
        g->rdata = xc_gm_pn_read_reg(g, bus->addr);
    uint32_t n_dlv, n_err;
    int first;
    const int step_end = g->r.running && g->r.rel >= xc_gm_pn_step_length(g);
    routers(g, clear, &n_dlv, &n_err, &first);
    const int was_running = g->r.running;
    xc_gm_pn_advance_regs(g, step_end, n_dlv, n_err, first);
    if (bus->we)
        xc_gm_pn_bus_write(g, bus, clear, was_running);
    xc_gm_pn_obs_publish(g);
}
