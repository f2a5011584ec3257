/* SPDX-License-Identifier: MIT */
/* xchg draw: an SVG picture of a banyan MIN in one step x of the XOR
 * method: the wiring, each switch straight (=) or cross (X), and the path
 * of every message m(s→d) in its own colour. docs/ figures come from here. */
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
    "Draws the network configured by M^{l,x}: switch settings and every message's path.\n"
    "Without --out the SVG goes to standard output. N <= 64.\n"
    XC_HELP_EXIT_OK ", 3 the environment failed (a write)\n";

/* Layout, in SVG user units. */
enum { ROW = 26, LABEL = 92, WIRE = 70, SWITCH = 44, TOP = 58, PAD = 24 };

static double x_of_boundary(unsigned b) { return LABEL + b * (WIRE + SWITCH); }
static double x_of_stage(unsigned k) { return x_of_boundary(k) + WIRE; }
static double y_of(unsigned line) { return TOP + line * ROW; }

static void draw(FILE *f, const xc_min *m, const xc_cfg *mx, unsigned x, const char *ldec)
{
    const unsigned n_lines = m->n_lines, n = m->log_n;
    const double width = x_of_boundary(n) + WIRE + LABEL + PAD;
    const double height = y_of(n_lines - 1) + ROW + PAD;
    char spec[64];
    xc_min_spec(m, spec, sizeof spec);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "font-family=\"monospace\" font-size=\"11\">\n", width, height);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(f, "<text x=\"%d\" y=\"18\" font-size=\"13\">%s, l = %s, step x = %u: M^{l,%u} "
               "(= straight, X cross)</text>\n", PAD, spec, ldec, x, x);
    /* switch boxes with their setting */
    for (unsigned k = 0; k < n; k++) {
        fprintf(f, "<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\">stage %u</text>\n",
                x_of_stage(k) + SWITCH / 2.0, TOP - 20, k);
        for (unsigned h = 0; h < n_lines / 2; h++) {
            int s = xc_cfg_bit(mx, h, k);
            fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%d\" height=\"%d\" rx=\"4\" "
                       "fill=\"%s\" stroke=\"#555\"/>\n", x_of_stage(k), y_of(2 * h) - 9, SWITCH,
                    ROW + 18, s ? "#fde2c8" : "#dfe9f7");
            fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\" fill=\"#555\">%u.%u</text>\n",
                    x_of_stage(k) + SWITCH - 2, y_of(2 * h) + ROW + 6, k, h);
        }
    }
    /* every message's path, one colour per source */
    for (unsigned j = 0; j < n_lines; j++) {
        unsigned line = j;
        double hue = 360.0 * j / n_lines;
        fprintf(f, "<polyline fill=\"none\" stroke=\"hsl(%.0f,70%%,42%%)\" stroke-width=\"2\" points=\"",
                hue);
        fprintf(f, "%d,%.0f ", LABEL - 10, y_of(j));
        for (unsigned k = 0; k <= n; k++) {
            unsigned next = xc_min_wire(m, k, line);
            fprintf(f, "%.0f,%.0f %.0f,%.0f ", x_of_boundary(k), y_of(line), x_of_boundary(k) + WIRE,
                    y_of(next));
            line = next;
            if (k < n) {
                unsigned out = line ^ (unsigned)xc_cfg_bit(mx, line >> 1, k);
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
    fprintf(f, "</svg>\n");
}

int xc_cmd_draw(int argc, char **argv)
{
    static const struct option opts[] = {
        XC_OPT_NET, XC_OPTS_MIN_RUN, {"x", required_argument, 0, 'x'}, XC_OPT_OUT, XC_OPT_HELP, XC_OPT_END,
    };
    const char *v[128];
    int rc = xc_cli_parse("draw", opts, usage, NULL, argc, argv, v);
    if (rc != XC_CLI_GO)
        return rc;
    const char *net = v['n'], *l_text = v['l'], *cfg_text = v['c'], *out = v['o'], *x_text = v['x'];
    xc_min m;
    xc_cfg m0, mx;
    xc_big l;
    unsigned x_given, x = 0;
    rc = xc_cli_min_square("draw", net, l_text, cfg_text, &m, &m0, &l, &x_given);
    if (rc)
        return rc;
    if (m.n_lines > 64)
        return xc_cli_error("draw", XC_ERANGE, "--net %s: drawings go up to N = 64", net);
    if (x_text) {
        uint64_t v;
        if (xc_num_u64(x_text, m.n_lines - 1, &v) != XC_OK)
            return xc_cli_error("draw", XC_ERANGE, "--x '%s': a step from 0 to %u", x_text,
                                m.n_lines - 1);
        x = (unsigned)v;
    } else {
        x = x_given;
    }
    if (out) {
        size_t len = strlen(out);
        if (len < 5 || strcmp(out + len - 4, ".svg"))
            return xc_cli_error("draw", XC_EINVAL, "--out '%s': the file name must end in .svg", out);
    }
    char ldec[1600];
    xc_big_to_dec(&l, ldec, sizeof ldec);
    xc_cfg_xor(&m0, x, &mx);
    if (!out) {
        draw(stdout, &m, &mx, x, ldec);
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
    draw(f, &m, &mx, x, ldec);
    const int bad = xc_fs_close_rename(f, tmp, out) != 0;
    xc_partial_done(tmp);
    if (bad)
        return xc_cli_error("draw", XC_EWRITE, "--out '%s': cannot write it", out);
    return 0;
}
