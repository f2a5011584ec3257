/* SPDX-License-Identifier: MIT */
/* xchg schedule --explain [--node V], --grid (see xc_explain.h). A sink
 * between the generator and the words: it keeps every node's slots (which
 * message each holds), so an op on slots becomes "n5 sends m(5→7) on port
 * 0 (+ in dimension 1) to n6, which keeps it in slot 3". It replays the
 * step semantics of xc_sched.h (sends read their slots first, then every
 * receive takes the message its neighbour sent over that link) and stops
 * with an error if the schedule contradicts them: a send from an empty
 * slot, a receive with no send behind it, a message delivered elsewhere
 * than at its destination, a delivery count short of the problem's. */
#include <stdlib.h>
#include <string.h>

#include "xc_explain.h"
#include "xc_grow.h"
#include "xc_num.h"
#include "xc_sched_phase.h"

typedef struct ex_op {
    uint32_t node, port, slot;
    uint8_t kind, deliver;
    uint32_t msg;   /* sends: the message (id + 1) read from the slot */
    int32_t match;  /* sends: index of the receive that takes it, -1 none */
} ex_op;

typedef struct ex {
    const xc_net *net;
    uint32_t n;
    int mnb, words, grid;
    long node;
    FILE *f;
    uint32_t *slots, cap; /* n * cap: message id + 1 in node v's slot s, 0 empty */
    ex_op *ops;
    size_t nops, capops;
    uint64_t t;           /* the open step, 0 before the first */
    char *cells;          /* grid: n cells per step, step t at (t-1)*n */
    size_t cells_cap;
    uint64_t deliveries, at_node; /* at_node: deliveries at --node */
    xc_sched_phaser *ph;
    xc_err *err;
} ex;

/* m(s→d) of a total exchange, m(s) of a broadcast; id as in the slots. */
static void msg_name(const ex *e, uint32_t id, char *buf, size_t cap)
{
    if (e->mnb)
        snprintf(buf, cap, "m(%u)", id - 1);
    else
        snprintf(buf, cap, "m(%u→%u)", (id - 1) / e->n, (id - 1) % e->n);
}

/* "port 0 (+ in dimension 1)", "port 3 (+2 in dimension 0)" on a complete
 * graph, "port 2 (dimension 2)" on a hypercube's K2. */
static void port_name(const xc_net *net, uint32_t port, char *buf, size_t cap)
{
    for (uint32_t d = 0; d < net->ndims; d++) {
        const xc_dim *dm = &net->dim[d];
        if (port < dm->port_base || port >= dm->port_base + dm->ports)
            continue;
        const uint32_t j = port - dm->port_base;
        if (dm->ports == 1)
            snprintf(buf, cap, "port %u (dimension %u)", port, d);
        else if (dm->kind == XC_DIM_COMPLETE)
            snprintf(buf, cap, "port %u (+%u in dimension %u)", port, j + 1, d);
        else
            snprintf(buf, cap, "port %u (%s in dimension %u)", port, j ? "-" : "+", d);
        return;
    }
    snprintf(buf, cap, "port %u", port);
}

static uint32_t *slot_at(ex *e, uint32_t node, uint32_t slot)
{
    if (slot >= e->cap) {
        uint32_t cap = e->cap;
        while (cap <= slot)
            cap *= 2;
        uint32_t *s = calloc((size_t)e->n * cap, sizeof *s);
        if (!s)
            return NULL;
        for (uint32_t v = 0; v < e->n; v++)
            memcpy(s + (size_t)v * cap, e->slots + (size_t)v * e->cap, e->cap * sizeof *s);
        free(e->slots);
        e->slots = s;
        e->cap = cap;
    }
    return &e->slots[(size_t)node * e->cap + slot];
}

static xc_status push_op(ex *e, const xc_op *op, uint32_t node)
{
    if (xc_grow_in(&e->ops, &e->capops, e->nops + 1, sizeof *e->ops, 64))
        return xc_fail(e->err, XC_ENOMEM, "out of memory");
    e->ops[e->nops++] = (ex_op){node, op->port, op->slot, (uint8_t)op->kind, op->deliver, 0, -1};
    return XC_OK;
}

static xc_status ex_op_cb(void *ctx, const xc_op *op)
{
    ex *e = ctx;
    if (op->node != XC_ALL_NODES)
        return push_op(e, op, op->node);
    xc_status st = XC_OK;
    for (uint32_t v = 0; v < e->n && !st; v++) /* one op for every node, each in its own frame */
        st = push_op(e, op, v);
    return st;
}

/* Sends read their slots (a send empties it). */
static xc_status read_sends(ex *e)
{
    for (size_t i = 0; i < e->nops; i++) {
        ex_op *s = &e->ops[i];
        if (s->kind == XC_OP_RECV)
            continue;
        uint32_t *p = slot_at(e, s->node, s->slot);
        if (!p)
            return xc_fail(e->err, XC_ENOMEM, "out of memory");
        if (!*p)
            return xc_fail(e->err, XC_ECHECK, "step %llu: n%u sends from its empty slot %u",
                           (unsigned long long)e->t, s->node, s->slot);
        s->msg = *p;
        if (s->kind == XC_OP_SEND)
            *p = 0;
    }
    return XC_OK;
}

/* Every receive takes what its neighbour sent over that link; it is stored
 * and/or delivered (a delivery must be at the message's destination). */
static xc_status take_recvs(ex *e)
{
    for (size_t r = 0; r < e->nops; r++) {
        const ex_op *rv = &e->ops[r];
        if (rv->kind != XC_OP_RECV)
            continue;
        const int64_t w = xc_topo_neighbor(e->net, rv->node, rv->port);
        size_t i = 0;
        while (i < e->nops && (e->ops[i].kind == XC_OP_RECV || (int64_t)e->ops[i].node != w || e->ops[i].match >= 0 ||
                               xc_topo_back_port(e->net, (uint32_t)w, e->ops[i].port) != rv->port))
            i++;
        if (w < 0 || i == e->nops)
            return xc_fail(e->err, XC_ECHECK, "step %llu: n%u receives on port %u but nothing was sent to it",
                           (unsigned long long)e->t, rv->node, rv->port);
        e->ops[i].match = (int32_t)r;
        const uint32_t m = e->ops[i].msg;
        if (rv->deliver && !e->mnb && (m - 1) % e->n != rv->node)
            return xc_fail(e->err, XC_ECHECK, "step %llu: n%u delivers m(%u→%u), not addressed to it",
                           (unsigned long long)e->t, rv->node, (m - 1) / e->n, (m - 1) % e->n);
        e->deliveries += rv->deliver;
        e->at_node += rv->deliver && rv->node == e->node;
        if (rv->slot != XC_NO_SLOT) {
            uint32_t *p = slot_at(e, rv->node, rv->slot);
            if (!p)
                return xc_fail(e->err, XC_ENOMEM, "out of memory");
            *p = m;
        }
    }
    return XC_OK;
}

/* The grid's column of the step: T transmits, R receives, B both, . idle. */
static xc_status grid_column(ex *e)
{
    if (xc_grow_in(&e->cells, &e->cells_cap, e->t, e->n, 64)) /* a column of n cells a step */
        return xc_fail(e->err, XC_ENOMEM, "out of memory");
    char *col = e->cells + (e->t - 1) * e->n;
    memset(col, '.', e->n);
    for (size_t i = 0; i < e->nops; i++) {
        char *c = &col[e->ops[i].node];
        const char mine = e->ops[i].kind == XC_OP_RECV ? 'R' : 'T';
        *c = *c == '.' || *c == mine ? mine : 'B';
    }
    return XC_OK;
}

static int by_sender(const void *a, const void *b)
{
    const ex_op *x = *(ex_op *const *)a, *y = *(ex_op *const *)b;
    return x->node != y->node ? (x->node < y->node ? -1 : 1) : (x->port > y->port) - (x->port < y->port);
}

/* One sentence: "n5 sends m(5→7) on port 0 (+ in dimension 1) to n6, which
 * keeps it in slot 3". */
static void sentence(const ex *e, const ex_op *s)
{
    const ex_op *rv = &e->ops[s->match];
    char m[48], port[48], what[64];
    msg_name(e, s->msg, m, sizeof m);
    port_name(e->net, s->port, port, sizeof port);
    if (rv->deliver && rv->slot != XC_NO_SLOT)
        snprintf(what, sizeof what, "delivers it and keeps it in slot %u", rv->slot);
    else if (rv->deliver)
        snprintf(what, sizeof what, "delivers it");
    else
        snprintf(what, sizeof what, "keeps it in slot %u", rv->slot);
    fprintf(e->f, "  n%u sends %s%s on %s to n%u, which %s\n", s->node, s->kind == XC_OP_COPY ? "a copy of " : "",
            m, port, rv->node, what);
}

static xc_status say_step(ex *e)
{
    ex_op **order = malloc(e->nops * sizeof *order + 1);
    if (!order)
        return xc_fail(e->err, XC_ENOMEM, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < e->nops; i++)
        if (e->ops[i].kind != XC_OP_RECV &&
            (e->node < 0 || e->ops[i].node == e->node || e->ops[e->ops[i].match].node == e->node))
            order[k++] = &e->ops[i];
    qsort(order, k, sizeof *order, by_sender);
    xc_sched_phase ph;
    xc_sched_phase_at(e->ph, e->t, &ph);
    fprintf(e->f, "step %llu%s%s%s:\n", (unsigned long long)e->t, ph.text[0] ? " (" : "", ph.text,
            ph.text[0] ? ")" : "");
    for (size_t i = 0; i < k; i++)
        sentence(e, order[i]);
    if (!k && e->node >= 0)
        fprintf(e->f, "  n%ld idles\n", e->node);
    free(order);
    return XC_OK;
}

/* Ends the open step: replays it, then says it and/or adds its column. */
static xc_status end_step(ex *e)
{
    if (!e->t)
        return XC_OK;
    xc_status st = read_sends(e);
    if (!st)
        st = take_recvs(e);
    for (size_t i = 0; i < e->nops && !st; i++)
        if (e->ops[i].kind != XC_OP_RECV && e->ops[i].match < 0)
            st = xc_fail(e->err, XC_ECHECK, "step %llu: what n%u sends on port %u is not received",
                         (unsigned long long)e->t, e->ops[i].node, e->ops[i].port);
    if (!st && e->grid)
        st = grid_column(e);
    if (!st && e->words)
        st = say_step(e);
    e->nops = 0;
    return st;
}

static xc_status ex_step_cb(void *ctx, uint64_t t)
{
    ex *e = ctx;
    xc_status st = end_step(e);
    e->t = t;
    return st;
}

/* Initial contents (xc_sched.h): te, slot k of v holds m(v→v(+)k); mnb,
 * slot 0 of v holds m(v). */
static xc_status ex_init(ex *e)
{
    e->cap = e->mnb ? 4 : e->n;
    if (!(e->slots = calloc((size_t)e->n * e->cap, sizeof *e->slots)))
        return xc_fail(e->err, XC_ENOMEM, "out of memory");
    for (uint32_t v = 0; v < e->n; v++) {
        if (e->mnb)
            e->slots[(size_t)v * e->cap] = v + 1;
        for (uint32_t k = 1; !e->mnb && k < e->n; k++)
            e->slots[(size_t)v * e->cap + k] = v * e->n + xc_topo_add(e->net, v, k) + 1;
    }
    return XC_OK;
}

static void digits_row(FILE *f, int width, uint64_t steps, uint64_t div, const char *head)
{
    fprintf(f, "%-*s", width, head);
    for (uint64_t t = 1; t <= steps; t++)
        fputc(t >= div ? (char)('0' + t / div % 10) : ' ', f);
    fputc('\n', f);
}

/* The node × step grid, one row per node (only --node's when given). */
static void print_grid(const ex *e, uint64_t steps)
{
    char head[24];
    snprintf(head, sizeof head, "n%u", e->n - 1);
    const int width = (strlen(head) > 4 ? (int)strlen(head) : 4) + 2;
    fprintf(e->f, "node x step: T transmits, R receives, B both, . idle\n");
    for (uint64_t div = 1000; div > 1; div /= 10)
        if (steps >= div)
            digits_row(e->f, width, steps, div, "");
    digits_row(e->f, width, steps, 1, "step");
    for (uint32_t v = 0; v < e->n; v++) {
        if (e->node >= 0 && v != e->node)
            continue;
        snprintf(head, sizeof head, "n%u", v);
        fprintf(e->f, "%-*s", width, head);
        for (uint64_t t = 0; t < steps; t++)
            fputc(e->cells[t * e->n + v], e->f);
        fputc('\n', e->f);
    }
}

int xc_explain_node(const char *text, const xc_net *net, long *node)
{
    *node = -1;
    if (!text)
        return 0;
    uint64_t v;
    if (xc_num_u64(text, net->nodes - 1, &v) != XC_OK)
        return xc_cli_error("schedule", XC_EINVAL, "--node '%s': a node of %s (0..%u)", text, net->spec,
                            net->nodes - 1);
    *node = (long)v;
    return 0;
}

static void say_intro(const ex *e, const xc_sched_opts *o, const xc_sched_plan *plan)
{
    fprintf(e->f, "%s on %s (%s-port, %s duplex): %llu steps; n<v> is node v, %s\n", xc_algo_name(o->algo),
            e->net->spec, o->multiport ? "multi" : "single", o->half_duplex ? "half" : "full",
            (unsigned long long)plan->expected,
            e->mnb ? "m(s) node s's broadcast message" : "m(s→d) the message from node s to node d");
    if (e->node >= 0)
        fprintf(e->f, "(only what n%ld sends and receives)\n", e->node);
}

/* The last line: what arrived, checked against the problem. */
static xc_status say_outcome(const ex *e, const xc_sched_plan *plan)
{
    const uint64_t want = e->mnb ? (uint64_t)e->n * (e->n - 1) : plan->messages;
    if (e->deliveries != want)
        return xc_fail(e->err, XC_ECHECK, "after step %llu: %llu deliveries, the problem needs %llu",
                       (unsigned long long)e->t, (unsigned long long)e->deliveries, (unsigned long long)want);
    if (!e->words)
        return XC_OK;
    if (e->node >= 0)
        fprintf(e->f, "after step %llu: n%ld has received all %llu %s\n", (unsigned long long)e->t, e->node,
                (unsigned long long)e->at_node, e->mnb ? "other nodes' broadcasts" : "messages addressed to it");
    else if (e->mnb)
        fprintf(e->f, "after step %llu: every node holds all %u broadcasts (%llu deliveries)\n",
                (unsigned long long)e->t, e->n, (unsigned long long)e->deliveries);
    else
        fprintf(e->f, "after step %llu: all %llu messages are home\n", (unsigned long long)e->t,
                (unsigned long long)e->deliveries);
    return XC_OK;
}

static void ex_free(ex *e)
{
    free(e->slots);
    free(e->ops);
    free(e->cells);
    free(e->ph);
}

int xc_explain_sched(const xc_sched_args *a, const xc_sched_opts *o, const xc_sched_plan *plan)
{
    const xc_net *net = o->net;
    if (net->nodes > XC_EXPLAIN_MAX_NODES)
        return xc_cli_error("schedule", XC_ERANGE, "--%s: %s has %u nodes; a schedule is explained for up to %u",
                            a->explain ? "explain" : "grid", net->spec, net->nodes, XC_EXPLAIN_MAX_NODES);
    if (a->out || a->json)
        return xc_cli_error("schedule", XC_EINVAL, "--%s prints words on stdout: leave out --%s",
                            a->explain ? "explain" : "grid", a->out ? "out" : "json");
    xc_err err = {0};
    ex e = {.net = net, .n = net->nodes, .mnb = plan->kind_mnb, .words = a->explain, .grid = a->grid,
            .f = stdout, .err = &err};
    int rc = xc_explain_node(a->node, net, &e.node);
    if (rc)
        return rc;
    xc_status st = (e.ph = malloc(sizeof *e.ph)) ? ex_init(&e) : xc_fail(&err, XC_ENOMEM, "out of memory");
    xc_sched_result r;
    if (!st) {
        xc_sched_phaser_init(e.ph, o);
        if (e.words)
            say_intro(&e, o, plan);
        xc_sched_sink sink = {&e, ex_step_cb, ex_op_cb};
        st = xc_sched_generate(o, &sink, &r, &err);
    }
    if (!st)
        st = end_step(&e);
    if (!st)
        st = say_outcome(&e, plan);
    if (!st && e.grid)
        print_grid(&e, e.t);
    ex_free(&e);
    if (!st && fflush(stdout))
        st = xc_fail(&err, XC_EIO, "cannot write to stdout");
    return st ? xc_cli_error("schedule", st, "%s", err.msg) : 0;
}

/* ---- wormhole steps (paper 001): packets along paths ---- */

/* "m(0→8), m(0→9) and 2 more" */
static void msg_list(const xc_wh_packet *p, uint32_t n, char *buf, size_t cap)
{
    buf[0] = '\0';
    for (uint32_t i = 0; i < p->nmsg && i < 3; i++) {
        size_t len = strlen(buf);
        snprintf(buf + len, cap - len, "%sm(%u→%u)", i ? ", " : "", p->msg[i] / n, p->msg[i] % n);
    }
    if (p->nmsg > 3) {
        size_t len = strlen(buf);
        snprintf(buf + len, cap - len, " and %u more", p->nmsg - 3);
    }
}

/* "port 2 (+ in dimension 1) for 3 hops, port 0 (+ in dimension 0)" and
 * the node the path ends on. */
static uint32_t path_words(const xc_net *net, const xc_wh_packet *p, char *buf, size_t cap)
{
    uint32_t at = p->src;
    buf[0] = '\0';
    for (uint32_t h = 0; h < p->hops;) {
        uint32_t run = 1;
        while (h + run < p->hops && p->port[h + run] == p->port[h])
            run++;
        char port[48];
        port_name(net, p->port[h], port, sizeof port);
        size_t len = strlen(buf);
        if (run > 1)
            snprintf(buf + len, cap - len, "%s%s for %u hops", h ? ", " : "", port, run);
        else
            snprintf(buf + len, cap - len, "%s%s", h ? ", " : "", port);
        for (uint32_t k = 0; k < run; k++)
            at = (uint32_t)xc_topo_neighbor(net, at, p->port[h]);
        h += run;
    }
    return at;
}

void xc_wh_label_words(const char *label, char *buf, size_t cap)
{
    static const struct { const char *tag, *words; } parts[] = {
        {"split", "split phase "}, {"merge", "merge phase "}, {"exchange", "exchange stage"},
        {"step", "step "}, {"s", "stage "}, {"p", "phase "}};
    size_t len = 0;
    buf[0] = '\0';
    for (const char *t = label; *t && len + 1 < cap;) {
        const size_t n = strcspn(t, ".");
        size_t k = 0, tl = 0;
        for (; k < sizeof parts / sizeof parts[0]; k++) {
            tl = strlen(parts[k].tag);
            if (!strncmp(t, parts[k].tag, tl) && strspn(t + tl, "0123456789") == n - tl)
                break; /* the tag, then the number (none for "exchange") */
        }
        if (k < sizeof parts / sizeof parts[0])
            snprintf(buf + len, cap - len, "%s%s%.*s", len ? ", " : "", parts[k].words, (int)(n - tl), t + tl);
        else
            snprintf(buf + len, cap - len, "%s%.*s", len ? ", " : "", (int)n, t);
        len = strlen(buf);
        t += n + (t[n] == '.');
    }
}

xc_status xc_explain_wh_step(void *ctx, const xc_wh_step *s, xc_err *err)
{
    (void)err;
    const xc_explain_wh *x = ctx;
    const uint32_t n = x->net->nodes;
    int said = 0;
    char words[96];
    xc_wh_label_words(s->label ? s->label : "", words, sizeof words);
    fprintf(x->f, "step %llu (%s: %s):\n", (unsigned long long)s->t, s->label ? s->label : "", words);
    for (uint32_t i = 0; i < s->npk; i++) {
        const xc_wh_packet *p = &s->pk[i];
        char msgs[96], path[512];
        const uint32_t to = path_words(x->net, p, path, sizeof path);
        if (x->node >= 0 && p->src != x->node && to != x->node)
            continue;
        uint32_t home = 0;
        for (uint32_t k = 0; k < p->nmsg; k++)
            home += p->msg[k] % n == to;
        msg_list(p, n, msgs, sizeof msgs);
        fprintf(x->f, "  n%u sends %s (%u message%s) along %s to n%u, which stores them in slots %u-%u; %u %s "
                "addressed to it\n", p->src, msgs, p->nmsg, p->nmsg == 1 ? "" : "s", path, to, p->slot,
                p->slot + p->nmsg - 1, home, home == 1 ? "is" : "are");
        said = 1;
    }
    if (!said && x->node >= 0)
        fprintf(x->f, "  n%ld idles\n", x->node);
    return ferror(x->f) ? XC_EIO : XC_OK;
}
