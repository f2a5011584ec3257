/* SPDX-License-Identifier: MIT */
/* The golden router model's general path: every router and port in a
 * cycle, with circuit mode and the crossbar's output registers
 * (rtl/pn/xchg_pn_xbar.v, docs/routers.md "Circuit mode"); it runs
 * circuit steps, any cycle while a crossbar register holds a flit, and
 * store-and-forward steps on links that do not pair up. */
#include "xc_golden_pn_int.h"

#include <string.h>

/* Notes code at port for router v when cond holds (an entry's checks). */
static inline void note_if(xc_gm_pn *g, uint32_t v, int cond, unsigned code, uint32_t port)
{
    if (cond)
        xc_gm_pn_note(g, v, code, port);
}

/* Router v's step-table entry for step index idx, its fields decoded into
 * f; notes the port-model, link and slot errors. 1 when the step runs. */
static int full_entry(xc_gm_pn *g, uint32_t v, uint32_t idx, xc_pn_field *f)
{
    const xc_pn_hw *hw = &g->hw;
    const uint32_t P = hw->ports, S = hw->slots;
    const uint32_t *src = g->r.bcast || !g->tbl ? g->btbl : g->tbl + (size_t)v * g->tbl_words;
    for (uint32_t w = 0; w < hw->wpe; w++) {
        uint64_t a = (uint64_t)idx * hw->wpe + w;
        g->entry[w] = a < g->tbl_words ? src[a] : 0;
    }
    if (hw->entry_w % 32)
        g->entry[hw->wpe - 1] &= (1u << (hw->entry_w % 32)) - 1u;
    unsigned n_send = 0, n_recv = 0;
    int bad_model = 0, bad_link = 0, bad_slot = 0;
    uint32_t link_port = 0; /* the first port without a link the entry uses */
    for (uint32_t p = 0; p < P; p++) {
        xc_pn_field_get(hw, g->entry, p, &f[p]);
        n_send += f[p].send;
        n_recv += f[p].recv;
        if ((f[p].send || f[p].recv) && g->nb[(size_t)v * P + p] < 0 && !bad_link) {
            bad_link = 1;
            link_port = p;
        }
        if ((f[p].send && f[p].send_slot >= S) || (f[p].recv && f[p].store && f[p].recv_slot >= S))
            bad_slot = 1;
        if (hw->half_duplex && hw->multiport && f[p].send && f[p].recv)
            bad_model = 1;
    }
    if (!hw->multiport && (n_send > 1 || n_recv > 1))
        bad_model = 1;
    if (hw->half_duplex && !hw->multiport && n_send && n_recv)
        bad_model = 1;
    note_if(g, v, bad_model, XC_RERR_MODEL, 0);
    note_if(g, v, bad_link, XC_RERR_NOLINK, link_port);
    note_if(g, v, bad_slot, XC_RERR_SLOTS, 0);
    return !bad_model && !bad_link && !bad_slot;
}

/* Router v's sends: read the slots before the step (all reads before any
 * slot empties, as in the RTL); a send empties its slot. */
static void full_send(xc_gm_pn *g, uint32_t v)
{
    const uint32_t P = g->hw.ports, S = g->hw.slots;
    const xc_pn_field *f = g->f + (size_t)v * P;
    uint32_t *slot = g->slot + (size_t)v * S;
    for (uint32_t p = 0; p < P; p++)
        if (f[p].send) {
            if (slot[f[p].send_slot] & SLOT_FULL)
                g->out[(size_t)v * P + p] = step_flit(g, slot[f[p].send_slot] & MSG_MASK);
            else
                xc_gm_pn_note(g, v, XC_RERR_EMPTY, p);
        }
    for (uint32_t p = 0; p < P; p++)
        if (f[p].send && !f[p].keep)
            slot[f[p].send_slot] &= ~SLOT_FULL;
}

/* Router v's circuit entry c against the crossbar, its links and its
 * lists; notes what breaks them. 1 when the step runs. */
static int circuit_entry_ok(xc_gm_pn *g, uint32_t v, const xc_pn_centry *c)
{
    const xc_pn_hw *hw = &g->hw;
    const uint32_t P = hw->ports;
    int cross = 0, nolink = 0, slot = 0;
    unsigned n_ej = 0;
    for (uint32_t i = 0; i <= P; i++) {
        if (!c->rv[i])
            continue;
        if (c->rout[i] > P)
            cross = 1;
        if (c->rout[i] == P)
            n_ej++;
        if (i < P && g->nb[(size_t)v * P + i] < 0)
            nolink = 1;
        if (c->rout[i] < P && g->nb[(size_t)v * P + c->rout[i]] < 0)
            nolink = 1;
        for (uint32_t j = i + 1; j <= P; j++)
            if (c->rv[j] && c->rout[j] == c->rout[i] && c->rout[i] != P)
                cross = 1;
    }
    if (c->rv[P] && c->rout[P] == P)
        cross = 1;
    if (c->rv[P] != (c->inj_len != 0) || (n_ej != 0) != (c->ej_len != 0))
        cross = 1;
    if ((uint64_t)c->ej_ptr + c->ej_len > hw->list_depth || (uint64_t)c->inj_ptr + c->inj_len > hw->list_depth)
        slot = 1;
    note_if(g, v, n_ej > 1, XC_RERR_MODEL, P);
    note_if(g, v, nolink, XC_RERR_NOLINK, 0);
    note_if(g, v, cross, XC_RERR_CROSS, P);
    note_if(g, v, slot, XC_RERR_SLOTS, 0);
    return n_ej <= 1 && !nolink && !cross && !slot;
}

/* Router v in a circuit step: flit k of its inject list goes into the
 * output register in cycle ts + k (g->inj). */
static void circuit_inject(xc_gm_pn *g, uint32_t v, const xc_pn_centry *c)
{
    const xc_pn_hw *hw = &g->hw;
    const uint32_t S = hw->slots, k = g->r.rel - g->r.ts;
    if (g->r.rel < g->r.ts || k >= c->inj_len)
        return;
    const uint32_t ls = g->lst[(size_t)v * hw->list_depth + ((c->inj_ptr + k) & (hw->list_depth - 1u))];
    uint32_t *slot = g->slot + (size_t)v * S;
    if (ls >= S)
        xc_gm_pn_note(g, v, XC_RERR_SLOTS, hw->ports);
    else if (slot[ls] & SLOT_FULL)
        g->inj[v] = step_flit(g, slot[ls] & MSG_MASK);
    else
        xc_gm_pn_note(g, v, XC_RERR_EMPTY, hw->ports);
    if (ls < S)
        slot[ls] &= ~SLOT_FULL;
}

/* Router v in a circuit step (circ): decodes its entry once a step (the
 * tables hold still while running), checks it, injects; its links carry
 * the output registers of its crossbar. */
static void circuit_send(xc_gm_pn *g, uint32_t v, uint32_t idx, int circ)
{
    const xc_pn_hw *hw = &g->hw;
    const uint32_t P = hw->ports;
    xc_pn_centry *c = &g->ce[v];
    g->cexec[v] = 0;
    for (uint32_t p = 0; p < P; p++)
        g->out[(size_t)v * P + p] |= g->cq[(size_t)v * P + p];
    g->inj[v] = 0;
    if (!circ)
        return;
    if (g->ce_step[v] != idx + 1u) {
        xc_pn_centry_get(hw, g->ctbl_words ? g->ctbl + (size_t)v * g->ctbl_words + (size_t)idx * hw->cwpe : g->ctbl,
                         c);
        g->ce_step[v] = idx + 1u;
    }
    g->cexec[v] = (uint8_t)circuit_entry_ok(g, v, c);
    if (g->cexec[v])
        circuit_inject(g, v, c);
}

/* The flit arriving at input i (node * ports + port) over its link. */
static xc_flit link_in(const xc_gm_pn *g, size_t i)
{
    return g->nb[i] >= 0 ? g->out[(size_t)g->nb[i] * g->hw.ports + (size_t)g->back[i]] : 0;
}

/* Router v's store-and-forward receive side: what arrives against its
 * entry; deliveries, stores and the receive errors. */
static void full_recv(xc_gm_pn *g, uint32_t v, uint32_t *n_dlv)
{
    const uint32_t P = g->hw.ports, S = g->hw.slots;
    const xc_pn_field *f = g->f + (size_t)v * P;
    uint32_t *slot = g->slot + (size_t)v * S;
    for (uint32_t p = 0; p < P; p++) {
        const size_t i = (size_t)v * P + p;
        xc_flit in = link_in(g, i);
        const int arrive = xc_flit_valid(in);
        const int take = g->exec[v] && f[p].recv;
        g->obs.dlv[i] = 0;
        if (take && !arrive)
            xc_gm_pn_note(g, v, XC_RERR_MISSING, p);
        if (arrive && !take && !(g->cexec[v] && g->ce[v].rv[p]))
            xc_gm_pn_note(g, v, XC_RERR_UNEXP, p);
        if (take && arrive) {
            if (f[p].dlv) {
                g->obs.dlv[i] = in;
                (*n_dlv)++;
            }
            if (f[p].store && slot_store(&slot[f[p].recv_slot], in))
                xc_gm_pn_note(g, v, XC_RERR_OVERWRITE, p);
        }
    }
}

/* A flit ejected at input p of router v in a circuit step: delivered,
 * stored into the cnt-th slot of the eject list. */
static void circuit_eject(xc_gm_pn *g, uint32_t v, uint32_t p, xc_flit in, uint32_t cnt, uint32_t *n_dlv)
{
    const xc_pn_hw *hw = &g->hw;
    const uint32_t S = hw->slots;
    const xc_pn_centry *c = &g->ce[v];
    g->obs.dlv[(size_t)v * hw->ports + p] = in;
    if (xc_flit_dst(in) == v)
        (*n_dlv)++;
    const uint32_t at = g->lst[(size_t)v * hw->list_depth + ((c->ej_ptr + cnt) & (hw->list_depth - 1u))];
    if (cnt >= c->ej_len)
        xc_gm_pn_note(g, v, XC_RERR_COUNT, p);
    else if (at >= S)
        xc_gm_pn_note(g, v, XC_RERR_SLOTS, p);
    else if (slot_store(&g->slot[(size_t)v * S + at], in))
        xc_gm_pn_note(g, v, XC_RERR_OVERWRITE, p);
}

/* Router v's circuit receive side: through the crossbar into the next
 * output registers (g->cq_next), or ejected; at the step's last cycle
 * (last) the count and the flits still in flight are checked. */
static void circuit_recv(xc_gm_pn *g, uint32_t v, int circ, int last, uint32_t *n_dlv)
{
    const uint32_t P = g->hw.ports;
    xc_flit *cqn = g->cq_next + (size_t)v * P;
    const xc_pn_centry *c = &g->ce[v];
    uint32_t cnt = g->r.rel == 1 ? 0 : g->cnt[v];
    memset(cqn, 0, P * sizeof *cqn);
    for (uint32_t p = 0; g->cexec[v] && p < P; p++) {
        xc_flit in = link_in(g, (size_t)v * P + p);
        if (!c->rv[p])
            continue;
        if (c->rout[p] != P) {
            cqn[c->rout[p]] = in;
            continue;
        }
        if (!xc_flit_valid(in))
            continue;
        circuit_eject(g, v, p, in, cnt, n_dlv);
        cnt++;
    }
    if (g->cexec[v] && c->rv[P] && c->rout[P] != P)
        cqn[c->rout[P]] = g->inj[v];
    if (g->cexec[v] && last) {
        if (cnt != c->ej_len)
            xc_gm_pn_note(g, v, XC_RERR_COUNT, P);
        for (uint32_t p = 0; p < P; p++)
            if (xc_flit_valid(cqn[p]))
                xc_gm_pn_note(g, v, XC_RERR_LATE, p);
    }
    g->cnt[v] = circ ? cnt : 0;
}

/* After a full cycle: the crossbar registers take their next values; the
 * observation's links and activity lists are filled. */
static void full_finish(xc_gm_pn *g)
{
    const uint32_t P = g->hw.ports;
    const size_t np = (size_t)g->hw.nodes * P;
    memcpy(g->obs.link, g->out, np * sizeof *g->out);
    memcpy(g->cq, g->cq_next, np * sizeof *g->cq);
    g->cq_live = 0;
    for (size_t i = 0; i < np; i++) {
        g->cq_live |= g->cq[i] != 0;
        if (g->obs.link[i])
            g->obs.link_on[g->obs.n_link_on++] = (uint32_t)i;
        if (g->obs.dlv[i])
            g->obs.dlv_on[g->obs.n_dlv_on++] = (uint32_t)i;
    }
}

/* The routers in one cycle, every router and port: decides what leaves
 * (g->out), then what arrives; updates slots, deliveries and noted errors.
 * The general path: circuit steps, and any cycle while a crossbar register
 * holds a flit; the store-and-forward path (xc_golden_pn_saf.c) gives the
 * same results with work only where the step addresses. */
void xc_gm_pn_routers_full(xc_gm_pn *g, uint32_t *n_dlv)
{
    const xc_pn_hw *hw = &g->hw;
    const uint32_t P = hw->ports;
    const uint32_t idx = (uint32_t)(g->r.step - 1u) & XC_FIELD_MASK(PN_STEPS_N);
    const uint32_t bud = idx < hw->depth ? g->bud[idx] : 0;
    const int circ = g->r.running && XC_BIT_GET(bud, CS_CIRCUIT_BIT);
    const int run = g->r.running && !circ;
    const int last = g->r.running && g->r.rel >= xc_gm_pn_step_length(g);
    for (uint32_t v = 0; v < hw->nodes; v++) {
        xc_pn_field *f = g->f + (size_t)v * P;
        memset(f, 0, P * sizeof *f);
        memset(g->out + (size_t)v * P, 0, P * sizeof *g->out);
        g->exec[v] = run && full_entry(g, v, idx, f);
    }
    for (uint32_t v = 0; v < hw->nodes; v++)
        if (g->exec[v])
            full_send(g, v);
    for (uint32_t v = 0; v < hw->nodes; v++)
        circuit_send(g, v, idx, circ);
    for (uint32_t v = 0; v < hw->nodes; v++) {
        full_recv(g, v, n_dlv);
        circuit_recv(g, v, circ, last, n_dlv);
    }
    full_finish(g);
}
