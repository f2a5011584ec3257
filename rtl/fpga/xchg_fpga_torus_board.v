// SPDX-License-Identifier: MIT
// xchg_fpga_torus_board: the board top of the host-less torus exchange
// (xchg_fpga_torus, the generated xchg_pn_top with its step table in ROM).
// A power-on reset, then the exchange runs by itself; the button runs it
// again. LEDs: pass (green), fail (red), and the UART sends one line,
// "xchg torus 3x3: PASS" or "... FAIL why=<4 bits>", as soon as the
// exchange is done and then about once a second (constraints/*/README.md:
// pins of each board). The same pins as xchg_fpga_min_board.
`default_nettype none
`include "xchg_range.vh"
`include "xchg_consts.vh"

module xchg_fpga_torus_board #(
  parameter integer Nodes  = 9,   // nodes of the torus (the generated xchg_pn_top's), 4..64
  parameter integer Dim0   = 3,   // size of dimension 0 (stride 1, the last of torus:AxB), 2..9; Nodes / Dim0 <= 9
  parameter integer NPorts = 4,   // link ports per router (the generated top's)
  parameter integer Steps  = 12,  // steps of the ROM schedule, 1..255
  parameter integer Bram   = 1,   // 1: routers with their message memories in block RAM
  parameter integer ClkDiv      = 104,  // clock cycles per UART bit (12 MHz, 115200 Bd)
  parameter integer RepeatLog   = 24,   // a UART line every 2^RepeatLog cycles, 8..30
  parameter integer LedActiveLow = 1,   // 1: LEDs light on 0 (iCEBreaker), 0: on 1 (Arty)
  parameter integer BtnActiveLow = 1    // 1: the button reads 0 when pressed
) (
  input  wire clk_i,
  input  wire btn_i,        // run the exchange again
  output wire led_pass_o,
  output wire led_fail_o,
  output wire uart_tx_o
);

  // ---- power-on reset: FPGA registers start at 0 ----
  reg [3:0] por_q = 4'd0;
  wire      rst_n = por_q[3];
  always @(posedge clk_i) begin
    if (!por_q[3]) por_q <= por_q + 4'd1;
  end

  // ---- start: once after reset, then on each press ----
  reg [1:0] btn_q, btn_d;        // synchroniser
  reg       started_q, started_d;
  wire      pressed = btn_q[1] ^ (BtnActiveLow != 0);
  reg       pressed_q;
  wire      start = !started_q || (pressed && !pressed_q);
  always @* begin
    btn_d     = {btn_q[0], btn_i};
    started_d = 1'b1;
  end
  always @(posedge clk_i) begin
    if (!rst_n) begin
      btn_q     <= {2{BtnActiveLow != 0}};
      started_q <= 1'b0;
      pressed_q <= 1'b0;
    end else begin
      btn_q     <= btn_d;
      started_q <= started_d;
      pressed_q <= pressed;
    end
  end

  wire       busy, done, pass, fail;
  wire [3:0] why;
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
  wire unused_busy = busy;

  assign led_pass_o = pass ^ (LedActiveLow != 0);
  assign led_fail_o = fail ^ (LedActiveLow != 0);

  // ---- the UART line ----
  // "xchg torus AxB: PASS" or "xchg torus AxB: FAIL why=bbbb", then CR LF
  localparam integer LineLen = 31;
  // the digits as localparams (Yosys 0.23 sizes a cast of a constant
  // expression inside a concatenation at 32 bits: xchg_fpga_min_board)
  localparam integer Dim0Char = 48 + Nodes / Dim0;  // ASCII, in the order of torus:AxB
  localparam integer Dim1Char = 48 + Dim0;
  localparam [7:0]   D0 = Dim0Char[7:0];
  localparam [7:0]   D1 = Dim1Char[7:0];
  function automatic [7:0] line_char(input integer i, input ok, input [3:0] w);
    reg [8*LineLen-1:0] s;
    begin
      s = ok ? {"xchg torus ", D0, "x", D1, ": PASS", 8'h0d, 8'h0a, {9{8'h00}}}
             : {"xchg torus ", D0, "x", D1, ": FAIL why=",
                8'h30 + {7'd0, w[3]}, 8'h30 + {7'd0, w[2]}, 8'h30 + {7'd0, w[1]},
                8'h30 + {7'd0, w[0]}, 8'h0d, 8'h0a};
      line_char = s[8*(LineLen-1-i) +: 8];
    end
  endfunction

  reg [RepeatLog-1:0] timer_q, timer_d;
  reg [4:0]           pos_q, pos_d;       // next character, LineLen: idle
  reg                 sending_q, sending_d;
  reg                 told_q, told_d;         // the line was sent since done
  wire                tx_ready;
  wire [7:0]          ch = line_char({27'd0, pos_q}, pass, why);
  always @* begin
    timer_d   = timer_q + 1'b1;
    pos_d     = pos_q;
    sending_d = sending_q;
    told_d    = told_q && done;
    if (!sending_q && done && (!told_q || timer_q == {RepeatLog{1'b0}})) begin
      sending_d = 1'b1;
      told_d    = 1'b1;
      pos_d     = 5'd0;
    end else if (sending_q && tx_ready) begin
      if (ch == 8'h00 || pos_q == 5'(LineLen - 1)) sending_d = 1'b0;
      pos_d = pos_q + 5'd1;
    end
  end
  always @(posedge clk_i) begin
    if (!rst_n) begin
      timer_q   <= {RepeatLog{1'b0}};
      pos_q     <= 5'd0;
      sending_q <= 1'b0;
      told_q    <= 1'b0;
    end else begin
      timer_q   <= timer_d;
      pos_q     <= pos_d;
      sending_q <= sending_d;
      told_q    <= told_d;
    end
  end

  xchg_uart_tx #(.ClkDiv(ClkDiv)) u_tx (
    .clk_i  (clk_i),
    .rst_ni (rst_n),
    .data_i (ch),
    .valid_i(sending_q && ch != 8'h00),
    .ready_o(tx_ready),
    .tx_o   (uart_tx_o)
  );

  generate
    `XCHG_RANGE(gen_bad_repeat, "xchg_fpga_torus_board: RepeatLog", RepeatLog, 8, 30)
    if (Dim0 < 2 || Dim0 > 9 || Nodes / Dim0 > 9) begin : gen_bad_dims
      initial $fatal(1, "xchg_fpga_torus_board: %0dx%0d, one digit each", Dim0, Nodes / Dim0);
    end
  endgenerate
endmodule
`default_nettype wire
