/* SPDX-License-Identifier: MIT */
/* xchg rtl-net: writes the Verilog network top of a product network
 * (xchg_pn_top: the controller, one router per node, the links), the same
 * file `xchg run` builds. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cp_pn.h"
#include "xc_lockstep_pn.h"
#include "xc_pn_rtl.h"

static const char usage[] =
    "usage: xchg rtl-net --net SPEC [--slots S] [--depth D] [--port single|multi]\n"
    "                    [--duplex full|half] [--tables pernode|broadcast]\n"
    "                    [--bcast-init FILE.hex] [--out FILE.v]\n"
    "                    [--algo ALGO --table-hex FILE.hex]\n"
    "Writes module xchg_pn_top for a product network (rtl/pn/xchg_router.v per node,\n"
    "rtl/pn/xchg_pn_ctrl.v) to FILE.v or stdout. Defaults: S = nodes, D = 64.\n"
    "--table-hex writes the broadcast step table of a node-invariant ALGO (te-ni) as\n"
    "$readmemh words for --bcast-init: a ROM top that runs that schedule (STEPS in\n"
    "its first comment line).\n";

static int parse_u32(const char *opt, const char *text, uint32_t lo, uint32_t hi, uint32_t *out)
{
    char *end;
    unsigned long v = strtoul(text, &end, 10);
    if (!*text || *end || text[0] == '-' || v < lo || v > hi)
        return xc_cli_error("rtl-net", XC_EINVAL, "%s '%s': a number %u..%u", opt, text, lo, hi);
    *out = (uint32_t)v;
    return 0;
}

int xc_cmd_rtl_net(int argc, char **argv)
{
    static const struct option opts[] = {
        {"net", required_argument, 0, 'n'},    {"slots", required_argument, 0, 's'},
        {"depth", required_argument, 0, 'd'},  {"port", required_argument, 0, 'p'},
        {"duplex", required_argument, 0, 'x'}, {"tables", required_argument, 0, 't'},
        {"bcast-init", required_argument, 0, 'b'}, {"out", required_argument, 0, 'o'},
        {"algo", required_argument, 0, 'a'},   {"table-hex", required_argument, 0, 'H'},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0},
    };
    const char *spec = NULL, *out = NULL, *binit = NULL, *algo = NULL, *hex = NULL;
    uint32_t slots = 0, depth = 64;
    int multi = 0, half = 0, per_node = 1, c, rc;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'n': spec = optarg; break;
        case 's': if ((rc = parse_u32("--slots", optarg, 2, 1024, &slots))) return rc; break;
        case 'd': if ((rc = parse_u32("--depth", optarg, 1, 65536, &depth))) return rc; break;
        case 'p':
            if (strcmp(optarg, "single") && strcmp(optarg, "multi"))
                return xc_cli_error("rtl-net", XC_EINVAL, "--port '%s': allowed single, multi", optarg);
            multi = !strcmp(optarg, "multi");
            break;
        case 'x':
            if (strcmp(optarg, "full") && strcmp(optarg, "half"))
                return xc_cli_error("rtl-net", XC_EINVAL, "--duplex '%s': allowed full, half", optarg);
            half = !strcmp(optarg, "half");
            break;
        case 't':
            if (strcmp(optarg, "pernode") && strcmp(optarg, "broadcast"))
                return xc_cli_error("rtl-net", XC_EINVAL, "--tables '%s': allowed pernode, broadcast", optarg);
            per_node = !strcmp(optarg, "pernode");
            break;
        case 'b': binit = optarg; break;
        case 'o': out = optarg; break;
        case 'a': algo = optarg; break;
        case 'H': hex = optarg; break;
        case 'h': fputs(usage, stdout); return 0;
        default:
            return xc_cli_error("rtl-net", XC_EINVAL, "bad option '%s' (see xchg rtl-net --help)", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return xc_cli_error("rtl-net", XC_EINVAL, "unexpected argument '%s'", argv[optind]);
    if (!spec)
        return xc_cli_error("rtl-net", XC_EINVAL, "--net SPEC is required (e.g. torus:4x4)");
    xc_net net;
    xc_pn_hw hw;
    xc_err err;
    xc_status st = xc_topo_parse(spec, &net, &err);
    if (!st)
        st = xc_pn_hw_init(&hw, &net, slots ? slots : net.nodes, depth, multi, half, per_node, &err);
    if (st)
        return xc_cli_error("rtl-net", st, "%s", err.msg);
    if (!hex != !algo)
        return xc_cli_error("rtl-net", XC_EINVAL, "--table-hex and --algo go together");
    if (hex) {
        int a = xc_algo_parse(algo);
        if (a < 0)
            return xc_cli_error("rtl-net", XC_EINVAL, "--algo '%s': see xchg schedule --help", algo);
        xc_sched_opts so = {.net = &net, .algo = (xc_algo)a, .multiport = multi, .half_duplex = half};
        xc_pn_prog prog;
        if ((st = xc_pn_compile(&hw, &so, &prog, &err)))
            return xc_cli_error("rtl-net", st, "%s", err.msg);
        st = xc_lsp_write_rom(hex, &hw, &prog, algo, &err);
        xc_pn_prog_free(&prog);
        if (st)
            return xc_cli_error("rtl-net", st, "--table-hex: %s", err.msg);
    }
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f)
        return xc_cli_error("rtl-net", XC_EIO, "--out '%s': cannot write it", out);
    xc_pn_rtl_write(f, &hw, binit);
    if (out && fclose(f) != 0)
        return xc_cli_error("rtl-net", XC_EIO, "--out '%s': write failed", out);
    return 0;
}
