/* SPDX-License-Identifier: MIT */
/* Streaming schedule checker (see xc_check.h). One step's ops are
 * buffered, then replayed in the order the model defines: all sends read
 * their slots, messages cross the links, sends free their slots, receives
 * deliver and store. */
#include "xc_check.h"

#include "xc_grow.h"
#include "xc_sched_io.h"

#include <stdlib.h>
#include <string.h>

#define EMPTY UINT32_MAX
#define ALL UINT32_MAX

typedef struct cop {
    char kind;      /* 's', 'c', 'r' */
    uint32_t node;  /* or ALL */
    uint32_t port;
    uint32_t slot;  /* EMPTY: none (recv deliver only) */
    uint8_t deliver;
} cop;

/* Slots above the dense range: open addressing over (node, slot), linear
 * probing, deletion by backward shift. key 0 is a free cell. */
typedef struct slotmap {
    uint64_t *key; /* (node << 32 | slot) + 1 */
    uint32_t *val;
    size_t cap, used; /* cap a power of two, used <= cap / 2 */
} slotmap;

typedef struct chk {
    xc_net net;
    uint32_t n, deg;
    int mnb, multi, half;
    uint32_t **slots; /* per node, growable up to `dense` entries */
    uint32_t *cap;
    uint32_t dense;   /* slots below this index live in slots[v], the rest in `far` */
    slotmap far;
    uint8_t *got;     /* delivered bitmap: te by message id, mnb by node*n+origin */
    /* per step, stamped with the step number (below 2^32) to avoid clearing */
    uint32_t *out_stamp, *cons_stamp; /* per node*deg+port */
    uint32_t *out_msg;
    uint32_t *send_stamp, *recv_stamp; /* per node */
    uint32_t *send_cnt, *recv_cnt;
    uint32_t *nbr, *bport; /* per node*deg+port: neighbour and its port back, EMPTY if none */
    cop *ops;
    size_t nops, capops;
    uint64_t step;
    xc_check_result *res;
} chk;

static void msg_name(const chk *c, uint32_t msg, char *buf, size_t len)
{
    if (msg == EMPTY)
        snprintf(buf, len, "none");
    else if (c->mnb)
        snprintf(buf, len, "m(%u)", msg);
    else
        snprintf(buf, len, "m(%u->%u)", msg / c->n, msg % c->n);
}

static xc_status violation(const chk *c, xc_err *err, uint32_t node, uint32_t port, uint32_t msg, const char *what)
{
    char m[64];
    msg_name(c, msg, m, sizeof m);
    return xc_fail(err, XC_ECHECK, "step %llu, node %u, port %u, message %s: %s", (unsigned long long)c->step, node,
                   port, m, what);
}

static size_t map_home(const slotmap *m, uint64_t key)
{
    return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 17) & (m->cap - 1);
}

static size_t map_find(const slotmap *m, uint64_t key)
{
    size_t i = map_home(m, key);
    while (m->key[i] && m->key[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static int map_grow(slotmap *m)
{
    slotmap b = {NULL, NULL, m->cap ? m->cap * 2 : 64, 0};
    b.key = calloc(b.cap, sizeof *b.key);
    b.val = malloc(b.cap * sizeof *b.val);
    if (!b.key || !b.val) {
        free(b.key);
        free(b.val);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++)
        if (m->key[i]) {
            size_t j = map_find(&b, m->key[i]);
            b.key[j] = m->key[i];
            b.val[j] = m->val[i];
            b.used++;
        }
    free(m->key);
    free(m->val);
    *m = b;
    return 0;
}

static uint32_t map_get(const slotmap *m, uint64_t key)
{
    if (!m->cap)
        return EMPTY;
    size_t i = map_find(m, key);
    return m->key[i] ? m->val[i] : EMPTY;
}

/* Stores val under key; EMPTY removes the key. -1: out of memory. */
static int map_put(slotmap *m, uint64_t key, uint32_t val)
{
    if (val == EMPTY) {
        if (!m->cap)
            return 0;
        size_t i = map_find(m, key);
        if (!m->key[i])
            return 0;
        m->key[i] = 0;
        m->used--;
        /* backward shift: move later cells of the run into the hole */
        for (size_t j = (i + 1) & (m->cap - 1); m->key[j]; j = (j + 1) & (m->cap - 1)) {
            size_t h = map_home(m, m->key[j]);
            if (((j - h) & (m->cap - 1)) >= ((j - i) & (m->cap - 1))) {
                m->key[i] = m->key[j];
                m->val[i] = m->val[j];
                m->key[j] = 0;
                i = j;
            }
        }
        return 0;
    }
    if ((m->used + 1) * 2 > m->cap && map_grow(m))
        return -1;
    size_t i = map_find(m, key);
    if (!m->key[i]) {
        m->key[i] = key;
        m->used++;
    }
    m->val[i] = val;
    return 0;
}

static uint64_t far_key(uint32_t v, uint32_t s)
{
    return ((uint64_t)v << 32 | s) + 1;
}

/* A node's dense slots hold 0 for "as the format starts it" (initial()),
 * ENC_EMPTY for an emptied slot, else message + 1: zeroed memory is the
 * initial state, so nothing is filled in before the replay starts. */
#define ENC_EMPTY UINT32_MAX

/* The initial content of slot s of node v (docs/schedule-format.md): te,
 * slot k (1 <= k < n) holds m(v -> v (+) k); mnb, slot 0 holds v's own. */
static uint32_t initial(const chk *c, uint32_t v, uint32_t s)
{
    if (c->mnb)
        return s == 0 ? v : EMPTY;
    return s >= 1 && s < c->n ? v * c->n + xc_topo_add(&c->net, v, s) : EMPTY;
}

static int slot_ensure(chk *c, uint32_t v, uint32_t s)
{
    if (s < c->cap[v])
        return 0;
    uint32_t cap = c->cap[v] ? c->cap[v] : 4;
    while (cap <= s)
        cap *= 2;
    if (cap > c->dense)
        cap = c->dense;
    uint32_t *a = realloc(c->slots[v], (size_t)cap * sizeof *a);
    if (!a)
        return -1;
    memset(a + c->cap[v], 0, (size_t)(cap - c->cap[v]) * sizeof *a);
    c->slots[v] = a;
    c->cap[v] = cap;
    return 0;
}

static uint32_t slot_get(const chk *c, uint32_t v, uint32_t s)
{
    if (s >= c->dense)
        return s == EMPTY ? EMPTY : map_get(&c->far, far_key(v, s));
    uint32_t e = s < c->cap[v] ? c->slots[v][s] : 0;
    return e == 0 ? initial(c, v, s) : e == ENC_EMPTY ? EMPTY : e - 1;
}

/* Writes msg (EMPTY: frees) into slot s of node v. -1: out of memory. */
static int slot_set(chk *c, uint32_t v, uint32_t s, uint32_t msg)
{
    if (s >= c->dense)
        return map_put(&c->far, far_key(v, s), msg);
    if (msg == EMPTY && s >= c->cap[v] && initial(c, v, s) == EMPTY)
        return 0;
    if (slot_ensure(c, v, s))
        return -1;
    c->slots[v][s] = msg == EMPTY ? ENC_EMPTY : msg + 1;
    return 0;
}

static xc_status setup(chk *c, xc_err *err)
{
    uint32_t n = c->n = c->net.nodes;
    if (n > XC_SCHED_MAX_NODES)
        return xc_fail(err, XC_ERANGE, "'%s': the checker replays networks of at most %u nodes", c->net.spec,
                       XC_SCHED_MAX_NODES);
    c->deg = c->net.nports;
    /* a schedule's slots stay near n (te: n - 1 initial ones); far above
     * that they are hashed, so a slot number costs no memory */
    c->dense = 2 * n + 64;
    c->slots = calloc(n, sizeof *c->slots);
    c->cap = calloc(n, sizeof *c->cap);
    c->got = calloc(((size_t)n * n + 7) / 8, 1);
    size_t np = (size_t)n * (c->deg ? c->deg : 1);
    c->out_stamp = calloc(np, sizeof *c->out_stamp);
    c->cons_stamp = calloc(np, sizeof *c->cons_stamp);
    c->out_msg = calloc(np, sizeof *c->out_msg);
    c->send_stamp = calloc(n, sizeof *c->send_stamp);
    c->recv_stamp = calloc(n, sizeof *c->recv_stamp);
    c->send_cnt = calloc(n, sizeof *c->send_cnt);
    c->recv_cnt = calloc(n, sizeof *c->recv_cnt);
    c->nbr = malloc(np * sizeof *c->nbr);
    c->bport = malloc(np * sizeof *c->bport);
    if (!c->nbr || !c->bport)
        return xc_fail(err, XC_ENOMEM, "out of memory for %u nodes", n);
    /* adjacency from the topology, once: the replay then only indexes */
    for (uint32_t v = 0; v < n; v++)
        for (uint32_t p = 0; p < c->deg; p++) {
            int64_t u = xc_topo_neighbor(&c->net, v, p);
            c->nbr[(size_t)v * c->deg + p] = u < 0 ? EMPTY : (uint32_t)u;
            c->bport[(size_t)v * c->deg + p] = u < 0 ? EMPTY : (uint32_t)xc_topo_port_to(&c->net, (uint32_t)u, v);
        }
    if (!c->slots || !c->cap || !c->got || !c->out_stamp || !c->cons_stamp || !c->out_msg || !c->send_stamp ||
        !c->recv_stamp || !c->send_cnt || !c->recv_cnt)
        return xc_fail(err, XC_ENOMEM, "out of memory for %u nodes", n);
    /* the initial buffers need no work: see initial() */
    c->res->slots = c->mnb ? 1 : n;
    return XC_OK;
}

static void teardown(chk *c)
{
    if (c->slots)
        for (uint32_t v = 0; v < c->n; v++)
            free(c->slots[v]);
    XC_FREE_ALL(c->slots, c->cap, c->got, c->out_stamp, c->cons_stamp, c->out_msg, c->send_stamp,
                c->recv_stamp, c->send_cnt, c->recv_cnt, c->nbr, c->bport, c->ops, c->far.key, c->far.val);
}

/* Phase 1 for one send at node v. */
static xc_status do_send(chk *c, const cop *o, uint32_t v, xc_err *err)
{
    uint64_t t = c->step;
    if (o->port >= c->deg || c->nbr[(size_t)v * c->deg + o->port] == EMPTY)
        return violation(c, err, v, o->port, slot_get(c, v, o->slot), "no link on this port (adjacency)");
    uint32_t msg = slot_get(c, v, o->slot);
    if (msg == EMPTY) {
        char w[64];
        snprintf(w, sizeof w, "sends from empty slot %u", o->slot);
        return violation(c, err, v, o->port, msg, w);
    }
    if (c->send_stamp[v] != t) {
        c->send_stamp[v] = t;
        c->send_cnt[v] = 0;
    }
    c->send_cnt[v]++;
    if (!c->multi && c->send_cnt[v] > 1)
        return violation(c, err, v, o->port, msg, "second send in one step (single-port)");
    size_t i = (size_t)v * c->deg + o->port;
    if (c->out_stamp[i] == t)
        return violation(c, err, v, o->port, msg, "second message on one port in one step");
    c->out_stamp[i] = t;
    c->out_msg[i] = msg;
    return XC_OK;
}

/* Phase 2 for one receive at node u: match it with the send behind it. */
static xc_status do_match(chk *c, const cop *o, uint32_t u, xc_err *err)
{
    uint64_t t = c->step;
    uint32_t w = o->port < c->deg ? c->nbr[(size_t)u * c->deg + o->port] : EMPTY;
    if (w == EMPTY)
        return violation(c, err, u, o->port, EMPTY, "receives on a port with no link (adjacency)");
    uint32_t back = c->bport[(size_t)u * c->deg + o->port];
    size_t i = (size_t)w * c->deg + back;
    if (c->out_stamp[i] != t) {
        char what[96];
        snprintf(what, sizeof what, "receives but neighbour %u sent nothing toward it (adjacency)", w);
        return violation(c, err, u, o->port, EMPTY, what);
    }
    if (c->cons_stamp[i] == t)
        return violation(c, err, u, o->port, c->out_msg[i], "the same arrival received twice");
    c->cons_stamp[i] = t;
    if (c->recv_stamp[u] != t) {
        c->recv_stamp[u] = t;
        c->recv_cnt[u] = 0;
    }
    c->recv_cnt[u]++;
    if (!c->multi && c->recv_cnt[u] > 1)
        return violation(c, err, u, o->port, c->out_msg[i], "second receive in one step (single-port)");
    if (c->half && c->out_stamp[(size_t)u * c->deg + o->port] == t)
        return violation(c, err, u, o->port, c->out_msg[i], "link used in both directions in one step (half duplex)");
    if (c->half && !c->multi && c->send_stamp[u] == t && c->send_cnt[u])
        return violation(c, err, u, o->port, c->out_msg[i], "node sends and receives in one step (half duplex)");
    return XC_OK;
}

/* Phase 3: frees. */
static void do_free(chk *c, const cop *o, uint32_t v)
{
    if (o->kind == 's')
        (void)slot_set(c, v, o->slot, EMPTY); /* freeing never allocates */
}

/* Phase 4: deliver / store. */
static xc_status do_recv(chk *c, const cop *o, uint32_t u, xc_err *err)
{
    size_t q = (size_t)u * c->deg + o->port;
    uint32_t w = c->nbr[q], back = c->bport[q];
    uint32_t msg = c->out_msg[(size_t)w * c->deg + back];
    c->res->message_hops++;
    if (o->deliver) {
        size_t bit;
        if (c->mnb) {
            if (msg == u)
                return violation(c, err, u, o->port, msg, "a node's own broadcast delivered back to it (duplicate)");
            bit = (size_t)u * c->n + msg;
        } else {
            if (msg % c->n != u)
                return violation(c, err, u, o->port, msg, "delivered to a node that is not its destination");
            bit = msg;
        }
        if (c->got[bit / 8] & (1u << (bit % 8)))
            return violation(c, err, u, o->port, msg, "delivered a second time (duplicate delivery)");
        c->got[bit / 8] |= (uint8_t)(1u << (bit % 8));
        c->res->deliveries++;
    }
    if (o->slot != EMPTY) {
        uint32_t old = slot_get(c, u, o->slot);
        if (old != EMPTY) {
            char what[160], held[64];
            msg_name(c, old, held, sizeof held);
            snprintf(what, sizeof what, "slot %u overwritten while it holds %s", o->slot, held);
            return violation(c, err, u, o->port, msg, what);
        }
        if (slot_set(c, u, o->slot, msg))
            return xc_fail(err, XC_ENOMEM, "out of memory for slots");
        if (o->slot + 1 > c->res->slots)
            c->res->slots = o->slot + 1;
    }
    return XC_OK;
}

#define EACH_NODE(o, v) for (uint32_t v = (o)->node == ALL ? 0 : (o)->node; v < ((o)->node == ALL ? c->n : (o)->node + 1); v++)

static xc_status run_step(chk *c, xc_err *err)
{
    xc_status st;
    for (uint64_t i = 0; i < c->nops; i++) {
        const cop *o = &c->ops[i];
        if (o->kind != 'r')
            EACH_NODE(o, v) if ((st = do_send(c, o, v, err))) return st;
    }
    for (uint64_t i = 0; i < c->nops; i++) {
        const cop *o = &c->ops[i];
        if (o->kind == 'r')
            EACH_NODE(o, v) if ((st = do_match(c, o, v, err))) return st;
    }
    /* every send must have been received: else the message is lost */
    for (uint64_t i = 0; i < c->nops; i++) {
        const cop *o = &c->ops[i];
        if (o->kind == 'r')
            continue;
        EACH_NODE(o, v)
        {
            size_t k = (size_t)v * c->deg + o->port;
            if (c->cons_stamp[k] != c->step)
                return violation(c, err, v, o->port, c->out_msg[k], "sent but never received (lost message)");
        }
    }
    for (uint64_t i = 0; i < c->nops; i++) {
        const cop *o = &c->ops[i];
        if (o->kind != 'r')
            EACH_NODE(o, v) do_free(c, o, v);
    }
    for (uint64_t i = 0; i < c->nops; i++) {
        const cop *o = &c->ops[i];
        if (o->kind == 'r')
            EACH_NODE(o, v) if ((st = do_recv(c, o, v, err))) return st;
    }
    c->nops = 0;
    return XC_OK;
}

/* Parses an unsigned decimal at *p. */
static int num(const char **p, uint64_t *v)
{
    const char *s = *p;
    if (*s < '0' || *s > '9')
        return -1;
    uint64_t x = 0;
    while (*s >= '0' && *s <= '9') {
        x = x * 10 + (uint64_t)(*s - '0');
        if (x > 0xffffffffull)
            return -1;
        s++;
    }
    *v = x;
    *p = s;
    return 0;
}

static xc_status final_check(chk *c, xc_err *err)
{
    uint32_t n = c->n;
    for (uint32_t a = 0; a < n; a++)
        for (uint32_t b = 0; b < n; b++) {
            if (a == b)
                continue;
            size_t bit = (size_t)a * n + b;
            if (!(c->got[bit / 8] & (1u << (bit % 8)))) {
                if (c->mnb)
                    return xc_fail(err, XC_ECHECK, "after step %llu: node %u never received broadcast m(%u)",
                                   (unsigned long long)c->step, a, b);
                return xc_fail(err, XC_ECHECK, "after step %llu: message m(%u->%u) never delivered (lost)",
                               (unsigned long long)c->step, a, b);
            }
        }
    return XC_OK;
}

/* Parses the op line "KIND NODE PORT SLOT" and appends it to the step's
 * ops. 0, 1 with why filled for a malformed line, -1 out of memory. */
static int add_op(chk *c, const char *line, char *why, size_t wlen)
{
    if ((line[0] != 's' && line[0] != 'c' && line[0] != 'r') || line[1] != ' ')
        return snprintf(why, wlen, "unknown line '%.40s' (expected t, s, c, r or end)", line), 1;
    cop o = {line[0], ALL, 0, EMPTY, 0};
    uint64_t v;
    const char *p = line + 2;
    if (*p == '*') {
        p++;
    } else {
        if (num(&p, &v) || v >= c->n)
            return snprintf(why, wlen, "node must be '*' or 0..%u", c->n - 1), 1;
        o.node = (uint32_t)v;
    }
    if (*p++ != ' ' || num(&p, &v) || v > 65535)
        return snprintf(why, wlen, "port must be a number 0..65535"), 1;
    o.port = (uint32_t)v;
    if (*p++ != ' ')
        return snprintf(why, wlen, "expected a slot"), 1;
    if (o.kind == 'r' && *p == 'd') {
        o.deliver = 1;
        p++;
    }
    if (*p) {
        if (num(&p, &v) || v >= (1u << 24))
            return snprintf(why, wlen, "slot must be a number below 2^24%s", o.kind == 'r' ? ", 'd' or 'dSLOT'" : ""), 1;
        const char *after = p + strspn(p, " ");
        if (*p) /* a blank, a comment or other text after the slot */
            return snprintf(why, wlen, "%s after the slot (%s)", *after == '#' ? "'#'" : *after ? "text" : "a blank",
                            *after == '#' ? "a comment is a line of its own" : "nothing follows it"), 1;
        o.slot = (uint32_t)v;
    } else if (o.kind != 'r' || !o.deliver) {
        return snprintf(why, wlen, "missing slot"), 1;
    }
    return xc_push(&c->ops, &c->nops, &c->capops, &o, sizeof o, 1024);
}

/* te, after every message was delivered once: a message still held in a
 * slot is a copy that never reached its destination (two sends from one
 * slot in a multiport step leave one). */
static xc_status stray_check(const chk *c, xc_err *err)
{
    uint32_t node = EMPTY, slot = 0, msg = EMPTY;
    for (uint32_t v = 0; v < c->n && node == EMPTY; v++)
        for (uint32_t s = 0; s < c->cap[v] || s < c->n; s++) {
            uint32_t e = s < c->cap[v] ? c->slots[v][s] : 0;
            if (e != ENC_EMPTY && (e || (s >= 1 && s < c->n))) {
                node = v, slot = s, msg = slot_get(c, v, s);
                break;
            }
        }
    for (size_t i = 0; i < c->far.cap && node == EMPTY; i++)
        if (c->far.key[i]) {
            uint64_t k = c->far.key[i] - 1;
            node = (uint32_t)(k >> 32), slot = (uint32_t)k, msg = c->far.val[i];
        }
    if (node == EMPTY)
        return XC_OK;
    char m[64];
    msg_name(c, msg, m, sizeof m);
    return xc_fail(err, XC_ECHECK, "after step %llu: node %u still holds a copy of %s in slot %u that is never delivered",
                   (unsigned long long)c->step, node, m, slot);
}

/* Which header lines were seen (each at most once). */
typedef struct hdr {
    int version, net, algo, kind, port, duplex;
} hdr;

/* One header line. Returns 1 when line is not a header line (the steps
 * begin), 0 when it was taken, -1 with why filled when it is bad (the
 * network parser's reason too, its status in *st). */
static int header_line(chk *c, hdr *h, const char *line, char *why, size_t wlen, xc_status *st, xc_err *err)
{
    static const char *const names[] = {"net ", "algo ", "kind ", "port ", "duplex "};
    int *seen[] = {&h->net, &h->algo, &h->kind, &h->port, &h->duplex};
    if (!h->version) {
        if (strcmp(line, "xchg-schedule 1")) {
            snprintf(why, wlen, "expected 'xchg-schedule 1' first (not a schedule file, or another version)");
            return -1;
        }
        h->version = 1;
        return 0;
    }
    int k = 0;
    while (k < 5 && strncmp(line, names[k], strlen(names[k])))
        k++;
    if (k == 5) {
        if (line[0] != 't' && strncmp(line, "end", 3)) {
            snprintf(why, wlen, "unknown header line '%.60s'", line);
            return -1;
        }
        if (h->net && h->kind)
            return 1;
        snprintf(why, wlen, "header needs 'net' and 'kind' lines before the first step");
        return -1;
    }
    if (*seen[k]) {
        snprintf(why, wlen, "a second '%.*s' line (each header line once)", (int)strlen(names[k]) - 1, names[k]);
        return -1;
    }
    *seen[k] = 1;
    const char *v = line + strlen(names[k]);
    switch (k) {
    case 0:
        if ((*st = xc_topo_parse(v, &c->net, err))) { /* its code kept, said with the line's number */
            snprintf(why, wlen, "%.150s", err->msg);
            return -1;
        }
        snprintf(c->res->net, sizeof c->res->net, "%s", v);
        return 0;
    case 1: {
        int ok = *v && strlen(v) < sizeof c->res->algo;
        for (const char *q = v; *q; q++)
            ok &= *q >= 0x20 && *q <= 0x7e;
        if (!ok) {
            snprintf(why, wlen, "algo must be 1..%zu printable characters", sizeof c->res->algo - 1);
            return -1;
        }
        snprintf(c->res->algo, sizeof c->res->algo, "%s", v);
        return 0;
    }
    case 2:
        c->mnb = !strcmp(v, "mnb");
        break;
    case 3:
        c->multi = !strcmp(v, "multi");
        break;
    default:
        c->half = !strcmp(v, "half");
        break;
    }
    static const char *const vals[][2] = {{"te", "mnb"}, {"single", "multi"}, {"full", "half"}};
    if (strcmp(v, vals[k - 2][0]) && strcmp(v, vals[k - 2][1])) {
        snprintf(why, wlen, "%sis '%s' or '%s'", names[k], vals[k - 2][0], vals[k - 2][1]);
        return -1;
    }
    return 0;
}

/* The reader's state across lines (xc_check_stream). */
typedef struct chkrd {
    chk *c;
    hdr hd;
    xc_line_reader in;
    int ready, ended;
} chkrd;

#define BAD(...) xc_line_bad(&s->in, err, __VA_ARGS__)

/* A line before the first step: a header line (*used = 1), or the start
 * of the steps, which sets the checker up. */
static xc_status chk_header(void *ctx, const char *line, int *used, xc_err *err)
{
    chkrd *s = ctx;
    chk *c = s->c;
    char why[160];
    xc_status st = XC_OK;
    int h = header_line(c, &s->hd, line, why, sizeof why, &st, err);
    *used = h <= 0;
    if (h < 0 && BAD("%s", why)) /* the line's number in err, whoever found the fault; its code */
        return st ? st : XC_EINVAL;
    if (!h)
        return XC_OK;
    c->res->kind_mnb = c->mnb;
    c->res->multiport = c->multi;
    c->res->half_duplex = c->half;
    c->res->nodes = c->net.nodes;
    st = setup(c, err);
    s->ready = !st;
    return st;
}

/* 't STEP': the previous step runs. */
static xc_status chk_step(void *ctx, const char *line, xc_err *err)
{
    chkrd *s = ctx;
    chk *c = s->c;
    uint64_t t;
    const char *p = line + 2;
    if (num(&p, &t) || *p)
        return BAD("expected 't STEP'");
    xc_status st = c->step ? run_step(c, err) : XC_OK;
    if (st)
        return st;
    if (t != c->step + 1)
        return BAD("step %llu follows step %llu", (unsigned long long)t, (unsigned long long)c->step);
    c->step = t;
    return XC_OK;
}

/* 'end STEPS SLOTS': the last step runs; both counts must match. */
static xc_status chk_end(void *ctx, const char *line, xc_err *err)
{
    chkrd *s = ctx;
    chk *c = s->c;
    uint64_t steps, slots;
    const char *p = line + 4;
    if (num(&p, &steps) || *p++ != ' ' || num(&p, &slots) || *p)
        return BAD("expected 'end STEPS SLOTS'");
    xc_status st = c->step ? run_step(c, err) : XC_OK;
    if (st)
        return st;
    if (steps != c->step)
        return BAD("'end' declares %llu steps, the file has %llu", (unsigned long long)steps,
                   (unsigned long long)c->step);
    if (slots != c->res->slots)
        return BAD("'end' declares %llu slots, the schedule uses %u", (unsigned long long)slots, c->res->slots);
    s->ended = 1;
    return XC_OK;
}

/* An op: KIND NODE PORT SLOT. */
static xc_status chk_op(void *ctx, const char *line, xc_err *err)
{
    chkrd *s = ctx;
    if (!s->c->step && strchr("scr", line[0]) && line[1] == ' ')
        return BAD("operation before the first 't' line");
    char why[96];
    int r = add_op(s->c, line, why, sizeof why);
    if (r < 0)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    return r ? BAD("%s", why) : XC_OK;
}

/* One line of the file: 't' starts a step, 'end' ends the file, any
 * other line is an op. */
static xc_status chk_line(void *ctx, const char *line, size_t len, xc_err *err)
{
    static const xc_line_kind kinds[] = {{"t ", chk_step}, {"end ", chk_end}, {NULL, chk_op}};
    const chkrd *s = ctx;
    if (len && line[0] != '#' && memchr(line, '\t', len))
        return BAD("a tab (the fields of a line are separated by one blank)");
    return xc_line_dispatch(&s->in, line, len, s->ended, s->ready ? NULL : chk_header, kinds, ctx, err);
}

xc_status xc_check_stream(FILE *f, xc_check_result *res, xc_err *err)
{
    chk cs;
    chkrd sd = {.c = &cs, .in = {.f = f}}, *s = &sd;
    memset(&cs, 0, sizeof cs);
    memset(res, 0, sizeof *res);
    cs.res = res;
    xc_status st = xc_line_each(&s->in, chk_line, s, err);
    if (!st && ferror(f))
        st = xc_fail(err, XC_EIO, "read error");
    if (!st && !s->ended) {
        s->in.ln++;
        st = BAD("file ends without 'end STEPS SLOTS' (truncated?)");
    }
    if (!st && !(st = final_check(&cs, err)) && !cs.mnb)
        st = stray_check(&cs, err);
    res->steps = cs.step;
    res->lines = s->in.ln;
    xc_line_free(&s->in);
    teardown(&cs);
    return st;
}
#undef BAD
