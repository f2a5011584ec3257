/* SPDX-License-Identifier: MIT */
/* xchg rtl-net: writes the Verilog network top of a product network
 * (xchg_pn_top: the controller, one router per node, the links), the same
 * file `xchg run` builds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_cli_out.h"
#include "xc_num.h"
#include "xc_partial.h"
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
    "its first comment line).\n"
    XC_HELP_EXIT_ENV;

static int parse_u32(const char *opt, const char *text, uint32_t lo, uint32_t hi, uint32_t *out)
{
    uint64_t v;
    if (xc_num_u64(text, hi, &v) != XC_OK || v < lo)
        return xc_cli_error("rtl-net", XC_EINVAL, "%s '%s': a number %u..%u", opt, text, lo, hi);
    *out = (uint32_t)v;
    return 0;
}

/* --table-hex: the broadcast step table of a node-invariant algo as
 * $readmemh words; 0 or the exit status. */
static int write_table_hex(const char *hex, const char *algo, const xc_net *net, const xc_pn_hw *hw, int multi,
                           int half)
{
    int a = xc_algo_parse(algo);
    if (a < 0)
        return xc_cli_error("rtl-net", XC_EINVAL, "--algo '%s': see xchg schedule --help", algo);
    xc_sched_opts so = {.net = net, .algo = (xc_algo)a, .multiport = multi, .half_duplex = half};
    xc_pn_prog prog;
    xc_err err;
    xc_status st = xc_pn_compile(hw, &so, &prog, &err);
    if (st)
        return xc_cli_error("rtl-net", st, "%s", err.msg);
    /* through a temporary name: a failed write leaves the user's file as it was */
    char tmp[XC_OUT_PATH];
    int rc = xc_cli_out_tmp(tmp, "rtl-net", "--table-hex", hex);
    if (rc) {
        xc_pn_prog_free(&prog);
        return rc;
    }
    xc_partial_add(tmp, 0);
    st = xc_lsp_write_rom(tmp, hw, &prog, algo, &err);
    xc_pn_prog_free(&prog);
    if (!st && rename(tmp, hex) != 0) {
        remove(tmp);
        st = xc_fail(&err, XC_EWRITE, "cannot rename %s into place", hex);
    }
    xc_partial_done(tmp);
    if (st)
        return xc_cli_error("rtl-net", st, "--table-hex: %s", err.msg);
    return 0;
}

int xc_cmd_rtl_net(int argc, char **argv)
{
    static const struct option opts[] = {
        XC_OPT_NET,
        {"slots", required_argument, 0, 's'},
        {"depth", required_argument, 0, 'd'},
        {"port", required_argument, 0, 'p'},
        {"duplex", required_argument, 0, 'x'}, /* 'd' is --depth here */
        {"tables", required_argument, 0, 't'},
        {"bcast-init", required_argument, 0, 'b'},
        XC_OPT_OUT,
        XC_OPT_ALGO,
        {"table-hex", required_argument, 0, 'H'},
        XC_OPT_HELP,
        XC_OPT_END,
    };
    static const char *const ports[] = {"single", "multi", NULL}, *const duplex[] = {"full", "half", NULL},
                             *const tables[] = {"pernode", "broadcast", NULL};
    const char *v[128];
    uint32_t slots = 0, depth = 64;
    int multi = 0, half = 0, table_kind = 0;
    int rc = xc_cli_parse("rtl-net", opts, usage, NULL, argc, argv, v);
    if (rc != XC_CLI_GO)
        return rc;
    if ((v['s'] && (rc = parse_u32("--slots", v['s'], 2, 1u << XC_PN_SLOT_W_MAX, &slots))) ||
        (v['d'] && (rc = parse_u32("--depth", v['d'], 1, (1u << XC_PN_STEP_W) - 1, &depth))) ||
        (rc = xc_cli_word("rtl-net", "port", v['p'], ports, &multi)) ||
        (rc = xc_cli_word("rtl-net", "duplex", v['x'], duplex, &half)) ||
        (rc = xc_cli_word("rtl-net", "tables", v['t'], tables, &table_kind)))
        return rc;
    const char *spec = v['n'], *out = v['o'], *binit = v['b'], *algo = v['a'], *hex = v['H'];
    const int per_node = table_kind == 0;
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
    if (hex && (rc = write_table_hex(hex, algo, &net, &hw, multi, half)))
        return rc;
    xc_cli_out o;
    if ((rc = xc_cli_out_open(&o, "rtl-net", "--out", out ? out : "-")))
        return rc;
    xc_pn_rtl_write(o.f, &hw, binit);
    if ((st = xc_cli_out_commit(&o, "--out", &err)))
        return xc_cli_error("rtl-net", st, "%s", err.msg);
    return 0;
}
