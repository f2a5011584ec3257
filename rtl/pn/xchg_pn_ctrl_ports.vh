// SPDX-License-Identifier: MIT
// The ports of xchg_pn_ctrl, shared with its simulation shell
// xchg_pn_ctrl_dv (rtl/dv), which must offer exactly the same ones (see
// xchg_pn_ctrl_params.vh for the use). Widths from xchg_pn_widths.vh.
  input  wire                         clk_i,
  input  wire                         rst_ni,
  input  wire                         bus_we_i,
  input  wire                         bus_re_i,
  input  wire [`XCHG_BUS_ADDR_W-1:0]  bus_addr_i,
  input  wire [31:0]                  bus_wdata_i,
  output wire [31:0]                  bus_rdata_o,
  // to the routers
  output wire                         clear_o,
  output wire                         run_o,
  output wire [`XCHG_PN_STEP_W-1:0]  step_o,
  output wire                         bcast_o,
  output wire [`XCHG_PN_ENTRY_W(NPorts, SlotW)-1:0] bcast_entry_o,
  // bcast_entry_o decoded (xchg_pn_dec; with Ahead = 0): the step every
  // router of a broadcast table (PerNode = 0) executes in this cycle
  output wire [`XCHG_PN_DEC_W(NPorts, SlotW, Multiport)-1:0] bcast_dec_o,
  // bus writes: to the node sel_o names (routers compare it with their id)
  output wire [31:0]                  sel_o,
  output wire                         msg_we_o,
  output wire [31:0]                  msg_addr_o,
  output wire [`XCHG_MSG_W-1:0]       msg_wdata_o,
  output wire                         tbl_we_o,
  output wire [31:0]                  tbl_addr_o,
  output wire [31:0]                  tbl_wdata_o,
  // circuit steps
  output wire                         circ_o,       // a circuit step runs in this cycle
  output wire [31:0]                  rel_o,        // its cycle, 1-based
  output wire [31:0]                  ts_o,
  output wire                         last_o,       // the last cycle of a step
  output wire                         cir_we_o,
  output wire [31:0]                  cir_addr_o,
  output wire                         lst_we_o,
  output wire [31:0]                  lst_addr_o,
  // from the routers
  input  wire [Nodes*NPorts-1:0]      dlv_now_i,
  // node i's first error since clear in the cycle it happens, {port,
  // code} at i*`XCHG_PN_ERR_NOW_W (0: none)
  input  wire [Nodes*`XCHG_PN_ERR_NOW_W-1:0] err_now_i,
  // observation
  output wire [31:0]                  obs_status_o,
  output wire [31:0]                  obs_step_o,
  output wire [31:0]                  obs_cycles_o,
  output wire [31:0]                  obs_delivered_o,
  output wire [31:0]                  obs_errors_o,
  output wire [31:0]                  obs_err_info_o,
  output wire [31:0]                  obs_err_step_o
