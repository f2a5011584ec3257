/* SPDX-License-Identifier: MIT */
/* xchg bound: sizes and lower bounds of a product network (paper 000 §3,
 * paper 002 §2), computed from the dimensions and checked by BFS. */
#include <stdio.h>
#include <string.h>

#include "xc_bound.h"
#include "xc_cli.h"
#include "xc_sched_dim.h"

static const char usage_text[] =
    "usage: xchg bound --net SPEC [--json]\n"
    "Nodes, links, diameter, node status and average status AS(G) (Theorem 1,\n"
    "Corollary 2 of paper 000, checked by BFS), average distance (Corollary 1),\n"
    "the multiport cut bound, and the multinode-broadcast bounds (paper 002).\n"
    "SPEC: ring:K path:K complete:K torus:KxK.. mesh:KxK.. ghc:KxK.. hypercube:D,\n"
    "joined by '*' (e.g. ring:6*complete:3*path:4); at most 1048576 nodes.\n";

int xc_cmd_bound(int argc, char **argv)
{
    const char *spec = NULL;
    int json = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--help")) {
            fputs(usage_text, stdout);
            return 0;
        } else if (!strcmp(argv[i], "--json")) {
            json = 1;
        } else if (!strcmp(argv[i], "--net") && i + 1 < argc) {
            spec = argv[++i];
        } else {
            return xc_cli_error("bound", XC_EINVAL, "unknown option '%s' (allowed: --net SPEC, --json)", argv[i]);
        }
    }
    if (!spec)
        return xc_cli_error("bound", XC_EINVAL, "missing --net SPEC (e.g. --net torus:4x4)");
    xc_net net;
    xc_err err;
    xc_status st = xc_topo_parse(spec, &net, &err);
    if (st)
        return xc_cli_error("bound", st, "--net %s", err.msg);
    xc_bounds b;
    if ((st = xc_bound_compute(&net, &b, &err)))
        return xc_cli_error("bound", st, "%s", err.msg);
    char cutdim[48];
    xc_dim_name(&net.dim[b.cut_dim], cutdim, sizeof cutdim);
    /* single-port path dimensions: AS is out of reach, say what is not */
    if (json) {
        printf("{\"net\":");
        xc_json_str(stdout, spec);
        printf(",\"nodes\":%u,\"links\":%llu,\"diameter\":%u,\"status_sum\":%llu,\"status_min\":%llu,"
               "\"status_max\":%llu,\"avg_status\":%.6f,\"te_single_port_bound\":%llu,\"avg_distance\":%.6f,"
               "\"avg_distance_cor1\":%.6f,\"cut_bound\":%.6f,\"cut_bound_steps\":%llu,"
               "\"cut\":{\"dim\":%u,\"dim_name\":\"%s\",\"split\":[%u,%u],\"v1\":%llu,\"v2\":%llu,\"links\":%llu},"
               "\"mnb_full_bound\":%llu,\"mnb_half_bound\":%llu,\"bfs_checked\":%u",
               b.nodes, (unsigned long long)b.links, b.diameter, (unsigned long long)b.status_sum,
               (unsigned long long)b.status_min, (unsigned long long)b.status_max, b.avg_status,
               (unsigned long long)b.te_sp_bound, b.avg_distance, b.avg_distance_cor1, b.cut_bound,
               (unsigned long long)b.cut_bound_steps, b.cut_dim, cutdim, b.cut_a, net.dim[b.cut_dim].size - b.cut_a,
               (unsigned long long)b.cut_v1, (unsigned long long)b.cut_v2, (unsigned long long)b.cut_links,
               (unsigned long long)b.mnb_full_bound, (unsigned long long)b.mnb_half_bound, b.bfs_checked);
        if (b.nodes <= 4096) {
            printf(",\"status\":[");
            for (uint32_t v = 0; v < b.nodes; v++)
                printf("%s%llu", v ? "," : "", (unsigned long long)xc_bound_status(&net, v));
            printf("]");
        }
        printf("}\n");
        return 0;
    }
    printf("network        %s: %u dimension%s (", spec, net.ndims, net.ndims == 1 ? "" : "s");
    for (uint32_t d = 0; d < net.ndims; d++) {
        char nm[48];
        xc_dim_name(&net.dim[d], nm, sizeof nm);
        printf("%s%s", d ? " x " : "", nm);
    }
    printf(")\n");
    printf("nodes          %u\nlinks          %llu\nports/node     %u (+ local port %u)\ndiameter       %u\n", b.nodes,
           (unsigned long long)b.links, net.nports, net.nports, b.diameter);
    printf("status         %llu .. %llu   (Theorem 1: s(v) = n sum_i s_i(v_i)/|V_i|)\n",
           (unsigned long long)b.status_min, (unsigned long long)b.status_max);
    if (b.nodes <= 64) {
        printf("status/node   ");
        for (uint32_t v = 0; v < b.nodes; v++)
            printf(" %llu", (unsigned long long)xc_bound_status(&net, v));
        printf("\n");
    }
    printf("avg status     AS(G) = %.6g   (Corollary 2) -> single-port total exchange >= %llu steps\n", b.avg_status,
           (unsigned long long)b.te_sp_bound);
    printf("avg distance   %.6g   (Corollary 1 formula: %.6g)\n", b.avg_distance, b.avg_distance_cor1);
    printf("cut bound      %.6g -> multiport total exchange >= %llu steps\n", b.cut_bound,
           (unsigned long long)b.cut_bound_steps);
    printf("               cut: dimension %u (%s) split %u|%u in every copy: |V1|=%llu |V2|=%llu, %llu links\n",
           b.cut_dim, cutdim, b.cut_a, net.dim[b.cut_dim].size - b.cut_a, (unsigned long long)b.cut_v1,
           (unsigned long long)b.cut_v2, (unsigned long long)b.cut_links);
    printf("mnb bound      full duplex n-1 = %llu; half duplex %s = %llu   (paper 002 eqs. 1-3)\n",
           (unsigned long long)b.mnb_full_bound, b.nodes % 2 ? "2n" : "2(n-1)", (unsigned long long)b.mnb_half_bound);
    for (uint32_t d = 0; d < net.ndims; d++)
        if (net.dim[d].kind == XC_DIM_PATH && net.dim[d].size > 2) {
            printf("note           path:%u alone: every node receives one message per step, so single-port total\n"
                   "               exchange needs >= %llu steps there, above its AS = %.6g\n",
                   net.dim[d].size, (unsigned long long)xc_path_recv_bound(net.dim[d].size),
                   (double)(net.dim[d].size * net.dim[d].size - 1) / 3.0);
            break;
        }
    if (!b.bfs_checked)
        printf("checked        closed forms only: n x ports = %llu is above the BFS budget of 2^24 links\n",
               (unsigned long long)b.nodes * net.nports);
    else
        printf("checked        BFS confirmed the status of %u node%s%s\n", b.bfs_checked, b.bfs_checked == 1 ? "" : "s",
               b.bfs_checked == b.nodes ? " (all)" : " (a sample)");
    return 0;
}
