// SPDX-License-Identifier: MIT
// xchg_sw2x2: one 2x2 switch of a banyan MIN, straight or cross, with
// registered outputs (one stage = one clock cycle). It sets itself from its
// mode: XOR (its initial bit m_{h,k} XOR bit x_{n-1-k} of the flit's step),
// TABLE (the bit of the configuration its wave carries) or SELF (the
// destination tag; two flits wanting one output is a conflict, and the one
// on port 1 is dropped).
//
// Its ports and parameters are the switch contract (docs/own-rtl.md): a
// user's own switch with the same ports replaces it (--rtl-switch), and
// fault injection is the simulation shell's (rtl/dv/xchg_sw2x2_dv.v),
// which wraps whichever switch is used.
`default_nettype none
`include "xchg_consts.vh"

module xchg_sw2x2 #(
  parameter integer LogN     = 3,  // stages in the network, 1..10
  parameter integer Stage    = 0,  // this switch's stage k, 0..LogN-1
  parameter integer RouteBit = 0   // destination bit self-routing uses here, 0..LogN-1
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire                     flush_i,    // empty the outputs (CTRL.clear)
  input  wire [1:0]               mode_i,     // `XCHG_MODE_*
  input  wire                     cfg_bit_i,  // m_{h,k} (XOR) or the wave's bit (TABLE)
  input  wire [`XCHG_FLIT_W-1:0]  in0_i,
  input  wire [`XCHG_FLIT_W-1:0]  in1_i,
  output wire [`XCHG_FLIT_W-1:0]  out0_o,
  output wire [`XCHG_FLIT_W-1:0]  out1_o,
  output wire                     set_o,      // setting applied at the last edge, 1 = cross
  output wire                     conflict_o  // a self-routing conflict at the last edge
);
  localparam integer FlitW = `XCHG_FLIT_W;

  wire       valid0 = in0_i[`XCHG_FLIT_VALID_BIT];
  wire       valid1 = in1_i[`XCHG_FLIT_VALID_BIT];
  // Both flits of a wave carry the same step, and a line without a flit
  // is all zeros: the bit of whichever is there is the OR of both.
  wire       step_bit = in0_i[`XCHG_FLIT_STEP_LSB + LogN-1-Stage] | in1_i[`XCHG_FLIT_STEP_LSB + LogN-1-Stage];
  wire       want0 = in0_i[`XCHG_FLIT_DST_LSB + RouteBit];
  wire       want1 = in1_i[`XCHG_FLIT_DST_LSB + RouteBit];

  reg              set_q, conflict_q;
  reg  [FlitW-1:0] out0_q, out1_q;
  // The next state, computed inside the clocked block (blocking
  // temporaries, each written before it is read: no registers of their
  // own). Why not an always @* of next values: the simulator evaluated
  // it for every switch at every cycle, busy or idle, and stored its
  // results for the clocked block to copy (docs/bench.md, MIN).
  reg              set_d, conflict_d;
  reg  [FlitW-1:0] kept1;           // in1, unless a conflict drops it
  reg  [FlitW-1:0] out0_d, out1_d;

  // Why the guards: an empty switch (no flit in) takes empty
  // outputs and setting 0; the simulator then skips the rest, so an idle
  // switch costs a few instructions and the work follows the flits. Why
  // it writes its zeros whether or not it holds them (and reads none of
  // its own registers here): a register read in the block that assigns
  // it gets a shadow copy in the simulator, loaded and stored at every
  // edge; four stores are cheaper (docs/bench.md, MIN). Why flush acts
  // only at the clock edge: a combinational path from the bus
  // (CTRL.clear) into every switch would make the simulator evaluate
  // every switch again whenever the bus inputs change.
  always @(posedge clk_i) begin
    // Every temporary is written here first, on every path: the simulator
    // then keeps them as locals of the switch's code. (Written first
    // under a condition, each was a member of the switch, stored and
    // loaded again at every edge.)
    set_d      = 1'b0;
    conflict_d = 1'b0;
    kept1      = in1_i;
    out0_d     = in0_i;
    out1_d     = in1_i;
    // (reset and flush tested on their own: the simulator evaluates a
    // condition whole)
    if (!rst_ni || flush_i)
      {out0_q, out1_q, set_q, conflict_q} <= {(2*FlitW+2){1'b0}};
    else if (!valid0 && !valid1)
      {out0_q, out1_q, set_q, conflict_q} <= {(2*FlitW+2){1'b0}};
    else begin
      case (mode_i)
        `XCHG_MODE_XOR:   set_d = cfg_bit_i ^ step_bit;
        `XCHG_MODE_TABLE: set_d = cfg_bit_i;
        default: begin
          // port 0 goes where it wants; alone, port 1 does too
          set_d      = valid0 ? want0 : ~want1;
          conflict_d = valid0 && valid1 && (want0 == want1);
        end
      endcase
      kept1  = conflict_d ? {FlitW{1'b0}} : in1_i;
      out0_d = set_d ? kept1 : in0_i;
      out1_d = set_d ? in0_i : kept1;
      out0_q     <= out0_d;
      out1_q     <= out1_d;
      set_q      <= set_d;
      conflict_q <= conflict_d;
    end
  end

  assign out0_o     = out0_q;
  assign out1_o     = out1_q;
  assign set_o      = set_q;
  assign conflict_o = conflict_q;

  // Parameter checks at elaboration.
  generate
    if (LogN < 1 || LogN > 10) begin : gen_bad_logn
      initial $fatal(1, "xchg_sw2x2: LogN = %0d, allowed 1..10", LogN);
    end
    if (Stage < 0 || Stage >= LogN) begin : gen_bad_stage
      initial $fatal(1, "xchg_sw2x2: Stage = %0d, allowed 0..LogN-1", Stage);
    end
    if (RouteBit < 0 || RouteBit >= LogN) begin : gen_bad_route
      initial $fatal(1, "xchg_sw2x2: RouteBit = %0d, allowed 0..LogN-1", RouteBit);
    end
  endgenerate
endmodule
`default_nettype wire
