// SPDX-License-Identifier: MIT
// xchg_min_replay_tb: replays golden-model vectors (xchg run --vectors DIR)
// on xchg_min_top in a second simulator (Icarus Verilog), or on the
// netlist Yosys writes for it (compile with -DXCHG_GATE: the netlist has
// no parameters left). Each cycle it drives the bus inputs of bus.hex,
// clocks once and compares every output with the line of obs.hex; the
// first difference prints the cycle, the signal, expected and actual, and
// the run ends with one line PASS or FAIL.
//   iverilog -g2012 -I build/gen -I DIR -I rtl -I tb -o replay.vvp \
//            tb/rtl/xchg_min_replay_tb.v rtl/min/xchg_min_top.v ...
//   vvp replay.vvp +vectors=DIR [+max_report=N]
`timescale 1ns / 1ps
`default_nettype none
`include "xchg_consts.vh"
`include "vectors.vh"

module xchg_min_replay_tb;
  `include "xchg_min_sizes.vh"
  localparam integer SetW     = LogN * N / 2;
  localparam integer ObsW     = FlitAllW + SetW + 6 * 32;

  `include "xchg_replay_bus.vh"
  wire [FlitAllW-1:0]          obs_flit_o;
  wire [SetW-1:0]              obs_set_o;
  wire [31:0]                  obs_status_o, obs_cycles_o, obs_injected_o;
  wire [31:0]                  obs_delivered_o, obs_conflicts_o;

`ifdef XCHG_GATE
  xchg_min_top u_dut (
`else
  xchg_min_top #(
    .LogN     (LogN),
    .Topology (`XV_TOPOLOGY),
    .Wiring   (`XV_WIRING),
    .RouteBits(`XV_ROUTEBITS)
  ) u_dut (
`endif
    `XCHG_REPLAY_BUS_PORTS,
    .obs_flit_o     (obs_flit_o),
    .obs_set_o      (obs_set_o),
    .obs_status_o   (obs_status_o),
    .obs_cycles_o   (obs_cycles_o),
    .obs_injected_o (obs_injected_o),
    .obs_delivered_o(obs_delivered_o),
    .obs_conflicts_o(obs_conflicts_o)
  );

  wire [ObsW-1:0] actual = {obs_conflicts_o, obs_delivered_o, obs_injected_o, obs_cycles_o,
                            obs_status_o, bus_rdata_o, obs_set_o, obs_flit_o};

  // "m(s->d)@x", "-" for an empty flit, "x" when it holds unknown bits
  function automatic [8*24-1:0] flit_str(input [FlitW-1:0] f);
    reg [8*24-1:0] s;
    begin
      s = "-";
      if (^f === 1'bx) s = "x (unknown bits)";
      else if (f[`XCHG_FLIT_VALID_BIT]) $sformat(s, "m(%0d->%0d)@x%0d%s",
                    f[`XCHG_FLIT_SRC_LSB +: `XCHG_ADDR_W], f[`XCHG_FLIT_DST_LSB +: `XCHG_ADDR_W],
                    f[`XCHG_FLIT_STEP_LSB +: `XCHG_STEP_W],
                    f[`XCHG_FLIT_CHK_LSB +: `XCHG_CHK_W] ==
                      chk(f[`XCHG_FLIT_SRC_LSB +: `XCHG_ADDR_W], f[`XCHG_FLIT_DST_LSB +: `XCHG_ADDR_W])
                      ? "" : "!chk");
      flit_str = s;
    end
  endfunction

  `include "xchg_chk.vh"

  `include "xchg_replay_report.vh"
  // Prints every differing item of one cycle (up to max_report in all).
  task automatic report(input integer cyc, input [ObsW-1:0] exp, input [ObsW-1:0] act);
    integer i, lv, line, r;
    reg [8*10-1:0] name;
    begin
      for (i = 0; i < SetW; i = i + 1)
        if (tell(exp[FlitAllW + i] !== act[FlitAllW + i]))
          $display("  cycle %0d: stage %0d switch %0d: expected %0s, actual %0s", cyc, i / (N/2),
                   i % (N/2), exp[FlitAllW + i] ? "cross" : "straight",
                   act[FlitAllW + i] === 1'b1 ? "cross" : act[FlitAllW + i] === 1'b0 ? "straight" : "x");
      for (i = 0; i < (LogN + 1) * N; i = i + 1)
        if (tell(exp[i*FlitW +: FlitW] !== act[i*FlitW +: FlitW])) begin
          lv = i / N;
          line = i % N;
          if (lv == 0)
            $display("  cycle %0d: input %0d injection register: expected %0s, actual %0s",
                     cyc, line, flit_str(exp[i*FlitW +: FlitW]), flit_str(act[i*FlitW +: FlitW]));
          else
            $display("  cycle %0d: stage %0d switch %0d port %0d (line %0d): expected %0s, actual %0s",
                     cyc, lv - 1, line / 2, line % 2, line, flit_str(exp[i*FlitW +: FlitW]),
                     flit_str(act[i*FlitW +: FlitW]));
        end
      for (r = 0; r < 6; r = r + 1)
        if (tell(exp[FlitAllW + SetW + 32*r +: 32] !== act[FlitAllW + SetW + 32*r +: 32])) begin
          case (r)
            0: name = "rdata";     1: name = "status";    2: name = "cycles";
            3: name = "injected";  4: name = "delivered"; default: name = "conflicts";
          endcase
          $display("  cycle %0d: register %0s: expected 0x%0h, actual 0x%0h", cyc, name,
                   exp[FlitAllW + SetW + 32*r +: 32], act[FlitAllW + SetW + 32*r +: 32]);
        end
    end
  endtask

  `include "xchg_replay_loop.vh"
endmodule
`default_nettype wire
