/* SPDX-License-Identifier: MIT */
/* xchg gtkw-filter: a GTKWave "translate filter process". GTKWave writes
 * one value per line (hex, as the trace is shown) and reads one label
 * back per line, so the waves read m(3→7)@x2 instead of raw hex. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_flit.h"

int xc_cmd_gtkw_filter(int argc, char **argv)
{
    static const struct option longopts[] = {XC_OPT_HELP, XC_OPT_END};
    static const char usage[] = "usage: xchg gtkw-filter   (reads hex flits on stdin, writes labels)\n"
                                XC_HELP_EXIT_OK "\n";
    const char *v[128];
    int rc = xc_cli_parse("gtkw-filter", longopts, usage, "none (it reads stdin)", argc, argv, v);
    if (rc != XC_CLI_GO)
        return rc;
    char line[256], label[64];
    while (fgets(line, sizeof line, stdin)) {
        char *end;
        line[strcspn(line, "\r\n")] = '\0';
        unsigned long long v = strtoull(line, &end, 16);
        if (end == line || *end)
            printf("%s\n", line); /* x, z or anything not hex: show it as it is */
        else
            printf("%s\n", xc_flit_label((xc_flit)v, label, sizeof label));
        fflush(stdout); /* GTKWave waits for each answer */
    }
    return 0;
}
