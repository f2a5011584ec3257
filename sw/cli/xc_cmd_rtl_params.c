/* SPDX-License-Identifier: MIT */
/* xchg rtl-params: the Verilog parameters of a MIN build, from the same
 * description the C code uses (the RTL never re-derives the wiring). */
#include <stdio.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_min.h"

static const char usage[] =
    "usage: xchg rtl-params --net TOPOLOGY:N [--format verilator|iverilog|yosys]\n"
    "Prints the parameters of xchg_min_top for that network:\n"
    "  verilator  -G options, one per line (a verilator -f file)\n"
    "  iverilog   -P options for top module xchg_min_top\n"
    "  yosys      chparam command\n"
    XC_HELP_EXIT_OK "\n";

int xc_cmd_rtl_params(int argc, char **argv)
{
    static const struct option opts[] = {
        XC_OPT_NET, {"format", required_argument, 0, 'f'}, XC_OPT_HELP, XC_OPT_END,
    };
    const char *v[128];
    int rc = xc_cli_parse("rtl-params", opts, usage, NULL, argc, argv, v);
    if (rc != XC_CLI_GO)
        return rc;
    const char *net = v['n'], *format = v['f'] ? v['f'] : "verilator";
    if (!net)
        return xc_cli_error("rtl-params", XC_EINVAL, "--net is required, e.g. --net butterfly:8");
    xc_min m;
    xc_err err;
    xc_status st = xc_min_parse(&m, net, &err);
    if (st)
        return xc_cli_error("rtl-params", st, "%s", err.msg);
    char wiring[128], route[16];
    xc_min_wiring_literal(&m, wiring, sizeof wiring);
    xc_min_route_literal(&m, route, sizeof route);
    if (!strcmp(format, "verilator"))
        printf("-GLogN=%u\n-GTopology=%d\n-GWiring=%s\n-GRouteBits=%s\n", m.log_n, m.topo, wiring, route);
    else if (!strcmp(format, "iverilog"))
        printf("-Pxchg_min_top.LogN=%u -Pxchg_min_top.Topology=%d "
               "-Pxchg_min_top.Wiring=%s -Pxchg_min_top.RouteBits=%s\n",
               m.log_n, m.topo, wiring, route);
    else if (!strcmp(format, "yosys"))
        printf("chparam -set LogN %u -set Topology %d -set Wiring %s -set RouteBits %s "
               "xchg_min_top\n", m.log_n, m.topo, wiring, route);
    else
        return xc_cli_error("rtl-params", XC_EINVAL,
                            "--format '%s': allowed verilator, iverilog, yosys", format);
    return 0;
}
