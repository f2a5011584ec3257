// SPDX-License-Identifier: MIT
// xchg_fpga_min_board: the board top of the host-less MIN exchange
// (xchg_fpga_min). A power-on reset, then the exchange runs by itself;
// the button runs it again. LEDs: pass (green), fail (red), and the UART
// sends one line, "xchg min N=08: PASS" or "... FAIL why=<4 bits>", as
// soon as the exchange is done and then about once a second (constraints/*/README.md: pins of each board).
`default_nettype none
`include "xchg_consts.vh"

module xchg_fpga_min_board #(
  parameter integer LogN = 3,  // log2 N, 1..6
  parameter [(LogN+1)*LogN*4-1:0]  Wiring    = 48'h210_201_012_210,  // `xchg rtl-params`
  parameter [LogN*4-1:0]           RouteBits = 12'h012,
  parameter [(1<<LogN)/2*LogN-1:0] Cfg0      = 12'h480,  // M^{l,0} (XV_CFG0)
`include "fpga/xchg_fpga_board_params.vh"
) (
`include "fpga/xchg_fpga_board_ports.vh"
);
  localparam integer N = 1 << LogN;

  // the UART line: "xchg min N=dd: PASS" or "xchg min N=dd: FAIL why=bbbb".
  // The digits of N as localparams: Yosys 0.23 sizes a cast of a constant
  // expression inside a concatenation at 32 bits, which shifted the whole
  // line (found by the gate-level replay of this board).
  localparam integer TensChar = 48 + N / 10;  // ASCII
  localparam integer OnesChar = 48 + N % 10;
  localparam [7:0]   Tens = TensChar[7:0];
  localparam [7:0]   Ones = OnesChar[7:0];
  localparam integer NameLen = 13;
  localparam [8*NameLen-1:0] Name = {"xchg min N=", Tens, Ones};
`include "fpga/xchg_fpga_board.vh"

  wire [N*`XCHG_FLIT_W-1:0] unused_deliver;
  xchg_fpga_min #(
    .LogN     (LogN),
    .Wiring   (Wiring),
    .RouteBits(RouteBits),
    .Cfg0     (Cfg0)
  ) u_min (
    .clk_i    (clk_i),
    .rst_ni   (rst_n),
    .start_i  (start),
    .deliver_o(unused_deliver),
    .busy_o   (busy),
    .done_o   (done),
    .pass_o   (pass),
    .fail_o   (fail),
    .why_o    (why)
  );
endmodule
`default_nettype wire
