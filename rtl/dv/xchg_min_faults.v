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
// Why slots and not a fault kind per switch: the switches read the slots
// (which switch, which kind, timed or not) and the flag fault_on_o, the
// same wires for all of them; each compares the slots with its own index
// only when fault_on_o is set. A register of every switch's kind had to
// be sliced into each switch's input at every cycle (N/2 log N copies)
// and its slices were C++ of their own per switch. The slots' kinds are
// registered for the coming edge and change only at the edges a slot
// starts or ends; a run without faults skips even that.
`default_nettype none
`include "xchg_consts.vh"
`include "xchg_fault_args.vh"

module xchg_min_faults #(
  parameter integer LogN = 3  // log2 of the lines of the banyan, 1..10
) (
  input  wire                            clk_i,
  input  wire                            rst_ni,
  output wire                                  armed_o,      // some slot is given (acts at some edge)
  output wire                                  fault_on_o,   // some slot acts at the coming edge
  output wire [3*`XCHG_FAULT_SLOTS-1:0]        slot_kind_o,  // slot s's kind at 3s if it acts, else 0
  output wire [16*`XCHG_FAULT_SLOTS-1:0]       slot_sw_o,    // its switch k*N/2 + h at 16s
  output wire [`XCHG_FAULT_SLOTS-1:0]          slot_timed_o  // its fault acts at one cycle only
);
  localparam integer Half  = (1 << LogN) / 2;
  localparam integer Slots = `XCHG_FAULT_SLOTS;

  integer f_kind [0:Slots-1];
  integer f_stage [0:Slots-1];
  integer f_switch [0:Slots-1];
  integer f_cycle [0:Slots-1];
  integer fs;
  reg [Slots-1:0] slot_ok;  // the slot names a real switch and a real fault
  integer p_val;  // a plusarg's value (Icarus reads plusargs into plain variables only)
  initial begin
    `XCHG_FAULT_ARGS(stage, switch)
    for (fs = 0; fs < Slots; fs = fs + 1)
      slot_ok[fs] = f_kind[fs] > 0 && f_kind[fs] < 8 && f_stage[fs] >= 0 && f_stage[fs] < LogN &&
                    f_switch[fs] >= 0 && f_switch[fs] < Half;
  end

  // Edge e is the e-th rising edge after the reset edge; the fault of a
  // slot with cycle C acts in the cycle that ends with edge C. Which
  // slot wins when slots share a switch is the switch's rule (xchg_sw2x2).
  reg [31:0]            edge_q;   // edges since the reset edge
  reg [3*Slots-1:0]     kind_q;   // kinds for the coming edge
  reg [16*Slots-1:0]    sw_q;
  reg [Slots-1:0]       timed_q;
  integer r;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      edge_q <= 32'd0;
      for (r = 0; r < Slots; r = r + 1) begin
        sw_q[16*r +: 16]  <= 16'(f_stage[r] * Half + f_switch[r]);
        timed_q[r]        <= f_cycle[r] >= 0;
        kind_q[3*r +: 3]  <= slot_ok[r] && (f_cycle[r] < 0 || f_cycle[r] == 1) ? f_kind[r][2:0] : 3'd0;
      end
    end else begin
      edge_q <= edge_q + 32'd1;
      if (slot_ok != {Slots{1'b0}})
        for (r = 0; r < Slots; r = r + 1)
          kind_q[3*r +: 3] <= slot_ok[r] && (f_cycle[r] < 0 || f_cycle[r] == edge_q + 32'd2) ?
                              f_kind[r][2:0] : 3'd0;
    end
  end
  assign armed_o      = slot_ok != {Slots{1'b0}};
  assign fault_on_o   = kind_q != {3*Slots{1'b0}};
  assign slot_kind_o  = kind_q;
  assign slot_sw_o    = sw_q;
  assign slot_timed_o = timed_q;
endmodule
`default_nettype wire
