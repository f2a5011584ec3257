// SPDX-License-Identifier: MIT
// Bench of the host-less torus exchange (rtl/fpga/xchg_fpga_torus.v), RTL or,
// with -DXCHG_GATE, the netlist Yosys wrote for it: starts it twice and
// requires the on-chip checker's verdict each time, done exactly when the
// RTL is (Steps + 1 cycles after the start write plus the loader's writes).
//   +expect_fail=1  the checker must say fail (a broken ROM word)
//   -DXCHG_TORUS_BRAM=0  the routers without block RAM (default 1)
// Prints "PASS ..." or "FAIL ...".
`timescale 1ns / 1ps
`default_nettype none
module xchg_fpga_torus_tb;
`ifndef XCHG_TORUS_NODES
  `define XCHG_TORUS_NODES 9
`endif
`ifndef XCHG_TORUS_DIM0
  `define XCHG_TORUS_DIM0 3
`endif
`ifndef XCHG_TORUS_NPORTS
  `define XCHG_TORUS_NPORTS 4
`endif
`ifndef XCHG_TORUS_STEPS
  `define XCHG_TORUS_STEPS 12
`endif
`ifndef XCHG_TORUS_BRAM
  `define XCHG_TORUS_BRAM 1
`endif
  localparam integer Nodes = `XCHG_TORUS_NODES, Steps = `XCHG_TORUS_STEPS;
  // cycles from start_i to done_o: clear, (select, pointer, n - 1 messages)
  // per node, STEPS, start, Steps + 1 running, the verdict, the bench's count
  localparam integer Expect = 1 + Nodes * (Nodes + 1) + 2 + Steps + 1 + 2;
  reg clk = 1'b0, rst_n = 1'b0, start = 1'b0;
  wire busy, done, pass, fail;
  wire [3:0] why;
`ifdef XCHG_GATE
  xchg_fpga_torus dut (
`else
  xchg_fpga_torus #(.Nodes(Nodes), .Dim0(`XCHG_TORUS_DIM0), .NPorts(`XCHG_TORUS_NPORTS), .Steps(Steps),
                  .Bram(`XCHG_TORUS_BRAM)) dut (
`endif
    .clk_i(clk), .rst_ni(rst_n), .start_i(start), .busy_o(busy), .done_o(done),
    .pass_o(pass), .fail_o(fail), .why_o(why));
  always #5 clk = ~clk;
  integer run, t, expect_fail, errors = 0;
  initial begin
    if (!$value$plusargs("expect_fail=%d", expect_fail)) expect_fail = 0;
    repeat (3) @(posedge clk);
    #1 rst_n = 1'b1;
    for (run = 0; run < 2; run = run + 1) begin
      @(posedge clk); #1 start = 1'b1;
      @(posedge clk); #1 start = 1'b0;
      t = 1;
      while (!done && t < 4 * Expect) begin @(posedge clk); #1 t = t + 1; end
      $display("run %0d: done after %0d cycles (expected %0d), pass %b fail %b why %b",
               run, t, Expect, pass, fail, why);
      if (!done) errors = errors + 1;
      else if (expect_fail == 0 && (!pass || fail || t != Expect)) errors = errors + 1;
      else if (expect_fail != 0 && (pass || !fail)) errors = errors + 1;
      repeat (5) @(posedge clk);
    end
    if (errors == 0)
      $display("PASS torus n=%0d: %0s", Nodes,
               expect_fail != 0 ? "the broken exchange was detected by the on-chip checker" : "on-chip checker passed twice");
    else begin
      $display("FAIL torus n=%0d: %0d runs wrong", Nodes, errors);
      $fatal(0, "runs wrong"); // non-zero exit from vvp
    end
    $finish;
  end
endmodule
`default_nettype wire
