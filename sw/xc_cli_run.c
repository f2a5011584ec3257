/* SPDX-License-Identifier: MIT */
/* Option values shared by the run commands (MIN and product networks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"

int xc_cli_run_sim(const char *text, int *golden, int *rtl)
{
    if (!strcmp(text, "lockstep")) *golden = *rtl = 1;
    else if (!strcmp(text, "rtl")) *golden = 0, *rtl = 1;
    else if (!strcmp(text, "golden")) *golden = 1, *rtl = 0;
    else return xc_cli_error("run", XC_EINVAL, "--sim '%s': allowed lockstep, rtl, golden", text);
    return 0;
}

int xc_cli_run_timeout(const char *text, unsigned long *timeout)
{
    char *end;
    *timeout = strtoul(text, &end, 10);
    if (*end || !*timeout || text[0] == '-')
        return xc_cli_error("run", XC_EINVAL, "--timeout '%s': a positive number of cycles", text);
    return 0;
}

int xc_cli_run_window(const char *text, unsigned long *from, unsigned long *to)
{
    int n = -1;
    if (strchr(text, '-') || sscanf(text, "%lu:%lu%n", from, to, &n) != 2 || n < 0 || text[n] || *from > *to)
        return xc_cli_error("run", XC_EINVAL, "--trace-window '%s': expected FROM:TO cycles, FROM <= TO", text);
    return 0;
}

int xc_cli_run_common(int c, const char *arg, xc_cli_run_opts *o)
{
    switch (c) {
    case 's': return xc_cli_run_sim(arg, &o->golden, &o->rtl);
    case 'T': return xc_cli_run_timeout(arg, &o->timeout);
    case 'w': return xc_cli_run_window(arg, &o->trace_from, &o->trace_to);
    default: return -1;
    }
}
