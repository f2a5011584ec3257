/* SPDX-License-Identifier: MIT */
#include "xc_gtkw_pn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_consts.h"
#include "xc_pn_rtl.h"

#define TOP "xchg.xchg_pn_top."

static void node_group(FILE *f, const xc_pn_hw *hw, const char *filter, uint32_t v, const char *grp,
                       const char *title)
{
    char at[48]; /* the router's instance path */
    xc_pn_router_scope(hw, v, at, sizeof at);
    fprintf(f, "%s\n-%s\n", grp, title);
    fprintf(f, GTKW_DEC "\n+{n%u err} " TOP "%s.err_code_q[3:0]\n", v, at);
    fprintf(f, GTKW_PROC_HEX "\n^>1 %s\n", filter);
    for (uint32_t p = 0; p < hw->ports; p++) {
        int64_t nb = xc_topo_neighbor(&hw->net, v, p);
        if (nb < 0)
            continue;
        fprintf(f, "+{n%u p%u link to n%lld} " TOP "%s.gen_port[%u].link_flit[%d:0]\n", v, p, (long long)nb, at,
                p, XC_FLIT_W - 1);
        fprintf(f, "+{n%u p%u delivered} " TOP "%s.gen_port[%u].dlv_flit[%d:0]\n", v, p, at, p,
                XC_FLIT_W - 1);
    }
    fprintf(f, GTKW_GROUP_END "\n-%s\n", title);
}

xc_status xc_gtkw_pn_write(const xc_pn_hw *hw, const xc_gtkw_min_opts *o, char *out, size_t cap, xc_err *err)
{
    char filter[1200], title[96];
    FILE *f = xc_gtkw_begin(o->fst, hw->net.spec, o->window_cycle, o->marker_cycle, out, cap, filter, sizeof filter, err);
    if (!f)
        return XC_EWRITE;
    uint32_t focus = UINT32_MAX;
    if (o->focus && sscanf(o->focus, "n%u", &focus) == 1 && focus < hw->nodes) {
        snprintf(title, sizeof title, "first mismatch: node %u", focus);
        node_group(f, hw, filter, focus, GTKW_GROUP_OPEN, title);
    }
    fprintf(f, GTKW_GROUP_OPEN "\n-bus and controller\n");
    fprintf(f, GTKW_BIN "\n" TOP "clk_i\n" TOP "bus_we_i\n" TOP "bus_re_i\n");
    fprintf(f, GTKW_HEX "\n" TOP "bus_addr_i[%d:0]\n" TOP "bus_wdata_i[31:0]\n" TOP "bus_rdata_o[31:0]\n",
            XC_BUS_ADDR_W - 1);
    fprintf(f, GTKW_BIN "\n" TOP "u_ctrl.u_ctrl.running_q\n" TOP "u_ctrl.u_ctrl.done_q\n");
    /* u_ctrl is the controller's simulation shell (rtl/dv), its u_ctrl the controller */
    fprintf(f, GTKW_DEC "\n" TOP "u_ctrl.u_ctrl.step_q[15:0]\n" TOP "u_ctrl.u_ctrl.cycles_q[31:0]\n" TOP
               "u_ctrl.u_ctrl.delivered_q[31:0]\n" TOP "u_ctrl.u_ctrl.errors_q[31:0]\n");
    fprintf(f, GTKW_HEX "\n" TOP "u_ctrl.u_ctrl.err_info_q[31:0]\n");
    fprintf(f, GTKW_GROUP_END "\n-bus and controller\n");
    const char *grp = hw->nodes <= 16 ? GTKW_GROUP_OPEN : GTKW_GROUP_CLOSED;
    for (uint32_t v = 0; v < hw->nodes; v++) {
        char coords[64] = "";
        size_t k = 0;
        for (uint32_t d = 0; d < hw->net.ndims && k + 12 < sizeof coords; d++)
            k += (size_t)snprintf(coords + k, sizeof coords - k, "%s%u", d ? "," : "", xc_topo_coord(&hw->net, v, d));
        snprintf(title, sizeof title, "node %u (%s)", v, coords);
        node_group(f, hw, filter, v, grp, title);
    }
    return xc_gtkw_end(f, out, o->window_cycle, o->marker_cycle, err);
}
