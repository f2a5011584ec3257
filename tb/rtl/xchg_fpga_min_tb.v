// SPDX-License-Identifier: MIT
// xchg_fpga_min_tb: the host-less FPGA exchange (rtl/fpga/xchg_fpga_min.v), as
// RTL or as the netlist Yosys writes (-DXCHG_GATE, with Yosys's
// ice40/cells_sim.v), against golden vectors of the same network and l
// (xchg run --vectors DIR --mode xor). After a start pulse, the FPGA top's
// last-stage registers must equal the golden model's (obs.hex, level
// log2 N) cycle by cycle from the first injection, for N + log2 N + 2
// cycles; then the top's own checker must say pass. Ends with PASS or FAIL.
//   vvp fpga.vvp +vectors=DIR [+expect_fail=1]
// +expect_fail=1: the run is broken on purpose (a fault slot plusarg); the
// bench then wants fail_o from the on-chip checker instead.
`timescale 1ns / 1ps
`default_nettype none
`include "xchg_consts.vh"
`include "vectors.vh"

module xchg_fpga_min_tb;
  `include "xchg_min_sizes.vh"
  localparam integer ObsW     = `XV_OBS_W;

  reg              clk_i = 1'b0, rst_ni = 1'b0, start_i = 1'b0;
  wire [N*FlitW-1:0] deliver_o;
  wire             busy_o, done_o, pass_o, fail_o;
  wire [3:0]       why_o;

`ifdef XCHG_GATE
  xchg_fpga_min u_dut (
`else
  xchg_fpga_min #(
`include "xchg_fpga_min_params.vh"
  ) u_dut (
`endif
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .start_i  (start_i),
    .deliver_o(deliver_o),
    .busy_o   (busy_o),
    .done_o   (done_o),
    .pass_o   (pass_o),
    .fail_o   (fail_o),
    .why_o    (why_o)
  );

  task automatic tick;
    begin
      #5 clk_i = 1'b1;
      #1;
    end
  endtask
  task automatic untick;
    begin
      #4 clk_i = 1'b0;
    end
  endtask

  reg [1023:0]      dir;
  reg [ObsW-1:0]    obs_vec;
  reg [N*FlitW-1:0] exp_last;
  integer fd, c, i, diffs, expect_fail, timeout;
  initial begin
    if (!$value$plusargs("vectors=%s", dir)) begin
      $display("FAIL xchg_fpga_min_tb: give +vectors=DIR");
      $fatal(0, "no vectors");
    end
    if (!$value$plusargs("expect_fail=%d", expect_fail)) expect_fail = 0;
    if (`XV_MODE != `XCHG_MODE_XOR) begin
      $display("FAIL xchg_fpga_min_tb: the vectors are not of the XOR mode");
      $fatal(0, "wrong vectors");
    end
    fd = $fopen({dir, "/obs.hex"}, "r");
    if (fd == 0) begin
      $display("FAIL xchg_fpga_min_tb: cannot open %0s/obs.hex", dir);
      $fatal(0, "no vectors");
    end
    // skip to the golden model's first injection
    for (c = 1; c < `XV_FIRST_INJECT; c = c + 1) i = $fscanf(fd, "%h\n", obs_vec);
    // reset, two idle cycles, the start pulse
    tick; untick;
    rst_ni = 1'b1;
    tick; untick;
    tick; untick;
    start_i = 1'b1;
    tick; untick;
    start_i = 1'b0;
    diffs = 0;
    for (c = 0; c < N + LogN + 2; c = c + 1) begin
      if ($fscanf(fd, "%h\n", obs_vec) != 1) begin
        $display("FAIL xchg_fpga_min_tb: obs.hex ends early");
        $fatal(0, "vectors end early");
      end
      exp_last = obs_vec[LogN*N*FlitW +: N*FlitW];
      tick;
      for (i = 0; i < N; i = i + 1)
        if (deliver_o[i*FlitW +: FlitW] !== exp_last[i*FlitW +: FlitW]) begin
          if (diffs == 0 && !expect_fail)
            $display("first difference: cycle %0d after the first injection, last stage line %0d: expected 0x%0h, actual 0x%0h",
                     c + 1, i, exp_last[i*FlitW +: FlitW], deliver_o[i*FlitW +: FlitW]);
          diffs = diffs + 1;
        end
      untick;
    end
    for (timeout = 0; timeout < 16 && done_o !== 1'b1; timeout = timeout + 1) begin
      tick; untick;
    end
    if (expect_fail) begin
      if (done_o === 1'b1 && fail_o === 1'b1 && pass_o === 1'b0)
        $display("PASS %0s: broken run detected by the on-chip checker (why = %b: late, missing, dup, bad)",
                 `XV_NET, why_o);
      else begin
        $display("FAIL %0s: broken run not detected (done %b pass %b fail %b)", `XV_NET, done_o,
                 pass_o, fail_o);
        $fatal(0, "fault not detected"); // non-zero exit from vvp
      end
    end else if (diffs == 0 && done_o === 1'b1 && pass_o === 1'b1 && fail_o === 1'b0)
      $display("PASS %0s: %0d cycles of deliveries equal the golden model, on-chip checker says pass",
               `XV_NET, N + LogN + 2);
    else begin
      $display("FAIL %0s: %0d flits differ; done %b pass %b fail %b why %b", `XV_NET, diffs, done_o,
               pass_o, fail_o, why_o);
      $fatal(0, "deliveries differ"); // non-zero exit from vvp
    end
    $finish;
  end
endmodule
`default_nettype wire
