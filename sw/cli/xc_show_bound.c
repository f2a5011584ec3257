/* SPDX-License-Identifier: MIT */
/* xchg show, the lower bound's argument for the page: the numbers `xchg
 * bound` prints (xc_bound_compute), for the bound the run is compared
 * with (the schedule plan's, in s->bound). The page draws them and
 * computes no bound of its own; when the numbers do not give the plan's
 * bound, the page gets none (null) rather than a second answer. */
#include <stdlib.h>
#include <string.h>

#include "xc_bound.h"
#include "xc_json.h"
#include "xc_sched_dim.h"
#include "xc_show.h"

/* The AS(G) bound: every node's status s(v) (its total distance to all
 * others: the hops its n - 1 messages need at least), their sum, and n,
 * the hops a single-port step makes at most (one send a node). */
static int put_status(FILE *f, const xc_show *s, const xc_bounds *b)
{
    if (b->te_sp_bound != s->bound)
        return -1;
    fprintf(f, "{\"kind\":\"status\",\"bound\":%lu,\"sum\":%llu,\"per_step\":%u,\"status\":[", s->bound,
            (unsigned long long)b->status_sum, b->nodes);
    for (uint32_t v = 0; v < b->nodes; v++)
        fprintf(f, "%s%llu", v ? "," : "", (unsigned long long)xc_bound_status(&s->pn, v));
    fputs("]}", f);
    return 0;
}

/* The cut bound: the dimension cut a | size - a in every copy, the sides'
 * sizes, the links across, and each node's side (0: V1, coordinate < a). */
static int put_cut(FILE *f, const xc_show *s, const xc_bounds *b)
{
    if (b->cut_bound_steps != s->bound)
        return -1;
    const xc_dim *dm = &s->pn.dim[b->cut_dim];
    char name[48];
    xc_dim_name(dm, name, sizeof name);
    fprintf(f, "{\"kind\":\"cut\",\"bound\":%lu,\"dim\":%u,\"dim_name\":", s->bound, b->cut_dim);
    xc_json_quote(f, name);
    fprintf(f, ",\"split\":[%u,%u],\"v1\":%llu,\"v2\":%llu,\"links\":%llu,\"side\":[", b->cut_a, dm->size - b->cut_a,
            (unsigned long long)b->cut_v1, (unsigned long long)b->cut_v2, (unsigned long long)b->cut_links);
    for (uint32_t v = 0; v < b->nodes; v++)
        fprintf(f, "%s%d", v ? "," : "", xc_topo_coord(&s->pn, v, b->cut_dim) >= b->cut_a);
    fputs("]}", f);
    return 0;
}

/* Multinode broadcast (paper 002 eqs. 1-3): full duplex, n - 1
 * receptions a node, one a step; half duplex, n(n - 1) receptions and as
 * many transmissions, at most n actions a step (n even) or n - 1 (n odd:
 * one node idle). */
static int put_mnb(FILE *f, const xc_show *s, const xc_bounds *b)
{
    const int half = strstr(s->bound_name, "half") != NULL;
    const uint64_t n = b->nodes;
    if ((half ? b->mnb_half_bound : b->mnb_full_bound) != s->bound)
        return -1;
    fprintf(f, "{\"kind\":\"%s\",\"bound\":%lu,\"nodes\":%llu", half ? "half" : "receive", s->bound,
            (unsigned long long)n);
    if (half)
        fprintf(f, ",\"actions\":%llu,\"per_step\":%llu", (unsigned long long)(2 * n * (n - 1)),
                (unsigned long long)(n % 2 ? n - 1 : n));
    fputc('}', f);
    return 0;
}

void xc_show_put_argument(FILE *f, const xc_show *s)
{
    fputs(",\"argument\":", f);
    xc_bounds b;
    xc_err err;
    char *text = NULL;
    size_t len = 0;
    FILE *m = s->kind == XC_SHOW_SF ? open_memstream(&text, &len) : NULL;
    int rc = -1;
    if (m && xc_bound_compute(&s->pn, &b, &err) == XC_OK) {
        if (s->kind_mnb)
            rc = put_mnb(m, s, &b);
        else if (!strcmp(s->bound_name, "AS(G)"))
            rc = put_status(m, s, &b);
        else if (!strcmp(s->bound_name, "cut bound"))
            rc = put_cut(m, s, &b);
    }
    if (m && fclose(m))
        rc = -1;
    if (rc)
        fputs("null", f);
    else
        fwrite(text, 1, len, f);
    free(text);
}
