/* SPDX-License-Identifier: MIT */
#include "xc_golden_pn.h"

#include <stdlib.h>
#include <string.h>

#include "xc_consts.h"
#include "xc_grow.h"

/* An entry decoded: the port fields, the ports that send (in port order)
 * and receive, and the node-independent checks (the link check is the
 * node's). */
typedef struct sf_entry {
    uint32_t send, recv;          /* port masks */
    uint32_t n_send, n_recv;
    uint8_t sends[32], recvs[32]; /* the ports of each mask, ascending */
    int bad_model, bad_slot;
} sf_entry;

/* The bus windows (MSG, TBL, BUD, CIR, LST: a pointer and a data
 * register each), in the order of pn_regs.ptr. */
enum { WIN_MSG, WIN_TBL, WIN_BUD, WIN_CIR, WIN_LST };

/* The controller's registers, as one value: a tick computes the next one
 * from the current one, the edge replaces it. */
typedef struct pn_regs {
    int bcast, running, done, err_seen;
    uint32_t steps, step, cycles, delivered, errors, err_info, err_step;
    uint32_t sel, ptr[5]; /* ptr: the bus windows' pointers (windows[] below) */
    uint32_t ts, rel;     /* circuit mode */
} pn_regs;

struct xc_gm_pn {
    xc_pn_hw hw;
    uint32_t tbl_words;            /* depth * wpe */
    uint32_t *slot;                /* nodes * slots: message word | SLOT_FULL when full */
    uint32_t *tbl;                 /* nodes * tbl_words (per-node tables), or NULL */
    uint32_t *btbl;                /* tbl_words */
    int64_t *nb, *back;            /* nodes * ports: neighbour and its facing port, -1 none */
    pn_regs r;                     /* controller registers */
    uint32_t rdata;
    xc_pn_obs obs;
    /* scratch for one cycle */
    xc_flit *out;                  /* nodes * ports: flits leaving */
    uint8_t *exec;                 /* nodes */
    uint32_t *entry;               /* wpe words */
    xc_pn_field *f;                /* nodes * ports: decoded step fields */
    uint8_t *code, *port;          /* nodes: first error of this cycle */
    /* circuit mode (docs/routers.md "Circuit mode") */
    uint32_t ctbl_words;           /* depth * cwpe */
    uint32_t *ctbl;                /* nodes * ctbl_words circuit-table words */
    uint32_t *lst;                 /* nodes * list_depth inject lists */
    uint32_t *bud;                 /* depth step budget words */
    xc_flit *cq, *cq_next;         /* nodes * ports: the crossbar's output registers */
    uint32_t *cnt;                 /* nodes: flits ejected in this step so far */
    xc_pn_centry *ce;              /* nodes: decoded circuit entries */
    uint8_t *cexec;                /* nodes */
    xc_flit *inj;                  /* nodes: the flit injected in this cycle */
    uint32_t *ce_step;             /* nodes: step index + 1 that ce holds decoded (0: none) */
    /* the lean store-and-forward path: work only where a step addresses */
    int cq_live;                   /* some crossbar output register holds a flit */
    uint32_t *nolink;              /* nodes: bit p set when port p has no link */
    uint32_t nolink_any;           /* the OR of all nolink masks (0 on tori) */
    uint32_t *dst;                 /* nodes * ports: the input (node * ports + port) a link output
                                    * feeds; also the output that input reads (links pair up: fwd_ok) */
    xc_flit *in;                   /* nodes * ports: the flit arriving at (node, port), until taken */
    uint8_t *rx;                   /* nodes: the noted error came from the receive side */
    sf_entry *sfe;                 /* the decoded entry: one (broadcast) or one per node */
    uint32_t *noted, n_noted;      /* nodes with an error noted in this cycle */
    int fwd_ok;                    /* every link output feeds exactly one input: flits can be pushed */
    /* the links of the last cycle are zeroed through link_on, or, when they
     * all were on one port (a shared single step), port by port by the next
     * send loop as it passes every router */
    uint32_t one_port;             /* port + 1: the last cycle sent on this port only, else 0 */
    uint32_t stale;                /* port + 1: those links still to be zeroed in this cycle, else 0 */
};

/* A slot's word: the message in its low XC_MSG_W bits (xc_flit.h: fewer
 * than 32), SLOT_FULL set while the slot holds it; a read of the full bit
 * brings the message with it. */
#define SLOT_FULL (1u << 31)
#define MSG_MASK ((1u << XC_MSG_W) - 1u)

/* Stores an arrived flit's message into slot word *s; 1 when the slot was
 * full (an overwrite). */
static inline int slot_store(uint32_t *s, xc_flit in)
{
    const int was = (*s & SLOT_FULL) != 0;
    *s = SLOT_FULL | ((uint32_t)in & MSG_MASK);
    return was;
}

/* Cycles of the running step: 1 (store and forward), or TS + budget for a
 * circuit step (at least 1). */
static uint32_t step_length(const xc_gm_pn *g)
{
    const uint32_t idx = (uint32_t)(g->r.step - 1u) & XC_FIELD_MASK(PN_STEPS_N);
    const uint32_t bud = idx < g->hw.depth ? g->bud[idx] : 0;
    if (!XC_BIT_GET(bud, CS_CIRCUIT_BIT))
        return 1;
    const uint32_t sum = g->r.ts + XC_FIELD_GET(bud, CS_CYCLES);
    return sum ? sum : 1;
}

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
    g->ctbl_words = hw->depth * hw->cwpe;
    g->ctbl = calloc((size_t)n * g->ctbl_words, sizeof *g->ctbl);
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

const xc_pn_obs *xc_gm_pn_obs(const xc_gm_pn *g) { return &g->obs; }

unsigned xc_gm_pn_step_next(const xc_gm_pn *g) { return g->r.running ? g->r.step : 0; }

void xc_gm_pn_poke_msg(xc_gm_pn *g, uint32_t node, uint32_t slot, uint32_t word)
{
    if (node < g->hw.nodes && slot < g->hw.slots)
        g->slot[(size_t)node * g->hw.slots + slot] = SLOT_FULL | (word & MSG_MASK);
}

void xc_gm_pn_poke_tbl(xc_gm_pn *g, uint32_t node, uint32_t index, uint32_t word)
{
    if (index >= g->tbl_words)
        return;
    if (node == UINT32_MAX)
        g->btbl[index] = word;
    else if (g->tbl && node < g->hw.nodes)
        g->tbl[(size_t)node * g->tbl_words + index] = word;
}

void xc_gm_pn_poke_cir(xc_gm_pn *g, uint32_t node, uint32_t index, uint32_t word)
{
    if (node < g->hw.nodes && index < g->ctbl_words) {
        g->ctbl[(size_t)node * g->ctbl_words + index] = word;
        g->ce_step[node] = 0;
    }
}

void xc_gm_pn_poke_lst(xc_gm_pn *g, uint32_t node, uint32_t index, uint32_t slot)
{
    if (node < g->hw.nodes && index < g->hw.list_depth)
        g->lst[(size_t)node * g->hw.list_depth + index] = slot & ((1u << g->hw.slot_w) - 1u);
}

void xc_gm_pn_poke_bud(xc_gm_pn *g, uint32_t index, uint32_t word)
{
    if (index < g->hw.depth)
        g->bud[index] = word;
}

/* Errors are rare: out of line, so the loops over the routers keep their
 * registers. */
__attribute__((noinline, cold)) static void note(xc_gm_pn *g, uint32_t v, unsigned code, uint32_t port)
{
    if (!g->code[v]) {
        g->noted[g->n_noted++] = v;
        g->code[v] = (uint8_t)code;
        g->port[v] = (uint8_t)port;
    }
}

/* The flit a send or inject puts on its way in the running step: the
 * message word tagged with the step. */
static xc_flit step_flit(const xc_gm_pn *g, uint32_t word)
{
    return (xc_flit)1 << XC_FLIT_VALID_BIT | (xc_flit)(g->r.step & XC_STEP_MASK) << XC_FLIT_STEP_LSB | word;
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
    if (bad_model)
        note(g, v, XC_RERR_MODEL, 0);
    if (bad_link)
        note(g, v, XC_RERR_NOLINK, link_port);
    if (bad_slot)
        note(g, v, XC_RERR_SLOTS, 0);
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
                note(g, v, XC_RERR_EMPTY, p);
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
    if (n_ej > 1)
        note(g, v, XC_RERR_MODEL, P);
    if (nolink)
        note(g, v, XC_RERR_NOLINK, 0);
    if (cross)
        note(g, v, XC_RERR_CROSS, P);
    if (slot)
        note(g, v, XC_RERR_SLOTS, 0);
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
        note(g, v, XC_RERR_SLOTS, hw->ports);
    else if (slot[ls] & SLOT_FULL)
        g->inj[v] = step_flit(g, slot[ls] & MSG_MASK);
    else
        note(g, v, XC_RERR_EMPTY, hw->ports);
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
        xc_pn_centry_get(hw, g->ctbl + (size_t)v * g->ctbl_words + (size_t)idx * hw->cwpe, c);
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
            note(g, v, XC_RERR_MISSING, p);
        if (arrive && !take && !(g->cexec[v] && g->ce[v].rv[p]))
            note(g, v, XC_RERR_UNEXP, p);
        if (take && arrive) {
            if (f[p].dlv) {
                g->obs.dlv[i] = in;
                (*n_dlv)++;
            }
            if (f[p].store && slot_store(&slot[f[p].recv_slot], in))
                note(g, v, XC_RERR_OVERWRITE, p);
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
        note(g, v, XC_RERR_COUNT, p);
    else if (at >= S)
        note(g, v, XC_RERR_SLOTS, p);
    else if (slot_store(&g->slot[(size_t)v * S + at], in))
        note(g, v, XC_RERR_OVERWRITE, p);
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
            note(g, v, XC_RERR_COUNT, P);
        for (uint32_t p = 0; p < P; p++)
            if (xc_flit_valid(cqn[p]))
                note(g, v, XC_RERR_LATE, p);
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
 * holds a flit; the store-and-forward path below gives the same results
 * with work only where the step addresses. */
static void routers_full(xc_gm_pn *g, uint32_t *n_dlv)
{
    const xc_pn_hw *hw = &g->hw;
    const uint32_t P = hw->ports;
    const uint32_t idx = (uint32_t)(g->r.step - 1u) & XC_FIELD_MASK(PN_STEPS_N);
    const uint32_t bud = idx < hw->depth ? g->bud[idx] : 0;
    const int circ = g->r.running && XC_BIT_GET(bud, CS_CIRCUIT_BIT);
    const int run = g->r.running && !circ;
    const int last = g->r.running && g->r.rel >= step_length(g);
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

/* ---- the store-and-forward path ---- */

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
    const uint32_t sw = hw->slot_w, smask = (1u << sw) - 1u;
    d->send = d->recv = d->n_send = d->n_recv = 0;
    d->bad_model = d->bad_slot = 0;
    for (uint32_t p = 0; p < hw->ports; p++) {
        const uint32_t pf = entry_bits(e, p * hw->port_w, hw->port_w);
        f[p].send = (uint8_t)(pf >> XC_TE_SEND_V & 1u);
        f[p].recv = (uint8_t)(pf >> XC_TE_RECV_V & 1u);
        if (!f[p].send && !f[p].recv)
            continue; /* an idle port: nothing below reads its other fields */
        f[p].keep = (uint8_t)(pf >> XC_TE_SEND_KEEP & 1u);
        f[p].store = (uint8_t)(pf >> XC_TE_RECV_STORE & 1u);
        f[p].dlv = (uint8_t)(pf >> XC_TE_RECV_DLV & 1u);
        f[p].send_slot = pf >> XC_TE_SLOT_LSB & smask;
        f[p].recv_slot = pf >> (XC_TE_SLOT_LSB + sw) & smask;
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
        note(g, v, XC_RERR_MODEL, 0);
    if (nolink)
        note(g, v, XC_RERR_NOLINK, (uint32_t)__builtin_ctz(nolink));
    if (d->bad_slot)
        note(g, v, XC_RERR_SLOTS, 0);
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
            note(g, v, XC_RERR_EMPTY, p);
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
        note(g, v, code, port);
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

/* Zeroes the last cycle's links when they were all on one port and no
 * send loop of this cycle did it. */
static void stale_clear(xc_gm_pn *g)
{
    for (uint32_t i = g->stale - 1u; g->stale && i < g->hw.nodes * g->hw.ports; i += g->hw.ports)
        g->obs.link[i] = 0;
    g->stale = 0;
}

/* A broadcast entry with at most one send and one receive, decoded once
 * for the step: the send port, slot and kept bit, the receive port, slot
 * and flags, the links some router lacks (skip) and the flit's tag. */
typedef struct sf_shared {
    uint32_t sp, ss, keep, rp, rs, skip;
    int send, recv, dlv, store;
    xc_flit tag;
    uint32_t stale; /* from a router's send link to its stale one (g->stale), index offset mod 2^32 */
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
        note(g, v, XC_RERR_EMPTY, c->sp);
        return;
    }
    g->obs.link[i] = c->tag | (*slot & MSG_MASK);
    g->obs.link_on[g->obs.n_link_on++] = i;
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
    const uint32_t stays = c->keep ? ~0u : ~SLOT_FULL, stale = c->stale;
    /* a full slot's word has SLOT_FULL set, and the flit's bit 31 is the
     * step's low bit: the flit is tag | message = (tag ^ SLOT_FULL) ^ word */
    const xc_flit tag = c->tag ^ SLOT_FULL;
    uint32_t *slot = g->slot + (size_t)v * S + c->ss, *on = g->obs.link_on + g->obs.n_link_on;
    xc_flit *link = g->obs.link;
    for (uint32_t i = v * P + c->sp; v < N; v++, i += P, slot += S) {
        const uint32_t w = *slot;
        link[i + stale] = 0; /* every router passes here once, sending or not */
        if (!(w & SLOT_FULL) || (check && (nolink[v] & skip)))
            break;
        link[i] = tag ^ w;
        *on++ = i;
        *slot = w & stays;
    }
    g->obs.n_link_on = (uint32_t)(on - g->obs.link_on);
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
 * (v, p) is taken when p is the receive port rp (recv) and v runs. */
static void shared_unexpected(xc_gm_pn *g, uint32_t rp, int recv, uint32_t skip)
{
    const uint32_t P = g->hw.ports;
    for (uint32_t k = 0; k < g->obs.n_link_on; k++) {
        const uint32_t j = g->dst[g->obs.link_on[k]], v = j / P, p = j % P;
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
                         .store = f[rp].store, .tag = tag, .stale = g->stale ? g->stale - 1u - sp : 0};
    if (!c.send)
        stale_clear(g);
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
        shared_unexpected(g, rp, c.recv, c.skip);
}

/* A store-and-forward step: the same results as routers_full, with the
 * broadcast entry decoded once for all routers and work per router only on
 * the ports the entry addresses. */
static void routers_sf(xc_gm_pn *g, uint32_t *n_dlv)
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
    stale_clear(g);
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
    for (uint32_t j = 0; j < g->n_noted; j++)
        g->code[g->noted[j]] = g->rx[g->noted[j]] = 0;
    g->n_noted = 0;
    g->stale = g->one_port;
    g->one_port = 0;
    for (uint32_t j = 0; !g->stale && j < o->n_link_on; j++)
        o->link[o->link_on[j]] = 0;
    for (uint32_t j = 0; j < o->n_dlv_on; j++)
        o->dlv[o->dlv_on[j]] = 0;
    o->n_link_on = o->n_dlv_on = 0;
    const uint32_t idx = (uint32_t)(g->r.step - 1u) & XC_FIELD_MASK(PN_STEPS_N);
    const int circ = g->r.running && idx < g->hw.depth && XC_BIT_GET(g->bud[idx], CS_CIRCUIT_BIT);
    if (circ || g->cq_live || !g->fwd_ok) {
        stale_clear(g);
        routers_full(g, n_dlv);
    } else if (g->r.running)
        routers_sf(g, n_dlv);
    else
        stale_clear(g);
    for (uint32_t j = 0; j < g->n_noted && !clear; j++) {
        const uint32_t v = g->noted[j];
        if (XC_FIELD_GET(o->err[v], PN_ERR_CODE))
            continue;
        o->err[v] = (uint16_t)(XC_FIELD_AT(PN_ERR_CODE, g->code[v]) | XC_FIELD_AT(PN_ERR_PORT, g->port[v]));
        (*n_err)++;
        if (*first_node < 0 || v < (uint32_t)*first_node)
            *first_node = (int)v;
    }
    if (clear) {
        memset(g->slot, 0, (size_t)g->hw.nodes * g->hw.slots * sizeof *g->slot);
        memset(o->err, 0, (size_t)g->hw.nodes * sizeof *o->err);
        memset(g->cq, 0, (size_t)g->hw.nodes * g->hw.ports * sizeof *g->cq);
        g->cq_live = 0;
    }
}

static uint32_t geom(const xc_pn_hw *hw)
{
    return XC_FIELD_AT(PN_GEOM_PORTS, hw->ports) | XC_FIELD_AT(PN_GEOM_SLOT_BITS, hw->slot_w) |
           XC_FIELD_AT(PN_GEOM_WPE, hw->wpe) | (uint32_t)hw->multiport << XC_PN_GEOM_MULTIPORT_BIT |
           (uint32_t)hw->half_duplex << XC_PN_GEOM_HALF_DUPLEX_BIT;
}

static uint32_t status_word(const pn_regs *r)
{
    return (uint32_t)r->running << XC_PN_STATUS_BUSY_BIT | (uint32_t)r->done << XC_PN_STATUS_DONE_BIT |
           (uint32_t)r->err_seen << XC_PN_STATUS_ERR_BIT;
}

/* A bus read: the register at addr as it is before this edge. */
static uint32_t read_reg(const xc_gm_pn *g, uint32_t addr)
{
    const xc_pn_hw *hw = &g->hw;
    const pn_regs *r = &g->r;
    switch (addr) {
    case XC_PN_REG_ID: return XC_PN_ID_VALUE;
    case XC_PN_REG_NODES: return hw->nodes;
    case XC_PN_REG_GEOM: return geom(hw);
    case XC_PN_REG_CTRL: return (uint32_t)r->bcast << XC_PN_CTRL_BCAST_BIT;
    case XC_PN_REG_STATUS: return status_word(r);
    case XC_PN_REG_STEPS: return XC_FIELD_AT(PN_STEPS_N, r->steps);
    case XC_PN_REG_STEP: return r->running ? r->step : 0;
    case XC_PN_REG_CYCLES: return r->cycles;
    case XC_PN_REG_DELIVERED: return r->delivered;
    case XC_PN_REG_ERRORS: return r->errors;
    case XC_PN_REG_ERR_INFO: return r->err_info;
    case XC_PN_REG_ERR_STEP: return r->err_step;
    case XC_PN_REG_SEL: return r->sel;
    case XC_PN_REG_MSG_PTR: return r->ptr[WIN_MSG];
    case XC_PN_REG_TBL_PTR: return r->ptr[WIN_TBL];
    case XC_PN_REG_DEPTH: return hw->depth;
    case XC_PN_REG_TS: return r->ts;
    case XC_PN_REG_BUD_PTR: return r->ptr[WIN_BUD];
    case XC_PN_REG_CIR_PTR: return r->ptr[WIN_CIR];
    case XC_PN_REG_LST_PTR: return r->ptr[WIN_LST];
    case XC_PN_REG_CGEOM:
        return XC_FIELD_AT(PN_CGEOM_WPE, hw->cwpe) | XC_FIELD_AT(PN_CGEOM_LIST_BITS, hw->list_w);
    default: return 0;
    }
}

/* The registers step to this edge's values without a bus write: the
 * counters, the step sequence and the first error (first: its node, -1
 * none). Every next value is computed from the values before the edge. */
static void advance_regs(xc_gm_pn *g, int step_end, uint32_t n_dlv, uint32_t n_err, int first)
{
    pn_regs *r = &g->r;
    const int running = r->running;
    const uint32_t step = r->step;
    if (first >= 0 && !r->err_seen) {
        r->err_info = XC_FIELD_AT(PN_ERR_NODE, first) | XC_FIELD_AT(PN_ERR_PORT, g->port[first]) |
                      XC_FIELD_AT(PN_ERR_CODE, g->code[first]);
        r->err_step = running ? step : 0;
        r->err_seen = 1;
    }
    r->delivered += n_dlv;
    r->errors += n_err;
    r->cycles += (uint32_t)running;
    const int last = step_end && step == r->steps;
    r->running = running && !last;
    r->done = r->done || last;
    r->step = step_end ? (last ? 0 : (step + 1) & XC_FIELD_MASK(PN_STEPS_N)) : step;
    r->rel = running ? (step_end ? 1 : r->rel + 1) : r->rel;
}

/* A CTRL write (wdata): clear, or start when the routers were idle
 * before the edge (was_running 0) with a schedule that fits the tables. */
static void ctrl_write(xc_gm_pn *g, uint32_t wdata, int clear, int was_running)
{
    pn_regs *r = &g->r;
    r->bcast = (int)XC_BIT_GET(wdata, PN_CTRL_BCAST_BIT);
    const int start = (int)XC_BIT_GET(wdata, PN_CTRL_START_BIT);
    if (!clear && !(start && !was_running && r->steps != 0 && r->steps <= g->hw.depth))
        return;
    r->done = r->err_seen = 0;
    r->delivered = r->errors = r->err_info = r->err_step = 0;
    if (clear) {
        r->running = 0;
        r->step = r->cycles = 0;
        r->sel = r->rel = 0;
        memset(r->ptr, 0, sizeof r->ptr);
    } else {
        r->running = 1;
        r->step = r->rel = r->cycles = 1;
    }
}

/* The memories the bus writes through a window of two registers: PTR
 * sets the pointer; a DATA write pokes the word at the pointer while the
 * routers are idle (the poke functions check the ranges), then steps it. */
static void poke_msg_at(xc_gm_pn *g, uint32_t at, uint32_t w, int clear)
{
    if (!XC_BIT_GET(g->r.sel, PN_SEL_BCAST_BIT) && !clear)
        xc_gm_pn_poke_msg(g, g->r.sel, at, w);
}

static void poke_tbl_at(xc_gm_pn *g, uint32_t at, uint32_t w, int clear)
{
    (void)clear;
    xc_gm_pn_poke_tbl(g, XC_BIT_GET(g->r.sel, PN_SEL_BCAST_BIT) ? UINT32_MAX : g->r.sel, at, w);
}

static void poke_bud_at(xc_gm_pn *g, uint32_t at, uint32_t w, int clear)
{
    (void)clear;
    xc_gm_pn_poke_bud(g, at, w);
}

static void poke_cir_at(xc_gm_pn *g, uint32_t at, uint32_t w, int clear)
{
    (void)clear;
    xc_gm_pn_poke_cir(g, g->r.sel, at, w);
}

static void poke_lst_at(xc_gm_pn *g, uint32_t at, uint32_t w, int clear)
{
    (void)clear;
    xc_gm_pn_poke_lst(g, g->r.sel, at, w);
}

static const struct bus_window {
    uint32_t ptr_reg; /* DATA is the register after it */
    void (*poke)(xc_gm_pn *g, uint32_t at, uint32_t word, int clear);
} windows[] = {
    [WIN_MSG] = {XC_PN_REG_MSG_PTR, poke_msg_at}, [WIN_TBL] = {XC_PN_REG_TBL_PTR, poke_tbl_at},
    [WIN_BUD] = {XC_PN_REG_BUD_PTR, poke_bud_at}, [WIN_CIR] = {XC_PN_REG_CIR_PTR, poke_cir_at},
    [WIN_LST] = {XC_PN_REG_LST_PTR, poke_lst_at},
};
_Static_assert(sizeof windows / sizeof *windows == sizeof((pn_regs *)0)->ptr / sizeof(uint32_t), "a pointer a window");
_Static_assert(XC_PN_REG_MSG_DATA == XC_PN_REG_MSG_PTR + 1 && XC_PN_REG_TBL_DATA == XC_PN_REG_TBL_PTR + 1 &&
                   XC_PN_REG_BUD_DATA == XC_PN_REG_BUD_PTR + 1 && XC_PN_REG_CIR_DATA == XC_PN_REG_CIR_PTR + 1 &&
                   XC_PN_REG_LST_DATA == XC_PN_REG_LST_PTR + 1,
               "DATA follows PTR");

/* A write at addr into window k (PTR or DATA). */
static void window_write(xc_gm_pn *g, unsigned k, uint32_t addr, uint32_t w, int clear, int idle)
{
    if (addr == windows[k].ptr_reg) {
        g->r.ptr[k] = w;
        return;
    }
    if (idle)
        windows[k].poke(g, g->r.ptr[k], w, clear);
    g->r.ptr[k]++;
}

/* A bus write into the registers and the memories it addresses (clear:
 * this cycle's CTRL write clears; was_running: the routers ran before the
 * edge). The pointers and SEL it reads are still the values before the
 * edge: only the write itself changes them. */
static void bus_write(xc_gm_pn *g, const xc_min_bus *bus, int clear, int was_running)
{
    pn_regs *r = &g->r;
    const uint32_t w = bus->wdata;
    const int idle = !was_running;
    switch (bus->addr) {
    case XC_PN_REG_CTRL: ctrl_write(g, w, clear, was_running); break;
    case XC_PN_REG_STEPS:
        if (idle)
            r->steps = XC_FIELD_GET(w, PN_STEPS_N);
        break;
    case XC_PN_REG_SEL: r->sel = w; break;
    case XC_PN_REG_TS:
        if (idle)
            r->ts = w;
        break;
    case XC_PN_REG_MSG_PTR:
    case XC_PN_REG_MSG_DATA: window_write(g, WIN_MSG, bus->addr, w, clear, idle); break;
    case XC_PN_REG_TBL_PTR:
    case XC_PN_REG_TBL_DATA: window_write(g, WIN_TBL, bus->addr, w, clear, idle); break;
    case XC_PN_REG_BUD_PTR:
    case XC_PN_REG_BUD_DATA: window_write(g, WIN_BUD, bus->addr, w, clear, idle); break;
    case XC_PN_REG_CIR_PTR:
    case XC_PN_REG_CIR_DATA: window_write(g, WIN_CIR, bus->addr, w, clear, idle); break;
    case XC_PN_REG_LST_PTR:
    case XC_PN_REG_LST_DATA: window_write(g, WIN_LST, bus->addr, w, clear, idle); break;
    default: break;
    }
}

void xc_gm_pn_tick(xc_gm_pn *g, const xc_min_bus *bus)
{
    const int clear = bus->we && bus->addr == XC_PN_REG_CTRL && XC_BIT_GET(bus->wdata, PN_CTRL_CLEAR_BIT);
    if (bus->re)
        g->rdata = read_reg(g, bus->addr);
    uint32_t n_dlv, n_err;
    int first;
    const int step_end = g->r.running && g->r.rel >= step_length(g);
    routers(g, clear, &n_dlv, &n_err, &first);
    const int was_running = g->r.running;
    advance_regs(g, step_end, n_dlv, n_err, first);
    if (bus->we)
        bus_write(g, bus, clear, was_running);

    xc_pn_obs *o = &g->obs;
    o->rdata = g->rdata;
    o->status = status_word(&g->r);
    o->step = g->r.step;
    o->cycles = g->r.cycles;
    o->delivered = g->r.delivered;
    o->errors = g->r.errors;
    o->err_info = g->r.err_info;
    o->err_step = g->r.err_step;
}
