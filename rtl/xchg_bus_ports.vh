// SPDX-License-Identifier: MIT
// The configuration bus's ports, one list for every top the control
// processor drives: xchg_min_top and its shell xchg_min_dv, xchg_pn_ctrl
// (through xchg_pn_ctrl_ports.vh) and the generated xchg_pn_top. One
// access per cycle; read data registered. Included inside a port list,
// after clk_i and rst_ni; `XCHG_BUS_ADDR_W from xchg_consts.vh.
  input  wire                        bus_we_i,
  input  wire                        bus_re_i,
  input  wire [`XCHG_BUS_ADDR_W-1:0] bus_addr_i,
  input  wire [31:0]                 bus_wdata_i,
  output wire [31:0]                 bus_rdata_o,
