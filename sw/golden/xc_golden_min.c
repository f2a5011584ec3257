/* SPDX-License-Identifier: MIT */
/* Golden model of the MIN hardware. Each tick computes the next state from
 * the current one (like the RTL's _d signals) and then commits it. */
#include "xc_golden_min.h"

#include <stdlib.h>
#include <string.h>

struct xc_gm_min {
    xc_min m;
    unsigned cfg_words;
    /* control */
    unsigned mode, step_cnt;
    int running, step_pending, inj_seen, done, conflict_seen;
    int occupied;        /* some level holds a valid flit (else all are zero) */
    uint32_t cfg_ptr, msg_ptr;
    /* memories */
    uint32_t *cfg;       /* switch configuration words (M^{l,0}, or the next step's) */
    uint32_t *msg;       /* message words, input j step x at j*N + x */
    uint32_t *wave_cfg;  /* per level 0..n-1: the configuration a table-mode wave carries */
    /* registered state, as observed */
    xc_min_obs obs;
    /* next-state scratch */
    xc_flit *flit_d;
    uint8_t *set_d;
    uint32_t *wave_cfg_d;
};

xc_gm_min *xc_gm_min_new(const xc_min *m)
{
    xc_gm_min *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->m = *m;
    g->cfg_words = xc_min_cfg_words(m);
    const size_t n = m->n_lines, levels = m->log_n + 1;
    g->cfg = calloc(g->cfg_words, sizeof *g->cfg);
    g->msg = calloc(n * n, sizeof *g->msg);
    g->wave_cfg = calloc(levels * g->cfg_words, sizeof *g->wave_cfg);
    g->wave_cfg_d = calloc(levels * g->cfg_words, sizeof *g->wave_cfg_d);
    g->flit_d = calloc(levels * n, sizeof *g->flit_d);
    g->set_d = calloc(m->log_n * n / 2, 1);
    if (!g->cfg || !g->msg || !g->wave_cfg || !g->wave_cfg_d || !g->flit_d || !g->set_d ||
        xc_min_obs_alloc(&g->obs, m) != XC_OK) {
        xc_gm_min_free(g);
        return NULL;
    }
    return g;
}

void xc_gm_min_free(xc_gm_min *g)
{
    if (!g)
        return;
    free(g->cfg);
    free(g->msg);
    free(g->wave_cfg);
    free(g->wave_cfg_d);
    free(g->flit_d);
    free(g->set_d);
    xc_min_obs_free(&g->obs);
    free(g);
}

const xc_min_obs *xc_gm_min_obs(const xc_gm_min *g) { return &g->obs; }

static int cfg_bit(const uint32_t *words, const xc_min *m, unsigned h, unsigned k)
{
    unsigned b = h * m->log_n + k;
    return (words[b / 32] >> (b % 32)) & 1;
}

static int busy(const xc_gm_min *g)
{
    return g->running || g->step_pending || (g->inj_seen && !g->done);
}

static uint32_t read_reg(const xc_gm_min *g, unsigned addr)
{
    switch (addr) {
    case XC_REG_ID: return XC_ID_VALUE;
    case XC_REG_PARAMS:
        return g->m.log_n | (unsigned)g->m.topo << 4 | (unsigned)XC_FLIT_W << 8;
    case XC_REG_CTRL: return g->mode;
    case XC_REG_STATUS: return g->obs.status;
    case XC_REG_CYCLES: return g->obs.cycles;
    case XC_REG_INJECTED: return g->obs.injected;
    case XC_REG_DELIVERED: return g->obs.delivered;
    case XC_REG_CONFLICTS: return g->obs.conflicts;
    case XC_REG_CFG_PTR: return g->cfg_ptr;
    case XC_REG_MSG_PTR: return g->msg_ptr;
    default: return 0;
    }
}

/* One stage: switch h takes lines 2h and 2h+1 of `in` (after boundary k)
 * and writes lines 2h and 2h+1 of `out` and its setting. Returns the
 * number of self-routing conflicts. */
static unsigned stage(const xc_gm_min *g, unsigned k, const xc_flit *in, const uint32_t *wave_cfg,
                      xc_flit *out, uint8_t *set)
{
    const xc_min *m = &g->m;
    unsigned conflicts = 0;
    for (unsigned h = 0; h < m->n_lines / 2; h++) {
        xc_flit a = in[2 * h], b = in[2 * h + 1];
        int va = xc_flit_valid(a), vb = xc_flit_valid(b), s = 0;
        if (va || vb) {
            switch (g->mode) {
            case XC_MODE_XOR: {
                unsigned x = xc_flit_step(va ? a : b);
                s = cfg_bit(g->cfg, m, h, k) ^ (int)((x >> (m->log_n - 1 - k)) & 1u);
                break;
            }
            case XC_MODE_TABLE:
                s = cfg_bit(wave_cfg, m, h, k);
                break;
            default: { /* self-routing by destination tag */
                int want_a = (int)((xc_flit_dst(a) >> m->route_bit[k]) & 1u);
                int want_b = (int)((xc_flit_dst(b) >> m->route_bit[k]) & 1u);
                s = va ? want_a : want_b ^ 1;
                if (va && vb && want_a == want_b) {
                    b = 0; /* port 0 wins; the flit on port 1 is dropped */
                    conflicts++;
                }
                break;
            }
            }
        }
        out[2 * h] = s ? b : a;
        out[2 * h + 1] = s ? a : b;
        set[h] = (uint8_t)s;
    }
    return conflicts;
}

void xc_gm_min_tick(xc_gm_min *g, const xc_min_bus *bus)
{
    const xc_min *m = &g->m;
    const unsigned n_lines = m->n_lines, n = m->log_n, half = n_lines / 2;
    xc_min_obs *q = &g->obs;
    xc_flit moved[XC_MIN_MAX_N];

    /* bus read: the registers as they are before this edge */
    uint32_t rdata_d = bus->re ? read_reg(g, bus->addr) : q->rdata;

    /* injection of one wave from the message memories */
    int inject = (g->running || g->step_pending) && g->step_cnt < n_lines;
    for (unsigned j = 0; j < n_lines; j++)
        g->flit_d[j] = inject ? xc_flit_make(g->msg[j * n_lines + g->step_cnt], g->step_cnt) : 0;
    memcpy(g->wave_cfg_d, inject ? g->cfg : g->wave_cfg, g->cfg_words * sizeof *g->cfg);

    /* the stages, each from the level before it through its wiring; an
     * empty network (the long message-loading phase) stays all zero */
    unsigned conflicts = 0;
    if (!g->occupied) {
        memset(g->flit_d + n_lines, 0, (size_t)n * n_lines * sizeof *g->flit_d);
        memset(g->set_d, 0, (size_t)n * half);
    }
    for (unsigned k = 0; k < n && g->occupied; k++) {
        const xc_flit *lvl = q->flit + (size_t)k * n_lines;
        for (unsigned line = 0; line < n_lines; line++)
            moved[xc_min_wire(m, k, line)] = lvl[line];
        conflicts += stage(g, k, moved, g->wave_cfg + (size_t)k * g->cfg_words,
                           g->flit_d + (size_t)(k + 1) * n_lines, g->set_d + (size_t)k * half);
        if (k + 1 < n)
            memcpy(g->wave_cfg_d + (size_t)(k + 1) * g->cfg_words,
                   g->wave_cfg + (size_t)k * g->cfg_words, g->cfg_words * sizeof *g->cfg);
    }

    /* counters, from the next state */
    unsigned delivered_now = 0, in_flight = 0;
    for (unsigned line = 0; line < n_lines; line++)
        delivered_now += (unsigned)xc_flit_valid(g->flit_d[(size_t)n * n_lines + line]);
    for (unsigned i = 0; i < n * n_lines; i++)
        in_flight |= (unsigned)xc_flit_valid(g->flit_d[i]);
    unsigned step_cnt_d = g->step_cnt + (unsigned)inject;
    int count_edge = (inject || g->inj_seen) && !g->done;
    int inj_seen_d = g->inj_seen || inject;
    int done_d = g->done || (inj_seen_d && step_cnt_d == n_lines && !in_flight);
    int running_d = g->running && step_cnt_d < n_lines;
    uint32_t cycles_d = q->cycles + (uint32_t)count_edge;
    uint32_t delivered_d = q->delivered + delivered_now;
    uint32_t conflicts_d = q->conflicts + conflicts;
    int conflict_seen_d = g->conflict_seen || conflicts;
    int step_pending_d = 0;
    unsigned mode_d = g->mode;
    uint32_t cfg_ptr_d = g->cfg_ptr, msg_ptr_d = g->msg_ptr;

    /* bus write: takes effect at this edge, after the reads above */
    if (bus->we) {
        switch (bus->addr) {
        case XC_REG_CTRL: {
            uint32_t w = bus->wdata;
            mode_d = (w >> XC_CTRL_MODE_LSB) & 3u;
            int was_busy = busy(g);
            if (((w >> XC_CTRL_CLEAR_BIT) & 1u) || (((w >> XC_CTRL_START_BIT) & 1u) && !was_busy)) {
                /* clear, or start of a new exchange: counters and status to zero */
                step_cnt_d = 0;
                inj_seen_d = done_d = conflict_seen_d = 0;
                cycles_d = delivered_d = conflicts_d = 0;
                running_d = 0;
                if ((w >> XC_CTRL_CLEAR_BIT) & 1u) {
                    cfg_ptr_d = msg_ptr_d = 0;
                    memset(g->flit_d, 0, (size_t)(n + 1) * n_lines * sizeof *g->flit_d);
                    memset(g->set_d, 0, (size_t)n * half);
                } else if (mode_d != XC_MODE_TABLE) {
                    running_d = 1;
                }
            }
            if (((w >> XC_CTRL_STEP_BIT) & 1u) && !((w >> XC_CTRL_CLEAR_BIT) & 1u) &&
                !g->running && step_cnt_d < n_lines)
                step_pending_d = 1;
            break;
        }
        case XC_REG_CFG_PTR: cfg_ptr_d = bus->wdata; break;
        case XC_REG_CFG_DATA:
            if (g->cfg_ptr < g->cfg_words)
                g->cfg[g->cfg_ptr] = bus->wdata;
            cfg_ptr_d = g->cfg_ptr + 1;
            break;
        case XC_REG_MSG_PTR: msg_ptr_d = bus->wdata; break;
        case XC_REG_MSG_DATA:
            if (g->msg_ptr < n_lines * n_lines)
                g->msg[g->msg_ptr] = bus->wdata & ((1u << XC_MSG_W) - 1u);
            msg_ptr_d = g->msg_ptr + 1;
            break;
        default: break;
        }
    }

    /* commit */
    memcpy(q->flit, g->flit_d, (size_t)(n + 1) * n_lines * sizeof *q->flit);
    memcpy(q->set, g->set_d, (size_t)n * half);
    memcpy(g->wave_cfg, g->wave_cfg_d, (size_t)(n + 1) * g->cfg_words * sizeof *g->cfg);
    g->mode = mode_d;
    g->step_cnt = step_cnt_d;
    g->running = running_d;
    g->step_pending = step_pending_d;
    g->inj_seen = inj_seen_d;
    g->done = done_d;
    g->conflict_seen = conflict_seen_d;
    g->cfg_ptr = cfg_ptr_d;
    g->msg_ptr = msg_ptr_d;
    q->rdata = rdata_d;
    q->cycles = cycles_d;
    q->delivered = delivered_d;
    q->conflicts = conflicts_d;
    q->injected = step_cnt_d;
    g->occupied = 0;
    for (size_t i = 0; i < (size_t)(n + 1) * n_lines && !g->occupied; i++)
        g->occupied = xc_flit_valid(q->flit[i]);
    q->status = (uint32_t)busy(g) << XC_STATUS_BUSY_BIT | (uint32_t)g->done << XC_STATUS_DONE_BIT |
                (uint32_t)g->conflict_seen << XC_STATUS_CONFLICT_BIT;
}
