// SPDX-License-Identifier: MIT
// xchg_min_faults: the fault slots of the banyan MIN (simulation only;
// xchg_banyan instantiates it under `ifndef SYNTHESIS and synthesis never
// reads rtl/dv). Up to `XCHG_FAULT_SLOTS injections, slot i given by
// +xchg_f<i>_kind=K +xchg_f<i>_stage=S +xchg_f<i>_switch=H
// [+xchg_f<i>_cycle=C]: fault K (`XCHG_FAULT_*) on switch H of stage S at
// edge C after reset (every edge without C). The golden model knows
// nothing of them: tests prove the lock-step harness catches each kind and
// names the element and the cycle.
//
// Why registered: fault_o is the fault kind of every switch for the coming
// edge, held in a register that changes only at the edges a slot starts or
// ends, so a cycle without a fault change costs a few compares per slot,
// never a pass over every switch.
`default_nettype none
`include "xchg_consts.vh"

module xchg_min_faults #(
  parameter integer LogN = 3  // log2 of the lines of the banyan, 1..10
) (
  input  wire                            clk_i,
  input  wire                            rst_ni,
  output wire [3*LogN*(1<<LogN)/2-1:0]   fault_o  // switch h of stage k at 3*(k*N/2 + h)
);
  localparam integer Half  = (1 << LogN) / 2;
  localparam integer Slots = `XCHG_FAULT_SLOTS;
  localparam integer FaultW = 3 * LogN * Half;

  integer f_kind [0:Slots-1];
  integer f_stage [0:Slots-1];
  integer f_switch [0:Slots-1];
  integer f_cycle [0:Slots-1];
  integer fs;
  reg [Slots-1:0] slot_ok;  // the slot names a real switch and a real fault
  integer p_val;  // a plusarg's value (Icarus reads plusargs into plain variables only)
  initial begin
    for (fs = 0; fs < Slots; fs = fs + 1) begin
      f_kind[fs] = 0; f_stage[fs] = -1; f_switch[fs] = -1; f_cycle[fs] = -1;
    end
    // format strings must be literals: one block per slot
    if ($value$plusargs("xchg_f0_kind=%d", p_val)) begin
      f_kind[0] = p_val;
      if ($value$plusargs("xchg_f0_stage=%d", p_val)) f_stage[0] = p_val;
      if ($value$plusargs("xchg_f0_switch=%d", p_val)) f_switch[0] = p_val;
      if ($value$plusargs("xchg_f0_cycle=%d", p_val)) f_cycle[0] = p_val;
    end
    if ($value$plusargs("xchg_f1_kind=%d", p_val)) begin
      f_kind[1] = p_val;
      if ($value$plusargs("xchg_f1_stage=%d", p_val)) f_stage[1] = p_val;
      if ($value$plusargs("xchg_f1_switch=%d", p_val)) f_switch[1] = p_val;
      if ($value$plusargs("xchg_f1_cycle=%d", p_val)) f_cycle[1] = p_val;
    end
    if ($value$plusargs("xchg_f2_kind=%d", p_val)) begin
      f_kind[2] = p_val;
      if ($value$plusargs("xchg_f2_stage=%d", p_val)) f_stage[2] = p_val;
      if ($value$plusargs("xchg_f2_switch=%d", p_val)) f_switch[2] = p_val;
      if ($value$plusargs("xchg_f2_cycle=%d", p_val)) f_cycle[2] = p_val;
    end
    if ($value$plusargs("xchg_f3_kind=%d", p_val)) begin
      f_kind[3] = p_val;
      if ($value$plusargs("xchg_f3_stage=%d", p_val)) f_stage[3] = p_val;
      if ($value$plusargs("xchg_f3_switch=%d", p_val)) f_switch[3] = p_val;
      if ($value$plusargs("xchg_f3_cycle=%d", p_val)) f_cycle[3] = p_val;
    end
    for (fs = 0; fs < Slots; fs = fs + 1)
      slot_ok[fs] = f_kind[fs] > 0 && f_kind[fs] < 8 && f_stage[fs] >= 0 && f_stage[fs] < LogN &&
                    f_switch[fs] >= 0 && f_switch[fs] < Half;
  end

  // Edge e is the e-th rising edge after the reset edge; the fault of a
  // slot with cycle C acts in the cycle that ends with edge C.
  reg [31:0]       edge_q;    // edges since the reset edge
  reg [FaultW-1:0] fault_q;   // kinds for the coming edge
  integer r;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      edge_q  <= 32'd0;
      fault_q <= {FaultW{1'b0}};
      for (r = 0; r < Slots; r = r + 1)  // permanent slots, then timed ones (see below)
        if (slot_ok[r] && f_cycle[r] < 0)
          fault_q[3*(f_stage[r]*Half + f_switch[r]) +: 3] <= f_kind[r][2:0];
      for (r = 0; r < Slots; r = r + 1)
        if (slot_ok[r] && f_cycle[r] == 1)
          fault_q[3*(f_stage[r]*Half + f_switch[r]) +: 3] <= f_kind[r][2:0];
    end else begin
      edge_q <= edge_q + 32'd1;
      // Later writes win (nonblocking), so the order of the three passes
      // is the rule when slots share a switch: a timed slot that ends
      // clears it, a permanent slot then puts its kind back, and a timed
      // slot starting at this edge wins over a permanent one for its one
      // cycle (slot order alone would let a permanent slot of a higher
      // number mask it, or a timed slot's end wipe the permanent kind).
      for (r = 0; r < Slots; r = r + 1)
        if (slot_ok[r] && f_cycle[r] == edge_q + 32'd1)
          fault_q[3*(f_stage[r]*Half + f_switch[r]) +: 3] <= 3'd0;
      for (r = 0; r < Slots; r = r + 1)
        if (slot_ok[r] && f_cycle[r] < 0)
          fault_q[3*(f_stage[r]*Half + f_switch[r]) +: 3] <= f_kind[r][2:0];
      for (r = 0; r < Slots; r = r + 1)
        if (slot_ok[r] && f_cycle[r] == edge_q + 32'd2)
          fault_q[3*(f_stage[r]*Half + f_switch[r]) +: 3] <= f_kind[r][2:0];
    end
  end
  assign fault_o = fault_q;
endmodule
`default_nettype wire
