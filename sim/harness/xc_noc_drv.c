/* SPDX-License-Identifier: MIT */
#include "xc_noc_drv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_grow.h"
#include "xc_rand.h"

/* A message's life: waiting at its source, offered (valid up), inside the
 * network (taken), delivered. */
enum { M_QUEUED, M_OFFERED, M_INSIDE, M_DONE };

struct xc_noc_drv {
    xc_noc_drv_opts o;
    unsigned long count;
    xc_noc_msg *msg;         /* by source node, each node's in its order; the index is the message's number */
    uint8_t *state;
    unsigned long *enter;    /* the cycle it was taken */
    uint32_t *first;         /* node v's messages: first[v] .. first[v + 1] - 1 */
    uint32_t *next;          /* node v's next message to offer */
    uint32_t *offer;         /* the message node v offers (valid while its in_valid bit is 1) */
    unsigned long *since;    /* the cycle node v began offering it */
    unsigned nw, ww;         /* 32-bit words of N bits, of W bits */
    uint32_t *ival, *ordy, *rdy, *ov, *pend, *taken_nodes;
    uint32_t *saved;         /* out_data_o of node o while it waits for its handshake */
    unsigned n_taken;
    uint32_t cur_step, max_step;
    unsigned long *left;     /* messages of each step not yet delivered (barrier) */
    xc_rand rng;
    unsigned long delivered, taken, last_delivery;
    const xc_noc_ports *p;
};

/* The words of message id's data (the layout of xc_noc_drv.h): word 0
 * its destination and source, word 1 its number and a check word (a
 * multiplicative hash of the number, cheap enough to make and check for
 * every message: a run's harness cost is mostly per message), words 2 ..
 * drawn from the number. */
static inline uint32_t head_word(const xc_noc_msg *m) { return m->dst | m->src << 16; }

static inline uint32_t id_word(uint32_t id) { return id | ((id * 0x9E3779B1u) >> 24) << 24; }

static inline uint32_t extra_word(uint32_t id, unsigned k)
{
    const uint64_t x = (uint64_t)id * 0x9E3779B97F4A7C15ull + (uint64_t)k * 0xD1B54A32D192ED03ull;
    return (uint32_t)(x ^ x >> 29);
}

static uint32_t msg_word(const xc_noc_drv *d, uint32_t id, unsigned k)
{
    return k == 0 ? head_word(&d->msg[id]) : k == 1 ? id_word(id) : extra_word(id, k);
}

static void name_msg(const xc_noc_drv *d, uint32_t id, char *out, size_t cap)
{
    snprintf(out, cap, "m(%u\u2192%u)", d->msg[id].src, d->msg[id].dst);
}

static int bit(const uint32_t *w, unsigned i) { return (int)(w[i >> 5] >> (i & 31) & 1u); }

/* Stable counting sort by source: each node keeps the order given. */
static xc_status sort_by_source(xc_noc_drv *d, const xc_noc_msg *msgs, xc_err *err)
{
    const unsigned n = d->o.n;
    for (unsigned long i = 0; i < d->count; i++) {
        if (msgs[i].src >= n || msgs[i].dst >= n || msgs[i].step == 0)
            return xc_fail(err, XC_EINVAL, "message %lu: m(%u\u2192%u) step %u is outside %u nodes", i,
                           msgs[i].src, msgs[i].dst, msgs[i].step, n);
        d->first[msgs[i].src + 1]++;
        if (msgs[i].step > d->max_step)
            d->max_step = msgs[i].step;
    }
    for (unsigned v = 0; v < n; v++)
        d->first[v + 1] += d->first[v];
    memcpy(d->next, d->first, n * sizeof *d->next);
    for (unsigned long i = 0; i < d->count; i++)
        d->msg[d->next[msgs[i].src]++] = msgs[i];
    memcpy(d->next, d->first, n * sizeof *d->next);
    return XC_OK;
}

xc_status xc_noc_drv_new(xc_noc_drv **out, const xc_noc_msg *msgs, unsigned long count, const xc_noc_drv_opts *o,
                         xc_err *err)
{
    *out = NULL;
    if (count > XC_NOC_MAX_MSGS)
        return xc_fail(err, XC_EINVAL, "%lu messages: at most %d in one run", count, XC_NOC_MAX_MSGS);
    xc_noc_drv *d = calloc(1, sizeof *d);
    if (!d)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    d->o = *o;
    d->count = count;
    d->nw = (o->n + 31) / 32 + 1; /* one word more: a port of 1 or 2 bytes is read into a zeroed word */
    d->ww = o->w / 32;
    const size_t n = o->n;
    d->msg = malloc((count ? count : 1) * sizeof *d->msg);
    d->state = calloc(count ? count : 1, 1);
    d->enter = calloc(count ? count : 1, sizeof *d->enter);
    d->first = calloc(n + 1, sizeof *d->first);
    d->next = calloc(n, sizeof *d->next);
    d->offer = calloc(n, sizeof *d->offer);
    d->since = calloc(n, sizeof *d->since);
    d->ival = calloc(6 * (size_t)d->nw, sizeof *d->ival);
    d->taken_nodes = calloc(n, sizeof *d->taken_nodes);
    d->saved = calloc(n * d->ww, sizeof *d->saved);
    xc_status st = XC_ENOMEM;
    if (d->msg && d->state && d->enter && d->first && d->next && d->offer && d->since && d->ival &&
        d->taken_nodes && d->saved) {
        d->ordy = d->ival + d->nw, d->rdy = d->ordy + d->nw, d->ov = d->rdy + d->nw, d->pend = d->ov + d->nw;
        st = sort_by_source(d, msgs, err);
        d->left = st ? NULL : calloc((size_t)d->max_step + 2, sizeof *d->left);
        if (!st && !d->left)
            st = XC_ENOMEM;
    }
    if (st) {
        xc_noc_drv_free(d);
        return st == XC_ENOMEM ? xc_fail(err, st, "out of memory") : st;
    }
    for (unsigned long i = 0; i < count; i++)
        d->left[d->msg[i].step]++;
    d->cur_step = 1;
    while (d->cur_step <= d->max_step && !d->left[d->cur_step])
        d->cur_step++;
    xc_rand_seed(&d->rng, o->seed);
    *out = d;
    return XC_OK;
}

void xc_noc_drv_free(xc_noc_drv *d)
{
    if (!d)
        return;
    XC_FREE_ALL(d->msg, d->state, d->enter, d->first, d->next, d->offer, d->since, d->ival, d->taken_nodes,
                d->saved, d->left);
    free(d);
}

const char *xc_noc_fail_name(xc_noc_fail f)
{
    static const char *const names[] = {"pass", "protocol", "unsent", "corrupt", "misrouted",
                                        "duplicate", "missing", "deadlock", "timeout"};
    return names[f];
}

/* Node v offers its next message, if it has one and (with a barrier) its
 * step is open: its words into in_data_i, its valid bit up. */
static inline void load(xc_noc_drv *d, unsigned v, unsigned long cycle)
{
    const uint32_t id = d->next[v];
    if (id == d->first[v + 1] || (d->o.barrier && d->msg[id].step > d->cur_step))
        return;
    d->next[v]++;
    d->offer[v] = id;
    d->since[v] = cycle;
    d->state[id] = M_OFFERED;
    uint32_t *data = (uint32_t *)d->p->in_data.data + (size_t)v * d->ww;
    data[0] = head_word(&d->msg[id]);
    data[1] = id_word(id);
    for (unsigned k = 2; k < d->ww; k++)
        data[k] = extra_word(id, k);
    d->ival[v >> 5] |= 1u << (v & 31);
}

/* Reads a port of N bits into words, the bits above N cleared. */
static void read_bits(const xc_noc_drv *d, const xc_noc_port *p, uint32_t *w)
{
    w[d->nw - 2] = w[d->nw - 1] = 0;
    memcpy(w, p->data, p->bytes);
    if (d->o.n & 31)
        w[(d->o.n - 1) >> 5] &= (1u << (d->o.n & 31)) - 1u;
}

static xc_noc_fail failed(xc_noc_result *r, xc_noc_fail f, unsigned long cycle)
{
    r->fail = f;
    r->fail_cycle = cycle;
    return f;
}

/* A delivery that breaks a check: the one-line reason, the message named
 * (a name is only made here: a delivery that passes costs no printing). */
static xc_noc_fail bad_delivery(const xc_noc_drv *d, xc_noc_fail f, uint32_t id, unsigned o, unsigned k,
                                unsigned long c, xc_noc_result *r)
{
    const uint32_t *w = (const uint32_t *)d->p->out_data.data + (size_t)o * d->ww;
    char name[64];
    name_msg(d, id, name, sizeof name);
    if (f == XC_NOC_CORRUPT)
        snprintf(r->why, sizeof r->why, "cycle %lu: %s arrived at node %u changed: bits [%u:%u] are 0x%08x, "
                 "sent 0x%08x", c, name, o, 32 * k + 31, 32 * k, w[k], msg_word(d, id, k));
    else if (f == XC_NOC_DUPLICATE)
        snprintf(r->why, sizeof r->why, "cycle %lu: %s arrived at node %u a second time", c, name, o);
    else if (f == XC_NOC_UNSENT)
        snprintf(r->why, sizeof r->why, "cycle %lu: %s arrived at node %u before the network took it from "
                 "node %u", c, name, o, d->msg[id].src);
    else
        snprintf(r->why, sizeof r->why, "cycle %lu: %s arrived at node %u, not at its destination", c, name, o);
    return failed(r, f, c);
}

/* A message at node o's output, taken this cycle: the checks of one
 * delivery. */
static xc_noc_fail deliver(xc_noc_drv *d, unsigned o, unsigned long c, xc_noc_result *r)
{
    const uint32_t *w = (const uint32_t *)d->p->out_data.data + (size_t)o * d->ww;
    const uint32_t id = w[1] & ((1u << XC_NOC_ID_BITS) - 1u);
    if (id >= d->count || w[1] != id_word(id)) {
        snprintf(r->why, sizeof r->why, "cycle %lu: node %u received a message the harness never sent "
                 "(out_data_o[%u*W +: 64] = 0x%08x%08x)", c, o, o, w[1], w[0]);
        return failed(r, XC_NOC_UNSENT, c);
    }
    if (w[0] != head_word(&d->msg[id]))
        return bad_delivery(d, XC_NOC_CORRUPT, id, o, 0, c, r);
    for (unsigned k = 2; k < d->ww; k++)
        if (w[k] != extra_word(id, k))
            return bad_delivery(d, XC_NOC_CORRUPT, id, o, k, c, r);
    if (d->state[id] != M_INSIDE)
        return bad_delivery(d, d->state[id] == M_DONE ? XC_NOC_DUPLICATE : XC_NOC_UNSENT, id, o, 0, c, r);
    if (o != d->msg[id].dst)
        return bad_delivery(d, XC_NOC_MISROUTED, id, o, 0, c, r);
    d->state[id] = M_DONE;
    d->delivered++;
    d->last_delivery = c;
    d->left[d->msg[id].step]--;
    return XC_NOC_PASS;
}

/* The output side's protocol: a valid not taken last cycle is still
 * there with the same data. */
static xc_noc_fail out_protocol(xc_noc_drv *d, unsigned long c, xc_noc_result *r)
{
    const uint32_t *data = d->p->out_data.data;
    for (unsigned i = 0; i + 1 < d->nw; i++)
        for (uint32_t m = d->pend[i]; m; m &= m - 1) {
            const unsigned o = 32 * i + (unsigned)__builtin_ctz(m);
            if (!bit(d->ov, o)) {
                snprintf(r->why, sizeof r->why, "cycle %lu: out_valid_o[%u] fell before its handshake "
                         "(out_ready_i[%u] was 0 at the last edge)", c, o, o);
                return failed(r, XC_NOC_PROTOCOL, c);
            }
            if (memcmp(data + (size_t)o * d->ww, d->saved + (size_t)o * d->ww, 4 * d->ww)) {
                snprintf(r->why, sizeof r->why, "cycle %lu: out_data_o of node %u changed while valid and not "
                         "taken", c, o);
                return failed(r, XC_NOC_PROTOCOL, c);
            }
        }
    return XC_NOC_PASS;
}

/* The input side's protocol, the harness's own: at its beat, node v's
 * in_data_i still holds the number and check word of the message it
 * offered (the valid bit is held by construction: only a beat clears
 * it). One word: the check costs a compare a beat. */
static xc_noc_fail in_protocol(const xc_noc_drv *d, unsigned v, unsigned long c, xc_noc_result *r)
{
    const uint32_t *w = (const uint32_t *)d->p->in_data.data + (size_t)v * d->ww;
    if (w[1] == id_word(d->offer[v]))
        return XC_NOC_PASS;
    snprintf(r->why, sizeof r->why, "cycle %lu: in_data_i of node %u changed while valid and not taken (bits "
             "[63:32]; the model wrote into its own input?)", c, v);
    return failed(r, XC_NOC_PROTOCOL, c);
}

/* This cycle's beats, seen after the settle: deliveries checked, the
 * outputs left waiting saved, the messages the network takes noted. */
static xc_noc_fail beats(xc_noc_drv *d, unsigned long c, xc_noc_result *r)
{
    read_bits(d, &d->p->in_ready, d->rdy);
    read_bits(d, &d->p->out_valid, d->ov);
    xc_noc_fail f = out_protocol(d, c, r);
    const uint32_t *data = d->p->out_data.data;
    for (unsigned i = 0; !f && i + 1 < d->nw; i++) {
        for (uint32_t m = d->ov[i] & d->ordy[i]; m && !f; m &= m - 1)
            f = deliver(d, 32 * i + (unsigned)__builtin_ctz(m), c, r);
        d->pend[i] = d->ov[i] & ~d->ordy[i];
        for (uint32_t m = d->pend[i]; m; m &= m - 1) {
            const unsigned o = 32 * i + (unsigned)__builtin_ctz(m);
            memcpy(d->saved + (size_t)o * d->ww, data + (size_t)o * d->ww, 4 * d->ww);
        }
        for (uint32_t m = d->ival[i] & d->rdy[i]; m && !f; m &= m - 1) {
            const unsigned v = 32 * i + (unsigned)__builtin_ctz(m);
            f = in_protocol(d, v, c, r);
            d->state[d->offer[v]] = M_INSIDE;
            d->enter[d->offer[v]] = c;
            d->taken_nodes[d->n_taken++] = v;
        }
    }
    return f;
}

/* After the edge: each node whose message was taken offers its next one;
 * a barrier whose step is complete opens the next step to every node;
 * the new valid and ready bits go to the ports. */
static void next_inputs(xc_noc_drv *d, unsigned long c)
{
    for (unsigned k = 0; k < d->n_taken; k++) {
        const unsigned v = d->taken_nodes[k];
        d->ival[v >> 5] &= ~(1u << (v & 31));
        d->taken++;
        load(d, v, c + 1);
    }
    d->n_taken = 0;
    if (d->o.barrier && d->cur_step <= d->max_step && !d->left[d->cur_step]) {
        while (d->cur_step <= d->max_step && !d->left[d->cur_step])
            d->cur_step++;
        for (unsigned v = 0; v < d->o.n; v++)
            if (!bit(d->ival, v))
                load(d, v, c + 1);
    }
    memcpy(d->p->in_valid.data, d->ival, d->p->in_valid.bytes);
    if (d->o.ready_random) {
        for (unsigned i = 0; i + 1 < d->nw; i += 2) {
            const uint64_t x = xc_rand_next(&d->rng);
            d->ordy[i] = (uint32_t)x;
            d->ordy[i + 1] = i + 2 < d->nw ? (uint32_t)(x >> 32) : 0;
        }
        if (d->o.n & 31)
            d->ordy[(d->o.n - 1) >> 5] &= (1u << (d->o.n & 31)) - 1u;
        memcpy(d->p->out_ready.data, d->ordy, d->p->out_ready.bytes);
    }
}

/* The watchdog's line: the messages still inside (where and when they
 * entered), those still waiting to enter, the cycle progress stopped. */
static void describe_stuck(const xc_noc_drv *d, unsigned long c, xc_noc_result *r)
{
    const int lost = r->waiting == 0;
    size_t at = (size_t)snprintf(r->why, sizeof r->why, lost ? "cycle %lu: %lu message%s taken and never delivered "
                                 "(no delivery since cycle %lu; watchdog %lu cycles):" :
                                 "cycle %lu: deadlock or livelock, %lu message%s inside, no delivery since "
                                 "cycle %lu (watchdog %lu cycles):", c, r->inside, r->inside == 1 ? "" : "s",
                                 d->last_delivery, d->o.watchdog);
    unsigned shown = 0;
    char name[64];
    for (unsigned long id = 0; id < d->count && shown < 4 && at < sizeof r->why; id++)
        if (d->state[id] == M_INSIDE) {
            name_msg(d, (uint32_t)id, name, sizeof name);
            at += (size_t)snprintf(r->why + at, sizeof r->why - at, "%s %s entered at node %u in cycle %lu",
                                   shown++ ? "," : "", name, d->msg[id].src, d->enter[id]);
        }
    if (r->inside > shown && at < sizeof r->why)
        at += (size_t)snprintf(r->why + at, sizeof r->why - at, ", and %lu more", r->inside - shown);
    for (unsigned v = 0; !lost && v < d->o.n && at < sizeof r->why; v++)
        if (bit(d->ival, v)) {
            name_msg(d, d->offer[v], name, sizeof name);
            at += (size_t)snprintf(r->why + at, sizeof r->why - at, "; %lu waiting to enter, node %u offering "
                                   "%s since cycle %lu", r->waiting, v, name, d->since[v]);
            break;
        }
}

/* One cycle: the settle, its beats checked, the edge, the next inputs. */
static xc_noc_fail cycle(xc_noc_drv *d, xc_dut_noc *dut, unsigned long c, xc_noc_result *r)
{
    xc_dut_noc_settle(dut);
    const xc_noc_fail f = beats(d, c, r);
    if (f)
        return f;
    xc_dut_noc_edge(dut);
    next_inputs(d, c);
    return XC_NOC_PASS;
}

/* The watchdog (no delivery for K cycles) and --timeout, after cycle c. */
static xc_noc_fail stalled(xc_noc_drv *d, unsigned long c, xc_noc_result *r)
{
    if (d->delivered == d->count)
        return XC_NOC_PASS;
    if (c - d->last_delivery >= d->o.watchdog) {
        r->inside = d->taken - d->delivered;
        r->waiting = d->count - d->taken;
        const xc_noc_fail f = failed(r, r->waiting ? XC_NOC_DEADLOCK : XC_NOC_MISSING, c);
        describe_stuck(d, c, r);
        return f;
    }
    if (d->o.timeout && c >= d->o.timeout) {
        snprintf(r->why, sizeof r->why, "cycle %lu: --timeout reached, %lu of %lu messages delivered", c,
                 d->delivered, d->count);
        return failed(r, XC_NOC_TIMEOUT, c);
    }
    return XC_NOC_PASS;
}

xc_status xc_noc_drv_run(xc_noc_drv *d, xc_dut_noc *dut, xc_noc_result *r, xc_err *err)
{
    memset(r, 0, sizeof *r);
    d->p = xc_dut_noc_ports(dut);
    const size_t bits = (size_t)d->o.n * d->o.w;
    if (d->p->in_data.bytes < bits / 8 || d->p->out_data.bytes < bits / 8 || d->p->in_valid.bytes > 4 * (d->nw - 1)
        || d->p->out_valid.bytes > 4 * (d->nw - 1) || d->p->in_ready.bytes > 4 * (d->nw - 1)
        || d->p->out_ready.bytes > 4 * (d->nw - 1))
        return xc_fail(err, XC_EINVAL, "the network model's ports are narrower than N = %u, W = %u", d->o.n, d->o.w);
    for (unsigned i = 0; i + 1 < d->nw; i++)
        d->ordy[i] = ~0u;
    if (d->o.n & 31)
        d->ordy[(d->o.n - 1) >> 5] &= (1u << (d->o.n & 31)) - 1u;
    memcpy(d->p->out_ready.data, d->ordy, d->p->out_ready.bytes);
    for (unsigned v = 0; v < d->o.n; v++)
        load(d, v, 1);
    memcpy(d->p->in_valid.data, d->ival, d->p->in_valid.bytes);
    unsigned long c = 0;
    xc_noc_fail f = XC_NOC_PASS;
    while (d->delivered < d->count && !f)
        if (!(f = cycle(d, dut, ++c, r)))
            f = stalled(d, c, r);
    /* every message arrived: a few cycles more, in which nothing may
     * (a valid left up after its beat, a copy kept inside) */
    for (unsigned long end = c + XC_NOC_TAIL; !f && c < end;)
        f = cycle(d, dut, ++c, r);
    r->cycles = c;
    r->last_delivery = d->last_delivery;
    r->expected = d->count;
    r->taken = d->taken + d->n_taken;
    r->delivered = d->delivered;
    r->inside = r->taken - r->delivered;
    r->waiting = d->count - r->taken;
    return XC_OK;
}
