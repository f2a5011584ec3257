/* SPDX-License-Identifier: MIT */
/* xchg latin: the Latin square P^l and configurations S^l of a banyan MIN,
 * printed as Massini's Example 2 prints them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_json.h"
#include "xc_latin.h"

static const char usage[] =
    "usage: xchg latin --net TOPOLOGY:N (--l L | --config ROWS | --perm P) [--json]\n"
    "  --net      butterfly|omega|baseline|rbaseline|cube : N, N a power of two, 2..1024\n"
    "  --l        index of the Latin square, 0 <= l < N^(N/2-1), decimal or 0x hex\n"
    "  --config   any configuration M, rows of n bits (stage 0 first) joined by commas;\n"
    "             its square is found by Theorem 2\n"
    "  --perm     the output each input 0..N-1 goes to, e.g. 1,0,3,2,5,4,7,6: is it\n"
    "             admissible (one pass, destination tags, no two messages on one switch\n"
    "             output)? Exit 0 admissible, 1 blocked (the first conflict is named)\n"
    "  --json     {net, l, x_given, permutations[x][i], configs[x][h], latin}\n"
    "             with --perm: {net, perm, admissible, conflict: null or\n"
    "             {switch, stage, port, inputs}}\n"
    "permutations[x][i] is the input whose message reaches output i under M^{l,x};\n"
    "configs[x][h] is row h of M^{l,x}, stage 0 first.\n"
    "exit status: 0 ok, 1 not a Latin square, 2 bad input, 3 out of memory\n";

/* text, or its first digits and a count when it is too long for one line. */
static const char *abbrev(const char *text, char *buf, size_t cap)
{
    size_t len = strlen(text);
    if (len <= 40)
        return text;
    snprintf(buf, cap, "%.20s...(%zu digits)", text, len);
    return buf;
}

/* Fills min, m0 (M^{l,0}), l and *x_given from --net and --l / --config.
 * Shared with `xchg run`. */
int xc_cli_min_square(const char *cmd, const char *net, const char *l_text, const char *cfg_text,
                      xc_min *min, xc_cfg *m0, xc_big *l, unsigned *x_given)
{
    xc_err err;
    xc_status st;
    if (!net)
        return xc_cli_error(cmd, XC_EINVAL, "--net is required, e.g. --net butterfly:8");
    if ((st = xc_min_parse(min, net, &err)))
        return xc_cli_error(cmd, st, "%s", err.msg);
    if (l_text && cfg_text)
        return xc_cli_error(cmd, XC_EINVAL, "give --l or --config, not both");
    *x_given = 0;
    if (cfg_text) {
        xc_cfg given;
        if ((st = xc_cfg_parse(min, cfg_text, &given, &err)))
            return xc_cli_error(cmd, st, "%s", err.msg);
        xc_cfg_classify(&given, l, x_given);
        xc_cfg_xor(&given, *x_given, m0);
        return 0;
    }
    xc_big_zero(l);
    if (l_text) {
        char shortl[64];
        const char *lt = abbrev(l_text, shortl, sizeof shortl);
        unsigned bits = xc_latin_l_bits(min);
        st = xc_big_parse(l, l_text, XC_BIG_MAX_BITS, &err);
        if (st == XC_OK && !xc_big_fits(l, bits))
            st = xc_fail(&err, XC_ERANGE, "--l %s: must be below N^(N/2-1) = 2^%u for N = %u",
                         lt, bits, min->n_lines);
        else if (st != XC_OK)
            xc_fail(&err, st, "--l %s: must be an integer 0 <= l < 2^%u, decimal or 0x hex", lt,
                    bits);
        if (st)
            return xc_cli_error(cmd, st, "%s", err.msg);
    }
    if ((st = xc_cfg_from_l(min, l, m0, &err)))
        return xc_cli_error(cmd, st, "%s", err.msg);
    return 0;
}

static void print_row_bits(FILE *f, const xc_cfg *c, unsigned h)
{
    for (unsigned k = 0; k < c->log_n; k++)
        fputc('0' + xc_cfg_bit(c, h, k), f);
}

static void print_json(const xc_min *min, const xc_cfg *m0, const char *ldec, unsigned x_given,
                       int latin)
{
    char spec[64], row[XC_MIN_MAX_N + 1];
    uint16_t src[XC_MIN_MAX_N];
    xc_min_spec(min, spec, sizeof spec);
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-latin/1");
    xc_json_str(&j, "net", spec);
    xc_json_raw(&j, "l", ldec);
    xc_json_uint(&j, "x_given", x_given);
    xc_json_arr(&j, "permutations");
    for (unsigned x = 0; x < min->n_lines; x++) {
        xc_cfg mx;
        xc_cfg_xor(m0, x, &mx);
        xc_route(min, &mx, NULL, src);
        xc_json_arr(&j, NULL);
        for (unsigned i = 0; i < min->n_lines; i++)
            xc_json_uint(&j, NULL, src[i]);
        xc_json_end(&j);
    }
    xc_json_end(&j);
    xc_json_arr(&j, "configs");
    for (unsigned x = 0; x < min->n_lines; x++) {
        xc_cfg mx;
        xc_cfg_xor(m0, x, &mx);
        xc_json_arr(&j, NULL);
        for (unsigned h = 0; h < mx.half; h++) {
            for (unsigned k = 0; k < mx.log_n; k++)
                row[k] = (char)('0' + xc_cfg_bit(&mx, h, k));
            row[mx.log_n] = '\0';
            xc_json_str(&j, NULL, row);
        }
        xc_json_end(&j);
    }
    xc_json_end(&j);
    xc_json_bool(&j, "pass", latin);
    xc_json_bool(&j, "latin", latin);
    xc_json_finish(&j);
}

static void print_text(const xc_min *min, const xc_cfg *m0, const char *ldec, unsigned x_given,
                       int given_config, int latin)
{
    char spec[64];
    uint16_t src[XC_MIN_MAX_N];
    xc_min_spec(min, spec, sizeof spec);
    const int compact = min->n_lines <= 10; /* one digit per input, as the paper prints */
    printf("%s   l = %s\n", spec, ldec);
    if (given_config)
        printf("the configuration given is M^{l,%u} (Theorem 2: x = its first row)\n", x_given);
    printf("P^l: column x lists the input whose message reaches output 0..%u under M^{l,x}\n",
           min->n_lines - 1);
    printf("S^l: row h of M^{l,x} = switch h, stages 0..%u (1 = cross)\n\n", min->log_n - 1);
    for (unsigned x = 0; x < min->n_lines; x++) {
        xc_cfg mx;
        xc_cfg_xor(m0, x, &mx);
        xc_route(min, &mx, NULL, src);
        printf("x=%-4u ", x);
        for (unsigned i = 0; i < min->n_lines; i++)
            printf(compact ? "%u" : "%u ", src[i]);
        printf("   ");
        for (unsigned h = 0; h < mx.half; h++) {
            print_row_bits(stdout, &mx, h);
            putchar(h + 1 < mx.half ? ' ' : '\n');
        }
    }
    printf("\nLatin square: %s\n", latin ? "yes (every row and column a permutation)" : "NO");
}

/* --perm: admissibility of one permutation on the MIN, the blocking
 * homework. Exit 0 admissible, 1 blocked, 2 bad input. */
static int cmd_perm(const char *net, const char *perm_text, int json)
{
    xc_min min;
    xc_err err;
    xc_status st;
    uint16_t dest[XC_MIN_MAX_N];
    char spec[64];
    if (!net)
        return xc_cli_error("latin", XC_EINVAL, "--net is required, e.g. --net butterfly:8");
    if ((st = xc_min_parse(&min, net, &err)))
        return xc_cli_error("latin", st, "%s", err.msg);
    if ((st = xc_perm_parse(&min, perm_text, dest, &err)))
        return xc_cli_error("latin", st, "%s", err.msg);
    xc_min_spec(&min, spec, sizeof spec);
    xc_block b;
    const int ok = xc_perm_admissible(&min, dest, &b);
    if (json) {
        xc_json j;
        xc_json_begin(&j, stdout, "xchg-latin-perm/1");
        xc_json_bool(&j, "pass", ok);
        xc_json_str(&j, "net", spec);
        xc_json_arr(&j, "perm");
        for (unsigned i = 0; i < min.n_lines; i++)
            xc_json_uint(&j, NULL, dest[i]);
        xc_json_end(&j);
        xc_json_bool(&j, "admissible", ok);
        if (ok) {
            xc_json_null(&j, "conflict");
        } else {
            char sw[32];
            snprintf(sw, sizeof sw, "s%u.%u", b.stage, b.sw);
            xc_json_obj(&j, "conflict");
            xc_json_str(&j, "switch", sw);
            xc_json_uint(&j, "stage", b.stage);
            xc_json_uint(&j, "port", b.port);
            xc_json_arr(&j, "inputs");
            xc_json_uint(&j, NULL, b.in_a);
            xc_json_uint(&j, NULL, b.in_b);
            xc_json_end(&j);
            xc_json_end(&j);
        }
        xc_json_finish(&j);
    } else if (ok) {
        printf("%s: admissible (every input reaches its output in one pass, no switch conflict)\n",
               spec);
    } else {
        printf("%s: blocked at switch s%u.%u (stage %u, switch %u): inputs %u (to %u) and %u "
               "(to %u) both want its output port %u\n",
               spec, b.stage, b.sw, b.stage, b.sw, b.in_a, dest[b.in_a], b.in_b, dest[b.in_b],
               b.port);
    }
    return ok ? 0 : 1;
}

int xc_cmd_latin(int argc, char **argv)
{
    static const struct option opts[] = {
        XC_OPT_NET, XC_OPTS_MIN_RUN, XC_OPT_JSON, {"perm", required_argument, 0, 'p'}, XC_OPT_HELP, XC_OPT_END,
    };
    const char *v[128];
    int rc = xc_cli_parse("latin", opts, usage, NULL, argc, argv, v);
    if (rc != XC_CLI_GO)
        return rc;
    const char *net = v['n'], *l_text = v['l'], *cfg_text = v['c'], *perm_text = v['p'];
    const int json = v['j'] != NULL;
    if (perm_text && (l_text || cfg_text))
        return xc_cli_error("latin", XC_EINVAL, "give --perm alone, not with --l or --config");
    if (perm_text)
        return cmd_perm(net, perm_text, json);
    xc_min min;
    xc_cfg m0;
    xc_big l;
    unsigned x_given;
    rc = xc_cli_min_square("latin", net, l_text, cfg_text, &min, &m0, &l, &x_given);
    if (rc)
        return rc;
    char *ldec = malloc(XC_BIG_MAX_BITS / 3 + 8);
    if (!ldec)
        return xc_cli_error("latin", XC_ENOMEM, "out of memory");
    xc_big_to_dec(&l, ldec, XC_BIG_MAX_BITS / 3 + 8);
    xc_err err;
    xc_status st = xc_latin_check(&min, &m0, &err);
    if (json)
        print_json(&min, &m0, ldec, x_given, st == XC_OK);
    else
        print_text(&min, &m0, ldec, x_given, cfg_text != NULL, st == XC_OK);
    free(ldec);
    if (st)
        return xc_cli_error("latin", st, "not a Latin square: %s", err.msg);
    return 0;
}
