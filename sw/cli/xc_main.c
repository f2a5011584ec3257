/* SPDX-License-Identifier: MIT */
/* xchg: the command-line front end. Dispatches to sub-commands; every
 * error is reported here, at the edge, as one line. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "xc_cli.h"

struct xc_cmd {
    const char *name;
    int (*fn)(int argc, char **argv);
    const char *summary;
};

static const struct xc_cmd cmds[] = {
    {"latin", xc_cmd_latin, "Latin square P^l and configurations S^l of a banyan MIN"},
    {"draw", xc_cmd_draw, "SVG picture of a MIN step: switch settings and message paths"},
    {"run", xc_cmd_run, "run an exchange: golden model, RTL, or both in lock-step"},
    {"bound", xc_cmd_bound, "sizes and lower bounds of a product network (status, AS, cut, mnb)"},
    {"schedule", xc_cmd_schedule, "total-exchange / multinode-broadcast schedule on a product network"},
    {"check", xc_cmd_check, "replay a schedule file and verify it (independent checker)"},
    {"compare", xc_cmd_compare, "store-and-forward te-a1 vs wormhole te-dc1/te-dcn on a torus"},
    {"gtkw-filter", xc_cmd_gtkw_filter, "GTKWave process filter: flit hex -> m(s->d)"},
    {"rtl-net", xc_cmd_rtl_net, "Verilog network top (routers and links) of a product network"},
    {"rtl-params", xc_cmd_rtl_params, "Verilog parameters (wiring) of a MIN build"},
    {"show", xc_cmd_show, "the exchange stepped through in the browser: one self-contained HTML page"},
    {"consts", xc_cmd_consts, "flit layout, modes and register map shared by C and RTL"},
};

static void usage(FILE *f)
{
    fprintf(f, "usage: xchg COMMAND [OPTIONS]   (xchg COMMAND --help for more)\n\n"
               "commands:\n");
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        fprintf(f, "  %-12s %s\n", cmds[i].name, cmds[i].summary);
    fprintf(f, "\nexit status: 0 ok, 1 a check failed, 2 bad input\n");
}

int xc_cli_error(const char *cmd, xc_status st, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "xchg %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return xc_exit_code(st);
}

void xc_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
        if (!strcmp(argv[1], cmds[i].name))
            return cmds[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "xchg: unknown command '%s' (try: xchg --help)\n", argv[1]);
    return 2;
}
