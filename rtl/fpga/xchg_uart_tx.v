// SPDX-License-Identifier: MIT
// xchg_uart_tx: 8N1 UART transmitter. A byte offered with valid_i while
// ready_o is high is sent: start bit, 8 data bits LSB first, stop bit.
`default_nettype none
`include "xchg_range.vh"

module xchg_uart_tx #(
  parameter integer ClkDiv = 104  // clock cycles per bit (12 MHz / 115200 = 104), 4..65535
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire [7:0] data_i,
  input  wire       valid_i,
  output wire       ready_o,
  output wire       tx_o
);
  reg [9:0]  shift_q, shift_d;   // stop, data, start: shifted out LSB first
  reg [3:0]  bits_q, bits_d;     // bits left to send
  reg [15:0] div_q, div_d;       // cycles left in this bit

  always @* begin
    shift_d = shift_q;
    bits_d  = bits_q;
    div_d   = div_q;
    if (bits_q == 4'd0) begin
      if (valid_i) begin
        shift_d = {1'b1, data_i, 1'b0};
        bits_d  = 4'd10;
        div_d   = 16'(ClkDiv - 1);
      end
    end else if (div_q == 16'd0) begin
      shift_d = {1'b1, shift_q[9:1]};
      bits_d  = bits_q - 4'd1;
      div_d   = 16'(ClkDiv - 1);
    end else begin
      div_d = div_q - 16'd1;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      shift_q <= 10'h3ff;
      bits_q  <= 4'd0;
      div_q   <= 16'd0;
    end else begin
      shift_q <= shift_d;
      bits_q  <= bits_d;
      div_q   <= div_d;
    end
  end

  assign ready_o = bits_q == 4'd0;
  assign tx_o    = bits_q == 4'd0 ? 1'b1 : shift_q[0];

  generate
    `XCHG_RANGE(gen_bad_div, "xchg_uart_tx: ClkDiv", ClkDiv, 4, 65535)
  endgenerate
endmodule
`default_nettype wire
