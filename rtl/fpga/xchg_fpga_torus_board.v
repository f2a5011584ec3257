// SPDX-License-Identifier: MIT
// xchg_fpga_torus_board: the board top of the host-less torus exchange
// (xchg_fpga_torus, the generated xchg_pn_top with its step table in ROM).
// A power-on reset, then the exchange runs by itself; the button runs it
// again. LEDs: pass (green), fail (red), and the UART sends one line,
// "xchg torus 3x3: PASS" or "... FAIL why=<4 bits>", as soon as the
// exchange is done and then about once a second (constraints/*/README.md:
// pins of each board). The same pins as xchg_fpga_min_board.
`default_nettype none
`include "xchg_consts.vh"

module xchg_fpga_torus_board #(
  parameter integer Nodes  = 9,   // nodes of the torus (the generated xchg_pn_top's), 4..64
  parameter integer Dim0   = 3,   // size of dimension 0 (stride 1, the last of torus:AxB), 2..9; Nodes / Dim0 <= 9
  parameter integer NPorts = 4,   // link ports per router (the generated top's)
  parameter integer Steps  = 12,  // steps of the ROM schedule, 1..255
  parameter integer Bram   = 1,   // 1: routers with their message memories in block RAM
`include "fpga/xchg_fpga_board_params.vh"
) (
`include "fpga/xchg_fpga_board_ports.vh"
);

  // the UART line: "xchg torus AxB: PASS" or "xchg torus AxB: FAIL why=bbbb";
  // the digits as localparams (Yosys 0.23 sizes a cast of a constant
  // expression inside a concatenation at 32 bits: xchg_fpga_min_board)
  localparam integer Dim0Char = 48 + Nodes / Dim0;  // ASCII, in the order of torus:AxB
  localparam integer Dim1Char = 48 + Dim0;
  localparam [7:0]   D0 = Dim0Char[7:0];
  localparam [7:0]   D1 = Dim1Char[7:0];
  localparam integer NameLen = 14;
  localparam [8*NameLen-1:0] Name = {"xchg torus ", D0, "x", D1};
`include "fpga/xchg_fpga_board.vh"

  xchg_fpga_torus #(
    .Nodes (Nodes),
    .Dim0  (Dim0),
    .NPorts(NPorts),
    .Steps (Steps),
    .Bram  (Bram)
  ) u_torus (
    .clk_i  (clk_i),
    .rst_ni (rst_n),
    .start_i(start),
    .busy_o (busy),
    .done_o (done),
    .pass_o (pass),
    .fail_o (fail),
    .why_o  (why)
  );

  generate
    if (Dim0 < 2 || Dim0 > 9 || Nodes / Dim0 > 9) begin : gen_bad_dims
      initial $fatal(1, "xchg_fpga_torus_board: %0dx%0d, one digit each", Dim0, Nodes / Dim0);
    end
  endgenerate
endmodule
`default_nettype wire
