/* SPDX-License-Identifier: MIT */
/* xchg bound --grid: the status s(v) (paper 000 Theorem 1: the sum of the
 * distances from v to every node, the per-node quantity behind AS(G)) and
 * the eccentricity of every node of a 2-D network, laid out as the network
 * is drawn: row a, column b is node (a, b). Both come from a breadth-first
 * search of each node, independently of the closed forms `bound` prints;
 * the status is also checked against Theorem 1. */
#include <stdlib.h>
#include <string.h>

#include "xc_bound.h"
#include "xc_explain.h"

#define GRID_MAX_SIDE 64u

static void grid_rows(const xc_net *net, const uint64_t *val, int width)
{
    const uint32_t rows = net->dim[0].size, cols = net->dim[1].size;
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

/* Both grids of net: 0, or the exit status after the one-line error. */
int xc_bound_grid(const xc_net *net)
{
    if (net->ndims != 2)
        return xc_cli_error("bound", XC_EINVAL, "--grid: %s has %u dimension%s; the grid is for 2-D networks "
                            "(e.g. torus:4x4, mesh:3x5, ring:6*path:4)", net->spec, net->ndims,
                            net->ndims == 1 ? "" : "s");
    if (net->dim[0].size > GRID_MAX_SIDE || net->dim[1].size > GRID_MAX_SIDE)
        return xc_cli_error("bound", XC_ERANGE, "--grid: %s is %ux%u; a grid has up to %u rows and columns",
                            net->spec, net->dim[0].size, net->dim[1].size, GRID_MAX_SIDE);
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
    char d0[48], d1[48], num[24];
    xc_dim_name(&net->dim[0], d0, sizeof d0);
    xc_dim_name(&net->dim[1], d1, sizeof d1);
    const int width = snprintf(num, sizeof num, "%llu", (unsigned long long)big) + 0;
    printf("status s(v) = sum of the distances from v (rows: dimension 0, %s; columns: dimension 1, %s)\n", d0, d1);
    grid_rows(net, status, width < 3 ? 3 : width);
    printf("sum %llu = %u nodes x AS(G) %.6g\n", (unsigned long long)sum, n, (double)sum / n);
    printf("eccentricity e(v) = distance to the farthest node\n");
    grid_rows(net, ecc, width < 3 ? 3 : width);
    free(status);
    return fflush(stdout) ? xc_cli_error("bound", XC_EIO, "cannot write to stdout") : 0;
}
