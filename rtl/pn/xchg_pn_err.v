// SPDX-License-Identifier: MIT
// xchg_pn_err: a router's error report. Every unit reports the first error
// of each of its stages as (code, port), code 0 for none; the stages come
// in the order the router checks them, and the first stage with an error
// gives this cycle's error (code_now_o). The first error since clear is
// kept (code_o, port_o); new_o marks the cycle it happens in, for the
// controller's counters.
`default_nettype none
`include "xchg_range.vh"

module xchg_pn_err #(
  parameter integer Stages = 4  // stages, 1..16
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 clear_i,    // forget the kept error at this edge
  input  wire [Stages*4-1:0]  code_i,     // stage k's first error at k*4 (0: none)
  input  wire [Stages*8-1:0]  port_i,
  output reg  [3:0]           code_now_o, // this cycle's first error
  output reg  [7:0]           port_now_o,
  output wire                 new_o,      // the first error since clear happens in this cycle
  output wire [3:0]           code_o,     // the first error since clear
  output wire [7:0]           port_o
);
  integer k;
  always @* begin
    code_now_o = 4'd0;
    port_now_o = 8'd0;
    // the stages one by one only in a cycle with an error (a simulator
    // skips the loop in the others, nearly all)
    if (|code_i)
      for (k = Stages - 1; k >= 0; k = k - 1)
        if (code_i[k*4 +: 4] != 4'd0) begin
          code_now_o = code_i[k*4 +: 4];
          port_now_o = port_i[k*8 +: 8];
        end
  end

  // the first error since clear, {port, code}: one register, laid out as
  // a node's word of obs_err_o (`XCHG_PN_OBS_ERR_W), which a Verilated
  // model's harness reads here in place (sim/xchg_pn.vlt)
  reg  [11:0] first_q;
  wire [3:0]  code_q = first_q[3:0];
  // clear (a bus write) acts at the edge like the reset: no combinational
  // path from the bus into the router. Written only with the first error
  // (while none is kept, first_q is 0 and so is {port_now_o, code_now_o}
  // of a cycle without an error).
  always @(posedge clk_i) begin
    if (!rst_ni || clear_i) first_q <= 12'd0;
    else if (new_o)         first_q <= {port_now_o, code_now_o};
  end

  assign new_o  = code_q == 4'd0 && code_now_o != 4'd0;
  assign code_o = code_q;
  assign port_o = first_q[11:4];

  generate
    `XCHG_RANGE(gen_bad_stages, "xchg_pn_err: Stages", Stages, 1, 16)
  endgenerate
endmodule
`default_nettype wire
