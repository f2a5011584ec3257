/* SPDX-License-Identifier: MIT */
#include "xc_pn_tile.h"

#include <string.h>

#include "xc_consts.h"
#include "xc_pn_rtl_int.h"

uint32_t xc_pn_tile_block_pick(const xc_net *net) { return net->ndims < 2 ? 1 : xc_pn_block_trailing(net); }

int xc_pn_tile_bus_sig(size_t k)
{
    static const char *const bus[] = {"clear", "msg_we", "msg_wdata", "tbl_we", "tbl_wdata", "cir_we", "lst_we"};
    for (size_t i = 0; i < sizeof bus / sizeof bus[0]; i++)
        if (!strcmp(xc_pn_ctrl_sig[k], bus[i]))
            return 1;
    return 0;
}

/* The block model's top: one xchg_pn_block, its lanes to and from the
 * other blocks as wide ports the harness copies a lane (64 bits) at a
 * time; the controller's signals under the names of the flat top's
 * wires, which the routers read in place (XCHG_PN_SHARED_CTRL, the
 * upward reference xchg_pn_top.<signal>). Verilator evaluates the logic
 * that reads a model's inputs at every evaluation and the rest after an
 * edge (sim/harness/xc_dut_tile.c): so the signals the controller
 * computes from its registers arrive a cycle early (<signal>_nx_i) and
 * are registered here at the edge, and so are the node id and link
 * masks, so that the routers' sending logic reads no input and runs
 * once, after the edge, already with the next cycle's signals; those
 * the controller computes from the bus (xc_pn_tile_bus_sig) are plain
 * inputs of the cycle. This cycle's deliveries and errors leave
 * registered: the controller takes its edge after the blocks'.
 * The clock: clk_i, or a pulse at each change of tick_i (as the MIN's
 * shell, rtl/dv/xchg_min_dv.v): the simulator sees an edge of a clock
 * input only as a change between two evaluations, so clk_i costs two a
 * cycle, and the one with the clock low evaluates again every process
 * that reads an input (the routers' receive logic reads the lanes). The
 * pulse rises within one evaluation, once the inputs have settled, and
 * falls in it once the edge has set tick_seen_q: one evaluation a cycle.
 * Nothing in a block takes the falling edge with Bram = 0, the only
 * value the harness builds. */
static void write_tile_top(FILE *f, const xc_pn_hw *hw, uint32_t E)
{
    const uint32_t B = hw->block, XL = xc_pn_out_lanes(hw) == 1 ? 1 : E;
    fprintf(f,
            "// The block model of the tiled router model (sim/harness/xc_dut_tile.c): one block,\n"
            "// its lanes: xin_i lane e*Block + j the flit arriving on port e of router j,\n"
            "// xout_o lane l*Block + j router j's lane l (l = 0 with one lane a router).\n"
            "module xchg_pn_top #(\n  parameter integer Bram = 0\n) (\n"
            "  input  wire clk_i,\n  input  wire tick_i,\n  input  wire rst_ni,\n"
            "  input  wire [`XCHG_ADDR_W-1:0] base_i,\n  input  wire [%u*%u-1:0] link_mask_i,\n",
            B, hw->ports);
    fputs("  // the controller's signals: read in place by the routers (XCHG_PN_SHARED_CTRL)\n"
          "  /* verilator lint_off UNUSEDSIGNAL */\n", f);
    for (size_t k = 0; k < XC_PN_N_CTRL_SIG; k++)
        fprintf(f, "  input  wire %s%s%s,\n", xc_pn_ctrl_type[k], xc_pn_ctrl_sig[k],
                xc_pn_tile_bus_sig(k) ? "" : "_nx_i");
    fprintf(f,
            "  /* verilator lint_on UNUSEDSIGNAL */\n"
            "  input  wire [%u*%u*`XCHG_PN_LANE_W-1:0] xin_i,\n  input  wire [%u*%u*%u-1:0] xarr_i,\n"
            "  output reg  [%u*%u*`XCHG_PN_LANE_W-1:0] xout_o,\n  output wire [%u*%u-1:0] xsend_o,\n"
            "  output reg  [%u*%u-1:0] dlv_now_o,\n  output reg  [%u*`XCHG_PN_ERR_NOW_W-1:0] err_now_o,\n"
            "  output reg  err_any_o\n);\n",
            E, B, E, B, hw->ports, XL, B, B, hw->ports, B, hw->ports, B);
    xc_pn_rtl_params(f, hw);
    fputs("  reg  tick_seen_q = 1'b0;\n  wire clk = clk_i | (tick_i ^ tick_seen_q);\n"
          "  always @(posedge clk) tick_seen_q <= tick_i;\n"
          "  /* verilator lint_off UNUSEDSIGNAL */\n", f);
    for (size_t k = 0; k < XC_PN_N_CTRL_SIG; k++)
        if (!xc_pn_tile_bus_sig(k))
            fprintf(f, "  reg %s%s;\n", xc_pn_ctrl_type[k], xc_pn_ctrl_sig[k]);
    fputs("  /* verilator lint_on UNUSEDSIGNAL */\n  always @(posedge clk) begin\n", f);
    for (size_t k = 0; k < XC_PN_N_CTRL_SIG; k++)
        if (!xc_pn_tile_bus_sig(k))
            fprintf(f, "    %s <= %s_nx_i;\n", xc_pn_ctrl_sig[k], xc_pn_ctrl_sig[k]);
    fputs("  end\n", f);
    /* xout_o a lane a statement: wired to the block's lane ports as slices,
     * Verilator 5.006 assembled it as a chain of wide concatenations (55
     * instructions a router-cycle at 64 routers a block, docs/scale.md) */
    for (uint32_t k = 0; k < XL * B; k++)
        fprintf(f, "  wire [LaneW-1:0] xo_%u;\n", k);
    fputs("  always @* begin\n", f);
    for (uint32_t k = 0; k < XL * B; k++)
        fprintf(f, "    xout_o[%u*LaneW +: LaneW] = xo_%u;\n", k, k);
    fputs("  end\n"
          "  reg [`XCHG_ADDR_W-1:0] base_q;\n  reg [Block*NPorts-1:0] mask_q;\n"
          "  always @(posedge clk) begin\n    base_q <= base_i;\n    mask_q <= link_mask_i;\n  end\n"
          "  wire [Block*NPorts-1:0] dlv_now_b;\n  wire [Block*`XCHG_PN_ERR_NOW_W-1:0] err_now_b;\n"
          "  wire err_any_b;\n"
          "  always @(posedge clk) begin\n    dlv_now_o <= dlv_now_b;\n    err_any_o <= err_any_b;\n"
          "    if (err_any_b || err_any_o) err_now_o <= err_now_b; // 0 unless err_any_b\n  end\n"
          "  xchg_pn_block #(.Bram(Bram)) u_b0 (\n"
          "    .clk_i(clk), .rst_ni(rst_ni), .base_i(base_q), .link_mask_i(mask_q),\n", f);
    xc_pn_rtl_ctrl_conns(f, NULL, "");
    fputs("    .xarr_i(xarr_i), .xsend_o(xsend_o),\n", f);
    for (uint32_t e = 0; e < E; e++)
        for (uint32_t j = 0; j < B; j++)
            fprintf(f, "    .xin_p%u_n%u_i(xin_i[%u*LaneW +: LaneW]),\n", e, j, e * B + j);
    for (uint32_t l = 0; l < XL; l++)
        for (uint32_t j = 0; j < B; j++)
            if (XL == 1)
                fprintf(f, "    .xout_n%u_o(xo_%u),\n", j, j);
            else
                fprintf(f, "    .xout_p%u_n%u_o(xo_%u),\n", l, j, l * B + j);
    fputs("    /* verilator lint_off PINCONNECTEMPTY */ .obs_link_o(), .obs_dlv_o(), .obs_err_o(),"
          " /* verilator lint_on PINCONNECTEMPTY */\n"
          "    .dlv_now_o(dlv_now_b), .err_now_o(err_now_b), .err_any_o(err_any_b)\n  );\nendmodule\n\n", f);
}

/* The controller model's top: xchg_pn_ctrl's shell with this network's
 * parameters, as the flat top instantiates it (write_ctrl there). Its
 * clock as the block's (write_tile_top): clk_in_i (the model `ahead`,
 * whose signals the harness reads with the clock low), or a pulse at
 * each change of tick_i (the model `ctl`, one evaluation a cycle). */
static void write_tile_ctl(FILE *f, const xc_pn_hw *hw)
{
    fputs("// The controller model of the tiled router model: the harness copies its\n"
          "// outputs into every block model and the blocks' deliveries and errors back.\n"
          "/* verilator lint_off DECLFILENAME */\n"
          "module xchg_pn_tile_ctl (\n  input  wire        clk_in_i,\n  input  wire        tick_i,\n"
          "  input  wire        rst_ni,\n"
          "  input  wire        bus_we_i,\n  input  wire        bus_re_i,\n"
          "  input  wire [`XCHG_BUS_ADDR_W-1:0] bus_addr_i,\n"
          "  input  wire [31:0] bus_wdata_i,\n  output wire [31:0] bus_rdata_o,\n", f);
    for (size_t k = 0; k < XC_PN_N_CTRL_SIG; k++)
        fprintf(f, "  output wire %s%s_o,\n", xc_pn_ctrl_type[k], xc_pn_ctrl_sig[k]);
    fprintf(f,
            "  input  wire [%u*%u-1:0] dlv_now_i,\n  input  wire [%u*`XCHG_PN_ERR_NOW_W-1:0] err_now_i,\n"
            "  output wire [8*32-1:0] obs_regs_o\n);\n",
            hw->nodes, hw->ports, hw->nodes);
    xc_pn_rtl_params(f, hw);
    fputs("  localparam integer Bram = 0;\n"
          "  reg  tick_seen_q = 1'b0;\n  wire clk_i = clk_in_i | (tick_i ^ tick_seen_q);\n"
          "  always @(posedge clk_i) tick_seen_q <= tick_i;\n", f);
    xc_pn_rtl_ctrl(f, NULL);
    fputs("  always @* begin\n    dlv_now = dlv_now_i;\n    err_now = err_now_i;\n  end\n", f);
    for (size_t k = 0; k < XC_PN_N_CTRL_SIG; k++)
        fprintf(f, "  assign %s_o = %s;\n", xc_pn_ctrl_sig[k], xc_pn_ctrl_sig[k]);
    fputs("endmodule\n/* verilator lint_on DECLFILENAME */\n", f);
}

void xc_pn_tile_write(FILE *f, const xc_pn_hw *hw)
{
    const uint32_t E = xc_pn_rtl_ext_ports(hw);
    xc_pn_rtl_header(f, hw);
    xc_pn_rtl_block(f, hw, E);
    write_tile_top(f, hw, E);
    write_tile_ctl(f, hw);
    fputs("`undef XCHG_PN_CTRL\n`undef XCHG_PN_ROUTER\n`default_nettype wire\n", f);
}
