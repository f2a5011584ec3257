/* SPDX-License-Identifier: MIT */
/* xchg consts: prints the shared constants (flit layout, modes, register
 * map) from xc_consts.def, the same table the RTL is built from. */
#include <stdio.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_json.h"

struct xc_const_row {
    const char *name;
    long value;
    const char *doc;
};

static const struct xc_const_row rows[] = {
#define XC_CONST(name, value, doc) {#name, (long)(value), doc},
#include "xc_consts.def"
#undef XC_CONST
};

static const char usage[] =
    "usage: xchg consts [--json]\n"
    "Prints the flit layout, modes and register map shared by C and RTL.\n"
    XC_HELP_EXIT_OK "\n";

int xc_cmd_consts(int argc, char **argv)
{
    static const struct option longopts[] = {
        XC_OPT_JSON, XC_OPT_HELP, XC_OPT_END};
    const char *v[128];
    int rc = xc_cli_parse("consts", longopts, usage, "--json", argc, argv, v);
    if (rc != XC_CLI_GO)
        return rc;
    const int json = v['j'] != NULL;
    const size_t n = sizeof rows / sizeof rows[0];
    if (!json) {
        for (size_t i = 0; i < n; i++)
            printf("%-20s 0x%-8lx %s\n", rows[i].name, rows[i].value, rows[i].doc);
        return 0;
    }
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-consts/1");
    for (size_t i = 0; i < n; i++)
        xc_json_int(&j, rows[i].name, rows[i].value);
    xc_json_finish(&j);
    return 0;
}
