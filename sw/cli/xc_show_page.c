/* SPDX-License-Identifier: MIT */
/* xchg show, the writers: the recording as JSON, and the HTML page that
 * carries the same JSON and draws it (xc_show_page.js.h: the script only
 * draws what the data says; it computes no route, no schedule). */
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_consts.h"
#include "xc_json.h"
#include "xc_show.h"

/* Writes a location in the report's own names. */
static void put_loc(FILE *f, const xc_show *s, int32_t loc)
{
    if (loc == XC_SHOW_NOWHERE) {
        fputs("null", f);
        return;
    }
    if (s->kind != XC_SHOW_MIN) {
        fprintf(f, "\"n%d\"", loc);
        return;
    }
    const unsigned kind = (unsigned)loc >> 20, v = (unsigned)loc & 0xFFFFFu;
    if (kind == 0)
        fprintf(f, "\"in%u\"", v);
    else if (kind == 1)
        fprintf(f, "\"s%u.%u\"", v >> 12, v & 0xFFFu);
    else
        fprintf(f, "\"out%u\"", v);
}

/* Messages a node holds that are not yet home (total exchange), or the
 * broadcasts it holds, its own included (multinode broadcast). */
static void put_occupancy(FILE *f, const xc_show *s, const int32_t *at)
{
    const uint32_t n = s->pn.nodes;
    fputs(",\"occupancy\":[", f);
    for (uint32_t v = 0; v < n; v++) {
        uint32_t c = s->kind_mnb ? 1 : 0;
        for (uint32_t i = 0; i < s->n_msgs; i++)
            c += at[i] == (int32_t)v && (s->kind_mnb || s->dst[i] != v);
        fprintf(f, "%s%u", v ? "," : "", c);
    }
    fputc(']', f);
}

/* The events of frame k of one kind: hops [id, from, to] (wormhole:
 * [id, from, to, cycle]), deliveries [id, cycle]. */
static void put_events(FILE *f, const xc_show *s, uint32_t k, uint32_t kind, const char *name)
{
    fprintf(f, ",\"%s\":[", name);
    int first = 1;
    for (size_t h = k ? s->hop_first[k] : 0; k && h < s->hop_first[k + 1]; h += XC_SHOW_EV) {
        const uint32_t *e = s->hop + h;
        if (e[0] != kind)
            continue;
        fputs(first ? "[" : ",[", f);
        first = 0;
        if (kind == XC_SHOW_DLV)
            fprintf(f, "%u,%u]", e[1], e[4]);
        else if (s->kind == XC_SHOW_WH)
            fprintf(f, "%u,%u,%u,%u]", e[1], e[2], e[3], e[4]);
        else
            fprintf(f, "%u,%u,%u]", e[1], e[2], e[3]);
    }
    fputc(']', f);
}

static void put_frame(FILE *f, const xc_show *s, uint32_t k)
{
    const int32_t *at = s->at + (size_t)k * s->n_msgs;
    fprintf(f, "%s\n{\"step\":%u,\"label\":", k ? "," : "", k);
    xc_json_quote(f, s->label[k]);
    if (s->kind == XC_SHOW_SF) /* the algorithm's phase and round (0: none, or frame 0) */
        fprintf(f, ",\"phase\":%llu,\"round\":%llu,\"rounds\":%llu", (unsigned long long)s->phase[k][0],
                (unsigned long long)s->phase[k][1], (unsigned long long)s->phase[k][2]);
    fprintf(f, ",\"delivered\":%u,\"at\":[", s->delivered[k]);
    for (uint32_t i = 0; i < s->n_msgs; i++) {
        if (i)
            fputc(',', f);
        put_loc(f, s, at[i]);
    }
    fputc(']', f);
    if (s->kind == XC_SHOW_MIN) {
        const size_t sw = (size_t)s->m.log_n * s->m.n_lines / 2;
        fputs(",\"set\":[", f);
        for (size_t i = 0; i < sw; i++)
            fprintf(f, "%s%d", i ? "," : "", s->set[k * sw + i]);
        fputs("],\"set_x\":[", f);
        for (size_t i = 0; i < sw; i++)
            fprintf(f, "%s%d", i ? "," : "", s->set_x[k * sw + i]);
        fputs("],\"in_network\":[", f);
        for (unsigned x = 0, first = 1; x < s->m.n_lines; x++)
            if (s->xmask[k] >> x & 1u) {
                fprintf(f, "%s%u", first ? "" : ",", x);
                first = 0;
            }
        fputc(']', f);
    } else {
        if (k) /* the step's m in ts + tw m (xc_show.h) */
            fprintf(f, ",\"m\":%u", s->kind == XC_SHOW_WH ? (s->step_m ? s->step_m[k - 1] : 0) : 1);
        put_events(f, s, k, XC_SHOW_HOP, "hops");
        if (s->kind == XC_SHOW_WH)
            put_events(f, s, k, XC_SHOW_DLV, "deliveries");
        put_occupancy(f, s, at);
    }
    fputc('}', f);
}

static void put_min(FILE *f, const xc_show *s)
{
    const xc_min *m = &s->m;
    const unsigned N = m->n_lines, n = m->log_n;
    fprintf(f, ",\"min\":{\"N\":%u,\"n\":%u,\"mode\":\"%s\",\"wiring\":[", N, n,
            s->mode == XC_MODE_XOR ? "xor" : s->mode == XC_MODE_TABLE ? "table" : "self");
    for (unsigned b = 0; b <= n; b++) {
        fprintf(f, "%s[", b ? "," : "");
        for (unsigned line = 0; line < N; line++)
            fprintf(f, "%s%u", line ? "," : "", xc_min_wire(m, b, line));
        fputc(']', f);
    }
    fputs("],\"m0\":[", f);
    for (unsigned h = 0; h < N / 2; h++) {
        fprintf(f, "%s[", h ? "," : "");
        for (unsigned k = 0; k < n; k++)
            fprintf(f, "%s%d", k ? "," : "", xc_cfg_bit(&s->m0, h, k));
        fputc(']', f);
    }
    fputs("],\"route_bit\":[", f);
    for (unsigned k = 0; k < n; k++)
        fprintf(f, "%s%u", k ? "," : "", m->route_bit[k]);
    fputs("],\"square\":[", f);
    for (unsigned o = 0; o < N; o++) {
        fprintf(f, "%s[", o ? "," : "");
        for (unsigned x = 0; x < N; x++)
            fprintf(f, "%s%u", x ? "," : "", s->square[o * N + x]);
        fputc(']', f);
    }
    fputs("]}", f);
}

/* Paper 001's roles on an N x N torus (node i N + j): the level-k masters
 * are the nodes with i = j (mod 2^k); te-dc1 has one level (its basic
 * cells' masters), te-dcn log2 N - 1. Per node its highest level, 0 for
 * a slave. */
static void put_roles(FILE *f, const xc_show *s)
{
    const xc_net *net = &s->pn;
    const uint32_t N = net->dim[0].size;
    uint32_t top = 1;
    if (strcmp(s->algo, "te-dc1"))
        while ((2u << top) < N)
            top++;
    fputs(",\"roles\":[", f);
    for (uint32_t v = 0; v < net->nodes; v++) {
        const uint32_t i = xc_topo_coord(net, v, 0), j = xc_topo_coord(net, v, 1);
        uint32_t k = 0;
        while (k < top && (i - j) % (2u << k) == 0)
            k++;
        fprintf(f, "%s%u", v ? "," : "", k);
    }
    fputc(']', f);
}

static void put_pn(FILE *f, const xc_show *s)
{
    const xc_net *net = &s->pn;
    const xc_show_edge *e = s->edges;
    fprintf(f, ",\"pn\":{\"nodes\":%u,\"cell\":%d,\"circle\":%s,\"xy\":[", net->nodes, XC_SHOW_CELL,
            xc_show_on_circle(net) ? "true" : "false");
    for (uint32_t v = 0; v < net->nodes; v++) {
        double x, y;
        xc_show_node_xy(net, v, &x, &y);
        fprintf(f, "%s[%.0f,%.0f]", v ? "," : "", x, y);
    }
    fputs("],\"edges\":[", f);
    for (size_t i = 0; i < s->n_edges; i++) {
        fprintf(f, "%s[%u,%u,%.0f,%.0f", i ? "," : "", e[i].u, e[i].v, e[i].cx, e[i].cy);
        fputs(e[i].far ? (e[i].far > 0 ? ",1]" : ",-1]") : "]", f);
    }
    fputc(']', f);
    if (s->kind == XC_SHOW_WH)
        put_roles(f, s);
    fputc('}', f);
    /* the cost line's model and its defaults (xchg compare's, docs/json.md) */
    fprintf(f, ",\"cost\":{\"model\":\"%s\",\"ts\":%ld,\"tw\":1}",
            s->kind == XC_SHOW_WH ? "wormhole step: ts + tw (hops + flits - 1) of its longest packet"
                                  : "store-and-forward step: ts + tw msg_flits, 1-flit messages", s->ts);
}

void xc_show_write_json(FILE *f, const xc_show *s)
{
    static const char *const kinds[] = {"min", "store-and-forward", "wormhole"};
    fputs("{\"version\":\"" XC_VERSION "\",\"schema\":\"xchg-show/1\",\"net\":", f); /* docs/json.md */
    xc_json_quote(f, s->net);
    fputs(",\"algo\":", f);
    xc_json_quote(f, s->algo);
    fprintf(f, ",\"kind\":\"%s\",\"options\":", kinds[s->kind]);
    xc_json_quote(f, s->options);
    fprintf(f, ",\"expected\":%lu,\"bound\":%lu,\"bound_name\":", s->expected, s->bound);
    xc_json_quote(f, s->bound_name);
    if (s->kind == XC_SHOW_WH) {
        fprintf(f, ",\"algo_steps\":%lu,\"algo_steps_name\":", s->algo_steps);
        xc_json_quote(f, s->algo_steps_name);
    }
    fprintf(f, ",\"broadcast\":%s,\"steps\":%u,\"messages\":[", s->kind_mnb ? "true" : "false", s->n_frames - 1);
    for (uint32_t i = 0; i < s->n_msgs; i++)
        fprintf(f, "%s[%u,%u]", i ? "," : "", s->src[i], s->dst[i]);
    fputc(']', f);
    if (s->kind == XC_SHOW_MIN)
        put_min(f, s);
    else {
        put_pn(f, s);
        xc_show_put_argument(f, s);
    }
    fputs(",\"frames\":[", f);
    for (uint32_t k = 0; k < s->n_frames; k++)
        put_frame(f, s, k);
    fputs("]}\n", f);
}

#include "xc_show_page.inc"

/* Writes n bytes of a page part with its markers filled: the stepping
 * controls and their script, which the page and the side-by-side page
 * share (xc_show_steps.html, xc_show_steps.js). */
static void put_part(FILE *f, const char *p, size_t n)
{
    static const char *const mark[] = {"<!-- steps -->\n", "<!-- stepping -->\n"};
    const char *const with[] = {xc_show_page_steps_html, xc_show_page_steps_js};
    const char *const end = p + n;
    while (p < end) {
        const char *hit = NULL;
        int which = 0;
        for (int i = 0; i < 2; i++) {
            const char *q = strstr(p, mark[i]);
            if (q && q < end && (!hit || q < hit)) {
                hit = q;
                which = i;
            }
        }
        if (!hit) {
            fwrite(p, 1, (size_t)(end - p), f);
            return;
        }
        fwrite(p, 1, (size_t)(hit - p), f);
        fputs(with[which], f);
        p = hit + strlen(mark[which]);
    }
}

void xc_show_write_html(FILE *f, const xc_show *s)
{
    fputs(xc_show_page_head, f);
    fprintf(f, "<title>xchg show: %s, %s</title>\n", s->net, s->algo);
    fputs(xc_show_page_style, f);
    fputs("</head>\n<body>\n", f);
    put_part(f, xc_show_page_body, strlen(xc_show_page_body));
    /* the data: JSON needs no escaping inside a script element except "</" */
    fputs("<script type=\"application/json\" id=\"data\">\n", f);
    xc_show_write_json(f, s);
    fputs("</script>\n<script>\n", f);
    fputs(xc_show_page_steps_js, f);
    fputs(xc_show_page_script, f);
    fputs("</script>\n</body>\n</html>\n", f);
}

/* Text as an HTML attribute's value (an iframe's srcdoc): & and " escaped. */
static void put_attr(FILE *f, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] == '&')
            fputs("&amp;", f);
        else if (p[i] == '"')
            fputs("&quot;", f);
        else
            fputc(p[i], f);
}

int xc_show_write_side(FILE *f, const xc_show *runs, unsigned n)
{
    static const char mark[] = "<!-- runs -->";
    const char *cut = strstr(xc_show_page_side, mark);
    fputs(xc_show_page_head, f); /* the side page's own head and body follow */
    put_part(f, xc_show_page_side, (size_t)(cut - xc_show_page_side));
    fputs("<div id=\"runs\">\n", f);
    for (unsigned i = 0; i < n; i++) {
        char *page = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&page, &len);
        if (!m)
            return -1;
        xc_show_write_html(m, &runs[i]);
        if (fclose(m)) {
            free(page);
            return -1;
        }
        fprintf(f, "<iframe title=\"%s\" srcdoc=\"", runs[i].algo);
        put_attr(f, page, len);
        fputs("\"></iframe>\n", f);
        free(page);
    }
    fputs("</div>\n<script type=\"application/json\" id=\"side\">\n{\"net\":", f);
    xc_json_quote(f, runs[0].net);
    fputs(",\"runs\":[", f);
    for (unsigned i = 0; i < n; i++) {
        const xc_show *s = &runs[i];
        fprintf(f, "%s{\"algo\":", i ? "," : "");
        xc_json_quote(f, s->algo);
        fprintf(f, ",\"steps\":%u,\"unit\":\"%s\",\"bound\":%lu,\"bound_name\":", s->n_frames - 1,
                s->kind == XC_SHOW_MIN ? "cycles" : s->kind == XC_SHOW_WH ? "start-ups" : "steps", s->bound);
        xc_json_quote(f, s->bound_name);
        fputc('}', f);
    }
    fputs("]}\n</script>\n", f);
    put_part(f, cut + sizeof mark - 1, strlen(cut + sizeof mark - 1));
    return 0;
}
