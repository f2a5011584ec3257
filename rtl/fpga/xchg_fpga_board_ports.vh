// SPDX-License-Identifier: MIT
// The pins of the host-less board tops (xchg_fpga_min_board,
// xchg_fpga_torus_board): the constraint files of constraints/ place
// these. The use: xchg_fpga_board.vh.
  input  wire clk_i,
  input  wire btn_i,        // run the exchange again
  output wire led_pass_o,
  output wire led_fail_o,
  output wire uart_tx_o
