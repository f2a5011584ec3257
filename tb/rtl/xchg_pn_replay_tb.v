// SPDX-License-Identifier: MIT
// xchg_pn_replay_tb: replays golden-model vectors of a product-network run
// (xchg run --net torus:4x4 --algo … --vectors DIR) on the network top the
// run simulated (DIR/xchg_pn_top.v: xchg_pn_ctrl + xchg_router per node),
// in a second simulator (Icarus Verilog). Each cycle: the bus inputs of
// bus.hex, one clock edge, every output compared with obs.hex; the first
// difference prints cycle, node, port and both flits; then PASS or FAIL.
//   iverilog -g2012 -I build/gen -I DIR -I rtl -I tb -o pn.vvp tb/rtl/xchg_pn_replay_tb.v \
//            DIR/xchg_pn_top.v rtl/pn/xchg_router.v rtl/pn/xchg_pn_ctrl.v
//   vvp pn.vvp +vectors=DIR [+max_report=N]
// -DXCHG_PN_BRAM: the RTL top with its routers' block-RAM path (Bram = 1;
// a netlist has it built in).
`timescale 1ns / 1ps
`default_nettype none
`include "xchg_consts.vh"
`include "vectors.vh"

module xchg_pn_replay_tb;
  localparam integer Nodes  = `XV_NODES;
  localparam integer NPorts = `XV_NPORTS;
  localparam integer FlitW  = `XCHG_FLIT_W;
  localparam integer LinkW  = Nodes * NPorts * FlitW;
  localparam integer ObsW   = `XV_OBS_W;

  `include "xchg_replay_bus.vh"
  wire [LinkW-1:0]             obs_link_o, obs_dlv_o;
  wire [Nodes*16-1:0]          obs_err_o;
  wire [8*32-1:0]              obs_regs_o;

`ifdef XCHG_GATE
  xchg_pn_top u_dut (
`elsif XCHG_PN_BRAM
  xchg_pn_top #(.Bram(1)) u_dut (
`else
  xchg_pn_top u_dut (
`endif
    `XCHG_REPLAY_BUS_PORTS,
    .obs_link_o (obs_link_o),
    .obs_dlv_o  (obs_dlv_o),
    .obs_err_o  (obs_err_o),
    .obs_regs_o (obs_regs_o)
  );

  // a router's error field: {port, code} in 12 of its 16 bits (the top
  // leaves the other four undriven)
  reg [Nodes*16-1:0] err_act;
  integer v;
  always @* for (v = 0; v < Nodes; v = v + 1) err_act[v*16 +: 16] = {4'd0, obs_err_o[v*16 +: 12]};
  wire [ObsW-1:0] actual = {bus_rdata_o, obs_regs_o, err_act, obs_dlv_o, obs_link_o};

  `include "xchg_replay_report.vh"
  task automatic report(input integer cyc, input [ObsW-1:0] exp, input [ObsW-1:0] act);
    integer i, r;
    begin
      for (i = 0; i < 2 * Nodes * NPorts; i = i + 1)
        if (tell(exp[i*FlitW +: FlitW] !== act[i*FlitW +: FlitW]))
          $display("  cycle %0d: node %0d port %0d %0s: expected 0x%0h, actual 0x%0h", cyc,
                   (i % (Nodes*NPorts)) / NPorts, i % NPorts, i < Nodes*NPorts ? "link" : "delivery",
                   exp[i*FlitW +: FlitW], act[i*FlitW +: FlitW]);
      for (i = 0; i < Nodes; i = i + 1)
        if (tell(exp[2*LinkW + i*16 +: 16] !== act[2*LinkW + i*16 +: 16]))
          $display("  cycle %0d: node %0d router error: expected 0x%0h, actual 0x%0h", cyc, i,
                   exp[2*LinkW + i*16 +: 16], act[2*LinkW + i*16 +: 16]);
      for (r = 0; r < 9; r = r + 1)
        if (tell(exp[2*LinkW + Nodes*16 + 32*r +: 32] !== act[2*LinkW + Nodes*16 + 32*r +: 32]))
          $display("  cycle %0d: register %0d (status, step, cycles, delivered, errors, err_info, err_step, -, rdata): expected 0x%0h, actual 0x%0h",
                   cyc, r, exp[2*LinkW + Nodes*16 + 32*r +: 32], act[2*LinkW + Nodes*16 + 32*r +: 32]);
    end
  endtask

  `include "xchg_replay_loop.vh"
endmodule
`default_nettype wire
