// SPDX-License-Identifier: MIT
// xchg_pn_slots_1p: the message memory of a single-port router
// (xchg_router with Bram = 1), shaped for an FPGA block RAM: one read and
// one write a cycle, the read synchronous. Yosys maps the words to
// SB_RAM40_4K on iCE40 (docs/fpga.md); the full bits stay in flip-flops.
//
// Read: rd_slot_nx_i is the slot the NEXT cycle sends from (the step table
// is read a step ahead, xchg_pn_ctrl with Ahead = 1); its word is on
// rd_msg_o during that cycle, as the memory is after this cycle's edge.
// Write: the arrival of this cycle (st_we_i) or a bus word (bus_we_i); the
// bus writes only while no step runs, so the two never meet (a bus word
// would win). The write happens at the falling edge in the middle of the
// cycle (SB_RAM40_4KNW), so the read at the next rising edge already sees
// it: a store followed by a send of the same slot in the next step needs
// no path around the memory (a block RAM returns the old word when read
// and written at one edge). Its inputs are registers and the arriving
// flit, which leaves the neighbour's block RAM at the rising edge: half a
// cycle is plenty at the board's 12 MHz.
// Full bits: one per slot, read for this cycle's send slot and store slot;
// at the edge the taken slot is emptied, then the stored and the bus slot
// filled; clear_i empties all of them (it wins over the writes of its
// cycle, as the epoch of xchg_pn_slots makes them stale). A flip-flop
// vector costs Slots flip-flops here, not a Slots-wide copy per cycle.
`default_nettype none
`include "pn/xchg_pn_widths.vh"

module xchg_pn_slots_1p #(
  parameter integer Slots = 16, // message slots, 2..32768
  parameter integer SlotW = 4   // bits of a slot index, $clog2(Slots) (>= 1)
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire                   clear_i,     // empty every slot at this edge
  input  wire [SlotW-1:0]       rd_slot_nx_i, // the next cycle's send slot
  output wire [`XCHG_MSG_W-1:0] rd_msg_o,    // its word, in the next cycle
  input  wire [SlotW-1:0]       rd_slot_i,   // this cycle's send slot
  output wire                   rd_full_o,
  input  wire                   rd_take_i,   // empty it at the edge
  input  wire [SlotW-1:0]       st_slot_i,   // this cycle's store slot
  output wire                   st_full_o,
  input  wire                   st_we_i,     // fill it with st_msg_i at the edge
  input  wire [`XCHG_MSG_W-1:0] st_msg_i,
  input  wire                   bus_we_i,    // bus: fill bus_slot_i if bus_ok_i
  input  wire                   bus_ok_i,
  input  wire [SlotW-1:0]       bus_slot_i,
  input  wire [`XCHG_MSG_W-1:0] bus_msg_i
);
  localparam integer MsgW = `XCHG_MSG_W;

  // ---- the words: one write port, one registered read port ----
  wire                bus_w = bus_we_i && bus_ok_i;
  wire                we    = st_we_i || bus_w;
  wire [SlotW-1:0]    waddr = bus_w ? bus_slot_i : st_slot_i;
  wire [MsgW-1:0]     wdata = bus_w ? bus_msg_i : st_msg_i;
  (* ram_style = "block" *) reg [MsgW-1:0] msg_m [0:Slots-1];
  reg [MsgW-1:0]      rd_q;
  always @(negedge clk_i) begin
    if (we) msg_m[waddr] <= wdata;
  end
  always @(posedge clk_i) begin
    rd_q <= msg_m[rd_slot_nx_i];
  end
  assign rd_msg_o = rd_q;

  integer i;
  initial for (i = 0; i < Slots; i = i + 1) msg_m[i] = {MsgW{1'b0}};

  // ---- the full bits ----
  reg [Slots-1:0] full_q;
  reg [Slots-1:0] full_d;
  always @* begin
    full_d = full_q;
    if (rd_take_i) full_d[rd_slot_i] = 1'b0;
    if (st_we_i)   full_d[st_slot_i] = 1'b1;
    if (bus_w)     full_d[bus_slot_i] = 1'b1;
  end
  always @(posedge clk_i) begin
    if (!rst_ni || clear_i) full_q <= {Slots{1'b0}};
    else                    full_q <= full_d;
  end
  assign rd_full_o = full_q[rd_slot_i];
  assign st_full_o = full_q[st_slot_i];

  generate
    `XCHG_PN_SLOTS_CHECK("xchg_pn_slots_1p")
  endgenerate
endmodule
`default_nettype wire
