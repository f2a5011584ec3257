/* SPDX-License-Identifier: MIT */
/* xchg consts: prints the shared constants (flit layout, modes, register
 * map) from xc_consts.def, the same table the RTL is built from. */
#include <stdio.h>
#include <string.h>

#include "xc_cli.h"

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

int xc_cmd_consts(int argc, char **argv)
{
    int json = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) {
            json = 1;
        } else if (!strcmp(argv[i], "--help")) {
            printf("usage: xchg consts [--json]\n"
                   "Prints the flit layout, modes and register map shared by C and RTL.\n");
            return 0;
        } else {
            return xc_cli_error("consts", XC_EINVAL, "unknown option '%s' (allowed: --json)", argv[i]);
        }
    }
    const size_t n = sizeof rows / sizeof rows[0];
    if (json)
        fputc('{', stdout);
    for (size_t i = 0; i < n; i++) {
        if (json)
            printf("%s\"%s\":%ld", i ? "," : "", rows[i].name, rows[i].value);
        else
            printf("%-20s 0x%-8lx %s\n", rows[i].name, rows[i].value, rows[i].doc);
    }
    if (json)
        printf("}\n");
    return 0;
}
