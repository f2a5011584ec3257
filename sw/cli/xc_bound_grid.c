/* SPDX-License-Identifier: MIT */
/* xchg bound --grid: the status s(v) (paper 000 Theorem 1: the sum of the
 * distances from v to every node, the per-node quantity behind AS(G)) and
 * the eccentricity of every node, laid out as the network is drawn: row
 * a, column b is node (a, b) of a 2-D network; a ring or path is one row,
 * a 3-D network one grid of its last two dimensions per leading value.
 * Both come from a breadth-first search of each node, independently of
 * the closed forms `bound` prints; the status is also checked against
 * Theorem 1. */
#include <stdlib.h>
#include <string.h>

#include "xc_bound.h"
#include "xc_explain.h"

#define GRID_MAX_SIDE 64u
#define GRID_MAX_NODES 4096u

/* One grid: rows x cols values from val, row a column b at val[a cols + b]. */
static void grid_block(const uint64_t *val, uint32_t rows, uint32_t cols, int width)
{
    printf("     ");
    for (uint32_t b = 0; b < cols; b++)
        printf(" %*u", width, b);
    printf("\n");
    for (uint32_t a = 0; a < rows; a++) {
        printf("  %-3u", a);
        for (uint32_t b = 0; b < cols; b++)
            printf(" %*llu", width, (unsigned long long)val[a * cols + b]);
        printf("\n");
    }
}

/* Every grid of net: a 1-D network in one row (row 0); a 2-D one as drawn; more
 * dimensions as one grid of the last two per node of the leading ones
 * (node numbers run with the last dimension fastest). */
static void grid_rows(const xc_net *net, const uint64_t *val, int width)
{
    const uint32_t nd = net->ndims;
    if (nd == 1) {
        grid_block(val, 1, net->dim[0].size, width);
        return;
    }
    const uint32_t rows = net->dim[nd - 2].size, cols = net->dim[nd - 1].size, per = rows * cols;
    for (uint32_t k = 0; k < net->nodes / per; k++) {
        if (nd > 2) {
            printf("  where");
            for (uint32_t d = 0; d + 2 < nd; d++)
                printf("%s dimension %u = %u", d ? "," : "", d, xc_topo_coord(net, k * per, d));
            printf(":\n");
        }
        grid_block(val + (size_t)k * per, rows, cols, width);
    }
}

/* The axes in words: "rows: dimension 0, path:3; columns: dimension 1,
 * path:5"; a ring's one row and a 3-D network's leading dimension said. */
static void grid_axes(const xc_net *net, char *buf, size_t cap)
{
    const uint32_t nd = net->ndims;
    char a[48], b[48];
    xc_dim_name(&net->dim[nd - 1], b, sizeof b);
    if (nd == 1) {
        snprintf(buf, cap, "one row 0; columns: dimension 0, %s", b);
        return;
    }
    xc_dim_name(&net->dim[nd - 2], a, sizeof a);
    int len = snprintf(buf, cap, "rows: dimension %u, %s; columns: dimension %u, %s", nd - 2, a, nd - 1, b);
    if (nd > 2)
        snprintf(buf + len, cap - (size_t)len, nd > 3 ? "; one grid per value of dimensions 0 .. %u"
                                                       : "; one grid per value of dimension 0", nd - 3);
}

/* Both grids of net: 0, or the exit status after the one-line error. */
int xc_bound_grid(const xc_net *net)
{
    const uint32_t nd = net->ndims;
    if (net->dim[nd - 1].size > GRID_MAX_SIDE || (nd > 1 && net->dim[nd - 2].size > GRID_MAX_SIDE) ||
        net->nodes > GRID_MAX_NODES)
        return xc_cli_error("bound", XC_ERANGE, "--grid: %s has %u nodes; a grid has up to %u rows and columns "
                            "and %u nodes in all", net->spec, net->nodes, GRID_MAX_SIDE, GRID_MAX_NODES);
    const uint32_t n = net->nodes;
    uint64_t *status = malloc(2 * (size_t)n * sizeof *status), *ecc = status + n, sum = 0, big = 0;
    xc_err err;
    if (!status)
        return xc_cli_error("bound", XC_ENOMEM, "out of memory");
    for (uint32_t v = 0; v < n; v++) {
        uint32_t e;
        xc_status st = xc_bound_bfs(net, v, &status[v], &e, &err);
        if (!st && status[v] != xc_bound_status(net, v))
            st = xc_fail(&err, XC_ECHECK, "node %u: status %llu by BFS but %llu by Theorem 1", v,
                         (unsigned long long)status[v], (unsigned long long)xc_bound_status(net, v));
        if (st) {
            free(status);
            return xc_cli_error("bound", st, "%s", err.msg);
        }
        ecc[v] = e;
        sum += status[v];
        big = status[v] > big ? status[v] : big;
    }
    char axes[200], num[24];
    grid_axes(net, axes, sizeof axes);
    const int width = snprintf(num, sizeof num, "%llu", (unsigned long long)big) + 0;
    printf("status s(v) = sum of the distances from v (%s)\n", axes);
    grid_rows(net, status, width < 3 ? 3 : width);
    printf("sum %llu = %u nodes x AS(G) %.6g\n", (unsigned long long)sum, n, (double)sum / n);
    printf("eccentricity e(v) = distance to the farthest node\n");
    grid_rows(net, ecc, width < 3 ? 3 : width);
    free(status);
    return fflush(stdout) ? xc_cli_error("bound", XC_EIO, "cannot write to stdout") : 0;
}
