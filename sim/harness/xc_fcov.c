/* SPDX-License-Identifier: MIT */
#include "xc_fcov.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_flit.h"
#include "xc_fs.h"
#include "xc_partial.h"
#include "xc_grow.h"
#include "xc_version.h"

enum { KIND_SEND, KIND_FORWARD, KIND_RECEIVE, KIND_IDLE, N_KINDS, N_CODES = 16 };
static const char *const kind_names[N_KINDS] = {"send", "forward", "receive", "idle"};

struct xc_fcov {
    int is_pn;
    char net[260];
    unsigned long cycles;   /* observed */
    /* a MIN: log_n stages, half switches, n_lines steps */
    unsigned log_n, half, n_lines;
    unsigned long *sw_state; /* [stage][switch][straight, cross] */
    unsigned long *step_state; /* [stage][step][straight, cross] */
    unsigned long conflicts; /* the conflict counter's last value */
    /* routers */
    unsigned nodes, ports;
    unsigned long step_cycles; /* cycles of a running step */
    unsigned long *port_kind; /* [node][port][kind] */
    unsigned long code_routers[N_CODES]; /* routers whose first error has this code */
};

xc_fcov *xc_fcov_new_min(const xc_min *m)
{
    xc_fcov *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->log_n = m->log_n;
    f->half = m->n_lines / 2;
    f->n_lines = m->n_lines;
    xc_min_spec(m, f->net, sizeof f->net);
    f->sw_state = calloc((size_t)f->log_n * f->half * 2, sizeof *f->sw_state);
    f->step_state = calloc((size_t)f->log_n * f->n_lines * 2, sizeof *f->step_state);
    if (!f->sw_state || !f->step_state) {
        xc_fcov_free(f);
        return NULL;
    }
    return f;
}

xc_fcov *xc_fcov_new_pn(const xc_pn_hw *hw)
{
    xc_fcov *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->is_pn = 1;
    f->nodes = hw->nodes;
    f->ports = hw->ports;
    snprintf(f->net, sizeof f->net, "%s", hw->net.spec);
    f->port_kind = calloc((size_t)f->nodes * f->ports * N_KINDS, sizeof *f->port_kind);
    if (!f->port_kind) {
        xc_fcov_free(f);
        return NULL;
    }
    return f;
}

/* Switch h of stage k had a flit when one of its outputs (lines 2h, 2h+1
 * of level k+1) holds one; its setting then counts, under the flit's step. */
void xc_fcov_min_cycle(xc_fcov *f, const xc_min_obs *obs)
{
    f->cycles++;
    for (unsigned k = 0; k < f->log_n; k++) {
        const xc_flit *out = obs->flit + (size_t)(k + 1) * f->n_lines;
        for (unsigned h = 0; h < f->half; h++) {
            const xc_flit a = out[2 * h], b = out[2 * h + 1];
            if (!xc_flit_valid(a) && !xc_flit_valid(b))
                continue;
            const unsigned s = obs->set[(size_t)k * f->half + h] ? 1 : 0;
            const unsigned x = xc_flit_step(xc_flit_valid(a) ? a : b) % f->n_lines;
            f->sw_state[((size_t)k * f->half + h) * 2 + s]++;
            f->step_state[((size_t)k * f->n_lines + x) * 2 + s]++;
        }
    }
    f->conflicts = obs->conflicts;
}

/* Only cycles of a running step count (status bit 0, a step register
 * above 0): the bus cycles that load the tables have no port activity. */
void xc_fcov_pn_cycle(xc_fcov *f, const xc_pn_obs *obs)
{
    f->cycles++;
    if ((obs->status & 1u) && obs->step > 0) {
        f->step_cycles++;
        for (unsigned v = 0; v < f->nodes; v++)
            for (unsigned p = 0; p < f->ports; p++) {
                const size_t i = (size_t)v * f->ports + p;
                const xc_flit l = obs->link[i], d = obs->dlv[i];
                unsigned long *c = f->port_kind + i * N_KINDS;
                if (xc_flit_valid(l))
                    c[xc_flit_src(l) == v ? KIND_SEND : KIND_FORWARD]++;
                if (xc_flit_valid(d))
                    c[KIND_RECEIVE]++;
                if (!xc_flit_valid(l) && !xc_flit_valid(d))
                    c[KIND_IDLE]++;
            }
    }
    /* the first error of each router stays until cleared: the last cycle's
     * codes are the run's */
    for (unsigned c = 0; c < N_CODES; c++)
        f->code_routers[c] = 0;
    for (unsigned v = 0; v < f->nodes; v++)
        if (obs->err[v] & 15u)
            f->code_routers[obs->err[v] & 15u]++;
}

/* "name": [[a, b, ...], ...]: rows of n counts, stride apart, at field. */
static void write_rows(FILE *out, const char *name, const unsigned long *c, unsigned rows, unsigned n,
                       unsigned stride, unsigned field)
{
    fprintf(out, "  \"%s\": [", name);
    for (unsigned r = 0; r < rows; r++) {
        fprintf(out, "%s[", r ? ", " : "");
        for (unsigned i = 0; i < n; i++)
            fprintf(out, "%s%lu", i ? ", " : "", c[((size_t)r * n + i) * stride + field]);
        fprintf(out, "]");
    }
    fprintf(out, "],\n");
}

static void write_min(const xc_fcov *f, FILE *out)
{
    fprintf(out, "  \"stages\": %u, \"switches\": %u, \"steps\": %u,\n", f->log_n, f->half, f->n_lines);
    fprintf(out, "  \"comment\": \"counts of cycles a switch had a flit, by [stage][switch] and [stage][step]\",\n");
    write_rows(out, "switch_straight", f->sw_state, f->log_n, f->half, 2, 0);
    write_rows(out, "switch_cross", f->sw_state, f->log_n, f->half, 2, 1);
    write_rows(out, "step_straight", f->step_state, f->log_n, f->n_lines, 2, 0);
    write_rows(out, "step_cross", f->step_state, f->log_n, f->n_lines, 2, 1);
    fprintf(out, "  \"conflicts\": %lu\n", f->conflicts);
}

static void write_pn(const xc_fcov *f, FILE *out)
{
    fprintf(out, "  \"nodes\": %u, \"ports\": %u, \"step_cycles\": %lu,\n", f->nodes, f->ports, f->step_cycles);
    fprintf(out, "  \"comment\": \"counts of step cycles by [node][port]; errors: routers by first error code\",\n");
    for (unsigned k = 0; k < N_KINDS; k++)
        write_rows(out, kind_names[k], f->port_kind, f->nodes, f->ports, N_KINDS, k);
    fprintf(out, "  \"errors\": {");
    int first = 1;
    for (unsigned c = 1; c < N_CODES; c++)
        if (f->code_routers[c]) {
            fprintf(out, "%s\"%u\": {\"name\": \"%s\", \"routers\": %lu}", first ? "" : ", ", c, xc_pn_err_name(c),
                    f->code_routers[c]);
            first = 0;
        }
    fprintf(out, "},\n  \"error_names\": {");
    for (unsigned c = 1; c < N_CODES && strcmp(xc_pn_err_name(c), "unknown"); c++)
        fprintf(out, "%s\"%u\": \"%s\"", c > 1 ? ", " : "", c, xc_pn_err_name(c));
    fprintf(out, "}\n");
}

int xc_fcov_write(const xc_fcov *f, const char *path)
{
    char tmp[4200];
    if (xc_mkdir_for(path) != 0 || xc_fs_tmp_name(tmp, sizeof tmp, path) != 0)
        return -1;
    xc_partial_add(tmp, 0); /* a stop signal removes it */
    FILE *out = fopen(tmp, "w");
    if (!out) {
        xc_partial_done(tmp);
        return -1;
    }
    fprintf(out, "{\n  \"version\": \"%s\",\n  \"schema\": \"xchg-fcov/1\",\n  \"net\": \"%s\",\n  \"family\": \"%s\",\n  \"cycles\": %lu,\n",
            XC_VERSION, f->net, f->is_pn ? "routers" : "min", f->cycles);
    if (f->is_pn)
        write_pn(f, out);
    else
        write_min(f, out);
    fprintf(out, "}\n");
    const int rc = xc_fs_close_rename(out, tmp, path);
    xc_partial_done(tmp);
    return rc;
}

void xc_fcov_free(xc_fcov *f)
{
    if (!f)
        return;
    XC_FREE_ALL(f->sw_state, f->step_state, f->port_kind, f);
}
