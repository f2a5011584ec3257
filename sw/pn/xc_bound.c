/* SPDX-License-Identifier: MIT */
/* Bounds from the dimensions, checked by BFS (see xc_bound.h). */
#include "xc_bound.h"

#include <stdlib.h>
#include <string.h>

uint64_t xc_dim_status(xc_dim_kind kind, uint32_t size, uint32_t x)
{
    uint64_t k = size;
    switch (kind) {
    case XC_DIM_RING: return k % 2 ? (k * k - 1) / 4 : k * k / 4;
    case XC_DIM_PATH: return (uint64_t)x * (x + 1) / 2 + (k - 1 - x) * (k - x) / 2;
    case XC_DIM_COMPLETE: return k - 1;
    }
    return 0;
}

uint64_t xc_dim_status_sum(xc_dim_kind kind, uint32_t size)
{
    uint64_t k = size;
    if (kind == XC_DIM_PATH)
        return k * (k * k - 1) / 3; /* sum over ordered pairs of |x-y| */
    return k * xc_dim_status(kind, size, 0);
}

static uint64_t dim_links(const xc_dim *d)
{
    uint64_t k = d->size;
    switch (d->kind) {
    case XC_DIM_RING: return k == 2 ? 1 : k;
    case XC_DIM_PATH: return k - 1;
    case XC_DIM_COMPLETE: return k * (k - 1) / 2;
    }
    return 0;
}

static uint32_t dim_diameter(const xc_dim *d)
{
    switch (d->kind) {
    case XC_DIM_RING: return d->size / 2;
    case XC_DIM_PATH: return d->size - 1;
    case XC_DIM_COMPLETE: return 1;
    }
    return 0;
}

uint64_t xc_bound_status(const xc_net *net, uint32_t node)
{
    uint64_t s = 0;
    for (uint32_t d = 0; d < net->ndims; d++) {
        const xc_dim *dm = &net->dim[d];
        s += (uint64_t)(net->nodes / dm->size) * xc_dim_status(dm->kind, dm->size, xc_topo_coord(net, node, d));
    }
    return s;
}

xc_status xc_bound_bfs(const xc_net *net, uint32_t node, uint64_t *status, uint32_t *ecc, xc_err *err)
{
    uint32_t n = net->nodes;
    uint32_t *dist = malloc((size_t)n * sizeof *dist);
    uint32_t *queue = malloc((size_t)n * sizeof *queue);
    if (!dist || !queue) {
        free(dist);
        free(queue);
        return xc_fail(err, XC_ENOMEM, "out of memory for BFS over %u nodes", n);
    }
    memset(dist, 0xff, (size_t)n * sizeof *dist);
    uint32_t head = 0, tail = 0;
    dist[node] = 0;
    queue[tail++] = node;
    uint64_t sum = 0;
    uint32_t far = 0;
    while (head < tail) {
        uint32_t v = queue[head++];
        sum += dist[v];
        if (dist[v] > far)
            far = dist[v];
        for (uint32_t p = 0; p < net->nports; p++) {
            int64_t u = xc_topo_neighbor(net, v, p);
            if (u >= 0 && dist[u] == UINT32_MAX) {
                dist[u] = dist[v] + 1;
                queue[tail++] = (uint32_t)u;
            }
        }
    }
    free(dist);
    free(queue);
    *status = sum;
    *ecc = far;
    return tail == n ? XC_OK : xc_fail(err, XC_ECHECK, "network is not connected");
}

/* The sums over the dimensions: links, diameter, status sum (Corollary 2,
 * times n), Corollary 1's average distance, and the best cut across one
 * dimension extended over all copies. */
static void bound_dims(const xc_net *net, xc_bounds *b, double *ad_cor1)
{
    const uint64_t n = net->nodes;
    *ad_cor1 = 0;
    for (uint32_t d = 0; d < net->ndims; d++) {
        const xc_dim *dm = &net->dim[d];
        uint64_t copies = n / dm->size;
        b->links += copies * dim_links(dm);
        b->diameter += dim_diameter(dm);
        uint64_t si = xc_dim_status_sum(dm->kind, dm->size);
        b->status_sum += copies * copies * si;
        /* Corollary 1: (1 - 1/|V_i|) AD_i with AD_i = AS_i / (|V_i| - 1) */
        double as_i = (double)si / dm->size;
        *ad_cor1 += (1.0 - 1.0 / dm->size) * as_i / (dm->size - 1);
        uint32_t a = dm->size / 2;
        uint64_t c = dm->kind == XC_DIM_PATH ? 1
                   : dm->kind == XC_DIM_COMPLETE ? (uint64_t)a * (dm->size - a)
                   : dm->size == 2 ? 1 : 2;
        double cb = (double)a * (dm->size - a) * copies / c;
        if (cb > b->cut_bound) {
            b->cut_bound = cb;
            b->cut_dim = d;
            b->cut_a = a;
            b->cut_v1 = (uint64_t)a * copies;
            b->cut_v2 = (uint64_t)(dm->size - a) * copies;
            b->cut_links = c * copies;
        }
    }
}

/* Node statuses by Theorem 1; min is at the centre, max at a corner. */
static void bound_status_range(const xc_net *net, xc_bounds *b)
{
    const uint64_t n = net->nodes;
    b->status_min = UINT64_MAX;
    if (n <= XC_BOUND_BFS_SAMPLE_MAX) {
        for (uint32_t v = 0; v < n; v++) {
            uint64_t s = xc_bound_status(net, v);
            if (s < b->status_min)
                b->status_min = s;
            if (s > b->status_max)
                b->status_max = s;
        }
        return;
    }
    /* statuses are sums over dimensions: extremes come from each
     * dimension's extremes (the centre and the end of a path) */
    b->status_min = b->status_max = 0;
    for (uint32_t d = 0; d < net->ndims; d++) {
        const xc_dim *dm = &net->dim[d];
        uint64_t copies = n / dm->size;
        b->status_max += copies * xc_dim_status(dm->kind, dm->size, 0);
        b->status_min += copies * xc_dim_status(dm->kind, dm->size, dm->size / 2);
    }
}

/* Cross-checks Theorem 1 against BFS: all nodes, six samples, or
 * (largest networks) node 0 alone; and no more searches than the work
 * budget pays for (a BFS follows n x ports links: complete:65536 would
 * take minutes), so large complete graphs and GHCs rest on the closed
 * forms alone. */
static xc_status bound_bfs_check(const xc_net *net, xc_bounds *b, xc_err *err)
{
    const uint64_t n = net->nodes;
    uint32_t sample[6] = {0, (uint32_t)n - 1, (uint32_t)n / 2, (uint32_t)(n / 3), (uint32_t)(n * 5 / 7),
                          (uint32_t)(n / 11)};
    uint32_t count = n <= XC_BOUND_BFS_ALL_MAX ? (uint32_t)n : n <= XC_BOUND_BFS_SAMPLE_MAX ? 6 : 1;
    uint64_t per_bfs = n * (net->nports ? net->nports : 1);
    if ((uint64_t)count * per_bfs > XC_BOUND_BFS_WORK)
        count = (uint32_t)(XC_BOUND_BFS_WORK / per_bfs);
    for (uint32_t i = 0; i < count; i++) {
        uint32_t v = n <= XC_BOUND_BFS_ALL_MAX ? i : sample[i];
        uint64_t s;
        uint32_t ecc;
        xc_status st = xc_bound_bfs(net, v, &s, &ecc, err);
        if (st)
            return st;
        if (s != xc_bound_status(net, v))
            return xc_fail(err, XC_ECHECK, "node %u: status %llu by BFS but %llu by Theorem 1", v,
                           (unsigned long long)s, (unsigned long long)xc_bound_status(net, v));
        if (v == 0 && ecc != b->diameter)
            return xc_fail(err, XC_ECHECK, "node 0: eccentricity %u by BFS but diameter %u from the dimensions", ecc,
                           b->diameter);
        b->bfs_checked++;
    }
    return XC_OK;
}

xc_status xc_bound_compute(const xc_net *net, xc_bounds *b, xc_err *err)
{
    memset(b, 0, sizeof *b);
    uint64_t n = net->nodes;
    b->nodes = net->nodes;
    double ad_cor1;
    bound_dims(net, b, &ad_cor1);
    b->avg_status = (double)b->status_sum / n;
    b->te_sp_bound = (b->status_sum + n - 1) / n;
    b->avg_distance = n > 1 ? (double)b->status_sum / ((double)n * (n - 1)) : 0;
    b->avg_distance_cor1 = n > 1 ? ad_cor1 * n / (n - 1) : 0;
    b->cut_bound_steps = (b->cut_v1 * b->cut_v2 + b->cut_links - 1) / b->cut_links;
    b->mnb_full_bound = n - 1;
    b->mnb_half_bound = n % 2 ? 2 * n : 2 * (n - 1);
    bound_status_range(net, b);
    return bound_bfs_check(net, b, err);
}
