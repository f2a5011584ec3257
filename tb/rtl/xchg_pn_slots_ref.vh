// SPDX-License-Identifier: MIT
// The reference of the message-memory benches (xchg_pn_slots_tb.v,
// xchg_pn_slots_1p_tb.v), included in the bench module after its
// localparams Slots, SlotW, MsgW: the clock, reset and the memory inputs
// both benches drive, a plain array of words and full bits, the error
// report, the start (empty, two edges in reset), the reference's edge and
// the last line.
  reg clk = 1'b0, rst_n = 1'b0;
  reg clear = 1'b0, take = 1'b0, st_we = 1'b0, bus_we = 1'b0, bus_ok = 1'b0;
  reg [SlotW-1:0] rd_slot = 0, st_slot = 0, bus_slot = 0;
  reg [MsgW-1:0]  st_msg = 0, bus_msg = 0;
  reg [MsgW-1:0]  ref_msg [0:Slots-1];
  reg [Slots-1:0] ref_full;
  integer i, t, errors = 0;
  task automatic fail(input [8*40-1:0] what, input integer got, input integer want);
    begin
      if (errors < 10) $display("FAIL cycle %0d: %0s got %h want %h", t, what, got, want);
      errors = errors + 1;
    end
  endtask
  always #5 clk = ~clk;
  task automatic ref_start;
    begin
      for (i = 0; i < Slots; i = i + 1) ref_msg[i] = {MsgW{1'b0}};
      ref_full = {Slots{1'b0}};
      @(posedge clk); @(posedge clk);
      #1 rst_n = 1'b1;
    end
  endtask
  // the last line: PASS (no error and ok) or FAIL, with what was run
  task automatic ref_report(input ok, input string what);
    begin
      if (errors == 0 && ok) $display("PASS %0s", what);
      else $display("FAIL %0s, %0d errors", what, errors);
      $finish;
    end
  endtask
  // the reference at an edge: take, store, bus write; a clear wins
  task automatic ref_edge(input take, input [SlotW-1:0] rd, input st_we, input [SlotW-1:0] st,
                          input [MsgW-1:0] st_msg, input bus, input [SlotW-1:0] bus_slot,
                          input [MsgW-1:0] bus_msg, input clear);
    begin
      if (take) ref_full[rd] = 1'b0;
      if (st_we) begin ref_full[st] = 1'b1; ref_msg[st] = st_msg; end
      if (bus) begin ref_full[bus_slot] = 1'b1; ref_msg[bus_slot] = bus_msg; end
      if (clear) ref_full = {Slots{1'b0}};
    end
  endtask
