/* SPDX-License-Identifier: MIT */
/* Streaming schedule checker (see xc_check.h). One step's ops are
 * buffered, then replayed in the order the model defines: all sends read
 * their slots, messages cross the links, sends free their slots, receives
 * deliver and store. */
#include "xc_check.h"

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

typedef struct chk {
    xc_net net;
    uint32_t n, deg;
    int mnb, multi, half;
    uint32_t **slots; /* per node, growable */
    uint32_t *cap;
    uint8_t *got;     /* delivered bitmap: te by message id, mnb by node*n+origin */
    /* per step, stamped with the step number to avoid clearing */
    uint64_t *out_stamp, *cons_stamp; /* per node*deg+port */
    uint32_t *out_msg;
    uint64_t *send_stamp, *recv_stamp; /* per node */
    uint32_t *send_cnt, *recv_cnt;
    uint32_t *nbr, *bport; /* per node*deg+port: neighbour and its port back, EMPTY if none */
    cop *ops;
    uint64_t nops, capops;
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

static int slot_ensure(chk *c, uint32_t v, uint32_t s)
{
    if (s < c->cap[v])
        return 0;
    uint32_t cap = c->cap[v] ? c->cap[v] : 4;
    while (cap <= s)
        cap *= 2;
    uint32_t *a = realloc(c->slots[v], (size_t)cap * sizeof *a);
    if (!a)
        return -1;
    for (uint32_t i = c->cap[v]; i < cap; i++)
        a[i] = EMPTY;
    c->slots[v] = a;
    c->cap[v] = cap;
    return 0;
}

static uint32_t slot_get(const chk *c, uint32_t v, uint32_t s)
{
    return s < c->cap[v] ? c->slots[v][s] : EMPTY;
}

static xc_status setup(chk *c, xc_err *err)
{
    uint32_t n = c->n = c->net.nodes;
    if (n > 4096)
        return xc_fail(err, XC_ERANGE, "'%s': the checker replays networks of at most 4096 nodes", c->net.spec);
    c->deg = c->net.nports;
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
    /* the initial buffers, by the format's definition */
    for (uint32_t v = 0; v < n; v++) {
        if (slot_ensure(c, v, c->mnb ? 0 : n - 1))
            return xc_fail(err, XC_ENOMEM, "out of memory for %u nodes", n);
        if (c->mnb) {
            c->slots[v][0] = v;
        } else {
            for (uint32_t k = 1; k < n; k++) {
                uint32_t d = 0;
                for (uint32_t i = 0; i < c->net.ndims; i++) {
                    const xc_dim *dm = &c->net.dim[i];
                    d += ((v / dm->stride + k / dm->stride) % dm->size) * dm->stride;
                }
                c->slots[v][k] = v * n + d;
            }
        }
    }
    c->res->slots = c->mnb ? 1 : n;
    return XC_OK;
}

static void teardown(chk *c)
{
    if (c->slots)
        for (uint32_t v = 0; v < c->n; v++)
            free(c->slots[v]);
    free(c->slots);
    free(c->cap);
    free(c->got);
    free(c->out_stamp);
    free(c->cons_stamp);
    free(c->out_msg);
    free(c->send_stamp);
    free(c->recv_stamp);
    free(c->send_cnt);
    free(c->recv_cnt);
    free(c->nbr);
    free(c->bport);
    free(c->ops);
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
    if (o->kind == 's' && o->slot < c->cap[v])
        c->slots[v][o->slot] = EMPTY;
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
        if (slot_ensure(c, u, o->slot))
            return xc_fail(err, XC_ENOMEM, "out of memory for slots");
        if (c->slots[u][o->slot] != EMPTY) {
            char what[160], held[64];
            msg_name(c, c->slots[u][o->slot], held, sizeof held);
            snprintf(what, sizeof what, "slot %u overwritten while it holds %s", o->slot, held);
            return violation(c, err, u, o->port, msg, what);
        }
        c->slots[u][o->slot] = msg;
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

xc_status xc_check_stream(FILE *f, xc_check_result *res, xc_err *err)
{
    chk cs, *c = &cs;
    memset(c, 0, sizeof *c);
    memset(res, 0, sizeof *res);
    c->res = res;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    uint64_t ln = 0;
    int ready = 0, ended = 0, have_net = 0, have_kind = 0;
    xc_status st = XC_OK;
#define BAD(...)                                                                                                       \
    do {                                                                                                               \
        char m_[160];                                                                                                  \
        snprintf(m_, sizeof m_, __VA_ARGS__);                                                                          \
        st = xc_fail(err, XC_EINVAL, "line %llu: %s", (unsigned long long)ln, m_);                                     \
        goto out;                                                                                                      \
    } while (0)
    while ((len = getline(&line, &cap, f)) > 0) {
        ln++;
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        if (!len || line[0] == '#')
            continue;
        if (ended)
            BAD("text after 'end'");
        if (ln == 1 || (!have_net && !strncmp(line, "xchg-schedule", 13))) {
            if (strcmp(line, "xchg-schedule 1"))
                BAD("expected 'xchg-schedule 1' (not a schedule file, or another version)");
            continue;
        }
        if (!ready) {
            if (!strncmp(line, "net ", 4)) {
                if ((st = xc_topo_parse(line + 4, &c->net, err)))
                    goto out;
                have_net = 1;
                snprintf(res->net, sizeof res->net, "%s", line + 4);
                continue;
            }
            if (!strncmp(line, "algo ", 5)) {
                snprintf(res->algo, sizeof res->algo, "%s", line + 5);
                continue;
            }
            if (!strcmp(line, "kind te") || !strcmp(line, "kind mnb")) {
                c->mnb = line[5] == 'm';
                have_kind = 1;
                continue;
            }
            if (!strcmp(line, "port single") || !strcmp(line, "port multi")) {
                c->multi = line[5] == 'm';
                continue;
            }
            if (!strcmp(line, "duplex full") || !strcmp(line, "duplex half")) {
                c->half = line[7] == 'h';
                continue;
            }
            if (line[0] != 't' && strncmp(line, "end", 3))
                BAD("unknown header line '%.60s'", line);
            if (!have_net || !have_kind)
                BAD("header needs 'net' and 'kind' lines before the first step");
            res->kind_mnb = c->mnb;
            res->multiport = c->multi;
            res->half_duplex = c->half;
            res->nodes = c->net.nodes;
            if ((st = setup(c, err)))
                goto out;
            ready = 1;
        }
        const char *p = line + 1;
        if (line[0] == 't' && line[1] == ' ') {
            uint64_t t;
            p = line + 2;
            if (num(&p, &t) || *p)
                BAD("expected 't STEP'");
            if (c->step && (st = run_step(c, err)))
                goto out;
            if (t != c->step + 1)
                BAD("step %llu follows step %llu", (unsigned long long)t, (unsigned long long)c->step);
            c->step = t;
            continue;
        }
        if (!strncmp(line, "end ", 4)) {
            uint64_t steps, slots;
            p = line + 4;
            if (num(&p, &steps) || *p++ != ' ' || num(&p, &slots) || *p)
                BAD("expected 'end STEPS SLOTS'");
            if (c->step && (st = run_step(c, err)))
                goto out;
            if (steps != c->step)
                BAD("'end' declares %llu steps, the file has %llu", (unsigned long long)steps,
                    (unsigned long long)c->step);
            if (slots != res->slots)
                BAD("'end' declares %llu slots, the schedule uses %u", (unsigned long long)slots, res->slots);
            ended = 1;
            continue;
        }
        /* an op: KIND NODE PORT SLOT */
        if ((line[0] != 's' && line[0] != 'c' && line[0] != 'r') || line[1] != ' ')
            BAD("unknown line '%.60s' (expected t, s, c, r or end)", line);
        if (!c->step)
            BAD("operation before the first 't' line");
        cop o = {line[0], ALL, 0, EMPTY, 0};
        uint64_t v;
        p = line + 2;
        if (*p == '*') {
            p++;
        } else {
            if (num(&p, &v) || v >= c->n)
                BAD("node must be '*' or 0..%u", c->n - 1);
            o.node = (uint32_t)v;
        }
        if (*p++ != ' ' || num(&p, &v) || v > 65535)
            BAD("port must be a number");
        o.port = (uint32_t)v;
        if (*p++ != ' ')
            BAD("expected a slot");
        if (o.kind == 'r' && *p == 'd') {
            o.deliver = 1;
            p++;
        }
        if (*p) {
            if (num(&p, &v) || *p || v >= (1u << 24))
                BAD("slot must be a number below 2^24%s", o.kind == 'r' ? ", 'd' or 'dSLOT'" : "");
            o.slot = (uint32_t)v;
        } else if (o.kind != 'r' || !o.deliver) {
            BAD("missing slot");
        }
        if (c->nops == c->capops) {
            uint64_t nc = c->capops ? c->capops * 2 : 1024;
            cop *a = realloc(c->ops, nc * sizeof *a);
            if (!a) {
                st = xc_fail(err, XC_ENOMEM, "out of memory");
                goto out;
            }
            c->ops = a;
            c->capops = nc;
        }
        c->ops[c->nops++] = o;
    }
    if (ferror(f)) {
        st = xc_fail(err, XC_EIO, "read error");
        goto out;
    }
    if (!ended) {
        ln++;
        BAD("file ends without 'end STEPS SLOTS' (truncated?)");
    }
    st = final_check(c, err);
out:
    res->steps = c->step;
    res->lines = ln;
    free(line);
    teardown(c);
    return st;
#undef BAD
}
