// SPDX-License-Identifier: MIT
// xchg_sw2x2_dv: the simulation shell of one 2x2 switch (simulation only;
// xchg_banyan instantiates it under `ifndef SYNTHESIS and synthesis never
// reads rtl/dv). It wraps whichever switch the build names, ours
// (xchg_sw2x2) or a user's (--rtl-switch FILE:MODULE, which defines
// XCHG_SW2X2_MODULE), and applies the fault slots of
// rtl/dv/xchg_min_faults.v to what the switch puts out, so that --inject
// and --rtl-fault act on a user's switch as on ours.
//
// A fault acts at the edge its slot names: the shell keeps its kind (and
// which inputs held a flit then) in a register beside the switch's
// registered outputs and changes those outputs until the next edge:
//   switch   the setting flipped: the outputs swapped, set_o inverted
//   drop     the flit on output 0 (else 1) lost
//   dup      the flit on output 0 (else 1) on both outputs
//   corrupt  the source's low bit of the flit on output 0 (else 1) flipped
//   port     the flit of input 0 (else 1) leaves by the other output, and
//            the other output is empty
// which is what the golden model's switch does when told of the fault
// (sw/golden/xc_golden_min.c): the lock-step then names the element.
// fired_q records, per slot, that its fault changed something here: at an
// edge after the fault acted, an output or the setting differed from the
// wrapped switch's (a switch fault always changes the setting); xchg run
// reads it once at the end (fired / never fired, rtl/dv/xchg_min_dv.v).
// A model built with XCHG_NO_FAULTS (runs without faults) has neither the
// slots nor this logic: the outputs pass through.
`default_nettype none
`include "xchg_consts.vh"

`ifndef XCHG_SW2X2_MODULE
`define XCHG_SW2X2_MODULE xchg_sw2x2
`endif

module xchg_sw2x2_dv #(
  // those of the switch it wraps (xchg_sw2x2)
  parameter integer LogN = 3, Stage = 0, RouteBit = 0
) (
  // the wrapped switch's ports (xchg_sw2x2), its outputs through the faults
  input  wire                            clk_i, rst_ni, flush_i, cfg_bit_i,
  input  wire [1:0]                      mode_i,
  input  wire [`XCHG_FLIT_W-1:0]         in0_i, in1_i,
  output reg  [`XCHG_FLIT_W-1:0]         out0_o, out1_o,
  output reg                             set_o,
  output wire                            conflict_o,
  // this switch's index k*N/2 + h, and the fault slots (xchg_min_faults)
  input  wire [15:0]                     id_i,
  input  wire                            fault_on_i,    // some slot acts at this edge
  input  wire [3*`XCHG_FAULT_SLOTS-1:0]  slot_kind_i,   // `XCHG_FAULT_* of slot s at 3s, 0: it does not act
  input  wire [16*`XCHG_FAULT_SLOTS-1:0] slot_sw_i,     // the switch of slot s at 16s
  input  wire [`XCHG_FAULT_SLOTS-1:0]    slot_timed_i   // slot s acts at one cycle only
);
  localparam integer FlitW = `XCHG_FLIT_W;

  wire [FlitW-1:0] sw_out0, sw_out1;
  wire             sw_set;

  `XCHG_SW2X2_MODULE #(
    .LogN    (LogN),
    .Stage   (Stage),
    .RouteBit(RouteBit)
  ) u_sw (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .flush_i   (flush_i),
    .mode_i    (mode_i),
    .cfg_bit_i (cfg_bit_i),
    .in0_i     (in0_i),
    .in1_i     (in1_i),
    .out0_o    (sw_out0),
    .out1_o    (sw_out1),
    .set_o     (sw_set),
    .conflict_o(conflict_o)
  );

`ifdef XCHG_NO_FAULTS
  // A model built without fault injection (a run without --inject: sim/
  // Makefile FAULTS=0): the switch's outputs pass through, and the shell
  // costs nothing per switch and cycle.
  always @* begin
    out0_o = sw_out0;
    out1_o = sw_out1;
    set_o  = sw_set;
  end
  wire unused_faults = &{1'b0, id_i, fault_on_i, slot_kind_i, slot_sw_i, slot_timed_i};
`else
  // The fault of the slots that name this switch at this edge: a timed
  // slot's wins over a permanent one's, and of two alike the higher
  // slot's. The slots are compared only when some slot acts (fault_on_i),
  // and the register is written only then or when it must clear: a run
  // without faults pays one test per switch and edge.
  reg [2:0] fault_q;  // the kind that acted at the last edge, `XCHG_FAULT_NONE: none
  reg       in0_q;    // input 0 held a flit at that edge (the port fault)
  reg [1:0] slot_q;   // the slot of that fault
  // slot s's fault changed something here; read from above (xchg_min_dv)
  /* verilator lint_off UNUSEDSIGNAL */
  reg [`XCHG_FAULT_SLOTS-1:0] fired_q;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [2:0] fault_perm, fault_once;
  reg [1:0] slot_perm, slot_once;
  integer   s;
  always @(posedge clk_i) begin
    fault_perm = `XCHG_FAULT_NONE;
    fault_once = `XCHG_FAULT_NONE;
    slot_perm  = 2'd0;
    slot_once  = 2'd0;
    if (fault_on_i)
      for (s = 0; s < `XCHG_FAULT_SLOTS; s = s + 1)
        if (slot_kind_i[3*s +: 3] != `XCHG_FAULT_NONE && slot_sw_i[16*s +: 16] == id_i) begin
          if (slot_timed_i[s]) begin
            fault_once = slot_kind_i[3*s +: 3];
            slot_once  = s[1:0];
          end else begin
            fault_perm = slot_kind_i[3*s +: 3];
            slot_perm  = s[1:0];
          end
        end
    if (!rst_ni || flush_i) begin
      fault_q <= `XCHG_FAULT_NONE;
      if (!rst_ni) fired_q <= {`XCHG_FAULT_SLOTS{1'b0}};
    end else if (fault_on_i || fault_q != `XCHG_FAULT_NONE) begin
      fault_q <= fault_once != `XCHG_FAULT_NONE ? fault_once : fault_perm;
      slot_q  <= fault_once != `XCHG_FAULT_NONE ? slot_once : slot_perm;
      in0_q   <= in0_i[`XCHG_FLIT_VALID_BIT];
      // the outputs of the cycle the fault acted in, before this edge
      // (the whole vector written: a bit-select made the simulator clear
      // a flag per bit in every switch at every edge)
      if (fault_q != `XCHG_FAULT_NONE && {out0_o, out1_o, set_o} != {sw_out0, sw_out1, sw_set})
        fired_q <= fired_q | ({{(`XCHG_FAULT_SLOTS-1){1'b0}}, 1'b1} << slot_q);
    end
  end

  // The outputs: the switch's, changed by the fault that acted at the
  // last edge (the list at the top).
  wire v0 = sw_out0[`XCHG_FLIT_VALID_BIT];
  wire v1 = sw_out1[`XCHG_FLIT_VALID_BIT];
  reg [FlitW-1:0] moved;  // the port fault's flit
  always @* begin
    out0_o = sw_out0;
    out1_o = sw_out1;
    set_o  = sw_set;
    moved  = {FlitW{1'b0}};
    if (fault_q != `XCHG_FAULT_NONE) begin
      case (fault_q)
        `XCHG_FAULT_SWITCH: begin
          out0_o = sw_out1;
          out1_o = sw_out0;
          set_o  = ~sw_set;
        end
        `XCHG_FAULT_DROP:
          if (v0) out0_o = {FlitW{1'b0}};
          else    out1_o = {FlitW{1'b0}};
        `XCHG_FAULT_DUP:
          if (v0) out1_o = sw_out0;
          else    out0_o = sw_out1;
        `XCHG_FAULT_CORRUPT:
          if (v0)      out0_o[`XCHG_FLIT_SRC_LSB] = ~sw_out0[`XCHG_FLIT_SRC_LSB];
          else if (v1) out1_o[`XCHG_FLIT_SRC_LSB] = ~sw_out1[`XCHG_FLIT_SRC_LSB];
        `XCHG_FAULT_PORT: begin
          // input 0's flit is on output set (cross: 1); input 1's on the other
          moved  = (in0_q ^ sw_set) ? sw_out0 : sw_out1;
          if (in0_q || v0 || v1) begin
            out0_o = (in0_q ^ sw_set) ? {FlitW{1'b0}} : moved;
            out1_o = (in0_q ^ sw_set) ? moved : {FlitW{1'b0}};
          end
        end
        default: ;
      endcase
    end
  end
`endif
endmodule
`default_nettype wire
