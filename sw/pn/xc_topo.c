/* SPDX-License-Identifier: MIT */
/* Network descriptions, node and port numbering (see xc_topo.h). */
#include "xc_topo.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static xc_status add_dim(xc_net *net, xc_dim_kind kind, uint64_t size, const char *factor, xc_err *err)
{
    if (size < 2)
        return xc_fail(err, XC_ERANGE, "'%s': every size must be >= 2", factor);
    if (net->ndims >= XC_TOPO_MAX_DIMS)
        return xc_fail(err, XC_ERANGE, "'%s': more than %d dimensions", factor, XC_TOPO_MAX_DIMS);
    if ((uint64_t)net->nodes * size > XC_TOPO_MAX_NODES)
        return xc_fail(err, XC_ERANGE, "'%s': more than %u nodes (largest supported network)", net->spec,
                       XC_TOPO_MAX_NODES);
    if (size == 2 && kind == XC_DIM_COMPLETE)
        kind = XC_DIM_RING; /* K2: same graph, same single port */
    xc_dim *d = &net->dim[net->ndims++];
    d->kind = kind;
    d->size = (uint32_t)size;
    switch (kind) {
    case XC_DIM_RING: d->ports = size == 2 ? 1 : 2; break;
    case XC_DIM_PATH: d->ports = 2; break;
    case XC_DIM_COMPLETE: d->ports = (uint32_t)size - 1; break;
    }
    net->nodes *= (uint32_t)size;
    return XC_OK;
}

/* Reads a decimal number at *p (no sign), advancing *p. -1 if none. */
static int64_t read_num(const char **p)
{
    if (!isdigit((unsigned char)**p))
        return -1;
    int64_t v = 0;
    while (isdigit((unsigned char)**p)) {
        v = v * 10 + (**p - '0');
        if (v > 100000000)
            v = 100000000; /* clamp: caught by the size checks */
        (*p)++;
    }
    return v;
}

static const char *const allowed =
    "ring:K, path:K, complete:K, torus:KxK.., mesh:KxK.., ghc:KxK.., hypercube:D, joined by '*'";

/* The network kinds: a factor KIND:SIZE is one dimension, or several for
 * the multi-dimensional kinds (SIZExSIZE..) and the hypercube (D rings of 2). */
static const struct {
    const char *name;
    xc_dim_kind kind;
    int multi;
    int cube;
} kinds[] = {
    {"ring", XC_DIM_RING, 0, 0},     {"path", XC_DIM_PATH, 0, 0},
    {"complete", XC_DIM_COMPLETE, 0, 0}, {"torus", XC_DIM_RING, 1, 0},
    {"mesh", XC_DIM_PATH, 1, 0},     {"ghc", XC_DIM_COMPLETE, 1, 0},
    {"hypercube", XC_DIM_RING, 0, 1},
};

int xc_topo_kind_lookup(const char *name, size_t len)
{
    for (int i = 0; i < (int)(sizeof kinds / sizeof kinds[0]); i++)
        if (strlen(kinds[i].name) == len && !strncmp(name, kinds[i].name, len))
            return i;
    return -1;
}

xc_status xc_topo_parse(const char *spec, xc_net *net, xc_err *err)
{
    memset(net, 0, sizeof *net);
    net->nodes = 1;
    if (!spec || !*spec)
        return xc_fail(err, XC_EINVAL, "empty network description (allowed: %s)", allowed);
    if (strlen(spec) >= XC_TOPO_MAX_SPEC)
        return xc_fail(err, XC_EINVAL, "network description longer than %d characters", XC_TOPO_MAX_SPEC - 1);
    strcpy(net->spec, spec);
    const char *p = spec;
    for (;;) {
        const char *start = p;
        char factor[XC_TOPO_MAX_SPEC];
        size_t flen = strcspn(p, "*");
        memcpy(factor, p, flen);
        factor[flen] = 0;
        const char *colon = strchr(factor, ':');
        if (!colon)
            return xc_fail(err, XC_EINVAL, "'%s': expected KIND:SIZE (allowed: %s)", factor, allowed);
        size_t klen = (size_t)(colon - factor);
        int k = xc_topo_kind_lookup(factor, klen);
        if (k < 0)
            return xc_fail(err, XC_EINVAL, "'%s': unknown network kind '%.*s' (allowed: %s)", factor, (int)klen,
                           factor, allowed);
        const char *q = colon + 1;
        for (;;) {
            int64_t v = read_num(&q);
            if (v < 0)
                return xc_fail(err, XC_EINVAL, "'%s': expected a number after '%.*s' (allowed: %s)", factor,
                               (int)(q - factor), factor, allowed);
            if (kinds[k].cube) {
                if (v < 1)
                    return xc_fail(err, XC_ERANGE, "'%s': hypercube dimension must be >= 1", factor);
                if (v > XC_TOPO_MAX_DIMS)
                    return xc_fail(err, XC_ERANGE, "'%s': more than %d dimensions", factor, XC_TOPO_MAX_DIMS);
                for (int64_t i = 0; i < v; i++) {
                    xc_status st = add_dim(net, XC_DIM_RING, 2, factor, err);
                    if (st)
                        return st;
                }
            } else {
                xc_status st = add_dim(net, kinds[k].kind, (uint64_t)v, factor, err);
                if (st)
                    return st;
            }
            if (*q == 'x' && kinds[k].multi) {
                q++;
                continue;
            }
            break;
        }
        if (*q)
            return xc_fail(err, XC_EINVAL, "'%s': unexpected '%s' (allowed: %s)", factor, q, allowed);
        p = start + flen;
        if (!*p)
            break;
        p++; /* the '*' */
        if (!*p)
            return xc_fail(err, XC_EINVAL, "'%s': nothing after the last '*'", spec);
    }
    uint32_t stride = 1, base = 0;
    for (uint32_t d = net->ndims; d-- > 0;) {
        net->dim[d].stride = stride;
        stride *= net->dim[d].size;
    }
    for (uint32_t d = 0; d < net->ndims; d++) {
        net->dim[d].port_base = base;
        base += net->dim[d].ports;
    }
    net->nports = base;
    return XC_OK;
}

int64_t xc_dim_neighbor(xc_dim_kind kind, uint32_t size, uint32_t x, uint32_t p)
{
    switch (kind) {
    case XC_DIM_RING:
        if (size == 2)
            return p == 0 ? (int64_t)(x ^ 1u) : -1;
        if (p == 0)
            return (x + 1) % size;
        if (p == 1)
            return (x + size - 1) % size;
        return -1;
    case XC_DIM_PATH:
        if (p == 0)
            return x + 1 < size ? (int64_t)x + 1 : -1;
        if (p == 1)
            return x > 0 ? (int64_t)x - 1 : -1;
        return -1;
    case XC_DIM_COMPLETE:
        if (p + 1 < size)
            return (x + p + 1) % size;
        return -1;
    }
    return -1;
}

int64_t xc_dim_port_to(xc_dim_kind kind, uint32_t size, uint32_t x, uint32_t y)
{
    if (x == y || x >= size || y >= size)
        return -1;
    switch (kind) {
    case XC_DIM_RING:
        if (size == 2)
            return 0;
        if (y == (x + 1) % size)
            return 0;
        if (y == (x + size - 1) % size)
            return 1;
        return -1;
    case XC_DIM_PATH:
        if (y == x + 1)
            return 0;
        if (y + 1 == x)
            return 1;
        return -1;
    case XC_DIM_COMPLETE:
        return (int64_t)((y + size - x) % size) - 1;
    }
    return -1;
}

uint32_t xc_dim_dist(xc_dim_kind kind, uint32_t size, uint32_t x, uint32_t y)
{
    uint32_t a = x > y ? x - y : y - x;
    switch (kind) {
    case XC_DIM_RING: return a < size - a ? a : size - a;
    case XC_DIM_PATH: return a;
    case XC_DIM_COMPLETE: return a ? 1 : 0;
    }
    return 0;
}

/* The dimension holding global port port, or ndims. */
static uint32_t dim_of_port(const xc_net *net, uint32_t port)
{
    for (uint32_t d = 0; d < net->ndims; d++)
        if (port < net->dim[d].port_base + net->dim[d].ports)
            return d;
    return net->ndims;
}

int64_t xc_topo_neighbor(const xc_net *net, uint32_t node, uint32_t port)
{
    uint32_t d = dim_of_port(net, port);
    if (d >= net->ndims || node >= net->nodes)
        return -1;
    const xc_dim *dm = &net->dim[d];
    int64_t y = xc_dim_neighbor(dm->kind, dm->size, xc_topo_coord(net, node, d), port - dm->port_base);
    return y < 0 ? -1 : (int64_t)xc_topo_with(net, node, d, (uint32_t)y);
}

void xc_topo_neighbor_table(const xc_net *net, uint32_t *nbr)
{
    for (uint32_t v = 0; v < net->nodes; v++)
        for (uint32_t p = 0; p < net->nports; p++) {
            const int64_t w = xc_topo_neighbor(net, v, p);
            nbr[(size_t)v * net->nports + p] = w < 0 ? UINT32_MAX : (uint32_t)w;
        }
}

int64_t xc_topo_port_to(const xc_net *net, uint32_t node, uint32_t other)
{
    if (node >= net->nodes || other >= net->nodes)
        return -1;
    int64_t found = -1;
    for (uint32_t d = 0; d < net->ndims; d++) {
        uint32_t a = xc_topo_coord(net, node, d), b = xc_topo_coord(net, other, d);
        if (a == b)
            continue;
        if (found >= 0)
            return -1; /* differ in two coordinates */
        int64_t p = xc_dim_port_to(net->dim[d].kind, net->dim[d].size, a, b);
        if (p < 0)
            return -1;
        found = p + net->dim[d].port_base;
    }
    return found;
}

int64_t xc_topo_back_port(const xc_net *net, uint32_t node, uint32_t port)
{
    int64_t y = xc_topo_neighbor(net, node, port);
    return y < 0 ? -1 : xc_topo_port_to(net, (uint32_t)y, node);
}

void xc_dim_name(const xc_dim *dim, char *buf, unsigned len)
{
    const char *k = dim->kind == XC_DIM_RING ? "ring" : dim->kind == XC_DIM_PATH ? "path" : "complete";
    snprintf(buf, len, "%s:%u", k, dim->size);
}

int xc_topo_is_cayley(const xc_net *net)
{
    for (uint32_t d = 0; d < net->ndims; d++)
        if (net->dim[d].kind == XC_DIM_PATH)
            return 0;
    return 1;
}

uint32_t xc_topo_add(const xc_net *net, uint32_t node, uint32_t delta)
{
    uint32_t r = 0;
    for (uint32_t d = 0; d < net->ndims; d++) {
        uint32_t k = net->dim[d].size;
        r += ((xc_topo_coord(net, node, d) + xc_topo_coord(net, delta, d)) % k) * net->dim[d].stride;
    }
    return r;
}

uint32_t xc_topo_sub(const xc_net *net, uint32_t node, uint32_t base)
{
    uint32_t r = 0;
    for (uint32_t d = 0; d < net->ndims; d++) {
        uint32_t k = net->dim[d].size;
        r += ((xc_topo_coord(net, node, d) + k - xc_topo_coord(net, base, d)) % k) * net->dim[d].stride;
    }
    return r;
}
