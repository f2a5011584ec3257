// SPDX-License-Identifier: MIT
// Bench of xchg_pn_slots_1p (the block-RAM message memory of a Bram = 1
// router), RTL or, with -DXCHG_GATE, the netlist Yosys wrote for it:
// random reads, stores, takes, bus writes and clears against a plain
// array, every cycle. The read is registered, so the word of the slot
// named in one cycle is checked in the next, as the memory is after the
// edge between them; stores into the slot being read at that same edge
// (the memory writes at the falling edge before it) are forced every few
// cycles, as te-ni alone never makes them. Prints "PASS ..." or "FAIL ...".
`timescale 1ns / 1ps
`default_nettype none
`include "xchg_consts.vh"
module xchg_pn_slots_1p_tb;
  localparam integer Slots = 16, SlotW = 4, MsgW = `XCHG_MSG_W, Cycles = 4000;
`include "xchg_pn_slots_ref.vh"
  reg [SlotW-1:0] rd_nx = 0;
  wire [MsgW-1:0] rd_msg;
  wire            rd_full, st_full;
  xchg_pn_slots_1p dut (
    .clk_i(clk), .rst_ni(rst_n), .clear_i(clear), .rd_slot_nx_i(rd_nx), .rd_msg_o(rd_msg),
    .rd_slot_i(rd_slot), .rd_full_o(rd_full), .rd_take_i(take), .st_slot_i(st_slot),
    .st_full_o(st_full), .st_we_i(st_we), .st_msg_i(st_msg), .bus_we_i(bus_we), .bus_ok_i(bus_ok),
    .bus_slot_i(bus_slot), .bus_msg_i(bus_msg));

  reg [MsgW-1:0]  want_msg;
  integer bypasses = 0, seed = 7;
  initial begin
    ref_start;
    for (t = 0; t < Cycles; t = t + 1) begin
      // this cycle's inputs (a step's: bus writes never meet stores)
      rd_nx = SlotW'($random(seed)); rd_slot = SlotW'($random(seed)); st_slot = SlotW'($random(seed));
      take = $random(seed) % 3 == 0; clear = $random(seed) % 97 == 0;
      st_we = $random(seed) % 2 == 0; bus_we = !st_we && $random(seed) % 3 == 0; bus_ok = $random(seed) % 4 != 0;
      bus_slot = SlotW'($random(seed)); st_msg = MsgW'($random(seed)); bus_msg = MsgW'($random(seed));
      if (t % 5 == 0) begin st_we = 1'b1; bus_we = 1'b0; st_slot = rd_nx; end  // read during write
      if (t % 7 == 0) begin bus_we = 1'b1; bus_ok = 1'b1; st_we = 1'b0; bus_slot = rd_nx; end
      #1;
      if (rd_full !== ref_full[rd_slot]) fail("rd_full", rd_full, ref_full[rd_slot]);
      if (st_full !== ref_full[st_slot]) fail("st_full", st_full, ref_full[st_slot]);
      // the reference at the edge: take, store, bus; clear wins
      if (st_we && st_slot == rd_nx || bus_we && bus_ok && bus_slot == rd_nx) bypasses = bypasses + 1;
      ref_edge(take, rd_slot, st_we, st_slot, st_msg, bus_we && bus_ok, bus_slot, bus_msg, clear);
      want_msg = ref_msg[rd_nx];
      @(posedge clk) #1;   // inputs change just after the rising edge, as a step's do
      if (rd_msg !== want_msg) fail("rd_msg", rd_msg, want_msg);
    end
    ref_report(bypasses > Cycles / 10,
               $sformatf("xchg_pn_slots_1p: %0d cycles, %0d reads during a write", Cycles, bypasses));
  end
endmodule
`default_nettype wire
