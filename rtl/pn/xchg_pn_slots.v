// SPDX-License-Identifier: MIT
// xchg_pn_slots: a router's message memory, Slots slots of one message
// word each, with the slot's full bit stored beside it as a tag.
//
// A slot is full when its tag equals the memory's epoch. Emptying a slot
// writes epoch - 1 into its tag; filling it writes the epoch. Clearing
// every slot (clear_i) is one increment of the epoch, so no cycle ever
// touches more entries than its reads and writes address: the work per
// cycle is O(ports), whatever Slots is.
//
// Why a stale tag never comes back to life: a scrubber visits one slot per
// clear and rewrites a tag that is not the epoch to epoch - 1. Only a
// clear makes a tag older (every write sets the epoch or epoch - 1), and
// between two visits of a slot at most Slots clears pass; every tag is
// then within Slots + 1 of the epoch, and the tag has one bit more than a
// slot index (2^TagW - 1 > Slots), so it cannot equal the epoch by
// wrapping around. A cycle without a clear (nearly all) does not scrub.
//
// Ports: NPorts + 1 read ports (the sends of a step, port NPorts the
// circuit injection) give the word and full bit of the slot they address;
// NPorts + 1 store ports (the arrivals, port NPorts the circuit ejection)
// give the full bit of theirs. At the clock edge the read slots flagged in
// rd_take_i are emptied, then the store slots flagged in st_we_i filled in
// port order, then the bus word written (a later write wins).
`default_nettype none
`include "pn/xchg_pn_widths.vh"
`include "xchg_range.vh"

`ifdef VERILATOR
`define XCHG_PN_MEM_SET =
`else
`define XCHG_PN_MEM_SET <=
`endif

module xchg_pn_slots #(
`include "pn/xchg_pn_size_params.vh"
  parameter integer Circuit = 1  // 0: no circuit mode, port NPorts never takes or stores
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  input  wire                          clear_i,   // empty every slot at this edge
  input  wire [(NPorts+1)*SlotW-1:0]   rd_slot_i, // read port r at r*SlotW
  output wire [(NPorts+1)*`XCHG_MSG_W-1:0] rd_msg_o,
  output wire [NPorts:0]               rd_full_o,
  input  wire [NPorts:0]               rd_take_i, // empty read port r's slot at the edge
  input  wire [(NPorts+1)*SlotW-1:0]   st_slot_i, // store port s at s*SlotW
  output wire [NPorts:0]               st_full_o,
  input  wire [NPorts:0]               st_we_i,   // fill store port s's slot at the edge
  input  wire [(NPorts+1)*`XCHG_MSG_W-1:0] st_msg_i,
  // bus: fill slot bus_addr_i if the write is for this memory (bus_node_i
  // is bus_id_i) and the slot exists. Tested only at the edge of a write,
  // inside the clocked block: a Verilated model does not compare the node
  // and the address in every cycle of every router.
  input  wire                          bus_we_i,
  input  wire [31:0]                   bus_node_i, // the node the write is for
  input  wire [`XCHG_ADDR_W-1:0]       bus_id_i,   // this memory's node
  input  wire [31:0]                   bus_addr_i, // the slot
  input  wire [`XCHG_MSG_W-1:0]        bus_msg_i
);
  localparam integer MsgW = `XCHG_MSG_W;
  localparam integer TagW = `XCHG_PN_TAG_W(SlotW);
  localparam [SlotW-1:0] LastSlot = Slots[SlotW-1:0] - 1'b1;

  reg [MsgW-1:0] msg_m [0:Slots-1];
  reg [TagW-1:0] tag_m [0:Slots-1];
  reg [TagW-1:0] epoch_q;
  reg [SlotW-1:0] scrub_q;
  wire [TagW-1:0] empty_tag = epoch_q - 1'b1;

  genvar r;
  generate
    for (r = 0; r <= NPorts; r = r + 1) begin : gen_port
      wire [SlotW-1:0] rd_slot = rd_slot_i[r*SlotW +: SlotW];
      wire [SlotW-1:0] st_slot = st_slot_i[r*SlotW +: SlotW];
      assign rd_msg_o[r*MsgW +: MsgW] = msg_m[rd_slot];
      assign rd_full_o[r] = tag_m[rd_slot] == epoch_q;
      assign st_full_o[r] = tag_m[st_slot] == epoch_q;
    end
  endgenerate

  // the memories: only the addressed entries, at most 2 * (NPorts + 1) + 2.
  // Port NPorts only with Circuit = 1: a write site that can never fire
  // still costs a simulator its test and its commit every cycle.
  //
  // A Verilated model writes the entries in place (`XCHG_PN_MEM_SET is a blocking
  // assignment there): for a non-blocking write into an array it keeps a
  // value, an index and a flag per write site and applies them after the
  // block, about 40 instructions per router-cycle for the six sites here.
  // In place is the same: this block is the only process that reads the
  // memories at the clock edge (the scrubber's test comes first, before
  // any write), later writes win as before, and Verilator orders the
  // logic that reads them (rd_*, st_full_o) after it; the clocked logic
  // downstream samples that logic's values from before the edge.
  // Event-driven simulators and synthesis take the non-blocking form.
  localparam integer WPorts = NPorts + (Circuit != 0 ? 1 : 0);
  integer p;
  /* verilator lint_off BLKSEQ */
  always @(posedge clk_i) begin
    // (not in reset: the back door, xchg run --load back, writes the tags after it)
    // (a tag already empty_tag is left alone: the write only for a stale one)
    // (nested: a simulator tests the clear alone in the cycles without one)
    if (rst_ni && clear_i) begin
      if (tag_m[scrub_q] != epoch_q && tag_m[scrub_q] != empty_tag)
        tag_m[scrub_q] `XCHG_PN_MEM_SET empty_tag;
    end
    for (p = 0; p < WPorts; p = p + 1)
      if (rd_take_i[p]) tag_m[rd_slot_i[p*SlotW +: SlotW]] `XCHG_PN_MEM_SET empty_tag;
    for (p = 0; p < WPorts; p = p + 1)
      if (st_we_i[p]) begin
        tag_m[st_slot_i[p*SlotW +: SlotW]] `XCHG_PN_MEM_SET epoch_q;
        msg_m[st_slot_i[p*SlotW +: SlotW]] `XCHG_PN_MEM_SET st_msg_i[p*MsgW +: MsgW];
      end
    if (bus_we_i) begin
      if (bus_node_i == {{(32-`XCHG_ADDR_W){1'b0}}, bus_id_i} && bus_addr_i < Slots) begin
        tag_m[bus_addr_i[SlotW-1:0]] `XCHG_PN_MEM_SET epoch_q;
        msg_m[bus_addr_i[SlotW-1:0]] `XCHG_PN_MEM_SET bus_msg_i;
      end
    end
  end
  /* verilator lint_on BLKSEQ */

  // clear (a bus write) only at the edge: no combinational path from the
  // bus into the router (Verilator would re-evaluate it on every input
  // change). The next epoch and scrub slot are computed under the clear,
  // not as wires a simulator evaluates after every edge.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      {epoch_q, scrub_q} <= {(TagW+SlotW){1'b0}};
    end else if (clear_i) begin
      epoch_q <= epoch_q + 1'b1;
      scrub_q <= scrub_q == LastSlot ? {SlotW{1'b0}} : scrub_q + 1'b1;
    end
  end

  // every slot starts empty (epoch 0 after reset, tags all ones)
  integer i;
  initial begin
    for (i = 0; i < Slots; i = i + 1) begin
      msg_m[i] = {MsgW{1'b0}};
      tag_m[i] = {TagW{1'b1}};
    end
  end

  generate
    if (Circuit == 0) begin : gen_no_circuit
      wire unused_circuit = &{1'b0, rd_take_i[NPorts], st_we_i[NPorts], st_msg_i[NPorts*MsgW +: MsgW]};
    end
    `XCHG_RANGE(gen_bad_ports, "xchg_pn_slots: NPorts", NPorts, 1, 32)
    `XCHG_PN_SLOTS_CHECK("xchg_pn_slots")
  endgenerate
endmodule
`undef XCHG_PN_MEM_SET
`default_nettype wire
