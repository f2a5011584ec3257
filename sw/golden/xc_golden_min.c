/* SPDX-License-Identifier: MIT */
/* Golden model of the MIN hardware. Each tick computes the next state from
 * the current one (like the RTL's _d signals) into a second buffer and
 * swaps the two: no per-cycle copy of the state. Work is proportional to
 * the flits that move: a stage whose input level is empty only clears
 * what its output level held two edges ago (usually nothing), and while
 * both buffers are empty (identification, configuration, polling) the
 * stages are not visited at all. */
#include "xc_golden_min.h"

#include <stdlib.h>
#include <string.h>

/* One copy of the registered flits and settings, with how many flits
 * each level holds and which stages have a nonzero setting. */
struct gm_buf {
    xc_flit *flit;       /* (n+1) * N, level-major */
    uint8_t *set;        /* n * N/2 */
    unsigned *live;      /* per level: valid flits */
    uint8_t *set_live;   /* per stage: some setting is 1 */
    int any;             /* some level holds a flit or some stage a setting */
};

struct xc_gm_min {
    xc_min m;
    unsigned cfg_words;
    /* control */
    unsigned mode, step_cnt;
    int running, step_pending, inj_seen, done, conflict_seen;
    uint32_t cfg_ptr, msg_ptr;
    /* memories */
    uint32_t *cfg;       /* switch configuration words (M^{l,0}, or the next step's) */
    uint32_t *msg;       /* message words, input j step x at x*N + j (a wave's words side by side) */
    uint32_t *step_cfg;  /* per step x: the configuration its wave carries (table mode) */
    uint16_t *src;       /* per stage k, input line i: the line of level k it comes from */
    uint8_t *m_bit;      /* per stage k, switch h: m_{h,k} of cfg (XOR mode), at k*N/2 + h */
    /* XOR mode, per stage k and step bit x: the line of level k each output
     * line takes (at (2k + x)*N + i), from m_bit; whether a setting is 1
     * at 2k + x (the settings are m_bit, or its complement) */
    uint16_t *xor_src;
    uint8_t *xor_any;
    int m_stale;         /* cfg changed since m_bit and the xor_ tables were taken from it */
    /* registered state: buf[cur] is observed, buf[cur ^ 1] is the next */
    struct gm_buf buf[2];
    unsigned cur;
    xc_min_obs obs;      /* flit and set point into buf[cur] */
};

/* The flits 64-byte aligned: the compare's memcmp (glibc's AVX2 one)
 * takes fewer instructions when its first argument, these, is 32-byte
 * aligned (640 bytes, butterfly:16: 105 against 110). */
static xc_flit *flits_alloc(size_t count)
{
    const size_t bytes = (count * sizeof(xc_flit) + 63) / 64 * 64;
    xc_flit *f = aligned_alloc(64, bytes);
    if (f)
        memset(f, 0, bytes);
    return f;
}

static int buf_alloc(struct gm_buf *b, const xc_min *m)
{
    const size_t n = m->n_lines, levels = m->log_n + 1;
    b->flit = flits_alloc(levels * n);
    b->set = calloc(m->log_n * n / 2, 1);
    b->live = calloc(levels, sizeof *b->live);
    b->set_live = calloc(m->log_n, 1);
    return b->flit && b->set && b->live && b->set_live;
}

static void buf_free(struct gm_buf *b)
{
    free(b->flit);
    free(b->set);
    free(b->live);
    free(b->set_live);
}

xc_gm_min *xc_gm_min_new(const xc_min *m)
{
    xc_gm_min *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->m = *m;
    g->cfg_words = xc_min_cfg_words(m);
    const size_t n = m->n_lines;
    g->cfg = calloc(g->cfg_words, sizeof *g->cfg);
    g->msg = calloc(n * n, sizeof *g->msg);
    g->step_cfg = calloc(n * g->cfg_words, sizeof *g->step_cfg);
    g->src = calloc((size_t)m->log_n * n, sizeof *g->src);
    g->m_bit = calloc((size_t)m->log_n * n / 2, 1);
    g->xor_src = calloc((size_t)m->log_n * 2 * n, sizeof *g->xor_src);
    g->xor_any = calloc((size_t)m->log_n * 2, 1);
    int ok = g->cfg && g->msg && g->step_cfg && g->src && g->m_bit && g->xor_src && g->xor_any;
    ok = buf_alloc(&g->buf[0], m) && ok;
    ok = buf_alloc(&g->buf[1], m) && ok;
    if (!ok) {
        xc_gm_min_free(g);
        return NULL;
    }
    for (unsigned k = 0; k < m->log_n; k++)
        for (unsigned line = 0; line < n; line++)
            g->src[k * n + xc_min_wire(m, k, line)] = (uint16_t)line;
    g->obs.flit = g->buf[0].flit;
    g->obs.set = g->buf[0].set;
    return g;
}

void xc_gm_min_free(xc_gm_min *g)
{
    if (!g)
        return;
    free(g->cfg);
    free(g->msg);
    free(g->step_cfg);
    free(g->src);
    free(g->m_bit);
    free(g->xor_src);
    free(g->xor_any);
    buf_free(&g->buf[0]);
    buf_free(&g->buf[1]);
    free(g);
}

const xc_min_obs *xc_gm_min_obs(const xc_gm_min *g) { return &g->obs; }

void xc_gm_min_poke_msg(xc_gm_min *g, unsigned j, unsigned x, uint32_t word)
{
    if (j < g->m.n_lines && x < g->m.n_lines)
        g->msg[x * g->m.n_lines + j] = word & ((1u << XC_MSG_W) - 1u);
}

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
        return XC_FIELD_AT(PARAMS_LOGN, g->m.log_n) | XC_FIELD_AT(PARAMS_TOPO, g->m.topo) |
               XC_FIELD_AT(PARAMS_FLIT_BITS, XC_FLIT_W);
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

/* The setting of switch h of stage k for flits a and b (at least one
 * valid) in table or self-routing mode (XOR mode: stage_xor); drops b on
 * a self-routing conflict. */
static inline int setting(const xc_gm_min *g, unsigned k, unsigned h, xc_flit a, xc_flit *b,
                          unsigned *conflicts)
{
    const xc_min *m = &g->m;
    const int va = xc_flit_valid(a);
    if (g->mode == XC_MODE_TABLE) /* the configuration its wave carries: the one of its step */
        return cfg_bit(g->step_cfg + (size_t)xc_flit_step(va ? a : *b) * g->cfg_words, m, h, k);
    /* self-routing by destination tag */
    int want_a = (int)((xc_flit_dst(a) >> m->route_bit[k]) & 1u);
    int want_b = (int)((xc_flit_dst(*b) >> m->route_bit[k]) & 1u);
    if (va && xc_flit_valid(*b) && want_a == want_b) {
        *b = 0; /* port 0 wins; the flit on port 1 is dropped */
        ++*conflicts;
    }
    return va ? want_a : want_b ^ 1;
}

/* m_bit and the xor_ tables from cfg: once per configuration, not per
 * switch-cycle. Each m_{h,k} is read once and gives both rows of its
 * stage (step bit 0: setting m, step bit 1: setting 1 - m). */
static void take_m_bits(xc_gm_min *g)
{
    const unsigned n_lines = g->m.n_lines, half = n_lines / 2, log_n = g->m.log_n;
    for (unsigned k = 0; k < log_n; k++) {
        const uint16_t *src = g->src + (size_t)k * n_lines;
        uint16_t *restrict take0 = g->xor_src + (size_t)2 * k * n_lines, *restrict take1 = take0 + n_lines;
        uint8_t *restrict m_bit = g->m_bit + (size_t)k * half;
        unsigned any0 = 0, any1 = 0;
        for (unsigned h = 0, b = k; h < half; h++, b += log_n) {
            const unsigned m = (g->cfg[b / 32] >> (b % 32)) & 1u;
            m_bit[h] = (uint8_t)m;
            take0[2 * h] = take1[2 * h + 1] = src[2 * h + m];
            take0[2 * h + 1] = take1[2 * h] = src[2 * h + 1 - m];
            any0 |= m;
            any1 |= m ^ 1u;
        }
        g->xor_any[2 * k] = (uint8_t)any0;
        g->xor_any[2 * k + 1] = (uint8_t)any1;
    }
    g->m_stale = 0;
}

/* out[i] = lvl[take[i]] for the n lines of a level, four a turn by
 * pointers (no index arithmetic per flit; n is a multiple of 4). */
static inline void gather(xc_flit *restrict out, const xc_flit *restrict lvl, const uint16_t *restrict take,
                          unsigned n)
{
    const uint16_t *const end = take + n;
    do {
        out[0] = lvl[take[0]];
        out[1] = lvl[take[1]];
        out[2] = lvl[take[2]];
        out[3] = lvl[take[3]];
        take += 4;
        out += 4;
    } while (take < end);
}

/* A full stage's settings: m_{h,k} XOR the step bit x, eight a move
 * (from N = 16 on a whole number of them; below, one at a time), so no
 * table of settings per stage and step bit. (Eight bytes a move: not a
 * call of memcpy with a length known only at run time, which costs more
 * than the copy at small N; a plain copy loop, GCC may make one.) */
static inline void xor_sets(uint8_t *restrict set, const uint8_t *restrict m_bit, unsigned x, unsigned half)
{
    const uint64_t flip = x * UINT64_C(0x0101010101010101);
    unsigned h = 0;
    for (; h + 8 <= half; h += 8) {
        uint64_t eight;
        memcpy(&eight, m_bit + h, 8);
        eight ^= flip;
        memcpy(set + h, &eight, 8);
    }
    for (; h < half; h++)
        set[h] = (uint8_t)(m_bit[h] ^ x);
}

/* Stage k in XOR mode with a partial level (stages_xor takes the full
 * ones): every flit of a level belongs to one wave, so bit x_{n-1-k} of
 * the step is the same for the whole stage, and switch h crosses when
 * m_{h,k} differs from it where a flit is. XOR mode never drops a flit. */
static void stage_xor(const xc_gm_min *g, unsigned k, const struct gm_buf *c, struct gm_buf *nb)
{
    const unsigned n_lines = g->m.n_lines, half = n_lines / 2, live = c->live[k];
    const xc_flit *lvl = c->flit + (size_t)k * n_lines;
    xc_flit *out = nb->flit + (size_t)(k + 1) * n_lines;
    uint8_t *set = nb->set + (size_t)k * half;
    nb->live[k + 1] = live;
    const uint16_t *src = g->src + (size_t)k * n_lines;
    const uint8_t *m_bit = g->m_bit + (size_t)k * half;
    unsigned i = 0, any_set = 0;
    while (!xc_flit_valid(lvl[i])) /* the level holds a flit: live[k] > 0 */
        i++;
    const uint8_t x_bit = (uint8_t)((xc_flit_step(lvl[i]) >> (g->m.log_n - 1 - k)) & 1u);
    for (unsigned h = 0; h < half; h++) {
        const xc_flit a = lvl[src[2 * h]], b = lvl[src[2 * h + 1]];
        const uint8_t s = (uint8_t)((m_bit[h] ^ x_bit) & ((a | b) >> XC_FLIT_VALID_BIT));
        out[2 * h] = s ? b : a;
        out[2 * h + 1] = s ? a : b;
        set[h] = s;
        any_set |= s;
    }
    nb->set_live[k] = (uint8_t)any_set;
}

/* Stage k with an empty input level: level k+1 of nb and the stage's
 * settings hold nothing, and cost nothing unless they still hold what
 * was there two edges ago. */
static inline void stage_empty(const xc_gm_min *g, unsigned k, struct gm_buf *nb)
{
    const unsigned n_lines = g->m.n_lines, half = n_lines / 2;
    if (nb->live[k + 1])
        memset(nb->flit + (size_t)(k + 1) * n_lines, 0, n_lines * sizeof *nb->flit);
    if (nb->set_live[k])
        memset(nb->set + (size_t)k * half, 0, half);
    nb->live[k + 1] = 0;
    nb->set_live[k] = 0;
}

/* Stage k: switch h takes the lines 2h and 2h+1 after boundary k (through
 * the src table) from level k of c and writes lines 2h and 2h+1 of level
 * k+1 of nb and its setting. An empty input level costs nothing unless
 * the output level still holds flits from two edges ago. */
static void stage(const xc_gm_min *g, unsigned k, const struct gm_buf *c, struct gm_buf *nb,
                  unsigned *conflicts)
{
    const unsigned n_lines = g->m.n_lines, half = n_lines / 2;
    if (!c->live[k]) {
        stage_empty(g, k, nb);
        return;
    }
    if (g->mode == XC_MODE_XOR) {
        stage_xor(g, k, c, nb);
        return;
    }
    xc_flit *out = nb->flit + (size_t)(k + 1) * n_lines;
    uint8_t *set = nb->set + (size_t)k * half;
    const xc_flit *lvl = c->flit + (size_t)k * n_lines;
    const uint16_t *src = g->src + (size_t)k * n_lines;
    unsigned live = 0, dropped = *conflicts, any_set = 0;
    for (unsigned h = 0; h < half; h++) {
        xc_flit a = lvl[src[2 * h]], b = lvl[src[2 * h + 1]];
        int s = 0;
        if ((a | b) >> XC_FLIT_VALID_BIT) {
            live += (unsigned)xc_flit_valid(a) + (unsigned)xc_flit_valid(b);
            s = setting(g, k, h, a, &b, conflicts);
        }
        out[2 * h] = s ? b : a;
        out[2 * h + 1] = s ? a : b;
        set[h] = (uint8_t)s;
        any_set |= (unsigned)s;
    }
    nb->live[k + 1] = live - (*conflicts - dropped);
    nb->set_live[k] = (uint8_t)any_set;
}

/* Every stage in XOR mode. A full level (the exchange: a wave enters
 * whole and XOR mode drops nothing) is a gather through its table row
 * (from N = 4 on: whole turns of four) and the settings m_{h,k} or their
 * complement; an empty one is cleared where it still holds
 * flits; a partial one (the mode changed with flits in flight), and a
 * full level of N = 2, goes through stage(). Why a walk of its
 * own: stage() and stage_xor() took about 60 instructions a stage besides
 * the flits (the mode and validity tests, the level's pointers, the row),
 * the most of N = 16's golden cost a cycle after the gathers. Not inlined
 * into the tick, and the arrays' pointers taken once into locals: inlined,
 * the walk's pointers were spilled to the stack and reloaded at every
 * stage. Returns whether some setting is 1; *in_flight: whether levels 0
 * to n-1 of nb hold a flit (level 0: the injection, made before). */
__attribute__((noinline)) static unsigned stages_xor(const xc_gm_min *g, const struct gm_buf *c,
                                                     struct gm_buf *nb, unsigned *in_flight)
{
    const unsigned n_lines = g->m.n_lines, half = n_lines / 2, log_n = g->m.log_n;
    const unsigned *c_live = c->live;
    const xc_flit *c_flit = c->flit;
    unsigned *nb_live = nb->live;
    uint8_t *nb_set_live = nb->set_live;
    const unsigned full = n_lines >= 4 ? n_lines : n_lines + 1; /* (N = 2: no level is) */
    unsigned any_set = 0, conflicts = 0, moving = 0;
    for (unsigned k = 0; k < log_n; k++) {
        moving |= nb_live[k]; /* (level k of nb: written by the stage before, or the injection) */
        if (c_live[k] == full) {
            /* bit x_{n-1-k} of the wave's step picks the row */
            const xc_flit *lvl = c_flit + (size_t)k * n_lines;
            const unsigned x = (unsigned)(lvl[0] >> (XC_FLIT_STEP_LSB + log_n - 1 - k)) & 1u;
            const size_t row = 2 * k + x;
            gather(nb->flit + (size_t)(k + 1) * n_lines, lvl, g->xor_src + row * n_lines, n_lines);
            xor_sets(nb->set + (size_t)k * half, g->m_bit + (size_t)k * half, x, half);
            nb_live[k + 1] = n_lines;
            nb_set_live[k] = g->xor_any[row];
        } else if (!c_live[k]) {
            stage_empty(g, k, nb);
        } else {
            stage(g, k, c, nb, &conflicts); /* (XOR mode counts none) */
        }
        any_set |= nb_set_live[k];
    }
    *in_flight = moving;
    return any_set;
}

/* Level 0 of nb: wave step_cnt from the message memories, or empty. */
static void inject_wave(xc_gm_min *g, int inject, struct gm_buf *nb)
{
    const unsigned n_lines = g->m.n_lines, x = g->step_cnt;
    if (inject) {
        /* (the words are stored masked to XC_MSG_W, by step: one OR a
         * flit, from consecutive words) */
        const xc_flit head = xc_flit_make(0, x);
        const uint32_t *restrict word = g->msg + (size_t)x * n_lines;
        xc_flit *restrict lvl0 = nb->flit;
        unsigned j = 0;
        for (; j + 4 <= n_lines; j += 4) { /* four a turn: the loop's test once per four flits */
            lvl0[j] = head | word[j];
            lvl0[j + 1] = head | word[j + 1];
            lvl0[j + 2] = head | word[j + 2];
            lvl0[j + 3] = head | word[j + 3];
        }
        for (; j < n_lines; j++)
            lvl0[j] = head | word[j];
        nb->live[0] = n_lines;
        if (g->mode == XC_MODE_TABLE)
            memcpy(g->step_cfg + (size_t)x * g->cfg_words, g->cfg, g->cfg_words * sizeof *g->cfg);
    } else if (nb->live[0]) {
        memset(nb->flit, 0, n_lines * sizeof *nb->flit);
        nb->live[0] = 0;
    }
}

/* CTRL.clear: the next state holds no flit and no setting. */
static void clear_buf(const xc_min *m, struct gm_buf *b)
{
    memset(b->flit, 0, (size_t)(m->log_n + 1) * m->n_lines * sizeof *b->flit);
    memset(b->set, 0, (size_t)m->log_n * m->n_lines / 2);
    memset(b->live, 0, (m->log_n + 1) * sizeof *b->live);
    memset(b->set_live, 0, m->log_n);
    b->any = 0;
}

/* The registers a bus write changes at this edge (after the reads). */
struct next_regs {
    unsigned step_cnt, mode;
    int inj_seen, done, conflict_seen, running, step_pending;
    uint32_t cycles, delivered, conflicts, cfg_ptr, msg_ptr;
};

static void bus_write(xc_gm_min *g, const xc_hw_bus *bus, struct next_regs *d, struct gm_buf *nb)
{
    const unsigned n_lines = g->m.n_lines;
    switch (bus->addr) {
    case XC_REG_CTRL: {
        uint32_t w = bus->wdata;
        d->mode = XC_FIELD_GET(w, CTRL_MODE);
        if (((w >> XC_CTRL_CLEAR_BIT) & 1u) || (((w >> XC_CTRL_START_BIT) & 1u) && !busy(g))) {
            /* clear, or start of a new exchange: counters and status to zero */
            d->step_cnt = 0;
            d->inj_seen = d->done = d->conflict_seen = 0;
            d->cycles = d->delivered = d->conflicts = 0;
            d->running = 0;
            if ((w >> XC_CTRL_CLEAR_BIT) & 1u) {
                d->cfg_ptr = d->msg_ptr = 0;
                clear_buf(&g->m, nb);
            } else if (d->mode != XC_MODE_TABLE) {
                d->running = 1;
            }
        }
        if (((w >> XC_CTRL_STEP_BIT) & 1u) && !((w >> XC_CTRL_CLEAR_BIT) & 1u) && !g->running &&
            d->step_cnt < n_lines)
            d->step_pending = 1;
        break;
    }
    case XC_REG_CFG_PTR: d->cfg_ptr = bus->wdata; break;
    case XC_REG_CFG_DATA:
        if (g->cfg_ptr < g->cfg_words) {
            g->cfg[g->cfg_ptr] = bus->wdata;
            g->m_stale = 1;
        }
        d->cfg_ptr = g->cfg_ptr + 1;
        break;
    case XC_REG_MSG_PTR: d->msg_ptr = bus->wdata; break;
    case XC_REG_MSG_DATA:
        if (g->msg_ptr < n_lines * n_lines) { /* MSG_PTR counts j*N + x: stored at x*N + j */
            const uint32_t j = g->msg_ptr / n_lines, x = g->msg_ptr % n_lines;
            g->msg[x * n_lines + j] = bus->wdata & ((1u << XC_MSG_W) - 1u);
        }
        d->msg_ptr = g->msg_ptr + 1;
        break;
    default: break;
    }
}

void xc_gm_min_tick(xc_gm_min *g, const xc_hw_bus *bus)
{
    const xc_min *m = &g->m;
    const unsigned n_lines = m->n_lines, n = m->log_n;
    xc_min_obs *q = &g->obs;
    const struct gm_buf *c = &g->buf[g->cur];
    struct gm_buf *nb = &g->buf[g->cur ^ 1u];

    /* bus read: the registers as they are before this edge */
    uint32_t rdata_d = bus->re ? read_reg(g, bus->addr) : q->rdata;

    /* the injection registers, then the stages, each from the level before it */
    int inject = (g->running || g->step_pending) && g->step_cnt < n_lines;
    inject_wave(g, inject, nb);
    unsigned conflicts = 0, in_flight = 0;
    /* the XOR tables when a wave needs them, not at every CFG_DATA write */
    if (g->m_stale && g->mode == XC_MODE_XOR) {
        int waves = inject;
        for (unsigned k = 0; k < n; k++)
            waves |= c->live[k] != 0;
        if (waves)
            take_m_bits(g);
    }
    if (c->any || nb->any) {
        unsigned any_set = 0;
        if (g->mode == XC_MODE_XOR) {
            any_set = stages_xor(g, c, nb, &in_flight);
        } else {
            for (unsigned k = 0; k < n; k++) {
                stage(g, k, c, nb, &conflicts);
                any_set |= nb->set_live[k];
            }
            for (unsigned k = 0; k < n; k++)
                in_flight |= nb->live[k];
        }
        nb->any = in_flight || nb->live[n] || any_set;
    } else { /* an idle network (both buffers empty): no work per stage */
        in_flight = nb->live[0];
        nb->any = in_flight != 0;
    }

    /* counters, from the next state (the flags are 0 or 1: | and &
     * where || and && would branch) */
    struct next_regs d = {.step_cnt = g->step_cnt + (unsigned)inject, .mode = g->mode,
                          .inj_seen = g->inj_seen | inject, .conflict_seen = g->conflict_seen | (conflicts != 0),
                          .running = 0, .step_pending = 0, .cycles = q->cycles,
                          .delivered = q->delivered + nb->live[n], .conflicts = q->conflicts + conflicts,
                          .cfg_ptr = g->cfg_ptr, .msg_ptr = g->msg_ptr};
    d.cycles += (uint32_t)((inject | g->inj_seen) & !g->done);
    d.done = g->done | (d.inj_seen & (d.step_cnt == n_lines) & !in_flight);
    d.running = g->running & (d.step_cnt < n_lines);

    /* bus write: takes effect at this edge, after the reads above */
    if (bus->we)
        bus_write(g, bus, &d, nb);

    /* commit: the next buffer becomes the registered state */
    g->cur ^= 1u;
    q->flit = nb->flit;
    q->set = nb->set;
    g->mode = d.mode;
    g->step_cnt = d.step_cnt;
    g->running = d.running;
    g->step_pending = d.step_pending;
    g->inj_seen = d.inj_seen;
    g->done = d.done;
    g->conflict_seen = d.conflict_seen;
    g->cfg_ptr = d.cfg_ptr;
    g->msg_ptr = d.msg_ptr;
    q->rdata = rdata_d;
    q->cycles = d.cycles;
    q->delivered = d.delivered;
    q->conflicts = d.conflicts;
    q->injected = d.step_cnt;
    q->status = (uint32_t)busy(g) << XC_STATUS_BUSY_BIT | (uint32_t)g->done << XC_STATUS_DONE_BIT |
                (uint32_t)g->conflict_seen << XC_STATUS_CONFLICT_BIT;
}
