// SPDX-License-Identifier: MIT
// xchg_pn_err: a router's error report. Every unit reports the first error
// of each of its stages as (code, port), code 0 for none; the stages come
// in the order the router checks them, and the first stage with an error
// gives this cycle's error. The first error since clear is kept (code_o,
// port_o); now_o is that error, {port, code}, in the cycle it happens
// and 0 in every other, for the controller's counters (one word, not a
// flag, a code and a port: `XCHG_PN_ERR_NOW_W).
`default_nettype none
`include "pn/xchg_pn_widths.vh"
`include "xchg_range.vh"

module xchg_pn_err #(
  parameter integer Stages = 4  // stages, 1..16
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 clear_i,    // forget the kept error at this edge
  input  wire [Stages*4-1:0]  code_i,     // stage k's first error at k*4 (0: none)
  input  wire [Stages*8-1:0]  port_i,
  output reg  [`XCHG_PN_ERR_NOW_W-1:0] now_o, // the first error since clear, in its cycle
  output wire [3:0]           code_o,     // the first error since clear
  output wire [7:0]           port_o
);
  // the first error since clear, {port, code}: one register, laid out as
  // a node's word of obs_err_o (`XCHG_PN_OBS_ERR_W), which a Verilated
  // model's harness reads here in place (sim/xchg_pn.vlt)
  reg  [11:0] first_q;
  wire [3:0]  code_q = first_q[3:0];

  integer k;
  always @* begin
    now_o = {`XCHG_PN_ERR_NOW_W{1'b0}};
    // the stages one by one only in a cycle with an error while none is
    // kept (a simulator skips the loop in the others, nearly all)
    if (|code_i && code_q == 4'd0)
      for (k = Stages - 1; k >= 0; k = k - 1)
        if (code_i[k*4 +: 4] != 4'd0) now_o = {port_i[k*8 +: 8], code_i[k*4 +: 4]};
  end

  // clear (a bus write) acts at the edge like the reset: no combinational
  // path from the bus into the router. Written only with the first error
  // (now_o is non-zero exactly then: its code is never 0).
  always @(posedge clk_i) begin
    if (!rst_ni || clear_i)                 first_q <= 12'd0;
    else if (now_o != {`XCHG_PN_ERR_NOW_W{1'b0}}) first_q <= now_o;
  end

  assign code_o = code_q;
  assign port_o = first_q[11:4];

  generate
    `XCHG_RANGE(gen_bad_stages, "xchg_pn_err: Stages", Stages, 1, 16)
  endgenerate
endmodule
`default_nettype wire
