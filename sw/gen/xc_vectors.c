/* SPDX-License-Identifier: MIT */
#include "xc_vectors.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xc_consts.h"
#include "xc_fs.h"
#include "xc_partial.h"

enum { F_BUS, F_OBS, F_VH, F_COUNT };
static const char *const names[F_COUNT] = {"bus.hex", "obs.hex", "vectors.vh"};

struct xc_vec {
    char dir[1001];
    char path[F_COUNT][1100], tmp[F_COUNT][1130]; /* dir is at most 1000 characters: they fit */
    FILE *f[F_COUNT];
    unsigned long cycles;
    unsigned obs_bits, pos;
    uint8_t *nib;   /* obs line, one nibble per byte, LSB nibble first */
    char *line;
    int error;       /* errno of the first failed write, 0 while none */
    int error_file;  /* which file it was */
    int made_dir;    /* the folder did not exist: a failed run removes it */
    const xc_min *m; /* the MIN front end's network */
};

/* Closes and removes the temporaries (and the folder, if this run made it
 * and it is empty: a failed --vectors leaves nothing). */
static void drop(xc_vec *v, int failed)
{
    for (int i = 0; i < F_COUNT; i++) {
        if (v->f[i])
            fclose(v->f[i]);
        remove(v->tmp[i]);
        xc_partial_done(v->tmp[i]);
    }
    if (failed && v->made_dir)
        rmdir(v->dir);
    xc_partial_done(v->dir);
    free(v->nib);
    free(v->line);
    free(v);
}

xc_status xc_vec_open_bits(xc_vec **out, const char *dir, unsigned obs_bits, xc_err *err)
{
    *out = NULL;
    struct stat sb;
    if (strlen(dir) > 1000)
        return xc_fail(err, XC_EIO, "--vectors: folder name too long");
    const int made = stat(dir, &sb) != 0;
    if (xc_mkdir_p(dir) != 0)
        return xc_fail(err, XC_EIO, "--vectors '%s': cannot create the folder: %s", dir, strerror(errno));
    xc_vec *v = calloc(1, sizeof *v);
    if (!v) {
        if (made)
            rmdir(dir);
        return xc_fail(err, XC_ENOMEM, "out of memory");
    }
    xc_path(v->dir, sizeof v->dir, "%s", dir);
    v->made_dir = made;
    if (made)
        xc_partial_add(dir, 1);
    v->obs_bits = obs_bits;
    v->nib = calloc((obs_bits + 3) / 4, 1);
    v->line = malloc((obs_bits + 3) / 4 + 2);
    if (!v->nib || !v->line) {
        drop(v, 1);
        return xc_fail(err, XC_ENOMEM, "out of memory");
    }
    for (int i = 0; i < F_COUNT; i++) {
        xc_path(v->path[i], sizeof v->path[i], "%s/%s", dir, names[i]);
        xc_fs_tmp_name(v->tmp[i], sizeof v->tmp[i], v->path[i]);
        xc_partial_add(v->tmp[i], 0);
        if (!(v->f[i] = fopen(v->tmp[i], "w"))) {
            int e = errno;
            drop(v, 1);
            return xc_fail(err, XC_EIO, "--vectors '%s': cannot write %s there: %s", dir, names[i], strerror(e));
        }
    }
    *out = v;
    return XC_OK;
}

/* Notes the first failed write (the run goes on; finishing reports it). */
static void note_error(xc_vec *v, int file)
{
    if (!v->error) {
        v->error = errno ? errno : EIO;
        v->error_file = file;
    }
}

void xc_vec_put(xc_vec *v, uint64_t val, unsigned bits)
{
    for (unsigned b = 0; b < bits && v->pos < v->obs_bits; b++, v->pos++)
        if ((val >> b) & 1u)
            v->nib[v->pos / 4] |= (uint8_t)(1u << (v->pos % 4));
}

void xc_vec_end(xc_vec *v, const xc_hw_bus *bus)
{
    const unsigned digits = (v->obs_bits + 3) / 4;
    for (unsigned d = 0; d < digits; d++)
        v->line[d] = "0123456789abcdef"[v->nib[digits - 1 - d]];
    v->line[digits] = '\n';
    v->line[digits + 1] = '\0';
    uint64_t b = (uint64_t)(bus->we & 1u) << 45 | (uint64_t)(bus->re & 1u) << 44 |
                 (uint64_t)(bus->addr & 0xfffu) << 32 | bus->wdata;
    if (fprintf(v->f[F_BUS], "%012llx\n", (unsigned long long)b) < 0)
        note_error(v, F_BUS);
    if (fputs(v->line, v->f[F_OBS]) < 0)
        note_error(v, F_OBS);
    memset(v->nib, 0, digits);
    v->pos = 0;
    v->cycles++;
}

FILE *xc_vec_header(xc_vec *v) { return v->f[F_VH]; }
unsigned long xc_vec_cycles(const xc_vec *v) { return v->cycles; }
const char *xc_vec_dir(const xc_vec *v) { return v->dir; }

xc_status xc_vec_finish(xc_vec *v, xc_err *err)
{
    if (fprintf(v->f[F_VH], "`define XV_CYCLES %lu\n", v->cycles) < 0 ||
        fprintf(v->f[F_VH], "`define XV_OBS_W %u\n", v->obs_bits) < 0)
        note_error(v, F_VH);
    for (int i = 0; i < F_COUNT; i++) { /* a buffered write fails at the latest on close */
        const int e = xc_fs_close(v->f[i]);
        v->f[i] = NULL;
        if (e) {
            errno = e;
            note_error(v, i);
        }
    }
    for (int i = 0; i < F_COUNT && !v->error; i++) {
        errno = 0;
        if (rename(v->tmp[i], v->path[i]) != 0)
            note_error(v, i);
    }
    if (v->error) {
        const int e = v->error, i = v->error_file;
        for (int k = 0; k < F_COUNT; k++)
            remove(v->path[k]);
        char path[1100];
        xc_path(path, sizeof path, "%s", v->path[i]);
        drop(v, 1);
        return xc_fail(err, XC_EWRITE, "--vectors: cannot write %s: %s", path, strerror(e));
    }
    drop(v, 0);
    return XC_OK;
}

void xc_vec_abort(xc_vec *v)
{
    if (v)
        drop(v, 1);
}

/* ---- the MIN (xchg_min_top) ---- */

xc_status xc_vec_open(xc_vec **out, const char *dir, const xc_min *m, xc_err *err)
{
    *out = NULL;
    if (m->n_lines > XC_VEC_MAX_N)
        return xc_fail(err, XC_ERANGE, "--vectors: N = %u, vectors are written for N <= %u",
                       m->n_lines, XC_VEC_MAX_N);
    unsigned bits = (m->log_n + 1) * m->n_lines * XC_FLIT_W + m->log_n * m->n_lines / 2 + 6 * 32;
    xc_status st = xc_vec_open_bits(out, dir, bits, err);
    if (st == XC_OK)
        (*out)->m = m;
    return st;
}

void xc_vec_cycle(xc_vec *v, const xc_hw_bus *bus, const xc_min_obs *obs)
{
    const xc_min *m = v->m;
    const unsigned flits = (m->log_n + 1) * m->n_lines, sets = m->log_n * m->n_lines / 2;
    for (unsigned i = 0; i < flits; i++)
        xc_vec_put(v, obs->flit[i], XC_FLIT_W);
    for (unsigned i = 0; i < sets; i++)
        xc_vec_put(v, obs->set[i] & 1u, 1);
    const uint32_t regs[] = {obs->rdata, obs->status, obs->cycles, obs->injected, obs->delivered,
                             obs->conflicts};
    for (unsigned r = 0; r < 6; r++)
        xc_vec_put(v, regs[r], 32);
    xc_vec_end(v, bus);
}

static void hex_bits(char *out, size_t cap, const uint8_t *bits, unsigned n)
{
    unsigned digits = (n + 3) / 4, d;
    for (d = 0; d < digits && d + 1 < cap; d++) {
        unsigned i = digits - 1 - d, x = 0;
        for (unsigned b = 0; b < 4; b++)
            if (i * 4 + b < n && bits[i * 4 + b])
                x |= 1u << b;
        out[d] = "0123456789abcdef"[x];
    }
    out[d] = '\0';
}

xc_status xc_vec_close(xc_vec *v, const xc_cfg *m0, const char *l_dec, unsigned mode,
                       unsigned long first_inject, xc_err *err)
{
    const xc_min *m = v->m;
    const unsigned cfg_w = m->n_lines / 2 * m->log_n;
    char spec[64], wiring[128], route[16], cfg[160];
    uint8_t bits[XC_MIN_MAX_N / 2 * 6];
    for (unsigned h = 0; h < m->n_lines / 2; h++)
        for (unsigned k = 0; k < m->log_n; k++)
            bits[h * m->log_n + k] = (uint8_t)xc_cfg_bit(m0, h, k);
    hex_bits(cfg, sizeof cfg, bits, cfg_w);
    xc_min_spec(m, spec, sizeof spec);
    xc_min_wiring_literal(m, wiring, sizeof wiring);
    xc_min_route_literal(m, route, sizeof route);
    FILE *f = xc_vec_header(v);
    fprintf(f, "// Generated by xchg run --vectors: %s, l = %s, golden model.\n", spec, l_dec);
    fprintf(f, "// bus.hex and obs.hex: one line per clock cycle (see sw/gen/xc_vectors.h).\n");
    fprintf(f, "`define XV_NET \"%s\"\n", spec);
    fprintf(f, "`define XV_LOGN %u\n", m->log_n);
    fprintf(f, "`define XV_TOPOLOGY %d\n", m->topo);
    fprintf(f, "`define XV_WIRING %s\n", wiring);
    fprintf(f, "`define XV_ROUTEBITS %s\n", route);
    fprintf(f, "// M^{l,0}: bit h*LogN + k is m_{h,k}\n");
    fprintf(f, "`define XV_CFG0 %u'h%s\n", cfg_w, cfg);
    fprintf(f, "`define XV_MODE %u\n", mode);
    fprintf(f, "// first cycle whose injection registers hold a flit (0: none)\n");
    fprintf(f, "`define XV_FIRST_INJECT %lu\n", first_inject);
    return xc_vec_finish(v, err);
}
