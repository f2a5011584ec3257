/* SPDX-License-Identifier: MIT */
/* The golden router model's store-and-forward path (rtl/pn/xchg_pn_saf.v,
 * xchg_pn_saf_1p.v): the same results as the general path of
 * xc_golden_pn_xbar.c, with a broadcast entry decoded once for all
 * routers and work per router only on the ports the entry addresses. */
#include "xc_golden_pn_int.h"

/* Bits [lsb, lsb + width) of an entry, width < 32; reads the word after. */
static uint32_t entry_bits(const uint32_t *e, uint32_t lsb, uint32_t width)
{
    const uint64_t x = e[lsb / 32] | (uint64_t)e[lsb / 32 + 1] << 32;
    return (uint32_t)(x >> (lsb % 32)) & ((1u << width) - 1u);
}

/* Node v's entry of step index idx (idx < depth: the controller starts
 * only when steps <= depth), in place: the fields lie in its first entry_w
 * bits, and the word after it exists (the tables have one word of pad). */
static const uint32_t *entry_at(const xc_gm_pn *g, uint32_t v, uint32_t idx)
{
    const uint32_t *src = g->r.bcast || !g->tbl ? g->btbl : g->tbl + (size_t)v * g->tbl_words;
    return src + (size_t)idx * g->hw.wpe;
}

static void decode(const xc_pn_hw *hw, const uint32_t *e, xc_pn_field *f, sf_entry *d)
{
    const uint32_t sw = hw->slot_w;
    d->send = d->recv = d->n_send = d->n_recv = 0;
    d->bad_model = d->bad_slot = 0;
    for (uint32_t p = 0; p < hw->ports; p++) {
        /* the flags, then each slot on its own: a port field is wider
         * than 32 bits from 14-bit slot indices on */
        const uint32_t lsb = p * hw->port_w, pf = entry_bits(e, lsb, XC_TE_SLOT_LSB);
        f[p].send = (uint8_t)(pf >> XC_TE_SEND_V & 1u);
        f[p].recv = (uint8_t)(pf >> XC_TE_RECV_V & 1u);
        if (!f[p].send && !f[p].recv)
            continue; /* an idle port: nothing below reads its other fields */
        f[p].keep = (uint8_t)(pf >> XC_TE_SEND_KEEP & 1u);
        f[p].store = (uint8_t)(pf >> XC_TE_RECV_STORE & 1u);
        f[p].dlv = (uint8_t)(pf >> XC_TE_RECV_DLV & 1u);
        f[p].send_slot = entry_bits(e, lsb + XC_TE_SLOT_LSB, sw);
        f[p].recv_slot = entry_bits(e, lsb + XC_TE_SLOT_LSB + sw, sw);
        if (f[p].send) {
            d->send |= 1u << p;
            d->sends[d->n_send++] = (uint8_t)p;
        }
        if (f[p].recv) {
            d->recv |= 1u << p;
            d->recvs[d->n_recv++] = (uint8_t)p;
        }
        if ((f[p].send && f[p].send_slot >= hw->slots) || (f[p].recv && f[p].store && f[p].recv_slot >= hw->slots))
            d->bad_slot = 1;
        if (hw->half_duplex && hw->multiport && f[p].send && f[p].recv)
            d->bad_model = 1;
    }
    if (!hw->multiport && (d->n_send > 1 || d->n_recv > 1))
        d->bad_model = 1;
    if (hw->half_duplex && !hw->multiport && d->send && d->recv)
        d->bad_model = 1;
}

/* The entry's checks at node v, noted in the RTL's order: 1 when the step
 * executes there. */
static int entry_ok(xc_gm_pn *g, uint32_t v, const sf_entry *d)
{
    const uint32_t nolink = (d->send | d->recv) & g->nolink[v];
    if (!(nolink | d->bad_model | d->bad_slot))
        return 1;
    if (d->bad_model)
        xc_gm_pn_note(g, v, XC_RERR_MODEL, 0);
    if (nolink)
        xc_gm_pn_note(g, v, XC_RERR_NOLINK, (uint32_t)__builtin_ctz(nolink));
    if (d->bad_slot)
        xc_gm_pn_note(g, v, XC_RERR_SLOTS, 0);
    return 0;
}

/* Node v sends on the entry's send ports: each flit goes on its link and
 * into its one receiver's arrival (g->in); then the sent (not kept) slots
 * empty. */
static void sf_send(xc_gm_pn *g, uint32_t v, const xc_pn_field *f, const sf_entry *d, xc_flit tag)
{
    const uint32_t S = g->hw.slots;
    uint32_t *slot = g->slot + (size_t)v * S;
    const size_t base = (size_t)v * g->hw.ports;
    for (uint32_t k = 0; k < d->n_send; k++) {
        const uint32_t p = d->sends[k], w = slot[f[p].send_slot];
        if (!(w & SLOT_FULL)) {
            xc_gm_pn_note(g, v, XC_RERR_EMPTY, p);
            continue;
        }
        const xc_flit fl = tag | (w & MSG_MASK);
        g->obs.link[base + p] = fl;
        g->obs.link_on[g->obs.n_link_on++] = (uint32_t)(base + p);
        g->in[g->dst[base + p]] = fl;
    }
    for (uint32_t k = 0; k < d->n_send; k++)
        if (!f[d->sends[k]].keep)
            slot[f[d->sends[k]].send_slot] &= ~SLOT_FULL;
}

/* A note of the receive side; remembers that it came from there. */
__attribute__((noinline, cold)) static void note_rx(xc_gm_pn *g, uint32_t v, unsigned code, uint32_t port)
{
    if (!g->code[v]) {
        xc_gm_pn_note(g, v, code, port);
        g->rx[v] = 1;
    }
}

/* Node v takes the arrivals on its receive ports, in port order; returns
 * how many flits it took. */
static uint32_t sf_recv(xc_gm_pn *g, uint32_t v, const xc_pn_field *f, const sf_entry *d, uint32_t *n_dlv)
{
    const uint32_t S = g->hw.slots;
    uint32_t *slot = g->slot + (size_t)v * S;
    const size_t base = (size_t)v * g->hw.ports;
    uint32_t took = 0;
    for (uint32_t k = 0; k < d->n_recv; k++) {
        const uint32_t p = d->recvs[k];
        const xc_flit in = g->in[base + p];
        if (!in) {
            note_rx(g, v, XC_RERR_MISSING, p);
            continue;
        }
        g->in[base + p] = 0;
        took++;
        if (f[p].dlv) {
            g->obs.dlv[base + p] = in;
            g->obs.dlv_on[g->obs.n_dlv_on++] = (uint32_t)(base + p);
            (*n_dlv)++;
        }
        if (f[p].store && slot_store(&slot[f[p].recv_slot], in))
            note_rx(g, v, XC_RERR_OVERWRITE, p);
    }
    return took;
}

/* A flit at input p of router v that its entry does not take. The RTL
 * notes errors in port order, so an arrival at port p takes the place of
 * a receive-side note of a higher port. */
static void unexpected(xc_gm_pn *g, uint32_t v, uint32_t p)
{
    if (!g->code[v])
        note_rx(g, v, XC_RERR_UNEXP, p);
    else if (g->rx[v] && g->port[v] > p) {
        g->code[v] = XC_RERR_UNEXP;
        g->port[v] = (uint8_t)p;
    }
}

/* Flits nobody took (still in g->in): each is an unexpected arrival at
 * its receiver. */
static void sf_unexpected(xc_gm_pn *g)
{
    const uint32_t P = g->hw.ports;
    for (uint32_t k = 0; k < g->obs.n_link_on; k++) {
        const uint32_t j = g->dst[g->obs.link_on[k]];
        if (!g->in[j])
            continue;
        g->in[j] = 0;
        unexpected(g, j / P, j % P);
    }
}

/* A broadcast entry with at most one send and one receive, decoded once
 * for the step: the send port, slot and kept bit, the receive port, slot
 * and flags, the links some router lacks (skip) and the flit's tag. */
typedef struct sf_shared {
    uint32_t sp, ss, keep, rp, rs, skip;
    int send, recv, dlv, store;
    xc_flit tag;
    int32_t stale; /* from a router's send link to its stale one (g->stale): -ports < stale < ports */
} sf_shared;

/* Router v sends as the shared entry says, with every check (the send
 * loop's exceptions: a router without the entry's links, an empty slot). */
static void shared_send_one(xc_gm_pn *g, const sf_shared *c, uint32_t v)
{
    uint32_t *slot = g->slot + (size_t)v * g->hw.slots + c->ss;
    const uint32_t i = v * g->hw.ports + c->sp;
    if (g->nolink[v] & c->skip)
        return; /* noted by the caller's check, the step does not run there */
    if (!(*slot & SLOT_FULL)) {
        xc_gm_pn_note(g, v, XC_RERR_EMPTY, c->sp);
        return;
    }
    g->obs.link[i] = c->tag | (*slot & MSG_MASK);
    g->obs.n_link_on++; /* not listed: the step's links are one port's (obs.one_port) */
    if (!c->keep)
        *slot &= ~SLOT_FULL;
}

/* The send loop from router v on, while each router sends a full slot
 * over a link it has (checked only when check: some router lacks one):
 * the flit goes on the link, the slot empties unless kept. Returns the
 * router it stopped at (nodes: the end). */
__attribute__((always_inline)) static inline uint32_t send_run(xc_gm_pn *g, const sf_shared *c, uint32_t v,
                                                               const int check)
{
    const uint32_t N = g->hw.nodes, P = g->hw.ports, S = g->hw.slots, *nolink = g->nolink, skip = c->skip;
    const uint32_t stays = c->keep ? ~0u : ~SLOT_FULL;
    const ptrdiff_t stale = c->stale;
    /* a full slot's word has SLOT_FULL set, and the flit's bit 31 is the
     * step's low bit: the flit is tag | message = (tag ^ SLOT_FULL) ^ word */
    const xc_flit tag = c->tag ^ SLOT_FULL;
    uint32_t *slot = g->slot + (size_t)v * S + c->ss;
    const uint32_t v0 = v;
    xc_flit *link = g->obs.link + (size_t)v * P + c->sp; /* router v's send link, a pointer: no index sums */
    for (; v < N; v++, link += P, slot += S) {
        const uint32_t w = *slot;
        link[stale] = 0; /* every router passes here once, sending or not */
        if (!(w & SLOT_FULL) || (check && (nolink[v] & skip)))
            break;
        *link = tag ^ w;
        *slot = w & stays;
    }
    g->obs.n_link_on += v - v0; /* counted, not listed (obs.one_port) */
    return v;
}

__attribute__((noinline)) static uint32_t shared_send_run(xc_gm_pn *g, const sf_shared *c, uint32_t v)
{
    return c->skip ? send_run(g, c, v, 1) : send_run(g, c, v, 0);
}

/* Router v takes the flit of the link output that feeds (v, rp) (g->dst:
 * links pair up) as the shared entry says, with every check (the receive
 * loop's exceptions). Returns 1 when it took one. */
static uint32_t shared_recv_one(xc_gm_pn *g, const sf_shared *c, uint32_t v)
{
    const uint32_t i = v * g->hw.ports + c->rp;
    const xc_flit in = g->obs.link[g->dst[i]];
    if (g->nolink[v] & c->skip)
        return 0;
    if (!in) {
        note_rx(g, v, XC_RERR_MISSING, c->rp);
        return 0;
    }
    if (c->dlv) {
        g->obs.dlv[i] = in;
        g->obs.dlv_on[g->obs.n_dlv_on++] = i;
    }
    if (c->store && slot_store(g->slot + (size_t)v * g->hw.slots + c->rs, in))
        note_rx(g, v, XC_RERR_OVERWRITE, c->rp);
    return 1;
}

/* The receive loop from router v on, while each router takes a flit over
 * a link it has (checked only when check) and (store) into an empty slot;
 * dlv, store and check are constants in the copies the compiler makes.
 * Returns the router it stopped at. */
__attribute__((always_inline)) static inline uint32_t recv_run(xc_gm_pn *g, const sf_shared *c, uint32_t v,
                                                               const int dlv, const int store, const int check)
{
    const uint32_t N = g->hw.nodes, P = g->hw.ports, S = g->hw.slots, *nolink = g->nolink, skip = c->skip;
    const uint32_t *src = g->dst;
    const xc_flit *link = g->obs.link;
    xc_flit *dl = g->obs.dlv;
    uint32_t *slot = g->slot + (size_t)v * S + c->rs, *on = g->obs.dlv_on + g->obs.n_dlv_on;
    for (uint32_t i = v * P + c->rp; v < N; v++, i += P, slot += S) {
        const xc_flit in = link[src[i]];
        if (!in || (store && (*slot & SLOT_FULL)) || (check && (nolink[v] & skip)))
            break;
        if (dlv) {
            dl[i] = in;
            *on++ = i;
        }
        if (store)
            *slot = SLOT_FULL | ((uint32_t)in & MSG_MASK);
    }
    g->obs.n_dlv_on = (uint32_t)(on - g->obs.dlv_on);
    return v;
}

__attribute__((noinline)) static uint32_t shared_recv_run(xc_gm_pn *g, const sf_shared *c, uint32_t v)
{
    if (c->skip)
        return recv_run(g, c, v, c->dlv, c->store, 1); /* networks with path ends: one general copy */
    if (c->dlv)
        return c->store ? recv_run(g, c, v, 1, 1, 0) : recv_run(g, c, v, 1, 0, 0);
    return c->store ? recv_run(g, c, v, 0, 1, 0) : recv_run(g, c, v, 0, 0, 0);
}

/* The flits of a shared step that no router took: a flit arriving at
 * (v, p) is taken when p is the receive port rp (recv) and v runs. The
 * step's flits are the non-zero links on the send port sp (not listed). */
static void shared_unexpected(xc_gm_pn *g, uint32_t sp, uint32_t rp, int recv, uint32_t skip)
{
    const uint32_t P = g->hw.ports, np = g->hw.nodes * P;
    for (uint32_t i = sp; i < np; i += P) {
        if (!g->obs.link[i])
            continue;
        const uint32_t j = g->dst[i], v = j / P, p = j % P;
        if (!(recv && p == rp && !(g->nolink[v] & skip)))
            unexpected(g, v, p);
    }
}

/* A broadcast entry with at most one send and one receive, valid at every
 * node with the links it uses (the common case: single-port schedules):
 * the same steps as sf_send and sf_recv, with the port, slots and flags
 * taken out of the loops over the routers; the loops run without a check
 * of their own while every router does the usual, and hand the router
 * where something is amiss to the careful code. */
static void sf_shared_single(xc_gm_pn *g, const xc_pn_field *f, const sf_entry *d, xc_flit tag, uint32_t *n_dlv)
{
    const uint32_t N = g->hw.nodes, sp = d->n_send ? d->sends[0] : 0, rp = d->n_recv ? d->recvs[0] : 0;
    const sf_shared c = {.sp = sp, .ss = f[sp].send_slot, .keep = f[sp].keep, .rp = rp,
                         .rs = f[rp].recv_slot, .skip = (d->send | d->recv) & g->nolink_any,
                         .send = d->n_send != 0, .recv = d->n_recv != 0, .dlv = f[rp].dlv,
                         .store = f[rp].store, .tag = tag, .stale = g->stale ? (int32_t)(g->stale - 1u) - (int32_t)sp : 0};
    if (!c.send)
        xc_gm_pn_stale_clear(g);
    for (uint32_t v = 0; c.send && v < N; v++) {
        v = shared_send_run(g, &c, v);
        if (v < N)
            shared_send_one(g, &c, v);
    }
    g->stale = 0;
    g->one_port = c.send ? sp + 1u : 0;
    const uint32_t dlv0 = g->obs.n_dlv_on;
    uint32_t took = 0;
    for (uint32_t v = 0; c.recv && v < N; v++) {
        const uint32_t end = shared_recv_run(g, &c, v);
        took += end - v;
        v = end;
        if (v < N)
            took += shared_recv_one(g, &c, v);
    }
    *n_dlv += g->obs.n_dlv_on - dlv0;
    if (took != g->obs.n_link_on)
        shared_unexpected(g, sp, rp, c.recv, c.skip);
}

/* A store-and-forward step: the same results as xc_gm_pn_routers_full, with the
 * broadcast entry decoded once for all routers and work per router only on
 * the ports the entry addresses. */
void xc_gm_pn_routers_sf(xc_gm_pn *g, uint32_t *n_dlv)
{
    const xc_pn_hw *hw = &g->hw;
    const uint32_t idx = (uint32_t)(g->r.step - 1u) & XC_FIELD_MASK(PN_STEPS_N);
    const int shared = g->r.bcast || !g->tbl;
    const xc_flit tag = step_flit(g, 0);
    sf_entry *d = g->sfe;
    if (shared)
        decode(hw, entry_at(g, 0, idx), g->f, d);
    if (shared && d->n_send <= 1 && d->n_recv <= 1 && !d->bad_model && !d->bad_slot) {
        for (uint32_t v = 0; ((d->send | d->recv) & g->nolink_any) && v < hw->nodes; v++)
            if ((d->send | d->recv) & g->nolink[v])
                entry_ok(g, v, d); /* notes the missing link */
        sf_shared_single(g, g->f, d, tag, n_dlv);
        return;
    }
    xc_gm_pn_stale_clear(g);
    for (uint32_t v = 0; v < hw->nodes; v++) {
        xc_pn_field *f = g->f;
        if (!shared) {
            f += (size_t)v * hw->ports;
            d = g->sfe + v;
            decode(hw, entry_at(g, v, idx), f, d);
        }
        g->exec[v] = (uint8_t)entry_ok(g, v, d);
        if (g->exec[v])
            sf_send(g, v, f, d, tag);
    }
    uint32_t took = 0;
    for (uint32_t v = 0; v < hw->nodes; v++)
        if (g->exec[v])
            took += shared ? sf_recv(g, v, g->f, g->sfe, n_dlv)
                           : sf_recv(g, v, g->f + (size_t)v * hw->ports, g->sfe + v, n_dlv);
    if (took != g->obs.n_link_on)
        sf_unexpected(g);
}
