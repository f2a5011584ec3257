/* SPDX-License-Identifier: MIT */
#include "xc_pn_rtl.h"

#include <stdlib.h>
#include <string.h>

#include "xc_consts.h"

xc_status xc_pn_hw_init(xc_pn_hw *hw, const xc_net *net, uint32_t slots, uint32_t depth, int multiport,
                        int half_duplex, int per_node, xc_err *err)
{
    memset(hw, 0, sizeof *hw);
    if (net->nodes > 1u << XC_ADDR_W)
        return xc_fail(err, XC_ERANGE, "'%s': %u nodes, the router RTL takes at most %u", net->spec,
                       net->nodes, 1u << XC_ADDR_W);
    if (net->nports > 32)
        return xc_fail(err, XC_ERANGE, "'%s': %u ports per node, the router RTL takes at most 32",
                       net->spec, net->nports);
    if (slots > 1u << XC_PN_SLOT_W_MAX)
        return xc_fail(err, XC_ERANGE, "%u message slots, the router RTL takes at most %u", slots,
                       1u << XC_PN_SLOT_W_MAX);
    if (depth < 1 || depth >= 1u << XC_PN_STEP_W)
        return xc_fail(err, XC_ERANGE, "%u steps, the router RTL takes 1..%u", depth, (1u << XC_PN_STEP_W) - 1);
    hw->net = *net;
    hw->nodes = net->nodes;
    hw->ports = net->nports;
    hw->slots = slots < 2 ? 2 : slots;
    hw->slot_w = 1;
    while ((1u << hw->slot_w) < hw->slots)
        hw->slot_w++;
    hw->depth = depth;
    hw->multiport = multiport;
    hw->half_duplex = half_duplex;
    hw->per_node = per_node;
    hw->port_w = XC_TE_SLOT_LSB + 2 * hw->slot_w;
    hw->entry_w = hw->ports * hw->port_w;
    hw->wpe = (hw->entry_w + 31) / 32;
    hw->out_w = 1;
    while ((1u << hw->out_w) < hw->ports + 1)
        hw->out_w++;
    hw->route_w = 1 + hw->out_w;
    hw->len_w = hw->slot_w + 1;
    hw->block = xc_pn_block_pick(net);
    const xc_status st = xc_pn_hw_set_list(hw, 2, err);
    hw->circuit = 0; /* store and forward only, until xc_pn_hw_set_list asks for circuits */
    return st;
}

uint32_t xc_pn_block_pick(const xc_net *net)
{
    return net->nodes <= XC_PN_FLAT_MAX || net->ndims < 2 ? 0 : xc_pn_block_trailing(net);
}

uint32_t xc_pn_block_trailing(const xc_net *net)
{
    uint32_t best = 0, inside = 1;
    for (uint32_t d = net->ndims - 1; d > 0; d--) { /* at least one leading dimension stays outside */
        inside *= net->dim[d].size;
        if (!best || inside + net->nodes / inside < best + net->nodes / best)
            best = inside;
    }
    return best;
}

uint32_t xc_pn_hw_pow2(uint64_t n, uint32_t lo)
{
    uint32_t p = lo ? lo : 1;
    while (p < n && p < (1u << 31))
        p *= 2;
    return p;
}

xc_status xc_pn_hw_set_list(xc_pn_hw *hw, uint32_t list_depth, xc_err *err)
{
    if (list_depth > 1u << XC_PN_LIST_W_MAX)
        return xc_fail(err, XC_ERANGE, "%u inject-list entries, the router RTL takes at most %u", list_depth,
                       1u << XC_PN_LIST_W_MAX);
    hw->circuit = 1;
    hw->list_depth = 2;
    hw->list_w = 1;
    while (hw->list_depth < list_depth) {
        hw->list_depth *= 2;
        hw->list_w++;
    }
    hw->centry_w = (hw->ports + 1) * hw->route_w + 2 * hw->list_w + 2 * hw->len_w;
    hw->cwpe = (hw->centry_w + 31) / 32;
    return XC_OK;
}

static uint32_t get_bits(const uint32_t *w, uint32_t lsb, uint32_t width)
{
    uint32_t v = 0;
    for (uint32_t i = 0; i < width; i++)
        v |= ((w[(lsb + i) / 32] >> ((lsb + i) % 32)) & 1u) << i;
    return v;
}

static void put_bits(uint32_t *w, uint32_t lsb, uint32_t width, uint32_t v)
{
    for (uint32_t i = 0; i < width; i++) {
        uint32_t b = lsb + i;
        w[b / 32] = (w[b / 32] & ~(1u << (b % 32))) | ((v >> i) & 1u) << (b % 32);
    }
}

void xc_pn_field_get(const xc_pn_hw *hw, const uint32_t *entry, uint32_t p, xc_pn_field *f)
{
    const uint32_t b = p * hw->port_w;
    f->send = (uint8_t)get_bits(entry, b + XC_TE_SEND_V, 1);
    f->keep = (uint8_t)get_bits(entry, b + XC_TE_SEND_KEEP, 1);
    f->recv = (uint8_t)get_bits(entry, b + XC_TE_RECV_V, 1);
    f->store = (uint8_t)get_bits(entry, b + XC_TE_RECV_STORE, 1);
    f->dlv = (uint8_t)get_bits(entry, b + XC_TE_RECV_DLV, 1);
    f->send_slot = get_bits(entry, b + XC_TE_SLOT_LSB, hw->slot_w);
    f->recv_slot = get_bits(entry, b + XC_TE_SLOT_LSB + hw->slot_w, hw->slot_w);
}

void xc_pn_field_put(const xc_pn_hw *hw, uint32_t *entry, uint32_t p, const xc_pn_field *f)
{
    const uint32_t b = p * hw->port_w;
    put_bits(entry, b + XC_TE_SEND_V, 1, f->send);
    put_bits(entry, b + XC_TE_SEND_KEEP, 1, f->keep);
    put_bits(entry, b + XC_TE_RECV_V, 1, f->recv);
    put_bits(entry, b + XC_TE_RECV_STORE, 1, f->store);
    put_bits(entry, b + XC_TE_RECV_DLV, 1, f->dlv);
    put_bits(entry, b + XC_TE_SLOT_LSB, hw->slot_w, f->send_slot);
    put_bits(entry, b + XC_TE_SLOT_LSB + hw->slot_w, hw->slot_w, f->recv_slot);
}

void xc_pn_centry_get(const xc_pn_hw *hw, const uint32_t *entry, xc_pn_centry *c)
{
    memset(c, 0, sizeof *c);
    for (uint32_t i = 0; i <= hw->ports; i++) {
        c->rv[i] = (uint8_t)get_bits(entry, i * hw->route_w + XC_CE_ROUTE_V, 1);
        c->rout[i] = (uint8_t)get_bits(entry, i * hw->route_w + XC_CE_OUT_LSB, hw->out_w);
    }
    uint32_t b = (hw->ports + 1) * hw->route_w;
    c->inj_ptr = get_bits(entry, b, hw->list_w);
    c->inj_len = get_bits(entry, b += hw->list_w, hw->len_w);
    c->ej_ptr = get_bits(entry, b += hw->len_w, hw->list_w);
    c->ej_len = get_bits(entry, b + hw->list_w, hw->len_w);
}

void xc_pn_centry_put(const xc_pn_hw *hw, uint32_t *entry, const xc_pn_centry *c)
{
    for (uint32_t i = 0; i <= hw->ports; i++) {
        put_bits(entry, i * hw->route_w + XC_CE_ROUTE_V, 1, c->rv[i]);
        put_bits(entry, i * hw->route_w + XC_CE_OUT_LSB, hw->out_w, c->rout[i]);
    }
    uint32_t b = (hw->ports + 1) * hw->route_w;
    put_bits(entry, b, hw->list_w, c->inj_ptr);
    put_bits(entry, b += hw->list_w, hw->len_w, c->inj_len);
    put_bits(entry, b += hw->len_w, hw->list_w, c->ej_ptr);
    put_bits(entry, b + hw->list_w, hw->len_w, c->ej_len);
}

xc_status xc_pn_obs_alloc(xc_pn_obs *obs, const xc_pn_hw *hw)
{
    memset(obs, 0, sizeof *obs);
    const size_t np = (size_t)hw->nodes * hw->ports;
    obs->link = calloc(np, sizeof *obs->link);
    obs->dlv = calloc(np, sizeof *obs->dlv);
    obs->err = calloc(hw->nodes, sizeof *obs->err);
    obs->link_on = calloc(np, sizeof *obs->link_on);
    obs->dlv_on = calloc(np, sizeof *obs->dlv_on);
    if (!obs->link || !obs->dlv || !obs->err || !obs->link_on || !obs->dlv_on) {
        xc_pn_obs_free(obs);
        return XC_ENOMEM;
    }
    return XC_OK;
}

void xc_pn_obs_free(xc_pn_obs *obs)
{
    free(obs->link);
    free(obs->dlv);
    free(obs->err);
    free(obs->link_on);
    free(obs->dlv_on);
    obs->link = obs->dlv = NULL;
    obs->err = NULL;
    obs->link_on = obs->dlv_on = NULL;
}

size_t xc_pn_node_words(const xc_pn_hw *hw) { return (size_t)hw->ports * XC_PN_LANE_W / 32; }

uint32_t xc_pn_out_lanes(const xc_pn_hw *hw) { return hw->multiport || hw->circuit ? hw->ports : 1; }

/* Lane p of a node's flit ports: words 2p (low) and 2p + 1 (high). The
 * whole lane: bits above the flit are 0 in a sound router, and any that
 * is not shows up in the compare. */
static xc_flit lane_at(const uint32_t *w, size_t p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    xc_flit x; /* the two words as they lie: one load */
    memcpy(&x, w + 2 * p, sizeof x);
    return x;
#else
    return (xc_flit)w[2 * p] | (xc_flit)w[2 * p + 1] << 32;
#endif
}

/* The ports node v's one lane left on (obs->send_node[v]). */
static uint32_t send_at(const xc_pn_obs *obs, size_t v)
{
    const uint8_t *b = obs->send_node[v];
    if (obs->send_bytes == 1) /* up to 8 ports: one byte */
        return b[0];
    uint32_t s = 0;
    for (unsigned k = obs->send_bytes; k-- > 0;)
        s = s << 8 | b[k];
    return s;
}

/* The flit observed on port p of node v's links, in place. */
static xc_flit link_at(const xc_pn_obs *obs, size_t v, size_t p)
{
    if (!obs->send_node)
        return lane_at(obs->link_node[v], p);
    return send_at(obs, v) >> p & 1 ? lane_at(obs->link_node[v], 0) : 0;
}

/* The flit delivered from port p of node v, in place: with one delivery
 * lane (dlv_one), the lane where the router's dlv_on bit p is set. */
static xc_flit dlv_at(const xc_pn_obs *obs, size_t v, size_t p)
{
    if (!obs->dlv_one)
        return lane_at(obs->dlv_node[v], p);
    return *obs->dlv_on_node[v] >> p & 1 ? lane_at(obs->dlv_node[v], 0) : 0;
}

/* The byte distance from a to b. */
static ptrdiff_t dist(const void *a, const void *b) { return (const char *)b - (const char *)a; }

void xc_pn_obs_find_layout(const xc_pn_hw *hw, xc_pn_obs *obs)
{
    obs->same_layout = 0;
    if (!obs->send_node || obs->send_bytes != 1 || !obs->dlv_on_node || !obs->err_node || !obs->link_node)
        return;
    const uint8_t *b = obs->send_node[0];
    obs->off_dlv_on = dist(b, obs->dlv_on_node[0]);
    obs->off_err = dist(b, obs->err_node[0]);
    obs->off_link = dist(b, obs->link_node[0]);
    obs->off_dlv = dist(b, obs->dlv_node[0]);
    for (size_t v = 1; v < hw->nodes; v++) {
        b = obs->send_node[v];
        if (dist(b, obs->dlv_on_node[v]) != obs->off_dlv_on || dist(b, obs->err_node[v]) != obs->off_err ||
            dist(b, obs->link_node[v]) != obs->off_link || dist(b, obs->dlv_node[v]) != obs->off_dlv)
            return;
    }
    obs->same_layout = 1;
}

void xc_pn_obs_unpack(const xc_pn_hw *hw, xc_pn_obs *obs)
{
    if (!obs->link_node || obs->unpacked)
        return;
    for (size_t v = 0; v < hw->nodes; v++)
        for (size_t p = 0; p < hw->ports; p++) {
            obs->link[v * hw->ports + p] = link_at(obs, v, p);
            obs->dlv[v * hw->ports + p] = dlv_at(obs, v, p);
        }
    if (obs->err_node)
        for (size_t v = 0; v < hw->nodes; v++)
            obs->err[v] = *obs->err_node[v];
    obs->unpacked = 1;
}

/* 1 when every node's lanes in place equal the expected flits (nodes *
 * ports of them, node v's from v * ports on), links and deliveries in one
 * pass: a 64-bit compare a port and array, no call per node; the first
 * errors too when they are in place (err_node). */
static int nodes_same(const xc_pn_obs *exp, const xc_pn_obs *act, uint32_t nodes, uint32_t ports)
{
    uint64_t diff = 0;
    const xc_flit *el = exp->link, *ed = exp->dlv;
    for (uint32_t v = 0; v < nodes; v++, el += ports, ed += ports) {
        for (uint32_t p = 0; p < ports; p++)
            diff |= (link_at(act, v, p) ^ el[p]) | (dlv_at(act, v, p) ^ ed[p]);
        if (act->err_node)
            diff |= (uint64_t)(*act->err_node[v] ^ exp->err[v]);
    }
    return diff == 0;
}

/* Node v's delivery lanes against the expected flits ed[0 .. ports). */
static inline __attribute__((always_inline)) uint64_t dlv_diff(const xc_pn_obs *act, uint32_t v, const xc_flit *ed, uint32_t ports)
{
    uint64_t diff = 0;
    const uint32_t *d = act->dlv_node[v];
    if (act->dlv_one) { /* one lane, delivered on the ports flagged */
        const xc_flit lane = lane_at(d, 0);
        const uint32_t on = *act->dlv_on_node[v];
        for (uint32_t p = 0; p < ports; p++)
            diff |= (lane & -(uint64_t)(on >> p & 1)) ^ ed[p];
        return diff;
    }
    for (uint32_t p = 0; p < ports; p++)
        diff |= lane_at(d, p) ^ ed[p];
    return diff;
}

/* Whether every expected delivery (exp->dlv_on) is at a node whose
 * router flags one (act->dlv_on_node): the flagged nodes' lanes are
 * compared in full, so together nothing is missed. */
static uint64_t dlv_flags_diff(const xc_pn_obs *exp, const xc_pn_obs *act, uint32_t ports)
{
    uint64_t diff = 0;
    for (uint32_t j = 0; j < exp->n_dlv_on; j++)
        diff |= !*act->dlv_on_node[exp->dlv_on[j] / ports];
    return diff;
}

/* nodes_same when the expected deliveries are listed (exp->lists) and the
 * routers flag their non-zero delivery lanes (act->dlv_on_node): a node's
 * delivery lanes are compared only when its flag is set; an expected
 * delivery at a node whose flag is clear (its lanes are 0) differs. */
static int nodes_same_flagged(const xc_pn_obs *exp, const xc_pn_obs *act, uint32_t nodes, uint32_t ports)
{
    uint64_t diff = dlv_flags_diff(exp, act, ports);
    const xc_flit *el = exp->link;
    for (uint32_t v = 0; v < nodes; v++, el += ports) {
        for (uint32_t p = 0; p < ports; p++)
            diff |= lane_at(act->link_node[v], p) ^ el[p];
        if (*act->dlv_on_node[v])
            diff |= dlv_diff(act, v, el - exp->link + exp->dlv, ports);
        diff |= (uint64_t)(*act->err_node[v] ^ exp->err[v]);
    }
    return diff == 0;
}

/* Node v's registers in place, from its send byte b when every router
 * has the same layout (fixed), else from the per-node pointers. */
static inline const uint16_t *err_reg(const xc_pn_obs *a, uint32_t v, const uint8_t *b, int fixed)
{
    return fixed ? (const uint16_t *)(const void *)(b + a->off_err) : a->err_node[v];
}
static inline const uint8_t *dlv_on_reg(const xc_pn_obs *a, uint32_t v, const uint8_t *b, int fixed)
{
    return fixed ? b + a->off_dlv_on : a->dlv_on_node[v];
}
static inline const uint32_t *link_reg(const xc_pn_obs *a, uint32_t v, const uint8_t *b, int fixed)
{
    return fixed ? (const uint32_t *)(const void *)(b + a->off_link) : a->link_node[v];
}

/* nodes_same_flagged with one output lane per router (act->send_node):
 * a node that sends must have the expected flit, non-zero, on the lowest
 * port it sends on, and as many nodes must send as flits are listed
 * (exp->n_link_on): with one port a node, the flits sent are then exactly
 * the ones expected. A node that sends on several ports (a fault) makes
 * the compare go port by port. Nearly every router sends every cycle of
 * an exchange, so this loop is the compare's cost: one pointer and a few
 * loads a node when the routers share one layout (fixed, a constant at
 * each call so the loop is built for it). */
static inline __attribute__((always_inline)) int one_lane_same(const xc_pn_obs *exp, const xc_pn_obs *act,
                                                               uint32_t nodes, uint32_t ports, int fixed)
{
    const uint16_t *exp_err = exp->err;
    const xc_flit *el = exp->link;
    uint64_t diff = dlv_flags_diff(exp, act, ports);
    uint32_t senders = 0, multi = 0;
    for (uint32_t v = 0; v < nodes; v++, el += ports) {
        const uint8_t *b = act->send_node[v];
        const uint32_t s = fixed ? b[0] : send_at(act, v);
        diff |= (uint64_t)(*err_reg(act, v, b, fixed) ^ exp_err[v]);
        if (s) {
            const uint32_t p = (uint32_t)__builtin_ctz(s);
            const xc_flit want = p < ports ? el[p] : 0;
            diff |= (lane_at(link_reg(act, v, b, fixed), 0) ^ want) | (want == 0);
            senders++;
            multi |= s & (s - 1);
        }
        if (*dlv_on_reg(act, v, b, fixed))
            diff |= dlv_diff(act, v, el - exp->link + exp->dlv, ports);
    }
    if (multi) /* the slow way */
        for (uint32_t i = 0; i < nodes * ports; i++)
            diff |= link_at(act, i / ports, i % ports) ^ exp->link[i];
    else
        diff |= senders != exp->n_link_on;
    return diff == 0;
}

/* one_lane_same's common case, nothing else to decide: every router
 * expected to send, each on the one port exp->one_port names, and the
 * routers sharing one layout. A node is then the same when its send byte
 * is that port's bit and its lane the expected flit; deliveries are the
 * same when every node expected to deliver flags it with its lanes as
 * expected and no more nodes flag one (counted in the loop, so the loop
 * over all nodes makes no call and keeps its registers). A dozen loads
 * and XORs a node. 1 only when one_lane_same would say 1; on 0 the
 * caller asks one_lane_same, which decides. */
__attribute__((noinline)) static int uniform_same(const xc_pn_obs *exp, const xc_pn_obs *act, uint32_t nodes,
                                                  uint32_t ports)
{
    const uint32_t bit = 1u << (exp->one_port - 1u);
    const ptrdiff_t off_err = act->off_err, off_link = act->off_link, off_dlv_on = act->off_dlv_on;
    const uint16_t *exp_err = exp->err;
    const uint8_t *const *send = act->send_node;
    const xc_flit *el = exp->link + (exp->one_port - 1u);
    uint64_t diff = 0;
    uint32_t flagged = 0;
    for (uint32_t v = 0; v < nodes; v++, el += ports) {
        const uint8_t *b = send[v];
        uint16_t err;
        memcpy(&err, b + off_err, sizeof err);
        diff |= (uint64_t)(b[0] ^ bit) | (uint64_t)(err ^ exp_err[v]) |
                (lane_at((const uint32_t *)(const void *)(b + off_link), 0) ^ *el);
        flagged += b[off_dlv_on] != 0;
    }
    const uint32_t *on = exp->dlv_on, *end = on + exp->n_dlv_on;
    while (on < end) { /* the expected deliveries, ascending, node by node */
        const uint32_t v = *on / ports, base = v * ports;
        const xc_flit w = exp->dlv[*on];
        uint32_t m = 0;
        for (; on < end && *on - base < ports; on++) {
            m |= 1u << (*on - base);
            diff |= exp->dlv[*on] ^ w; /* several flits at one node: one_lane_same decides */
        }
        flagged--;
        const uint8_t *b = send[v];
        if (!act->dlv_one)
            diff |= b[off_dlv_on] ? dlv_diff(act, v, exp->dlv + base, ports) : 1;
        else /* the lane on the flagged ports, and on no other */
            diff |= (((uint32_t)b[off_dlv_on] & ((2u << (ports - 1u)) - 1u)) ^ m) | (lane_at(act->dlv_node[v], 0) ^ w);
    }
    return diff == 0 && flagged == 0;
}

int xc_pn_obs_same(const xc_pn_hw *hw, const xc_pn_obs *exp, const xc_pn_obs *act)
{
    if (exp->rdata != act->rdata || exp->status != act->status || exp->step != act->step ||
        exp->cycles != act->cycles || exp->delivered != act->delivered || exp->errors != act->errors ||
        exp->err_info != act->err_info || exp->err_step != act->err_step)
        return 0;
    const int err_in_place = act->err_node && act->link_node && !act->unpacked;
    if (!err_in_place && memcmp(exp->err, act->err, (size_t)hw->nodes * sizeof *exp->err) != 0)
        return 0;
    if (!act->link_node || act->unpacked) {
        const size_t np = (size_t)hw->nodes * hw->ports;
        return !memcmp(exp->link, act->link, np * sizeof *exp->link) &&
               !memcmp(exp->dlv, act->dlv, np * sizeof *exp->dlv);
    }
    if (exp->lists && act->dlv_on_node && act->err_node && act->send_node && act->same_layout &&
        exp->one_port && exp->one_port <= hw->ports && exp->n_link_on == hw->nodes &&
        uniform_same(exp, act, hw->nodes, hw->ports))
        return 1;
    if (exp->lists && act->dlv_on_node && act->err_node && act->send_node)
        return act->same_layout ? one_lane_same(exp, act, hw->nodes, hw->ports, 1)
                                : one_lane_same(exp, act, hw->nodes, hw->ports, 0);
    if (exp->lists && act->dlv_on_node && act->err_node)
        return nodes_same_flagged(exp, act, hw->nodes, hw->ports);
    return nodes_same(exp, act, hw->nodes, hw->ports);
}

const char *xc_pn_err_name(unsigned code)
{
    static const char *const names[] = {
        "none", "entry breaks the port model", "port without a link", "send from an empty slot",
        "receive expected, nothing arrived", "unexpected arrival (lost)", "store into a full slot",
        "slot index beyond the memory", "circuit entry breaks the crossbar",
        "ejected flits differ from the entry's count", "flit in flight when the step's budget ran out",
    };
    return code < sizeof names / sizeof names[0] ? names[code] : "unknown";
}

/* A flit expected on port p of node v that left on another port q instead:
 * returns q, or -1. */
static int64_t moved_to(const xc_pn_hw *hw, const xc_pn_obs *exp, const xc_pn_obs *act, uint32_t v, uint32_t p)
{
    const xc_flit want = exp->link[(size_t)v * hw->ports + p];
    if (!xc_flit_valid(want) || act->link[(size_t)v * hw->ports + p] == want)
        return -1;
    for (uint32_t q = 0; q < hw->ports; q++)
        if (q != p && act->link[(size_t)v * hw->ports + q] == want && exp->link[(size_t)v * hw->ports + q] != want)
            return q;
    return -1;
}

unsigned xc_pn_obs_diff(const xc_pn_hw *hw, const xc_pn_obs *exp, const xc_pn_obs *act, unsigned step,
                        char *why, size_t why_cap, char *elem, size_t elem_cap)
{
    unsigned diffs = 0;
    char a[48], b[48];
    for (int pass = 0; pass < 2; pass++) {
        const xc_flit *e = pass ? exp->dlv : exp->link, *x = pass ? act->dlv : act->link;
        for (uint32_t v = 0; v < hw->nodes; v++)
            for (uint32_t p = 0; p < hw->ports; p++) {
                size_t i = (size_t)v * hw->ports + p;
                if (e[i] == x[i])
                    continue;
                if (diffs++)
                    continue;
                int64_t nb = xc_topo_neighbor(&hw->net, v, p);
                /* a message on the wrong port: name the port it should have used */
                for (uint32_t r = 0; pass == 0 && r < hw->ports; r++) {
                    int64_t q = moved_to(hw, exp, act, v, r);
                    if (q < 0)
                        continue;
                    snprintf(elem, elem_cap, "n%u.p%u", v, r);
                    snprintf(why, why_cap, "step %u, node %u: %s left on port %lld (to node %lld) instead of port %u (to node %lld)",
                             step, v, xc_flit_str(exp->link[(size_t)v * hw->ports + r], a, sizeof a), (long long)q,
                             (long long)xc_topo_neighbor(&hw->net, v, (uint32_t)q), r,
                             (long long)xc_topo_neighbor(&hw->net, v, r));
                    goto next;
                }
                /* an extra copy of a message that also left where it should */
                for (uint32_t r = 0; pass == 0 && r < hw->ports; r++) {
                    const size_t j = (size_t)v * hw->ports + r;
                    if (r == p || !xc_flit_valid(x[i]) || xc_flit_valid(e[i]) || e[j] != x[i] || x[j] != x[i])
                        continue;
                    snprintf(elem, elem_cap, "n%u.p%u", v, r);
                    snprintf(why, why_cap, "step %u, node %u: %s left on port %u (to node %lld) and again on port %u (to node %lld)",
                             step, v, xc_flit_str(x[i], a, sizeof a), r,
                             (long long)xc_topo_neighbor(&hw->net, v, r), p, (long long)nb);
                    goto next;
                }
                snprintf(elem, elem_cap, "n%u.p%u", v, p);
                if (pass == 0)
                    snprintf(why, why_cap, "step %u, node %u, port %u (link to node %lld): expected %s, actual %s",
                             step, v, p, (long long)nb, xc_flit_str(e[i], a, sizeof a),
                             xc_flit_str(x[i], b, sizeof b));
                else
                    snprintf(why, why_cap, "step %u, node %u, port %u: delivery expected %s, actual %s", step,
                             v, p, xc_flit_str(e[i], a, sizeof a), xc_flit_str(x[i], b, sizeof b));
            next:;
            }
    }
    for (uint32_t v = 0; v < hw->nodes; v++)
        if (exp->err[v] != act->err[v] && !diffs++) {
            snprintf(elem, elem_cap, "n%u", v);
            snprintf(why, why_cap, "step %u, node %u: router error expected '%s' (port %u), actual '%s' (port %u)",
                     step, v, xc_pn_err_name(exp->err[v] & 15u), exp->err[v] >> 4,
                     xc_pn_err_name(act->err[v] & 15u), act->err[v] >> 4);
        }
    const struct { const char *name; uint32_t e, a; } regs[] = {
        {"rdata", exp->rdata, act->rdata},         {"status", exp->status, act->status},
        {"step", exp->step, act->step},            {"cycles", exp->cycles, act->cycles},
        {"delivered", exp->delivered, act->delivered}, {"errors", exp->errors, act->errors},
        {"err_info", exp->err_info, act->err_info}, {"err_step", exp->err_step, act->err_step},
    };
    for (size_t r = 0; r < sizeof regs / sizeof regs[0]; r++)
        if (regs[r].e != regs[r].a && !diffs++) {
            snprintf(elem, elem_cap, "reg.%s", regs[r].name);
            snprintf(why, why_cap, "step %u: register %s expected 0x%x, actual 0x%x", step, regs[r].name,
                     regs[r].e, regs[r].a);
        }
    return diffs;
}

/* ---- the generated network top ---- */
