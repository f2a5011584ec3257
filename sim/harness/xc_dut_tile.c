/* SPDX-License-Identifier: MIT */
#include "xc_dut_tile.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_consts.h"
#include "xc_fs.h"
#include "xc_grow.h"
#include "xc_model_cache.h"
#include "xc_par_int.h"
#include "xc_paths.h"
#include "xc_pn_rtl_int.h"
#include "xc_pn_tile.h"

enum { NSIG = XC_PN_N_CTRL_SIG, ERR_NOW_W = XC_PN_ERR_CODE_W + XC_PN_ERR_PORT_W };

/* A Verilated port's storage: 1, 2, 4 or 8 bytes or 32-bit words,
 * little-endian alike (xc_port_ref, sim/shim/xchg_pn_scopes.h). */
typedef struct tport {
    uint8_t *p;
    unsigned bytes;
} tport;

/* The send bits of the block across port e of a block, shifted so that
 * its router j's bit of the port facing back lands on bit j*NPorts + e
 * of slice e of the block's xarr_i (as the flat top's xarr_b<i>). */
typedef struct arr_job {
    uint32_t dst, src, e; /* blocks, port */
    int64_t shift;        /* source bit of slice bit t: t + shift */
} arr_job;

struct xc_dut_tile {
    xc_pn_hw hw;                    /* the network's, block: the tile's */
    uint32_t nblk, B, E, XL;
    void *blib, *clib, *ctl, *ahead, **blk;
    void *(*b_open)(int, const char **, const char *);
    void (*b_reset)(void *, int), (*b_tick)(void *), (*b_close)(void *);
    int (*b_port)(void *, const char *, void **, unsigned *);
    int (*b_node_ports)(void *, const char *, const uint32_t **, const uint32_t **, const uint8_t **,
                        const uint16_t **, const uint8_t **, unsigned *, unsigned *);
    int (*b_mem)(void *, const char *, const char *, void **, unsigned *, unsigned *, unsigned *);
    void *(*c_open)(int, const char **);
    void (*c_bus)(void *, int, int, unsigned, uint32_t);
    void (*c_reset)(void *, int), (*c_eval)(void *, int), (*c_tick)(void *), (*c_close)(void *);
    int (*c_port)(void *, const char *, void **, unsigned *);
    tport csig[NSIG], c_dlv, c_err, c_obs, c_rdata; /* the ahead controller's signals, ctl's others */
    uint8_t bus_sig[NSIG];          /* signal k comes from the bus (xc_pn_tile_bus_sig) */
    uint8_t *last[NSIG];            /* the value of signal k every block holds */
    int copied;                     /* bit 1: the bus signals copied once, bit 0: the others */
    tport *bsig;                    /* block b's signal k at b*NSIG + k */
    tport *b_xin, *b_xarr, *b_xout, *b_xsend, *b_dlv, *b_err, *b_any;
    uint8_t **lane_dst, **lane_src; /* a block's B lanes across a port: 8*B bytes copied every cycle */
    size_t n_lanes, n_arr;
    arr_job *arr;
    int err_on;                     /* the controller's err_now_i holds a non-zero word */
    int arr_words, dlv_bytes;       /* B*NPorts a multiple of 64, of 8: the plain copies below */
    xc_par *par;                    /* the threads that evaluate the blocks (NULL: this one) */
    uint8_t any_part[64];           /* part k's blocks raised err_any_o */
};

/* 64 bits of t from byte at on (0 beyond its end). */
static uint64_t load64(const tport *t, uint64_t at)
{
    uint64_t v = 0;
    if (at + 8 <= t->bytes)
        memcpy(&v, t->p + at, 8);
    else
        for (uint64_t i = 0; at + i < t->bytes && i < 8; i++)
            v |= (uint64_t)t->p[at + i] << (8 * i);
    return v;
}

static void store64(tport *t, uint64_t at, uint64_t v)
{
    if (at + 8 <= t->bytes)
        memcpy(t->p + at, &v, 8);
    else
        for (uint64_t i = 0; at + i < t->bytes && i < 8; i++)
            t->p[at + i] = (uint8_t)(v >> (8 * i));
}

/* 32 bits of t from bit `bit` on: 0 where bit + k < 0 or past the end. */
static uint32_t get32(const tport *t, int64_t bit)
{
    if (bit < 0)
        return bit <= -32 ? 0 : (uint32_t)(load64(t, 0) << -bit);
    return (uint32_t)(load64(t, (uint64_t)bit >> 3) >> (bit & 7));
}

/* The n <= 32 low bits of v into t at bit `bit`. */
static void put_bits(tport *t, uint64_t bit, uint32_t n, uint32_t v)
{
    const uint64_t at = bit >> 3, mask = (n == 32 ? 0xffffffffull : (1ull << n) - 1) << (bit & 7);
    store64(t, at, (load64(t, at) & ~mask) | ((uint64_t)v << (bit & 7) & mask));
}

/* n bits of src from bit soff (may be negative: zeros shift in) into dst
 * at bit doff, 32 at a time. */
static void copy_bits(tport *dst, uint64_t doff, const tport *src, int64_t soff, uint64_t n)
{
    if (!((doff | n) & 7) && soff >= 0 && !(soff & 7) && doff / 8 + n / 8 <= dst->bytes &&
        (uint64_t)soff / 8 + n / 8 <= src->bytes) { /* whole bytes: a block's deliveries, mostly */
        memcpy(dst->p + doff / 8, src->p + soff / 8, n / 8);
        return;
    }
    if (src->bytes <= 8 && (doff & 7) + n <= 64) { /* a word into a word: the send bits, mostly */
        const uint64_t v = load64(src, 0), at = doff >> 3, sh = doff & 7;
        const uint64_t w = soff >= 64 || soff <= -64 ? 0 : soff >= 0 ? v >> soff : v << -soff;
        const uint64_t mask = (n == 64 ? ~0ull : (1ull << n) - 1) << sh;
        store64(dst, at, (load64(dst, at) & ~mask) | (w << sh & mask));
        return;
    }
    for (uint64_t k = 0; k < n; k += 32)
        put_bits(dst, doff + k, n - k < 32 ? (uint32_t)(n - k) : 32, get32(src, soff + (int64_t)k));
}

/* n 64-bit words of src shifted right by s bits (left by -s), |s| < 64,
 * zeros shifting in, into dst: a slice of send bits when B*NPorts is a
 * multiple of 64 (copy_bits' 32 bits at a time cost 10 instructions a
 * router-cycle at torus:16x16). */
static void shift_words(uint8_t *dst, const uint8_t *src, size_t n, int64_t s)
{
    for (size_t w = 0; w < n; w++) {
        uint64_t cur, other = 0, out;
        memcpy(&cur, src + 8 * w, 8);
        if (s >= 0) {
            if (w + 1 < n)
                memcpy(&other, src + 8 * (w + 1), 8);
            out = s ? cur >> s | other << (64 - s) : cur;
        } else {
            if (w)
                memcpy(&other, src + 8 * (w - 1), 8);
            out = cur << -s | other >> (64 + s);
        }
        memcpy(dst + 8 * w, &out, 8);
    }
}

/* Whether n bytes at a and b are equal: the sizes of Verilated ports
 * inline, the others through memcmp (a call for each of the 21 signals
 * twice a cycle cost 3 instructions a router-cycle at torus:16x16). */
static int same(const uint8_t *a, const uint8_t *b, unsigned n)
{
    uint64_t x = 0, y = 0;
    switch (n) {
    case 1:
        return *a == *b;
    case 2:
        memcpy(&x, a, 2), memcpy(&y, b, 2);
        return x == y;
    case 4:
        memcpy(&x, a, 4), memcpy(&y, b, 4);
        return x == y;
    case 8:
        memcpy(&x, a, 8), memcpy(&y, b, 8);
        return x == y;
    default:
        return !memcmp(a, b, n);
    }
}

/* The controller's signals into every block: those it computes from the
 * bus (bus 1) or those from its registers (bus 0). */
static void copy_ctrl(xc_dut_tile *t, int bus)
{
    for (int k = 0; k < NSIG; k++) {
        const tport *c = &t->csig[k];
        /* most signals stay the same for many cycles: each block holds the last copy */
        if (t->bus_sig[k] != bus || (t->copied >> bus & 1 && same(t->last[k], c->p, c->bytes)))
            continue;
        memcpy(t->last[k], c->p, c->bytes);
        for (uint32_t b = 0; b < t->nblk; b++)
            memcpy(t->bsig[(size_t)b * NSIG + k].p, c->p, c->bytes);
    }
    t->copied |= 1 << bus;
}

/* Part k of n of the blocks takes its edge: a block's evaluation reads
 * and writes its own model only (its inputs were copied before). */
static void tick_part(void *ctx, unsigned k, unsigned n)
{
    xc_dut_tile *t = ctx;
    const uint32_t lo = (uint32_t)((uint64_t)t->nblk * k / n), hi = (uint32_t)((uint64_t)t->nblk * (k + 1) / n);
    uint8_t any = 0;
    for (uint32_t b = lo; b < hi; b++) {
        t->b_tick(t->blk[b]);
        any |= *t->b_any[b].p;
    }
    t->any_part[k] = any;
}

/* One cycle, a rising edge of every model. The blocks' leaving lanes and
 * send bits depend on their registers and the controller's signals only
 * (a router's send side never reads its input links, rtl/pn/
 * xchg_pn_saf.v; the crossbar's lanes are registers), and a block
 * registers the controller's register-made signals itself one cycle
 * ahead (sw/pn/xc_pn_tile.c): so the lanes a block left after its last
 * edge are this cycle's, and are copied across, with the controller's
 * signals, before every block takes its edge, in one evaluation (a
 * pulse clock, sw/pn/xc_pn_tile.c): its arrivals settle, the edge
 * follows, and its outputs are the next cycle's after it. Those signals
 * of the next cycle come from a second controller, `ahead`, which takes
 * its edge before the blocks: they do not depend on the deliveries and
 * errors it is not given (xchg_pn_ctrl only counts them). The
 * controller `ctl` takes its edge last, in one evaluation too, with the
 * blocks' deliveries and errors of the cycle, registered at their edge:
 * its observation registers and bus reads are the flat model's. */
void xc_dut_tile_tick(xc_dut_tile *t)
{
    t->c_eval(t->ahead, 0); /* this cycle's bus-made signals */
    copy_ctrl(t, 1);
    t->c_eval(t->ahead, 1); /* the next cycle's register-made signals */
    copy_ctrl(t, 0);
    const size_t lane_bytes = (size_t)t->B * 8;
    for (size_t i = 0; i < t->n_lanes; i++)
        memcpy(t->lane_dst[i], t->lane_src[i], lane_bytes);
    const uint64_t bp = (uint64_t)t->B * t->hw.ports;
    for (size_t i = 0; i < t->n_arr; i++) {
        const arr_job *a = &t->arr[i];
        if (t->arr_words)
            shift_words(t->b_xarr[a->dst].p + a->e * bp / 8, t->b_xsend[a->src].p, bp / 64, a->shift);
        else
            copy_bits(&t->b_xarr[a->dst], a->e * bp, &t->b_xsend[a->src], a->shift, bp);
    }
    xc_par_run(t->par, tick_part, t);
    int any = 0;
    for (unsigned k = 0; k < xc_par_size(t->par); k++)
        any |= t->any_part[k];
    for (uint32_t b = 0; b < t->nblk; b++)
        if (t->dlv_bytes)
            memcpy(t->c_dlv.p + b * bp / 8, t->b_dlv[b].p, bp / 8);
        else
            copy_bits(&t->c_dlv, b * bp, &t->b_dlv[b], 0, bp);
    if (any || t->err_on) /* the flat top's err_now: 0 in a cycle without a new error */
        for (uint32_t b = 0; b < t->nblk; b++)
            copy_bits(&t->c_err, (uint64_t)b * t->B * ERR_NOW_W, &t->b_err[b], 0, (uint64_t)t->B * ERR_NOW_W);
    t->err_on = any;
    t->c_tick(t->ctl);
}

void xc_dut_tile_bus(xc_dut_tile *t, int we, int re, unsigned addr, uint32_t wdata)
{
    t->c_bus(t->ctl, we, re, addr, wdata);
    t->c_bus(t->ahead, we, re, addr, wdata);
}

void xc_dut_tile_observe_ctl(xc_dut_tile *t, uint32_t regs[9])
{
    regs[0] = get32(&t->c_rdata, 0);
    for (unsigned i = 0; i < 8; i++)
        regs[1 + i] = get32(&t->c_obs, 32 * i);
}

void xc_dut_tile_scope(const xc_dut_tile *t, uint32_t v, char *buf, size_t cap)
{
    snprintf(buf, cap, "t%u/u_b0.u_r%u", v / t->B, v % t->B);
}

int xc_dut_tile_node_ports(xc_dut_tile *t, uint32_t v, const uint32_t **link, const uint32_t **dlv,
                           const uint8_t **dlv_on, const uint16_t **err, const uint8_t **send, unsigned *send_bytes,
                           unsigned *dlv_lanes)
{
    char scope[48];
    snprintf(scope, sizeof scope, "u_b0.u_r%u", v % t->B);
    return t->b_node_ports(t->blk[v / t->B], scope, link, dlv, dlv_on, err, send, send_bytes, dlv_lanes);
}

int xc_dut_tile_mem(xc_dut_tile *t, uint32_t v, const char *sub, const char *var, void **data, unsigned *bytes,
                    unsigned *count, unsigned *bits)
{
    char scope[160];
    snprintf(scope, sizeof scope, "u_b0.u_r%u%s%s", v % t->B, *sub ? "." : "", sub);
    return t->b_mem(t->blk[v / t->B], scope, var, data, bytes, count, bits);
}

/* The tiled model's Verilog, the same file in both models' folders. */
static xc_status write_tile(void *ctx, const char *obj, xc_err *err)
{
    const xc_pn_hw *hw = ctx;
    char path[1300], *text = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&text, &len);
    if (!mf)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    xc_pn_tile_write(mf, hw);
    fclose(mf);
    const int rc = text && !xc_path(path, sizeof path, "%s/xchg_pn_tile.v", obj) ? xc_model_put(path, text, len) : -1;
    free(text);
    return rc ? xc_fail(err, XC_EIO, "cannot write %s", path) : XC_OK;
}

/* Builds (if needed) and loads the block model (folder sub of dir) and
 * the controller model (dir/tile_ctl). */
static xc_status load(xc_dut_tile *t, const char *dir, const char *sub, int faults, const xc_dut_opts *opts,
                      double *built_s, xc_err *err)
{
    static const char *const bnames[] = {"xchg_pnt_open", "xchg_pnt_reset", "xchg_pnt_tick", "xchg_pnt_close",
                                         "xchg_pnt_port", "xchg_pnt_node_ports", "xchg_pnt_mem"};
    static const char *const cnames[] = {"xchg_pnc_open", "xchg_pnc_reset", "xchg_pnc_eval", "xchg_pnc_close",
                                         "xchg_pnc_port", "xchg_pnc_bus", "xchg_pnc_tick"};
    const char *const bargs[] = {"pn_tile", "TRACE=0", faults ? "FAULTS=1" : "FAULTS=0", NULL};
    const char *const cargs[] = {"pn_ctl", "TRACE=0", NULL};
    char bdir[1200], cdir[1200], bso[1300], cso[1300];
    double bs = 0, cs = 0;
    if (xc_path(bdir, sizeof bdir, "%s/%s", dir, sub) || xc_path(cdir, sizeof cdir, "%s/tile_ctl", dir))
        return xc_fail(err, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
    const xc_model_req breq = {.dir = bdir, .what = t->hw.net.spec, .lib = "libxchg_pnt.so", .make_args = bargs,
                               .inputs = write_tile, .ctx = &t->hw, .quiet = opts->quiet};
    const xc_model_req creq = {.dir = cdir, .what = t->hw.net.spec, .lib = "libxchg_pnc.so", .make_args = cargs,
                               .inputs = write_tile, .ctx = &t->hw, .quiet = opts->quiet};
    xc_status st = xc_model_get(&breq, bso, sizeof bso, &bs, err);
    if (!st)
        st = xc_model_get(&creq, cso, sizeof cso, &cs, err);
    *built_s = bs + cs;
    if (st)
        return st;
    if (opts->built) { /* --build-only */
        *opts->built = 1;
        return xc_fail(err, XC_ECHECK, "--build-only: the models %s and %s are ready; not run", bso, cso);
    }
    void *bf[7], *cf[7];
    if ((st = xc_dut_dlopen(bso, bnames, bf, 7, &t->blib, err)) ||
        (st = xc_dut_dlopen(cso, cnames, cf, 7, &t->clib, err)))
        return st;
    *(void **)&t->b_open = bf[0], *(void **)&t->b_reset = bf[1], *(void **)&t->b_tick = bf[2];
    *(void **)&t->b_close = bf[3], *(void **)&t->b_port = bf[4], *(void **)&t->b_node_ports = bf[5];
    *(void **)&t->b_mem = bf[6];
    *(void **)&t->c_open = cf[0], *(void **)&t->c_reset = cf[1], *(void **)&t->c_eval = cf[2];
    *(void **)&t->c_close = cf[3], *(void **)&t->c_port = cf[4], *(void **)&t->c_bus = cf[5];
    *(void **)&t->c_tick = cf[6];
    return XC_OK;
}

static int port_of(int (*fn)(void *, const char *, void **, unsigned *), void *h, const char *name, tport *out)
{
    void *p;
    return fn(h, name, &p, &out->bytes) ? -1 : (out->p = p, 0);
}

/* The ports of the controller and of block b, and the block's constant
 * inputs: its first node and its routers' link masks. */
static xc_status find_ports(xc_dut_tile *t, uint32_t b, xc_err *err)
{
    void *h = t->blk[b];
    tport base, mask, *s = &t->bsig[(size_t)b * NSIG];
    int bad = port_of(t->b_port, h, "base_i", &base) || port_of(t->b_port, h, "link_mask_i", &mask) ||
              port_of(t->b_port, h, "xin_i", &t->b_xin[b]) || port_of(t->b_port, h, "xarr_i", &t->b_xarr[b]) ||
              port_of(t->b_port, h, "xout_o", &t->b_xout[b]) || port_of(t->b_port, h, "xsend_o", &t->b_xsend[b]) ||
              port_of(t->b_port, h, "dlv_now_o", &t->b_dlv[b]) || port_of(t->b_port, h, "err_now_o", &t->b_err[b]) ||
              port_of(t->b_port, h, "err_any_o", &t->b_any[b]);
    for (int k = 0; k < NSIG && !bad; k++)
        bad = port_of(t->b_port, h, xc_pn_ctrl_sig[k], &s[k]) || s[k].bytes != t->csig[k].bytes;
    if (bad)
        return xc_fail(err, XC_ETOOL, "the tiled model's block has not the ports of %s", t->hw.net.spec);
    put_bits(&base, 0, XC_ADDR_W, b * t->B);
    for (uint32_t j = 0; j < t->B; j++)
        for (uint32_t p = 0; p < t->hw.ports; p++)
            put_bits(&mask, (uint64_t)j * t->hw.ports + p, 1, xc_topo_neighbor(&t->hw.net, b * t->B + j, p) >= 0);
    return XC_OK;
}

/* What crosses between blocks, as the flat top's block instances are
 * wired (sw/pn/xc_pn_rtl.c write_block_instances): port e < E of block
 * i's router j takes the lane of router j of the block across e (its
 * lane of the port facing back, with a lane a port); the send bits as
 * arr_job says. */
static xc_status wire_blocks(xc_dut_tile *t, xc_err *err)
{
    const uint32_t B = t->B;
    const uint64_t bp = (uint64_t)B * t->hw.ports;
    t->arr_words = bp % 64 == 0 && t->b_xsend[0].bytes == bp / 8 && t->b_xarr[0].bytes == t->E * bp / 8;
    t->dlv_bytes = bp % 8 == 0 && t->b_dlv[0].bytes >= bp / 8 && t->c_dlv.bytes >= t->nblk * bp / 8;
    t->lane_dst = calloc((size_t)t->nblk * t->E, sizeof *t->lane_dst);
    t->lane_src = calloc((size_t)t->nblk * t->E, sizeof *t->lane_src);
    t->arr = calloc((size_t)t->nblk * t->E, sizeof *t->arr);
    if (!t->lane_dst || !t->lane_src || !t->arr)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    for (uint32_t i = 0; i < t->nblk; i++)
        for (uint32_t e = 0; e < t->E; e++) {
            const int64_t nb = xc_topo_neighbor(&t->hw.net, i * B, e);
            if (nb < 0)
                continue; /* a path end: its lanes and arrivals stay 0 */
            const int64_t bp = xc_topo_back_port(&t->hw.net, i * B, e);
            const uint32_t src = (uint32_t)(nb / B), lane = t->XL == 1 ? 0 : (uint32_t)bp;
            /* router j's lane at lane*B + j, its arrival at e*B + j: one run of B lanes */
            t->lane_dst[t->n_lanes] = t->b_xin[i].p + (size_t)e * B * 8;
            t->lane_src[t->n_lanes++] = t->b_xout[src].p + (size_t)lane * B * 8;
            t->arr[t->n_arr++] = (arr_job){.dst = i, .src = src, .e = e, .shift = bp - e};
        }
    return XC_OK;
}

/* Opens the controller and every block, finds their ports and wires them. */
static xc_status open_models(xc_dut_tile *t, const xc_dut_opts *opts, xc_err *err)
{
    const char *argv[XC_DUT_PLUSARGS + 2] = {"xchg"};
    int argc = 1;
    for (int i = 0; i < XC_DUT_PLUSARGS && opts->plusargs[i]; i++)
        argv[argc++] = opts->plusargs[i];
    const char *quiet[XC_DUT_PLUSARGS + 2]; /* the ahead controller's: not +xchg_verbose, said once */
    int nq = 0;
    for (int i = 0; i < argc; i++)
        if (strncmp(argv[i], "+xchg_verbose", 13))
            quiet[nq++] = argv[i];
    t->ctl = t->c_open(argc, argv);
    t->ahead = t->c_open(nq, quiet);
    for (int k = 0; k < NSIG; k++) {
        t->bus_sig[k] = (uint8_t)xc_pn_tile_bus_sig((size_t)k);
        if (port_of(t->c_port, t->ahead, xc_pn_ctrl_sig[k], &t->csig[k]))
            return xc_fail(err, XC_ETOOL, "the tiled model's controller has no %s", xc_pn_ctrl_sig[k]);
        if (!(t->last[k] = malloc(t->csig[k].bytes)))
            return xc_fail(err, XC_ENOMEM, "out of memory");
    }
    if (port_of(t->c_port, t->ctl, "dlv_now_i", &t->c_dlv) || port_of(t->c_port, t->ctl, "err_now_i", &t->c_err) ||
        port_of(t->c_port, t->ctl, "obs_regs_o", &t->c_obs) || port_of(t->c_port, t->ctl, "bus_rdata_o", &t->c_rdata))
        return xc_fail(err, XC_ETOOL, "the tiled model's controller has not the ports of %s", t->hw.net.spec);
    t->blk = calloc(t->nblk, sizeof *t->blk);
    t->bsig = calloc((size_t)t->nblk * NSIG, sizeof *t->bsig);
    tport **pp[] = {&t->b_xin, &t->b_xarr, &t->b_xout, &t->b_xsend, &t->b_dlv, &t->b_err, &t->b_any};
    for (size_t i = 0; i < sizeof pp / sizeof pp[0]; i++)
        *pp[i] = calloc(t->nblk, sizeof **pp[i]);
    if (!t->blk || !t->bsig || !t->b_xin || !t->b_xarr || !t->b_xout || !t->b_xsend || !t->b_dlv || !t->b_err ||
        !t->b_any)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    xc_status st = XC_OK;
    for (uint32_t b = 0; b < t->nblk && !st; b++) {
        char name[24];
        snprintf(name, sizeof name, "t%u", b);
        t->blk[b] = t->b_open(argc, argv, name);
        st = find_ports(t, b, err);
    }
    return st ? st : wire_blocks(t, err);
}

xc_status xc_dut_tile_open(xc_dut_tile **out, const xc_pn_hw *hw, const char *dir, const xc_dut_opts *opts,
                           double *built_s, xc_err *err)
{
    int faults = opts->faults;
    for (int i = 0; i < XC_DUT_PLUSARGS && opts->plusargs[i]; i++)
        faults |= !strncmp(opts->plusargs[i], "+xchg_f", 7);
    *out = NULL;
    *built_s = 0;
    xc_dut_tile *t = calloc(1, sizeof *t);
    if (!t)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    t->hw = *hw;
    t->hw.block = t->B = xc_pn_tile_block_pick(&hw->net);
    t->nblk = hw->nodes / t->B;
    t->E = xc_pn_rtl_ext_ports(&t->hw);
    t->XL = xc_pn_out_lanes(hw) == 1 ? 1 : t->E;
    xc_status st = load(t, dir, faults ? "tile_lean_faults" : "tile_lean", faults, opts, built_s, err);
    if (!st)
        st = open_models(t, opts, err);
    const unsigned threads = opts->threads < t->nblk ? opts->threads : t->nblk; /* a block at least a thread */
    if (!st)
        st = xc_par_open(&t->par, threads ? threads : 1, err);
    if (st) {
        xc_dut_tile_close(t);
        return st;
    }
    t->c_reset(t->ctl, 1); /* the reset edge, as the flat shim's (xc_shim_open) */
    t->c_reset(t->ahead, 1);
    for (uint32_t b = 0; b < t->nblk; b++)
        t->b_reset(t->blk[b], 1);
    xc_dut_tile_tick(t); /* the blocks register their node ids and link masks */
    xc_dut_tile_tick(t);
    t->c_reset(t->ctl, 0);
    t->c_reset(t->ahead, 0);
    for (uint32_t b = 0; b < t->nblk; b++)
        t->b_reset(t->blk[b], 0);
    *out = t;
    return XC_OK;
}

void xc_dut_tile_close(xc_dut_tile *t)
{
    if (!t)
        return;
    xc_par_close(t->par);
    for (uint32_t b = 0; t->blk && b < t->nblk; b++)
        if (t->blk[b])
            t->b_close(t->blk[b]);
    if (t->ctl)
        t->c_close(t->ctl);
    if (t->ahead)
        t->c_close(t->ahead);
    if (t->blib)
        dlclose(t->blib);
    if (t->clib)
        dlclose(t->clib);
    for (int k = 0; k < NSIG; k++)
        free(t->last[k]);
    XC_FREE_ALL(t->blk, t->bsig, t->b_xin, t->b_xarr, t->b_xout, t->b_xsend, t->b_dlv, t->b_err, t->b_any,
                t->lane_dst, t->lane_src, t->arr);
    free(t);
}
