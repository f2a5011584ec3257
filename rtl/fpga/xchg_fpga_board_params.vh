// SPDX-License-Identifier: MIT
// The board parameters of the host-less board tops (xchg_fpga_min_board,
// xchg_fpga_torus_board), the last of their parameter lists (the use:
// xchg_fpga_board.vh).
  parameter integer ClkDiv      = 104,  // clock cycles per UART bit (12 MHz, 115200 Bd)
  parameter integer RepeatLog   = 24,   // a UART line every 2^RepeatLog cycles, 8..30
  parameter integer LedActiveLow = 1,   // 1: LEDs light on 0 (iCEBreaker), 0: on 1 (Arty)
  parameter integer BtnActiveLow = 1    // 1: the button reads 0 when pressed
