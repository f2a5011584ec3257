// SPDX-License-Identifier: MIT
// Bench of xchg_pn_slots (a router's message memory with full bits kept
// as tags against an epoch): random reads, stores, takes, bus writes and
// clears against a plain array, every cycle. Four slots (tags of three
// bits, so the epoch wraps around every eight clears) and a clear in one
// cycle of three: a slot left empty over many clears must not read full
// again when the epoch comes back to its old tag, which only the
// scrubber prevents. Prints "PASS ..." or "FAIL ...".
`timescale 1ns / 1ps
`default_nettype none
`include "xchg_consts.vh"
module xchg_pn_slots_tb;
  localparam integer Slots = 4, SlotW = 2, MsgW = `XCHG_MSG_W, Cycles = 6000;
`include "xchg_pn_slots_ref.vh"
  wire [2*MsgW-1:0] rd_msg;
  wire [1:0]        rd_full, st_full;
  // one step port (0) and the circuit port (1), left out (Circuit = 0)
  xchg_pn_slots #(.NPorts(1), .Slots(Slots), .SlotW(SlotW), .Circuit(0)) dut (
    .clk_i(clk), .rst_ni(rst_n), .clear_i(clear), .rd_slot_i({{SlotW{1'b0}}, rd_slot}), .rd_msg_o(rd_msg),
    .rd_full_o(rd_full), .rd_take_i({1'b0, take}), .st_slot_i({{SlotW{1'b0}}, st_slot}), .st_full_o(st_full),
    .st_we_i({1'b0, st_we}), .st_msg_i({{MsgW{1'b0}}, st_msg}), .bus_we_i(bus_we),
    .bus_node_i({31'd0, !bus_ok}), .bus_id_i({`XCHG_ADDR_W{1'b0}}), // for node 0 when bus_ok
    .bus_addr_i({{(32-SlotW){1'b0}}, bus_slot}), .bus_msg_i(bus_msg));

  integer clears = 0, seed = 11;
  initial begin
    ref_start;
    for (t = 0; t < Cycles; t = t + 1) begin
      // this cycle's inputs; slot 3 is filled rarely, so it stays empty
      // across many clears and wraps of the epoch
      rd_slot = SlotW'($random(seed)); st_slot = SlotW'($random(seed));
      take = $random(seed) % 3 == 0; clear = $random(seed) % 3 == 0;
      st_we = $random(seed) % 2 == 0 && (st_slot != 3 || $random(seed) % 50 == 0);
      bus_we = !st_we && $random(seed) % 5 == 0; bus_ok = $random(seed) % 4 != 0;
      bus_slot = SlotW'($random(seed)) % 3; st_msg = MsgW'($random(seed)); bus_msg = MsgW'($random(seed));
      #1;
      if (rd_full[0] !== ref_full[rd_slot]) fail("rd_full", rd_full[0], ref_full[rd_slot]);
      if (st_full[0] !== ref_full[st_slot]) fail("st_full", st_full[0], ref_full[st_slot]);
      if (ref_full[rd_slot] && rd_msg[MsgW-1:0] !== ref_msg[rd_slot]) fail("rd_msg", rd_msg[MsgW-1:0], ref_msg[rd_slot]);
      ref_edge(take, rd_slot, st_we, st_slot, st_msg, bus_we && bus_ok, bus_slot, bus_msg, clear);
      clears = clears + clear;
      @(posedge clk) #1;   // inputs change just after the rising edge, as a step's do
    end
    ref_report(clears > Cycles / 4, $sformatf("xchg_pn_slots: %0d cycles, %0d clears", Cycles, clears));
  end
endmodule
`default_nettype wire
