/* SPDX-License-Identifier: MIT */
/* Wormhole schedule files (docs/schedule-format.md, "Wormhole schedules"):
 * a writer sink and a streaming reader that replays a file into the
 * checker and, on request, one more consumer (the golden cycle model,
 * which hands itself in as an xc_wh_replay). Host side only. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "xc_grow.h"
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
        if (xc_grow_in(&r->pk, &c, r->npk + 1, sizeof *r->pk, 64) ||
            xc_grow_in(&r->port_at, &c2, r->npk + 1, sizeof *r->port_at, 64) ||
            xc_grow_in(&r->msg_at, &c3, r->npk + 1, sizeof *r->msg_at, 64)) {
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
        if (xc_grow_in(&r->ports, &r->capports, r->nports + cnt, sizeof *r->ports, 64)) {
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
        if (xc_grow_in(&r->msgs, &r->capmsgs, r->nmsgs + (b - a + 1), sizeof *r->msgs, 64)) {
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

static xc_status flush_step(rd *r, xc_whchk *c, const xc_wh_replay *also, xc_err *err)
{
    if (also && also->simulates) {
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
    if (!st && also)
        st = also->step(also->ctx, &r->st, err);
    r->npk = 0;
    r->nports = r->nmsgs = 0;
    return st;
}

/* The reader's state across lines (xc_wh_check_stream). */
typedef struct whrd {
    rd r;
    xc_line_reader in;
    xc_wh_file_info *info;
    const xc_wh_replay *also;
    xc_net net;
    xc_whchk *c;
    uint64_t step;
    int have_net, have_flits, ended;
} whrd;

#define BAD(...) xc_line_bad(&s->in, err, __VA_ARGS__)

/* The 'algo' and 'msg-flits' header lines (line + its keyword). */
static xc_status wh_algo(whrd *s, const char *name, xc_err *err)
{
    xc_wh_file_info *info = s->info;
    if (info->algo[0])
        return BAD("a second 'algo' line (each header line once)");
    if (!printable(name, sizeof info->algo))
        return BAD("algo must be 1..%zu printable characters", sizeof info->algo - 1);
    snprintf(info->algo, sizeof info->algo, "%s", name);
    return XC_OK;
}

static xc_status wh_msg_flits(whrd *s, const char *p, xc_err *err)
{
    uint64_t v;
    if (s->have_flits++)
        return BAD("a second 'msg-flits' line (each header line once)");
    if (num(&p, &v) || *p || v < 1 || v > XC_WH_MAX_MSG_FLITS)
        return BAD("msg-flits must be 1..%u", XC_WH_MAX_MSG_FLITS);
    s->info->msg_flits = (uint32_t)v;
    return XC_OK;
}

/* The first line after the header: makes the checker (and begins the
 * replay). */
static xc_status wh_begin_body(whrd *s, const char *line, xc_err *err)
{
    if (line[0] != 'w' && strncmp(line, "end", 3))
        return BAD("unknown header line '%.60s'", line);
    if (!s->have_net)
        return BAD("header needs a 'net' line before the first step");
    s->r.msg_flits = s->info->msg_flits;
    xc_status st = xc_whchk_new(&s->net, s->info->msg_flits, &s->c, err);
    if (!st && s->also)
        st = s->also->begin(s->also->ctx, &s->net, s->info->msg_flits, err);
    return st;
}

/* A line before the first step: a header line (*used = 1), or the start
 * of the body. */
static xc_status wh_header(void *ctx, const char *line, int *used, xc_err *err)
{
    whrd *s = ctx;
    *used = 1;
    if (!strncmp(line, "net ", 4)) {
        if (s->have_net)
            return BAD("a second 'net' line (each header line once)");
        xc_status st = xc_topo_parse(line + 4, &s->net, err);
        if (st)
            return st;
        snprintf(s->info->net, sizeof s->info->net, "%s", line + 4);
        s->have_net = 1;
        return XC_OK;
    }
    if (!strncmp(line, "algo ", 5))
        return wh_algo(s, line + 5, err);
    if (!strncmp(line, "msg-flits ", 10))
        return wh_msg_flits(s, line + 10, err);
    *used = 0;
    return wh_begin_body(s, line, err);
}

/* 'w STEP [LABEL]': the previous step goes to the checker. */
static xc_status wh_step(void *ctx, const char *line, xc_err *err)
{
    whrd *s = ctx;
    uint64_t t;
    const char *p = line + 2;
    if (num(&p, &t) || (*p && *p != ' '))
        return BAD("expected 'w STEP [LABEL]'");
    xc_status st = s->step ? flush_step(&s->r, s->c, s->also, err) : XC_OK;
    if (st)
        return st;
    if (t != s->step + 1)
        return BAD("step %llu follows step %llu", (unsigned long long)t, (unsigned long long)s->step);
    s->step = t;
    s->r.st.t = t;
    snprintf(s->r.label, sizeof s->r.label, "%s", *p ? p + 1 : "");
    return XC_OK;
}

/* 'p ...': a packet of the current step. */
static xc_status wh_packet(void *ctx, const char *line, xc_err *err)
{
    whrd *s = ctx;
    if (!s->step)
        return BAD("packet before the first 'w' line");
    int oom = 0;
    const char *why = parse_packet(&s->r, line + 2, s->net.nodes, s->net.nports, &oom);
    if (oom)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    return why ? BAD("%s", why) : XC_OK;
}

/* 'end STEPS': the last step goes to the checker. */
static xc_status wh_end(void *ctx, const char *line, xc_err *err)
{
    whrd *s = ctx;
    uint64_t n;
    const char *p = line + 4;
    if (num(&p, &n) || *p)
        return BAD("expected 'end STEPS'");
    xc_status st = s->step ? flush_step(&s->r, s->c, s->also, err) : XC_OK;
    if (st)
        return st;
    if (n != s->step)
        return BAD("'end %llu' but the file has %llu steps", (unsigned long long)n, (unsigned long long)s->step);
    s->ended = 1;
    return XC_OK;
}

/* A line no kind takes. */
static xc_status wh_unknown(void *ctx, const char *line, xc_err *err)
{
    const whrd *s = ctx;
    return BAD("unknown line '%.60s'", line);
}

/* One line of the file: the first names the format, 'w' starts a step,
 * 'p' is one of its packets, 'end' ends the file. */
static xc_status wh_line(void *ctx, const char *line, size_t len, xc_err *err)
{
    static const xc_line_kind kinds[] = {{"w ", wh_step}, {"p ", wh_packet}, {"end ", wh_end}, {NULL, wh_unknown}};
    whrd *s = ctx;
    s->r.bytes = s->in.bytes; /* the golden model's work budget grows with the file */
    if (s->in.ln == 1)
        return strcmp(line, "wormhole-schedule 1") ? BAD("expected 'wormhole-schedule 1'") : XC_OK;
    return xc_line_dispatch(&s->in, line, len, s->ended, s->c ? NULL : wh_header, kinds, ctx, err);
}

xc_status xc_wh_check_stream(FILE *f, const xc_wh_replay *also, xc_wh_file_info *info, xc_wh_metrics *m,
                             xc_err *err)
{
    whrd sd, *s = &sd;
    memset(s, 0, sizeof *s);
    memset(info, 0, sizeof *info);
    info->msg_flits = 1;
    s->in.f = f;
    s->info = info;
    s->also = also;
    xc_status st = xc_line_each(&s->in, wh_line, s, err);
    if (!st && !s->ended)
        st = BAD("the file ends without 'end STEPS' (truncated?)");
    if (!st) {
        info->steps = s->step;
        st = xc_whchk_end(s->c, m, err);
    }
    xc_line_free(&s->in);
    free(s->r.pk);
    free(s->r.ports);
    free(s->r.msgs);
    free(s->r.port_at);
    free(s->r.msg_at);
    xc_whchk_free(s->c);
    return st;
}
#undef BAD
