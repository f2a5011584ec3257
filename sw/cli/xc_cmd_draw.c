/* SPDX-License-Identifier: MIT */
/* xchg draw: an SVG picture of a banyan MIN in one step x of the XOR
 * method: the wiring, each switch straight (=) or cross (X), and the path
 * of every message m(s→d) in its own colour. docs/ figures come from here.
 * With --perm, one permutation routed by destination tags instead: where
 * two messages want one switch output, the switch is marked (a thick
 * dashed red border, a "!" and the words "conflict: port p"), so the
 * collision reads without the colour. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cli_out.h"
#include "xc_cli_opt.h"
#include "xc_num.h"
#include "xc_fs.h"
#include "xc_partial.h"
#include "xc_latin.h"

static const char usage[] =
    "usage: xchg draw --net TOPOLOGY:N (--l L | --config ROWS) [--x X] [--out FILE.svg]\n"
    "       xchg draw --net TOPOLOGY:N --perm P [--out FILE.svg]\n"
    "Draws the network configured by M^{l,x}: switch settings and every message's path.\n"
    "--perm P (the output each input goes to, as xchg latin --perm takes it): every\n"
    "message routed by its destination tag; a switch where two want one output is\n"
    "marked \"!\" with a thick dashed border and the port they collide on, their\n"
    "paths dashed; the title names the first conflict (the one xchg latin names).\n"
    "Without --out the SVG goes to standard output. N <= 64.\n"
    XC_HELP_EXIT_OK ", 3 the environment failed (a write)\n";

/* Layout, in SVG user units. */
enum { ROW = 26, LABEL = 92, WIRE = 70, SWITCH = 44, TOP = 58, PAD = 24 };

static double x_of_boundary(unsigned b) { return LABEL + b * (WIRE + SWITCH); }
static double x_of_stage(unsigned k) { return x_of_boundary(k) + WIRE; }
static double y_of(unsigned line) { return TOP + line * ROW; }

/* What is drawn: the settings M^{l,x} (mx), or a permutation routed by
 * destination tags (dest) with, per stage and switch, the port two of its
 * messages collide on (-1: none) and whether each input collides. */
enum { DRAW_MAX_N = 64, DRAW_MAX_LOG = 6 }; /* drawings go up to N = 64 */
typedef struct picture {
    const xc_cfg *mx;
    const uint16_t *dest;
    signed char clash[DRAW_MAX_N / 2 * DRAW_MAX_LOG]; /* stage k, switch h at k * N/2 + h */
    unsigned char hit[DRAW_MAX_N];
} picture;

/* The switch output a message on line takes in stage k: the setting, or
 * its destination tag's bit. */
static unsigned out_of(const xc_min *m, const picture *p, unsigned j, unsigned line, unsigned k)
{
    if (p->dest)
        return (line & ~1u) | ((p->dest[j] >> m->route_bit[k]) & 1u);
    return line ^ (unsigned)xc_cfg_bit(p->mx, line >> 1, k);
}

/* Routes p->dest by destination tags through every stage (blocked or
 * not): marks each switch output two messages want, and the messages. */
static void route(const xc_min *m, picture *p)
{
    const unsigned n_lines = m->n_lines;
    uint16_t line[DRAW_MAX_N];
    memset(p->clash, -1, sizeof p->clash);
    memset(p->hit, 0, sizeof p->hit);
    for (unsigned j = 0; j < n_lines; j++)
        line[j] = (uint16_t)xc_min_wire(m, 0, j);
    for (unsigned k = 0; k < m->log_n; k++) {
        int owner[DRAW_MAX_N];
        for (unsigned o = 0; o < n_lines; o++)
            owner[o] = -1;
        for (unsigned j = 0; j < n_lines; j++) {
            const unsigned out = out_of(m, p, j, line[j], k);
            if (owner[out] >= 0) {
                p->clash[k * (n_lines / 2) + (out >> 1)] = (signed char)(out & 1u);
                p->hit[j] = p->hit[owner[out]] = 1;
            }
            owner[out] = (int)j;
            line[j] = (uint16_t)xc_min_wire(m, k + 1, out);
        }
    }
}

static void draw_switches(FILE *f, const xc_min *m, const picture *p)
{
    const unsigned n_lines = m->n_lines, n = m->log_n;
    for (unsigned k = 0; k < n; k++) {
        fprintf(f, "<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\">stage %u</text>\n",
                x_of_stage(k) + SWITCH / 2.0, TOP - 20, k);
        for (unsigned h = 0; h < n_lines / 2; h++) {
            const int c = p->dest ? p->clash[k * (n_lines / 2) + h] : -1;
            const char *fill = c >= 0 ? "#f6c9c9" : p->dest ? "#f2f2f2" : xc_cfg_bit(p->mx, h, k) ? "#fde2c8" : "#dfe9f7";
            fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%d\" height=\"%d\" rx=\"4\" fill=\"%s\" ",
                    x_of_stage(k), y_of(2 * h) - 9, SWITCH, ROW + 18, fill);
            if (c >= 0)
                fprintf(f, "stroke=\"#b00000\" stroke-width=\"4\" stroke-dasharray=\"7 3\" class=\"conflict\" "
                           "data-switch=\"s%u.%u\"/>\n", k, h);
            else
                fputs("stroke=\"#555\"/>\n", f);
            fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\" fill=\"#555\">%u.%u</text>\n",
                    x_of_stage(k) + SWITCH - 2, y_of(2 * h) + ROW + 6, k, h);
        }
    }
}

/* Over the paths: "!" in each switch where two messages want one output,
 * "clash" at that output, so the conflict reads without the colour. */
static void draw_clashes(FILE *f, const xc_min *m, const picture *p)
{
    for (unsigned k = 0; k < m->log_n; k++)
        for (unsigned h = 0; h < m->n_lines / 2; h++) {
            const int c = p->clash[k * (m->n_lines / 2) + h];
            if (c >= 0)
                fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\" font-size=\"20\" font-weight=\"bold\" "
                           "fill=\"#b00000\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">!</text>\n"
                           "<text x=\"%.0f\" y=\"%.0f\" fill=\"#b00000\" font-weight=\"bold\">clash</text>\n",
                        x_of_stage(k) + SWITCH / 2.0, y_of(2 * h) + ROW / 2.0 + 7, x_of_stage(k) + SWITCH + 3,
                        y_of(2 * h + (unsigned)c) - 5);
        }
}

static void draw(FILE *f, const xc_min *m, const picture *p, const char *title, const char *foot)
{
    const unsigned n_lines = m->n_lines, n = m->log_n;
    const double width = x_of_boundary(n) + WIRE + LABEL + PAD + (p->dest ? 40 : 0);
    const double height = y_of(n_lines - 1) + ROW + PAD + (foot ? 34 : 0);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "font-family=\"monospace\" font-size=\"11\">\n", width, height);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(f, "<text x=\"%d\" y=\"18\" font-size=\"13\">%s</text>\n", PAD, title);
    if (foot)
        fprintf(f, "<text x=\"%d\" y=\"%.0f\" fill=\"#b00000\">%s</text>\n<text x=\"%d\" y=\"%.0f\">"
                   "!, clash: every switch where two messages want one output; dashed: a message in one</text>\n",
                PAD, height - 24, foot, PAD, height - 8);
    draw_switches(f, m, p);
    /* every message's path, one colour per source; one that collides dashed */
    for (unsigned j = 0; j < n_lines; j++) {
        unsigned line = j;
        double hue = 360.0 * j / n_lines;
        fprintf(f, "<polyline fill=\"none\" stroke=\"hsl(%.0f,70%%,42%%)\" stroke-width=\"%s\" points=\"",
                hue, p->dest && p->hit[j] ? "3\" stroke-dasharray=\"6 3\" class=\"clashing" : "2");
        fprintf(f, "%d,%.0f ", LABEL - 10, y_of(j));
        for (unsigned k = 0; k <= n; k++) {
            unsigned next = xc_min_wire(m, k, line);
            fprintf(f, "%.0f,%.0f %.0f,%.0f ", x_of_boundary(k), y_of(line), x_of_boundary(k) + WIRE,
                    y_of(next));
            line = next;
            if (k < n) {
                const unsigned out = out_of(m, p, j, line, k);
                fprintf(f, "%.0f,%.0f %.0f,%.0f ", x_of_stage(k) + 6, y_of(line),
                        x_of_stage(k) + SWITCH - 6, y_of(out));
                line = out;
            }
        }
        fprintf(f, "%.0f,%.0f\"/>\n", x_of_boundary(n) + WIRE + 10, y_of(line));
        fprintf(f, "<text x=\"%d\" y=\"%.0f\" fill=\"hsl(%.0f,70%%,35%%)\">in %u</text>\n", PAD,
                y_of(j) + 4, hue, j);
        fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" fill=\"hsl(%.0f,70%%,35%%)\">out %u: m(%u\u2192%u)</text>\n",
                x_of_boundary(n) + WIRE + 14, y_of(line) + 4, hue, line, j, line);
    }
    if (p->dest)
        draw_clashes(f, m, p);
    fprintf(f, "</svg>\n");
}

/* The title and the picture of --l / --config (and --x), or of --perm:
 * 0 or the exit status after the one-line error. */
static int parse_picture(const char *v[128], xc_min *m, xc_cfg *mx, uint16_t *dest, picture *p, char *title, char *foot,
                         size_t cap)
{
    const char *net = v['n'], *x_text = v['x'], *perm = v['p'];
    xc_err err;
    xc_status st;
    if (perm) {
        if (v['l'] || v['c'] || x_text)
            return xc_cli_error("draw", XC_EINVAL, "give --perm alone, not with --l, --config or --x");
        if (!net)
            return xc_cli_error("draw", XC_EINVAL, "--net is required, e.g. --net omega:8");
        if ((st = xc_min_parse(m, net, &err)) || (st = xc_perm_parse(m, perm, dest, &err)))
            return xc_cli_error("draw", st, "%s", err.msg);
    } else {
        xc_cfg m0;
        xc_big l;
        unsigned x_given;
        const int rc = xc_cli_min_square("draw", net, v['l'], v['c'], m, &m0, &l, &x_given);
        if (rc)
            return rc;
        uint64_t x = x_given;
        if (x_text && xc_num_u64(x_text, m->n_lines - 1, &x) != XC_OK)
            return xc_cli_error("draw", XC_ERANGE, "--x '%s': a step from 0 to %u", x_text, m->n_lines - 1);
        char ldec[1600], spec[64];
        xc_big_to_dec(&l, ldec, sizeof ldec);
        xc_min_spec(m, spec, sizeof spec);
        xc_cfg_xor(&m0, (unsigned)x, mx);
        snprintf(title, cap, "%s, l = %s, step x = %u: M^{l,%u} (= straight, X cross)", spec, ldec, (unsigned)x, (unsigned)x);
        *p = (picture){.mx = mx};
        return 0;
    }
    if (m->n_lines > DRAW_MAX_N)
        return xc_cli_error("draw", XC_ERANGE, "--net %s: drawings go up to N = %d", net, DRAW_MAX_N);
    char spec[64];
    xc_min_spec(m, spec, sizeof spec);
    *p = (picture){.dest = dest};
    route(m, p);
    xc_block b;
    const int ok = xc_perm_admissible(m, dest, &b);
    snprintf(title, cap, "%s, --perm %s: %s", spec, perm, ok ? "admissible, no switch conflict" : "blocked");
    if (!ok)
        snprintf(foot, cap, "first conflict at s%u.%u: inputs %u (to %u) and %u (to %u) both want port %u",
                 b.stage, b.sw, b.in_a, dest[b.in_a], b.in_b,
                 dest[b.in_b], b.port);
    return 0;
}

int xc_cmd_draw(int argc, char **argv)
{
    static const struct option opts[] = {
        XC_OPT_NET, XC_OPTS_MIN_RUN, {"x", required_argument, 0, 'x'}, {"perm", required_argument, 0, 'p'},
        XC_OPT_OUT, XC_OPT_HELP,     XC_OPT_END,
    };
    const char *v[128];
    int rc = xc_cli_parse("draw", opts, usage, NULL, argc, argv, v);
    if (rc != XC_CLI_GO)
        return rc;
    const char *out = v['o'];
    xc_min m;
    xc_cfg mx;
    uint16_t dest[XC_MIN_MAX_N];
    static picture p;
    char title[2048], foot[2048] = "";
    if ((rc = parse_picture(v, &m, &mx, dest, &p, title, foot, sizeof title)))
        return rc;
    if (m.n_lines > DRAW_MAX_N)
        return xc_cli_error("draw", XC_ERANGE, "--net %s: drawings go up to N = %d", v['n'], DRAW_MAX_N);
    if (out) {
        size_t len = strlen(out);
        if (len < 5 || strcmp(out + len - 4, ".svg"))
            return xc_cli_error("draw", XC_EINVAL, "--out '%s': the file name must end in .svg", out);
    }
    if (!out) {
        draw(stdout, &m, &p, title, *foot ? foot : NULL);
        return 0;
    }
    /* write beside, then rename: no half-written file on failure */
    char tmp[XC_OUT_PATH];
    rc = xc_cli_out_tmp(tmp, "draw", "--out", out);
    if (rc)
        return rc;
    xc_partial_add(tmp, 0); /* a stop signal removes it */
    FILE *f = xc_mkdir_for(out) == 0 ? fopen(tmp, "w") : NULL;
    if (!f) {
        xc_partial_done(tmp);
        return xc_cli_error("draw", XC_EIO, "--out '%s': cannot write it", out);
    }
    draw(f, &m, &p, title, *foot ? foot : NULL);
    const int bad = xc_fs_close_rename(f, tmp, out) != 0;
    xc_partial_done(tmp);
    if (bad)
        return xc_cli_error("draw", XC_EWRITE, "--out '%s': cannot write it", out);
    return 0;
}
