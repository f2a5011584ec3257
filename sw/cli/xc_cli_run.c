/* SPDX-License-Identifier: MIT */
/* Option values and report lines shared by the run commands (MIN and
 * product networks). */
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

void xc_cli_run_compared(unsigned long cycles, int golden, int rtl, int mismatch)
{
    printf("  compared     %lu cycles%s\n", cycles,
           golden && rtl ? (mismatch ? ", stopped at the first mismatch" : ", no mismatch")
                         : " (one model: nothing to compare)");
}

void xc_cli_run_waves(const char *trace, const char *golden_fst, const char *gtkw, int golden, int rtl)
{
    if (!trace)
        return;
    const int base = (int)(strlen(gtkw) - 5);
    if (rtl)
        printf("  waves (RTL)     %s\n", trace);
    if (golden)
        printf("  waves (golden)  %s\n", golden_fst);
    printf("  view            gtkwave -S %.*s.tcl %s%s%s\n", base, gtkw, rtl ? "" : golden_fst, rtl ? "" : " ", gtkw);
    if (rtl && golden)
        printf("  side by side    twinwave %s %s + %s %s\n", trace, gtkw, golden_fst, gtkw);
}

void xc_cli_run_json_traces(const char *trace, const char *golden_fst, int golden, int rtl, int pass)
{
    printf("\"trace\":");
    if (trace && rtl)
        xc_json_str(stdout, trace);
    else
        printf("null");
    printf(",\"golden_trace\":");
    if (trace && golden)
        xc_json_str(stdout, golden_fst);
    else
        printf("null");
    printf(",\"pass\":%s}\n", pass ? "true" : "false");
}
