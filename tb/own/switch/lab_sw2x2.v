// SPDX-License-Identifier: MIT
// lab_sw2x2: the 2x2 switch of the lab in docs/teaching.md (Exercise C),
// written to the switch contract (docs/own-rtl.md) with two bugs to find.
// Run it with xchg run --rtl-switch in each mode; the first mismatch says
// where to look. (Do not read tb/cli/t_lessons.sh first: it holds the
// answers.)
`default_nettype none
`include "xchg_consts.vh"

module lab_sw2x2 #(
  parameter integer LogN     = 3,  // stages of the network
  parameter integer Stage    = 0,  // this switch's stage
  parameter integer RouteBit = 0   // the destination bit self-routing reads
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire                    flush_i,
  input  wire [1:0]              mode_i,
  input  wire                    cfg_bit_i,
  input  wire [`XCHG_FLIT_W-1:0] in0_i,
  input  wire [`XCHG_FLIT_W-1:0] in1_i,
  output wire [`XCHG_FLIT_W-1:0] out0_o,
  output wire [`XCHG_FLIT_W-1:0] out1_o,
  output wire                    set_o,
  output wire                    conflict_o
);
  localparam integer W       = `XCHG_FLIT_W;
  localparam integer StepBit = `XCHG_FLIT_STEP_LSB + LogN - 1 - Stage;
  localparam integer DstBit  = `XCHG_FLIT_DST_LSB + RouteBit;

  wire here0 = in0_i[`XCHG_FLIT_VALID_BIT];
  wire here1 = in1_i[`XCHG_FLIT_VALID_BIT];
  wire any   = here0 | here1;

  // The step of the wave: read from whichever input holds a flit.
  wire step_x = here0 ? in0_i[StepBit] : in1_i[StepBit];

  reg  [W-1:0] a_d, b_d, a_q, b_q;
  reg          cross_d, clash_d, cross_q, clash_q;

  always @* begin
    cross_d = 1'b0;
    clash_d = 1'b0;
    if (any) begin
      if (mode_i == `XCHG_MODE_XOR)
        cross_d = cfg_bit_i ^ step_x;
      else if (mode_i == `XCHG_MODE_TABLE)
        cross_d = step_x ^ cfg_bit_i;
      else if (here0) begin
        cross_d = in0_i[DstBit];
        clash_d = here1;
      end else
        cross_d = !in1_i[DstBit];
    end
    a_d = cross_d ? (clash_d ? {W{1'b0}} : in1_i) : in0_i;
    b_d = cross_d ? in0_i : (clash_d ? {W{1'b0}} : in1_i);
  end

  always @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      a_q <= {W{1'b0}};
      b_q <= {W{1'b0}};
      cross_q <= 1'b0;
      clash_q <= 1'b0;
    end else begin
      a_q <= a_d;
      b_q <= b_d;
      cross_q <= cross_d;
      clash_q <= clash_d;
    end
  end

  assign out0_o     = a_q;
  assign out1_o     = b_q;
  assign set_o      = cross_q;
  assign conflict_o = clash_q;
endmodule
`default_nettype wire
