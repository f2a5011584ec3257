/* SPDX-License-Identifier: MIT */
/* Wormhole schedule files (docs/schedule-format.md, "Wormhole schedules"):
 * a writer sink and a streaming reader that replays a file into the
 * checker and, on request, the golden cycle model. Host side only. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "xc_sched_io.h"
#include "xc_wh_io.h"

struct xc_wh_writer {
    xc_sched_writer w; /* the buffered writer of xc_sched_io.c */
};

#define wstr(x, s) xc_sched_put_str(&(x)->w, s)
#define wnum(x, v) xc_sched_put_u64(&(x)->w, v)
#define wch(x, c) xc_sched_put_ch(&(x)->w, c)

void xc_wh_writer_free(xc_wh_writer *w)
{
    free(w);
}

xc_status xc_wh_write_begin(FILE *f, const char *name, const xc_net *net, const char *algo, uint32_t msg_flits, xc_wh_writer **out,
                            xc_err *err)
{
    xc_wh_writer *w = calloc(1, sizeof *w);
    *out = NULL;
    if (!w)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    w->w.f = f;
    w->w.name = name;
    wstr(w, "wormhole-schedule 1\nnet ");
    wstr(w, net->spec);
    wstr(w, "\nalgo ");
    wstr(w, algo);
    wstr(w, "\nmsg-flits ");
    wnum(w, msg_flits);
    wch(w, '\n');
    xc_sched_flush(&w->w);
    if (w->w.failed) {
        xc_status st = xc_sched_write_error(&w->w, err);
        free(w);
        return st;
    }
    *out = w;
    return XC_OK;
}

static xc_status wstep(void *ctx, const xc_wh_step *s, xc_err *err)
{
    xc_wh_writer *w = ctx;
    wstr(w, "w ");
    wnum(w, s->t);
    if (s->label && *s->label) {
        wch(w, ' ');
        wstr(w, s->label);
    }
    wch(w, '\n');
    for (uint32_t x = 0; x < s->npk; x++) {
        const xc_wh_packet *p = &s->pk[x];
        wstr(w, "p ");
        wnum(w, p->src);
        wch(w, ' ');
        for (uint32_t h = 0; h < p->hops;) { /* runs of one port: PORT*COUNT */
            uint32_t e = h;
            while (e < p->hops && p->port[e] == p->port[h])
                e++;
            if (h)
                wch(w, ',');
            wnum(w, p->port[h]);
            if (e - h > 1) {
                wch(w, '*');
                wnum(w, e - h);
            }
            h = e;
        }
        wstr(w, " @");
        wnum(w, p->slot);
        wstr(w, " :");
        for (uint32_t k = 0; k < p->nmsg;) { /* runs of consecutive ids: A-B */
            uint32_t e = k;
            while (e + 1 < p->nmsg && p->msg[e + 1] == p->msg[e] + 1)
                e++;
            wch(w, ' ');
            wnum(w, p->msg[k]);
            if (e > k) {
                wch(w, '-');
                wnum(w, p->msg[e]);
            }
            k = e + 1;
        }
        wch(w, '\n');
    }
    return xc_sched_write_error(&w->w, err);
}

xc_wh_sink xc_wh_writer_sink(xc_wh_writer *w)
{
    return (xc_wh_sink){w, wstep};
}

xc_status xc_wh_write_end(xc_wh_writer *w, uint64_t steps, xc_err *err)
{
    wstr(w, "end ");
    wnum(w, steps);
    wch(w, '\n');
    xc_sched_flush(&w->w);
    errno = 0;
    if (!w->w.failed && fflush(w->w.f)) {
        w->w.failed = 1;
        w->w.err_no = errno ? errno : EIO;
    }
    xc_status st = xc_sched_write_error(&w->w, err);
    free(w);
    return st;
}

/* ---- reader ---- */

typedef struct rd {
    xc_wh_step st;
    char label[64];
    xc_wh_packet *pk;
    uint32_t npk, cappk;
    uint32_t *ports;
    size_t nports, capports;
    uint32_t *msgs;
    size_t nmsgs, capmsgs;
    size_t *port_at, *msg_at; /* offsets per packet, fixed up before use */
    uint32_t msg_flits;
    uint64_t bytes;       /* read so far */
    uint64_t golden_work; /* flit moves and packet-cycles simulated so far */
} rd;

static int num(const char **p, uint64_t *v)
{
    if (!isdigit((unsigned char)**p))
        return -1;
    uint64_t x = 0;
    while (isdigit((unsigned char)**p)) {
        if (x > UINT64_MAX / 16)
            return -1;
        x = x * 10 + (uint64_t)(*(*p)++ - '0');
    }
    *v = x;
    return 0;
}

/* 1 when s is 1..cap-1 printable ASCII characters (a name for reports). */
static int printable(const char *s, size_t cap)
{
    size_t n = strlen(s);
    for (const char *q = s; *q; q++)
        if (*q < 0x20 || *q > 0x7e)
            return 0;
    return n && n < cap;
}

static int grow(void **a, size_t *cap, size_t need, size_t el)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *b = realloc(*a, c * el);
    if (!b)
        return -1;
    *a = b;
    *cap = c;
    return 0;
}

/* parses "SRC PATH : MSGS" into r; returns a reason or NULL. One step
 * uses each directed link and sends each message at most once, so its
 * hops are refused past nodes * nports and its messages past nodes^2:
 * what a step holds is bounded by the network, not by the file. */
static const char *parse_packet(rd *r, const char *p, uint32_t nodes, uint32_t nports, int *oom)
{
    const uint64_t max_hops = (uint64_t)nodes * nports, nm = (uint64_t)nodes * nodes;
    uint64_t src, v, cnt;
    if (num(&p, &src) || *p++ != ' ')
        return "expected 'p SRC PORT[*COUNT][,PORT[*COUNT]]... @SLOT : MSG|A-B ...'";
    if (src >= nodes)
        return "node out of range";
    if (r->npk == r->cappk) {
        size_t c = r->cappk, c2 = r->cappk, c3 = r->cappk;
        if (grow((void **)&r->pk, &c, r->npk + 1, sizeof *r->pk) ||
            grow((void **)&r->port_at, &c2, r->npk + 1, sizeof *r->port_at) ||
            grow((void **)&r->msg_at, &c3, r->npk + 1, sizeof *r->msg_at)) {
            *oom = 1;
            return "out of memory";
        }
        r->cappk = (uint32_t)c;
    }
    size_t p0 = r->nports, m0 = r->nmsgs;
    for (;;) {
        if (num(&p, &v) || v >= nports)
            return "bad PORT in the path (a link port of the node)";
        cnt = 1;
        if (*p == '*' && (p++, num(&p, &cnt) || cnt == 0 || cnt > 4096))
            return "bad COUNT in the path (1..4096)";
        if (r->nports + cnt > max_hops)
            return "more hops in this step than the network has links (each link once a step)";
        if (grow((void **)&r->ports, &r->capports, r->nports + cnt, sizeof *r->ports)) {
            *oom = 1;
            return "out of memory";
        }
        for (uint64_t k = 0; k < cnt; k++)
            r->ports[r->nports++] = (uint32_t)v;
        if (*p != ',')
            break;
        p++;
    }
    uint64_t slot;
    if (*p++ != ' ' || *p++ != '@' || num(&p, &slot) || slot > UINT32_MAX)
        return "expected ' @SLOT' after the path";
    if (*p++ != ' ' || *p++ != ':')
        return "expected ' :' after the slot";
    while (*p == ' ') {
        p++;
        uint64_t a, b;
        if (num(&p, &a))
            return "bad message id";
        b = a;
        if (*p == '-' && (p++, num(&p, &b)))
            return "bad message range A-B";
        if (a > b || b >= nm)
            return "message id out of range (0 .. n*n-1, A <= B)";
        if (r->nmsgs + (b - a + 1) > nm)
            return "more messages in this step than the network has (each message once a step)";
        if (grow((void **)&r->msgs, &r->capmsgs, r->nmsgs + (b - a + 1), sizeof *r->msgs)) {
            *oom = 1;
            return "out of memory";
        }
        for (uint64_t m = a; m <= b; m++)
            r->msgs[r->nmsgs++] = (uint32_t)m;
    }
    if (*p)
        return "unexpected text after the messages";
    r->pk[r->npk] =
        (xc_wh_packet){(uint32_t)src, (uint32_t)(r->nports - p0), NULL, (uint32_t)(r->nmsgs - m0), NULL, (uint32_t)slot};
    r->port_at[r->npk] = p0;
    r->msg_at[r->npk] = m0;
    r->npk++;
    return NULL;
}

/* The golden model's cost of the buffered step: it visits every packet in
 * every cycle of the step and moves every flit over every hop. */
static uint64_t golden_cost(const rd *r)
{
    uint64_t cyc = 0, moves = 0;
    for (uint32_t x = 0; x < r->npk; x++) {
        uint64_t f = (uint64_t)r->pk[x].nmsg * r->msg_flits, h = r->pk[x].hops;
        if (h + f > cyc)
            cyc = h + f;
        moves += f * h;
    }
    return cyc * r->npk + moves;
}

static xc_status flush_step(rd *r, xc_whchk *c, xc_golden_wh *g, xc_err *err)
{
    if (g) {
        uint64_t budget = XC_WH_GOLDEN_WORK_PER_BYTE * r->bytes;
        if (budget < XC_WH_GOLDEN_WORK_MIN)
            budget = XC_WH_GOLDEN_WORK_MIN;
        r->golden_work += golden_cost(r);
        if (r->golden_work > budget)
            return xc_fail(err, XC_ERANGE,
                           "step %llu: the golden model would simulate more than %llu flit moves "
                           "(at most max(2^26, %u x file bytes))",
                           (unsigned long long)r->st.t, (unsigned long long)budget, XC_WH_GOLDEN_WORK_PER_BYTE);
    }
    for (uint32_t x = 0; x < r->npk; x++) { /* no buffer yet: a packet without messages (fuzzing found it) */
        r->pk[x].port = r->ports ? r->ports + r->port_at[x] : NULL;
        r->pk[x].msg = r->msgs ? r->msgs + r->msg_at[x] : NULL;
    }
    r->st.npk = r->npk;
    r->st.pk = r->pk;
    r->st.label = r->label;
    xc_status st = xc_whchk_step(c, &r->st, err);
    if (!st && g)
        st = xc_golden_wh_step(g, &r->st, NULL, err);
    r->npk = 0;
    r->nports = r->nmsgs = 0;
    return st;
}

xc_status xc_wh_check_stream(FILE *f, long ts, xc_wh_file_info *info, xc_wh_metrics *m, uint64_t *golden_cycles,
                             xc_err *err)
{
    rd r;
    memset(&r, 0, sizeof r);
    memset(info, 0, sizeof *info);
    info->msg_flits = 1;
    xc_net net;
    xc_whchk *c = NULL;
    xc_golden_wh *g = NULL;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    uint64_t ln = 0, step = 0;
    int have_net = 0, have_flits = 0, ended = 0;
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
        r.bytes += (uint64_t)len;
        if (memchr(line, 0, (size_t)len))
            BAD("a NUL byte (not a text schedule)");
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = 0;
        if (ln == 1) {
            if (strcmp(line, "wormhole-schedule 1"))
                BAD("expected 'wormhole-schedule 1'");
            continue;
        }
        if (!len || line[0] == '#')
            continue;
        if (ended)
            BAD("text after 'end'");
        if (!c) {
            if (!strncmp(line, "net ", 4)) {
                if (have_net)
                    BAD("a second 'net' line (each header line once)");
                if ((st = xc_topo_parse(line + 4, &net, err)))
                    goto out;
                snprintf(info->net, sizeof info->net, "%s", line + 4);
                have_net = 1;
                continue;
            }
            if (!strncmp(line, "algo ", 5)) {
                if (info->algo[0])
                    BAD("a second 'algo' line (each header line once)");
                if (!printable(line + 5, sizeof info->algo))
                    BAD("algo must be 1..%zu printable characters", sizeof info->algo - 1);
                snprintf(info->algo, sizeof info->algo, "%s", line + 5);
                continue;
            }
            if (!strncmp(line, "msg-flits ", 10)) {
                const char *p = line + 10;
                uint64_t v;
                if (have_flits++)
                    BAD("a second 'msg-flits' line (each header line once)");
                if (num(&p, &v) || *p || v < 1 || v > XC_WH_MAX_MSG_FLITS)
                    BAD("msg-flits must be 1..%u", XC_WH_MAX_MSG_FLITS);
                info->msg_flits = (uint32_t)v;
                continue;
            }
            if (line[0] != 'w' && strncmp(line, "end", 3))
                BAD("unknown header line '%.60s'", line);
            if (!have_net)
                BAD("header needs a 'net' line before the first step");
            r.msg_flits = info->msg_flits;
            if ((st = xc_whchk_new(&net, info->msg_flits, &c, err)))
                goto out;
            if (ts >= 0 && (st = xc_golden_wh_new(&net, (uint32_t)ts, info->msg_flits, &g, err)))
                goto out;
        }
        const char *p;
        if (line[0] == 'w' && line[1] == ' ') {
            uint64_t t;
            p = line + 2;
            if (num(&p, &t) || (*p && *p != ' '))
                BAD("expected 'w STEP [LABEL]'");
            if (step && (st = flush_step(&r, c, g, err)))
                goto out;
            if (t != step + 1)
                BAD("step %llu follows step %llu", (unsigned long long)t, (unsigned long long)step);
            step = t;
            r.st.t = t;
            snprintf(r.label, sizeof r.label, "%s", *p ? p + 1 : "");
            continue;
        }
        if (line[0] == 'p' && line[1] == ' ') {
            if (!step)
                BAD("packet before the first 'w' line");
            int oom = 0;
            const char *why = parse_packet(&r, line + 2, net.nodes, net.nports, &oom);
            if (oom) {
                st = xc_fail(err, XC_ENOMEM, "out of memory");
                goto out;
            }
            if (why)
                BAD("%s", why);
            continue;
        }
        if (!strncmp(line, "end ", 4)) {
            uint64_t n;
            p = line + 4;
            if (num(&p, &n) || *p)
                BAD("expected 'end STEPS'");
            if (step && (st = flush_step(&r, c, g, err)))
                goto out;
            if (n != step)
                BAD("'end %llu' but the file has %llu steps", (unsigned long long)n, (unsigned long long)step);
            ended = 1;
            continue;
        }
        BAD("unknown line '%.60s'", line);
    }
    if (!ended)
        BAD("the file ends without 'end STEPS' (truncated?)");
    info->steps = step;
    if ((st = xc_whchk_end(c, m, err)))
        goto out;
    if (golden_cycles)
        *golden_cycles = g ? xc_golden_wh_total_cycles(g) : 0;
out:
#undef BAD
    free(line);
    free(r.pk);
    free(r.ports);
    free(r.msgs);
    free(r.port_at);
    free(r.msg_at);
    xc_whchk_free(c);
    xc_golden_wh_free(g);
    return st;
}
