/* SPDX-License-Identifier: MIT */
/* xchg bound: sizes and lower bounds of a product network (paper 000 §3,
 * paper 002 §2), computed from the dimensions and checked by BFS. */
#include <stdio.h>
#include <string.h>

#include "xc_bound.h"
#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_explain.h"
#include "xc_json.h"
#include "xc_sched_dim.h"

static const char usage_text[] =
    "usage: xchg bound --net SPEC [--json | --grid]\n"
    "Nodes, links, diameter, node status and average status AS(G) (Theorem 1,\n"
    "Corollary 2 of paper 000, checked by BFS), average distance (Corollary 1),\n"
    "the multiport cut bound, and the multinode-broadcast bounds (paper 002).\n"
    "SPEC: ring:K path:K complete:K torus:KxK.. mesh:KxK.. ghc:KxK.. hypercube:D,\n"
    "joined by '*' (e.g. ring:6*complete:3*path:4); at most 1048576 nodes.\n"
    "--grid (sides up to 64, 4096 nodes): the status and eccentricity of every node,\n"
    "laid out as drawn: a ring or path in one row, a 2-D network as rows of dimension 0\n"
    "and columns of dimension 1, more dimensions as one such grid of the last two per\n"
    "value of the leading ones.\n"
    XC_HELP_EXIT_OK ", 3 out of memory\n";

static void report_json(const char *spec, const xc_net *net, const xc_bounds *b, const char *cutdim)
{
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-bound/1");
    xc_json_str(&j, "net", spec);
    XC_JSON_UINTS(&j, "nodes links diameter status_sum status_min status_max", b->nodes, b->links, b->diameter,
                  b->status_sum, b->status_min, b->status_max);
    xc_json_real(&j, "avg_status", "%.6f", b->avg_status);
    xc_json_uint(&j, "te_single_port_bound", b->te_sp_bound);
    xc_json_real(&j, "avg_distance", "%.6f", b->avg_distance);
    xc_json_real(&j, "avg_distance_cor1", "%.6f", b->avg_distance_cor1);
    xc_json_real(&j, "cut_bound", "%.6f", b->cut_bound);
    xc_json_uint(&j, "cut_bound_steps", b->cut_bound_steps);
    xc_json_obj(&j, "cut");
    xc_json_uint(&j, "dim", b->cut_dim);
    xc_json_str(&j, "dim_name", cutdim);
    xc_json_arr(&j, "split");
    xc_json_uint(&j, NULL, b->cut_a);
    xc_json_uint(&j, NULL, net->dim[b->cut_dim].size - b->cut_a);
    xc_json_end(&j);
    xc_json_uint(&j, "v1", b->cut_v1);
    xc_json_uint(&j, "v2", b->cut_v2);
    xc_json_uint(&j, "links", b->cut_links);
    xc_json_end(&j);
    XC_JSON_UINTS(&j, "mnb_full_bound mnb_half_bound bfs_checked", b->mnb_full_bound, b->mnb_half_bound,
                  b->bfs_checked);
    if (b->nodes <= 4096) {
        xc_json_arr(&j, "status");
        for (uint32_t v = 0; v < b->nodes; v++)
            xc_json_uint(&j, NULL, xc_bound_status(net, v));
        xc_json_end(&j);
    }
    xc_json_finish(&j);
}

static void report_text(const char *spec, const xc_net *net, const xc_bounds *bp, const char *cutdim)
{
    const xc_bounds b = *bp;
    printf("network        %s: %u dimension%s (", spec, net->ndims, net->ndims == 1 ? "" : "s");
    for (uint32_t d = 0; d < net->ndims; d++) {
        char nm[48];
        xc_dim_name(&net->dim[d], nm, sizeof nm);
        printf("%s%s", d ? " x " : "", nm);
    }
    printf(")\n");
    printf("nodes          %u\nlinks          %llu\nports/node     %u (+ local port %u)\ndiameter       %u\n", b.nodes,
           (unsigned long long)b.links, net->nports, net->nports, b.diameter);
    printf("status         %llu .. %llu   (Theorem 1: s(v) = n sum_i s_i(v_i)/|V_i|)\n",
           (unsigned long long)b.status_min, (unsigned long long)b.status_max);
    if (b.nodes <= 64) {
        printf("status/node   ");
        for (uint32_t v = 0; v < b.nodes; v++)
            printf(" %llu", (unsigned long long)xc_bound_status(net, v));
        printf("\n");
    }
    printf("avg status     AS(G) = %.6g   (Corollary 2) -> single-port total exchange >= %llu steps\n", b.avg_status,
           (unsigned long long)b.te_sp_bound);
    printf("avg distance   %.6g   (Corollary 1 formula: %.6g)\n", b.avg_distance, b.avg_distance_cor1);
    printf("cut bound      %.6g -> multiport total exchange >= %llu steps\n", b.cut_bound,
           (unsigned long long)b.cut_bound_steps);
    printf("               cut: dimension %u (%s) split %u|%u in every copy: |V1|=%llu |V2|=%llu, %llu links\n",
           b.cut_dim, cutdim, b.cut_a, net->dim[b.cut_dim].size - b.cut_a, (unsigned long long)b.cut_v1,
           (unsigned long long)b.cut_v2, (unsigned long long)b.cut_links);
    printf("mnb bound      full duplex n-1 = %llu; half duplex %s = %llu   (paper 002 eqs. 1-3)\n",
           (unsigned long long)b.mnb_full_bound, b.nodes % 2 ? "2n" : "2(n-1)", (unsigned long long)b.mnb_half_bound);
    for (uint32_t d = 0; d < net->ndims; d++)
        if (net->dim[d].kind == XC_DIM_PATH && net->dim[d].size > 2) {
            printf("note           path:%u alone: every node receives one message per step, so single-port total\n"
                   "               exchange needs >= %llu steps there, above its AS = %.6g\n",
                   net->dim[d].size, (unsigned long long)xc_path_recv_bound(net->dim[d].size),
                   (double)(net->dim[d].size * net->dim[d].size - 1) / 3.0);
            break;
        }
    if (!b.bfs_checked) {
        printf("checked        closed forms only: n x ports = %llu is above the BFS budget of 2^24 links\n",
               (unsigned long long)b.nodes * net->nports);
        return;
    }
    printf("checked        BFS confirmed the status of %u node%s%s\n", b.bfs_checked, b.bfs_checked == 1 ? "" : "s",
           b.bfs_checked == b.nodes ? " (all)" : " (a sample)");
}

int xc_cli_net(const char *cmd, const char *label, const char *spec, xc_net *net)
{
    xc_err err;
    xc_status st = xc_topo_parse(spec, net, &err);
    return st ? xc_cli_error(cmd, st, "%s %s", label, err.msg) : 0;
}

int xc_cmd_bound(int argc, char **argv)
{
    static const struct option longopts[] = {
        XC_OPT_NET, XC_OPT_JSON, {"grid", no_argument, 0, 'g'}, XC_OPT_HELP, XC_OPT_END};
    const char *v[128];
    int rc = xc_cli_parse("bound", longopts, usage_text, "--net SPEC, --json, --grid", argc, argv, v);
    if (rc != XC_CLI_GO)
        return rc;
    const char *spec = v['n'];
    const int json = v['j'] != NULL;
    if (!spec)
        return xc_cli_error("bound", XC_EINVAL, "missing --net SPEC (e.g. --net torus:4x4)");
    if (json && v['g'])
        return xc_cli_error("bound", XC_EINVAL, "--grid prints text: leave out --json (its \"status\" lists every node)");
    xc_net net;
    if ((rc = xc_cli_net("bound", "--net", spec, &net)))
        return rc;
    if (v['g'])
        return xc_bound_grid(&net);
    xc_bounds b;
    xc_err err;
    xc_status st;
    if ((st = xc_bound_compute(&net, &b, &err)))
        return xc_cli_error("bound", st, "%s", err.msg);
    char cutdim[48];
    xc_dim_name(&net.dim[b.cut_dim], cutdim, sizeof cutdim);
    if (json)
        report_json(spec, &net, &b, cutdim);
    else
        report_text(spec, &net, &b, cutdim);
    return 0;
}
