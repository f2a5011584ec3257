// SPDX-License-Identifier: MIT
// What the board tops of the host-less exchanges (xchg_fpga_min_board,
// xchg_fpga_torus_board) share, included inside the module before the
// exchange: a power-on reset (rst_n), the start (once after reset, then on
// each press of the button), the pass/fail LEDs, and the UART line
// "<Name>: PASS" or "<Name>: FAIL why=<4 bits>", CR LF, sent as soon as the
// exchange is done and then every 2^RepeatLog cycles. The module has the
// parameters of xchg_fpga_board_params.vh, the ports of
// xchg_fpga_board_ports.vh and the localparams NameLen (1..14)
// and Name [8*NameLen-1:0]; the exchange instance that follows drives
// busy, done, pass, fail and why, declared here.
//   module xchg_fpga_..._board #(
//     parameter ..., // the exchange's
//   `include "fpga/xchg_fpga_board_params.vh"
//   ) (
//   `include "fpga/xchg_fpga_board_ports.vh"
//   );
//     localparam integer NameLen = ...; localparam [8*NameLen-1:0] Name = ...;
//   `include "fpga/xchg_fpga_board.vh"
//     xchg_fpga_... u_... (.rst_ni(rst_n), .start_i(start), .done_o(done), ...);
`include "xchg_range.vh"

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

  wire       busy, done, pass, fail;  // the exchange's
  wire [3:0] why;
  wire       unused_busy = busy;
  assign led_pass_o = pass ^ (LedActiveLow != 0);
  assign led_fail_o = fail ^ (LedActiveLow != 0);

  // ---- the UART line ----
  localparam integer LineLen = NameLen + 17;
  function automatic [7:0] line_char(input integer i, input ok, input [3:0] w);
    reg [8*LineLen-1:0] s;
    begin
      s = ok ? {Name, ": PASS", 8'h0d, 8'h0a, {9{8'h00}}}
             : {Name, ": FAIL why=",
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
    `XCHG_RANGE(gen_bad_repeat, "xchg_fpga_board_params.vh: RepeatLog", RepeatLog, 8, 30)
    `XCHG_RANGE(gen_bad_name_len, "xchg_fpga_board.vh: NameLen", NameLen, 1, 14)
  endgenerate
