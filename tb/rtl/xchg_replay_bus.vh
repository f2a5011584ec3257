// SPDX-License-Identifier: MIT
// The bus side shared by tb/rtl/xchg_min_replay_tb.v and
// tb/rtl/xchg_pn_replay_tb.v, included inside the bench module: the clock,
// the reset and the bus registers that xchg_replay_loop.vh drives from
// bus.hex (BusW bits a line: we, re, address, write data), and the read
// data the DUT returns, and `XCHG_REPLAY_BUS_PORTS to connect them.
  localparam integer BusW = 46;

  reg                          clk_i = 1'b0;
  reg                          rst_ni = 1'b0;
  reg                          bus_we_i = 1'b0, bus_re_i = 1'b0;
  reg  [`XCHG_BUS_ADDR_W-1:0]  bus_addr_i = 0;
  reg  [31:0]                  bus_wdata_i = 0;
  wire [31:0]                  bus_rdata_o;

// The DUT's clock, reset and bus ports on the signals above: the first
// connections of each bench's DUT instance.
`define XCHG_REPLAY_BUS_PORTS \
    .clk_i      (clk_i), \
    .rst_ni     (rst_ni), \
    .bus_we_i   (bus_we_i), \
    .bus_re_i   (bus_re_i), \
    .bus_addr_i (bus_addr_i), \
    .bus_wdata_i(bus_wdata_i), \
    .bus_rdata_o(bus_rdata_o)
