// SPDX-License-Identifier: MIT
// xchg_fpga_board_tb: the board top of the host-less exchange
// (rtl/fpga/xchg_fpga_min_board.v), as RTL or as the netlist Yosys wrote for
// the FPGA (-DXCHG_GATE, with ice40/cells_sim.v), seen from its pins only:
// after power-on the pass LED must light (not the fail LED), the UART must
// send "xchg min N=..: PASS", and a button press must run it again.
// Default board parameters (iCEBreaker: active-low LEDs and button,
// 104 clocks per UART bit). Ends with one line PASS or FAIL.
// -DXCHG_TORUS: the same from the pins of rtl/fpga/xchg_fpga_torus_board.v
// (its parameters from -DXCHG_TORUS_NODES=, _DIM0=, _NPORTS=, _STEPS=,
// _BRAM=). -DXCHG_BOARD_LED_HIGH: the LEDs light on 1 (LedActiveLow = 0,
// the HX8K breakout's); the bench reads them as if active low.
`ifndef XCHG_TORUS_BRAM
  `define XCHG_TORUS_BRAM 1
`endif
`ifdef XCHG_BOARD_LED_HIGH
  `define XCHG_LED_LOW 0
`else
  `define XCHG_LED_LOW 1
`endif
`timescale 1ns / 1ps
`default_nettype none
`ifdef XCHG_TORUS
  `define XV_NET "torus"
`else
  `include "vectors.vh"
`endif

module xchg_fpga_board_tb;
  localparam integer ClkDiv = 104;

  reg  clk_i = 1'b0, btn_i = 1'b1;
  wire led_pass_o, led_fail_o, uart_tx_o;
  wire pin_pass, pin_fail;   // the pins; led_*_o as if active low
  assign led_pass_o = pin_pass ^ (`XCHG_LED_LOW == 0);
  assign led_fail_o = pin_fail ^ (`XCHG_LED_LOW == 0);

`ifdef XCHG_GATE
`ifdef XCHG_TORUS
  xchg_fpga_torus_board u_dut (
`else
  xchg_fpga_min_board u_dut (
`endif
`elsif XCHG_TORUS
  xchg_fpga_torus_board #(
    .Nodes (`XCHG_TORUS_NODES),
    .Dim0  (`XCHG_TORUS_DIM0),
    .NPorts(`XCHG_TORUS_NPORTS),
    .Steps (`XCHG_TORUS_STEPS),
    .Bram  (`XCHG_TORUS_BRAM),
    .LedActiveLow(`XCHG_LED_LOW)
  ) u_dut (
`else
  xchg_fpga_min_board #(
`include "xchg_fpga_min_params.vh"
  ) u_dut (
`endif
    .clk_i     (clk_i),
    .btn_i     (btn_i),
    .led_pass_o(pin_pass),
    .led_fail_o(pin_fail),
    .uart_tx_o (uart_tx_o)
  );

  always #5 clk_i = ~clk_i;

  // one UART character, 8N1, sampled in the middle of each bit
  task automatic get_char(output [7:0] ch, output ok);
    integer t, b;
    begin
      ok = 1'b0;
      ch = 8'h00;
      for (t = 0; t < 40 * ClkDiv && uart_tx_o !== 1'b0; t = t + 1) @(posedge clk_i);
      if (uart_tx_o === 1'b0) begin
        repeat (ClkDiv + ClkDiv / 2) @(posedge clk_i);
        for (b = 0; b < 8; b = b + 1) begin
          ch[b] = uart_tx_o;
          repeat (ClkDiv) @(posedge clk_i);
        end
        ok = uart_tx_o === 1'b1;  // the stop bit
      end
    end
  endtask

  reg [8*40-1:0] line;
  reg [7:0]      ch;
  reg            ok, good;
  integer        n, t;
  initial begin
    good = 1'b1;
    // power-on: the pass LED (active low) within a few hundred cycles
    for (t = 0; t < 500 && led_pass_o !== 1'b0 && led_fail_o !== 1'b0; t = t + 1) @(posedge clk_i);
    if (led_pass_o !== 1'b0 || led_fail_o !== 1'b1) begin
      $display("  LEDs after %0d cycles: pass %b fail %b (active low)", t, led_pass_o, led_fail_o);
      good = 1'b0;
    end
    // the UART line
    line = 0;
    for (n = 0; n < 40; n = n + 1) begin
      get_char(ch, ok);
      if (!ok) n = 40;
      else begin
        line = {line[8*39-1:0], ch};
        if (ch == 8'h0a) n = 40;
      end
    end
    $display("  uart: %0s", line);
    if (line[8*8-1:0] != {": PASS", 8'h0d, 8'h0a}) good = 1'b0;
    // the button runs it again: the LED goes dark, then lights again
    btn_i = 1'b0;
    repeat (4) @(posedge clk_i);
    btn_i = 1'b1;
    for (t = 0; t < 20 && led_pass_o !== 1'b1; t = t + 1) @(posedge clk_i);
    if (led_pass_o !== 1'b1) begin
      $display("  the button did not restart the exchange");
      good = 1'b0;
    end
    for (t = 0; t < 500 && led_pass_o !== 1'b0; t = t + 1) @(posedge clk_i);
    if (led_pass_o !== 1'b0 || led_fail_o !== 1'b1) begin
      $display("  no pass after the button");
      good = 1'b0;
    end
    $display("%0s %0s board: pass LED, UART line, button re-run", good ? "PASS" : "FAIL", `XV_NET);
    if (!good) $fatal(0, "board checks failed"); // non-zero exit from vvp
    $finish;
  end
endmodule
`default_nettype wire
