/* SPDX-License-Identifier: MIT */
/* xchg show: the exchange stepped through in the browser. Runs the golden
 * model (xc_show_run.c) and writes one self-contained HTML page, or the
 * same data as JSON (xc_show_page.c). The file is written under a
 * temporary name and renamed when complete: bad input leaves nothing. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cli_out.h"
#include "xc_cli_opt.h"
#include "xc_num.h"
#include "xc_consts.h"
#include "xc_fs.h"
#include "xc_min_random.h"
#include "xc_partial.h"
#include "xc_show.h"
#include "xc_wh.h"

static const char usage[] =
    "usage: xchg show --net NET [--algo ALGO] [run options] (--out FILE.html | --json [--out FILE.json]\n"
    "                 | --svg-steps DIR)\n"
    "Runs the exchange on the golden model and writes it as one self-contained HTML page\n"
    "(inline SVG, CSS and script; no network access): a step slider, previous/next,\n"
    "play/pause at 0.5..30 steps/s; keys: left/right, Home/End, space, +/- (speed).\n"
    "FILE.html#step=K opens at step K (0: before the first step); #speed=S&play plays.\n"
    "  --net      a MIN (butterfly|omega|baseline|rbaseline|cube:N, N <= 64) or a product\n"
    "             network of up to 64 nodes (torus:4x4, ring:7, hypercube:4, ...)\n"
    "  --algo     MIN: latin (default); product network: te-ni, te-a1, te-a2, mnb,\n"
    "             mnb-product (store-and-forward), te-dc1, te-dcn (wormhole, square tori)\n"
    "             A,B or A,B,C: the algorithms side by side on one page, stepping together,\n"
    "             each one's steps against the bound\n"
    "  --l, --config, --mode xor|table|self   the MIN run options (xchg run --help);\n"
    "             --l random / --config random: drawn from --seed S as xchg run draws them\n"
    "  --seed     S: the seed of --l random / --config random (default: drawn, printed)\n"
    "  --port single|multi, --duplex full|half  the port model of a product network\n"
    "  --ts CYCLES  start-up cost of a wormhole step (default 100)\n"
    "  --perm P   a MIN: permutation P (the output each input goes to) routed by destination\n"
    "             tags, one stage a step, every switch where two messages collide marked\n"
    "  --inject switch:sK.H@C | random   a MIN (xor, table): switch sK.H takes the wrong\n"
    "             setting in the page's cycle C, or one drawn from --seed; neither the page\n"
    "             nor the line printed names it; --answer sK.H checks a guess (exit 0 right,\n"
    "             1 wrong; the same --inject and --seed, no page written)\n"
    "  --json     write the same data as JSON (to --out, or standard output)\n"
    "  --svg-steps DIR  every step as DIR/step-K.svg (for slides), drawn by the page in\n"
    "             headless Chromium (make deps installs it); the folder is created\n"
    "Every message shown is an element with <title>m(s→d)</title> and data-src, data-dst,\n"
    "data-at (where it is at the end of the step: in<j>, s<k>.<h>, out<o> on a MIN,\n"
    "n<node> on a product network); #delivered holds the deliveries so far.\n"
    "On success one line names the file, the steps and the deliveries.\n"
    "exit status: 0 written, 2 bad input, 3 the page could not be written or a model failed\n";

struct show_args {
    xc_show_opts o;
    const char *out;
    const char *svg_dir; /* --svg-steps */
    const char *perm;    /* --perm: one permutation on a MIN */
    const char *inject;  /* --inject: the hidden-fault lab */
    const char *answer;  /* --answer s<k>.<h>: a guess at the fault */
    int json;
    int seeded;
    uint64_t seed;
    char drawn[XC_BIG_MAX_BITS / 3 + 8]; /* --l random / --config random as text */
};

static const char *const modes[] = {"xor", "table", "self", NULL};
static const char *const ports[] = {"single", "multi", NULL};
static const char *const duplexes[] = {"full", "half", NULL};

/* --port, --duplex, --ts and --mode into a->o (the shared option loop has
 * read them as text into v). */
static int parse_shape(const char *v[128], struct show_args *a)
{
    int mode = 0, rc;
    if ((rc = xc_cli_word("show", "mode", v['m'], modes, &mode)))
        return rc;
    a->o.mode = mode == 0 ? XC_MODE_XOR : mode == 1 ? XC_MODE_TABLE : XC_MODE_SELF;
    if ((rc = xc_cli_word("show", "port", v['p'], ports, &a->o.multi)) ||
        (rc = xc_cli_word("show", "duplex", v['d'], duplexes, &a->o.half)))
        return rc;
    a->o.multi_set = v['p'] != NULL;
    if (v['S']) {
        uint32_t ts;
        if (xc_num_u32(v['S'], XC_WH_MAX_TS, &ts) || ts < 1)
            return xc_cli_error("show", XC_EINVAL, "--ts '%s': 1 .. %u cycles", v['S'], XC_WH_MAX_TS);
        a->o.ts = ts;
    }
    return 0;
}

/* --l random or --config random: drawn from the seed (given, or fresh and
 * printed) with the generator and in the order xchg run uses, so `run`
 * with the same --seed runs the same square. 0 or the exit status. */
static int draw_random(const char *seed_text, struct show_args *a)
{
    const int l = a->o.l_text && !strcmp(a->o.l_text, "random"), c = a->o.cfg_text && !strcmp(a->o.cfg_text, "random");
    const int fault = a->inject && !strcmp(a->inject, "random");
    if (!l && !c && !fault) {
        if (seed_text)
            return xc_cli_error("show", XC_EINVAL, "--seed is for --l random, --config random or --inject random");
        return 0;
    }
    uint64_t v = xc_rand_fresh_seed() & 0xFFFFFFFFull;
    if (seed_text && xc_num_u64(seed_text, UINT64_MAX, &v) != XC_OK)
        return xc_cli_error("show", XC_EINVAL, "--seed '%s': a whole number 0 .. 18446744073709551615", seed_text);
    a->seeded = 1;
    a->seed = v;
    if (!l && !c)
        return 0;
    xc_min m;
    xc_err err;
    if (!a->o.net || xc_min_parse(&m, a->o.net, &err) != XC_OK || (l && c))
        return 0; /* the recorder names what is wrong */
    xc_rand gen;
    xc_rand_seed(&gen, v);
    if (l) {
        xc_big big;
        xc_min_random_l(&m, &gen, &big);
        xc_big_to_dec(&big, a->drawn, sizeof a->drawn);
        a->o.l_text = a->drawn;
    } else {
        xc_min_random_cfg_text(&m, &gen, a->drawn, sizeof a->drawn);
        a->o.cfg_text = a->drawn;
    }
    return 0;
}

static int parse_args(int argc, char **argv, struct show_args *a)
{
    static const struct option opts[] = {
        XC_OPT_NET, XC_OPT_ALGO, XC_OPTS_MIN_RUN, {"mode", required_argument, 0, 'm'}, XC_OPTS_PORT_MODEL,
        XC_OPT_TS,  XC_OPT_OUT,  XC_OPT_JSON,     XC_OPT_HELP, {"seed", required_argument, 0, 'e'}, {"svg-steps", required_argument, 0, 'g'},
        {"perm", required_argument, 0, 'P'}, {"inject", required_argument, 0, 'I'}, {"answer", required_argument, 0, 'A'},
        XC_OPT_END,
    };
    memset(a, 0, sizeof *a);
    a->o = (xc_show_opts){.mode = XC_MODE_XOR, .ts = XC_WH_DEFAULT_TS};
    if (xc_cli_help_asked(argc, argv, opts)) {
        fputs(usage, stdout);
        return -1;
    }
    const char *v[128];
    int rc = xc_cli_read("show", opts, NULL, argc, argv, v, NULL);
    if (rc || (rc = parse_shape(v, a)))
        return rc;
    a->o.net = v['n'];
    a->o.algo = v['a'];
    a->o.l_text = v['l'];
    a->o.cfg_text = v['c'];
    a->out = v['o'];
    a->json = v['j'] != NULL;
    a->svg_dir = v['g'];
    a->perm = v['P'];
    a->inject = v['I'];
    a->answer = v['A'];
    if (a->answer && !a->inject)
        return xc_cli_error("show", XC_EINVAL, "--answer is for a page of --inject (the same --inject and --seed)");
    if ((rc = draw_random(v['e'], a)))
        return rc;
    if (!a->out && !a->json && !a->svg_dir && !a->answer)
        return xc_cli_error("show", XC_EINVAL, "--out FILE.html is required (or --json for the data, --svg-steps DIR)");
    if (a->out && !a->json) {
        size_t len = strlen(a->out);
        if (len < 6 || strcmp(a->out + len - 5, ".html"))
            return xc_cli_error("show", XC_EINVAL, "--out '%s': the file name must end in .html", a->out);
    }
    return 0;
}

/* Writes the page or the JSON to out through a temporary file, renamed
 * when complete; n > 1 recordings: the side-by-side page. */
static int write_out(const struct show_args *a, const xc_show *s, unsigned n)
{
    if (a->svg_dir && !a->out && !a->json)
        return 0;
    if (!a->out) {
        xc_show_write_json(stdout, s);
        return 0;
    }
    char tmp[XC_OUT_PATH];
    int rc = xc_cli_out_tmp(tmp, "show", "--out", a->out);
    if (rc)
        return rc;
    xc_partial_add(tmp, 0); /* a stop signal removes it */
    FILE *f = xc_mkdir_for(a->out) == 0 ? fopen(tmp, "w") : NULL;
    if (!f) {
        xc_partial_done(tmp);
        return xc_cli_error("show", XC_EIO, "--out '%s': cannot write it", a->out);
    }
    int bad = 0;
    if (n > 1)
        bad = xc_show_write_side(f, s, n) != 0;
    else if (a->json)
        xc_show_write_json(f, s);
    else
        xc_show_write_html(f, s);
    if (bad) {
        fclose(f);
        remove(tmp);
    } else {
        bad = xc_fs_close_rename(f, tmp, a->out) != 0;
    }
    xc_partial_done(tmp);
    if (bad)
        return xc_cli_error("show", XC_EWRITE, "--out '%s': cannot write it", a->out);
    char what[160] = "", seed[48] = "";
    for (unsigned i = 0; i < n; i++)
        snprintf(what + strlen(what), sizeof what - strlen(what), "%s%s: %u steps", i ? ", " : "", s[i].algo,
                 s[i].n_frames - 1);
    if (a->seeded)
        snprintf(seed, sizeof seed, " (seed %llu)", (unsigned long long)a->seed);
    if (n > 1)
        printf("xchg show: %s, side by side: %s -> %s\n", s->net, what, a->out);
    else
        printf("xchg show: %s, %s%s: %u steps, %lu messages delivered -> %s\n", s->net, s->algo, seed, s->n_frames - 1,
               (unsigned long)s->delivered[s->n_frames - 1], a->out);
    return 0;
}

/* --inject: the fault put into the recording; with --answer the guess
 * checked (exit 0 right, 1 wrong) and nothing written, else the page,
 * which, like the line printed, never names the fault. */
static int inject(const struct show_args *a, xc_show *s)
{
    xc_show_fault f;
    int rc = xc_show_inject(s, a->inject, a->seed ^ 0x5eedfa17ull, &f);
    if (rc)
        return rc;
    if (!a->answer)
        return write_out(a, s, 1);
    char where[32];
    snprintf(where, sizeof where, "s%u.%u", f.stage, f.sw);
    if (strcmp(a->answer, where)) {
        printf("--answer %s: not the faulty switch\n", a->answer);
        return 1;
    }
    printf("--answer %s: right, s%u.%u took the wrong setting in cycle %u\n", a->answer, f.stage, f.sw, f.cycle);
    return 0;
}

/* --algo A,B[,C]: the algorithms of a side-by-side page into names (each
 * at most 31 characters): how many, or the exit status (negated) after
 * one line; 1 for a single algorithm. */
static int split_algos(const struct show_args *a, char names[3][32])
{
    const char *p = a->o.algo;
    int n = 0;
    if (!p || !strchr(p, ','))
        return 1;
    while (*p) {
        const size_t len = strcspn(p, ",");
        if (n == 3 || len == 0 || len >= 32)
            return -xc_cli_error("show", XC_EINVAL, "--algo '%s': one algorithm, or two or three to show side by "
                                                     "side, e.g. te-ni,te-a1", a->o.algo);
        memcpy(names[n], p, len);
        names[n++][len] = 0;
        p += len + (p[len] == ',');
    }
    if (n < 2 || a->json || a->svg_dir || !a->out)
        return -xc_cli_error("show", XC_EINVAL, "--algo '%s': side by side is a page: --out FILE.html, not --json or "
                                                 "--svg-steps", a->o.algo);
    return n;
}

int xc_cmd_show(int argc, char **argv)
{
    struct show_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc < 0 ? 0 : rc;
    char names[3][32];
    const int n = split_algos(&a, names);
    if (n < 0)
        return -n;
    if (a.svg_dir && (rc = xc_show_svg_dir(a.svg_dir)))
        return rc;
    xc_show s[3];
    int done = 0;
    for (rc = 0; !rc && done < n; done++) {
        xc_show_opts o = a.o;
        if (n > 1)
            o.algo = names[done];
        rc = a.perm ? xc_show_record_perm(&o, a.perm, &s[done]) : xc_show_record(&o, &s[done]);
    }
    if (!rc && a.inject)
        rc = n > 1 ? xc_cli_error("show", XC_EINVAL, "--inject: one algorithm") : inject(&a, &s[0]);
    else if (!rc)
        rc = write_out(&a, s, (unsigned)n);
    if (!rc && a.svg_dir)
        rc = xc_show_svg_steps(&s[0], a.svg_dir);
    for (int i = 0; i < done; i++)
        xc_show_free(&s[i]);
    return rc;
}
