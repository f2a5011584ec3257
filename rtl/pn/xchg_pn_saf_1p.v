// SPDX-License-Identifier: MIT
// xchg_pn_saf_1p: the store-and-forward step of a single-port router
// (xchg_router with Bram = 1, Multiport = 0, no circuit mode), built for
// an FPGA: the same step as xchg_pn_saf, seen at the router's ports, with
// one send and one receive datapath instead of one per port.
//
// The entry of the NEXT step (entry_nx_i, the broadcast table read a step
// ahead) is decoded in this cycle: its send slot addresses the block RAM of
// xchg_pn_slots_1p, and the decoded step (which port sends from which slot,
// which receives into which, the port-model checks) is registered. The
// step counter only counts up by one (or rests at 0 with run_i low), so the
// register holds the entry of the step that runs in the next cycle.
//
// A single-port step sends on at most one port and receives on at most
// one (anything else breaks the port model and is not executed), so:
//   link_o    every port carries the same step and message bits; only the
//             sending port's valid bit is set (a receiver reads a flit only
//             when it is valid; the router's obs_link_o masks the others)
//   arrivals  one Nports:1 flit multiplexer for the receiving port
//   dlv_o     one registered flit and a port mask
// Errors: the codes and ports of xchg_pn_saf, in the same order.
`default_nettype none
`include "pn/xchg_pn_widths.vh"

module xchg_pn_saf_1p #(
`include "pn/xchg_pn_size_params.vh"
  parameter integer HalfDuplex = 0   // 0 full duplex, 1 half duplex
) (
  input  wire                            clk_i,
  input  wire                            rst_ni,
  input  wire                            run_i,       // a step executes in this cycle
  input  wire [`XCHG_PN_STEP_W-1:0]      step_i,      // which one (the flits carry its low bits)
  input  wire [`XCHG_PN_ENTRY_W(NPorts, SlotW)-1:0] entry_nx_i, // the next step's entry
  input  wire [NPorts-1:0]               link_mask_i, // 1: the port has a link
  input  wire [NPorts*`XCHG_PN_LANE_W-1:0] link_i,    // arriving flits, port p's lane at p*LaneW
  // slot memory (xchg_pn_slots_1p)
  output reg  [SlotW-1:0]                rd_slot_nx_o, // the next step's send slot
  input  wire [`XCHG_MSG_W-1:0]          rd_msg_i,
  output wire [SlotW-1:0]                rd_slot_o,
  input  wire                            rd_full_i,
  output wire                            rd_take_o,
  output wire [SlotW-1:0]                st_slot_o,
  input  wire                            st_full_i,
  output wire                            st_we_o,
  output wire [`XCHG_MSG_W-1:0]          st_msg_o,
  // what leaves, what is delivered
  output wire [NPorts*`XCHG_PN_LANE_W-1:0] link_o,   // lanes, as link_i
  output wire [NPorts*`XCHG_PN_LANE_W-1:0] dlv_o,    // delivered in the last cycle
  output reg  [NPorts*`XCHG_PN_LANE_W-1:0] dlv_d_o,  // delivered in this cycle (waves)
  output wire [NPorts-1:0]               recv_o,   // the port this step receives on (one-hot; 0: none)
`include "pn/xchg_pn_step_outs.vh"
);
  localparam integer FlitW = `XCHG_FLIT_W;
  localparam integer LaneW = `XCHG_PN_LANE_W;
  localparam integer PadW  = LaneW - FlitW; // a lane's bits above its flit: 0
  localparam integer MsgW  = `XCHG_MSG_W;
  localparam integer PortW = `XCHG_PN_PORT_W(SlotW);
  localparam integer PW    = NPorts > 1 ? $clog2(NPorts) : 1;

  // ---- the next step, decoded ----
  reg             nx_sv, nx_keep, nx_rv, nx_store, nx_dlv, nx_model, nx_link, nx_slot;
  reg [PW-1:0]    nx_sp, nx_rq;
  reg [7:0]       nx_link_port, n_send, n_recv;
  reg [SlotW-1:0] nx_rslot;
  reg [PortW-1:0] f;
  integer p;
  always @* begin
    {nx_sv, nx_keep, nx_rv, nx_store, nx_dlv, nx_link, nx_slot} = 7'd0;
    nx_sp = {PW{1'b0}}; nx_rq = {PW{1'b0}}; nx_link_port = 8'd0;
    rd_slot_nx_o = {SlotW{1'b0}}; nx_rslot = {SlotW{1'b0}};
    n_send = 8'd0; n_recv = 8'd0;
    for (p = 0; p < NPorts; p = p + 1) begin
      f = entry_nx_i[p*PortW +: PortW];
      n_send = n_send + {7'd0, f[`XCHG_TE_SEND_V]};
      n_recv = n_recv + {7'd0, f[`XCHG_TE_RECV_V]};
      if (f[`XCHG_TE_SEND_V]) begin
        nx_sv = 1'b1; nx_sp = PW'(p); nx_keep = f[`XCHG_TE_SEND_KEEP];
        rd_slot_nx_o = f[`XCHG_TE_SLOT_LSB +: SlotW];
        if ({{(32-SlotW){1'b0}}, f[`XCHG_TE_SLOT_LSB +: SlotW]} >= Slots) nx_slot = 1'b1;
      end
      if (f[`XCHG_TE_RECV_V]) begin
        nx_rv = 1'b1; nx_rq = PW'(p);
        nx_store = f[`XCHG_TE_RECV_STORE]; nx_dlv = f[`XCHG_TE_RECV_DLV];
        nx_rslot = f[`XCHG_TE_SLOT_LSB + SlotW +: SlotW];
        if (f[`XCHG_TE_RECV_STORE] && {{(32-SlotW){1'b0}}, nx_rslot} >= Slots) nx_slot = 1'b1;
      end
      if ((f[`XCHG_TE_SEND_V] || f[`XCHG_TE_RECV_V]) && !link_mask_i[p] && !nx_link) begin
        nx_link = 1'b1;
        nx_link_port = p[7:0];
      end
    end
    nx_model = n_send > 8'd1 || n_recv > 8'd1 || (HalfDuplex != 0 && n_send != 8'd0 && n_recv != 8'd0);
  end

  // ---- this step: the decode registered a cycle ago ----
  reg             sv_q, keep_q, rv_q, store_q, dlv_q, model_q, link_q, slot_q;
  reg [PW-1:0]    sp_q, rq_q;
  reg [7:0]       link_port_q;
  reg [SlotW-1:0] sslot_q, rslot_q;
  always @(posedge clk_i) begin
    {sv_q, keep_q, rv_q, store_q, dlv_q, model_q, link_q, slot_q} <=
      {nx_sv, nx_keep, nx_rv, nx_store, nx_dlv, nx_model, nx_link, nx_slot};
    {sp_q, rq_q, link_port_q, sslot_q, rslot_q} <= {nx_sp, nx_rq, nx_link_port, rd_slot_nx_o, nx_rslot};
  end
  wire exec = run_i && !model_q && !link_q && !slot_q;
  assign rd_slot_o = sslot_q;
  assign st_slot_o = rslot_q;

  // ---- send: one flit, valid on the sending port only ----
  wire fire = exec && sv_q && rd_full_i;
  assign rd_take_o = exec && sv_q && !keep_q;
  genvar g;
  generate
    for (g = 0; g < NPorts; g = g + 1) begin : gen_link
      assign link_o[g*LaneW +: LaneW] = {{PadW{1'b0}}, fire && sp_q == PW'(g), step_i[`XCHG_STEP_W-1:0], rd_msg_i};
      wire unused_pad = &{1'b0, link_i[g*LaneW + FlitW +: PadW]};
    end
  endgenerate
  always @* begin
    send_code_o = 4'd0;
    send_port_o = 8'd0;
    if (run_i && model_q) send_code_o = `XCHG_RERR_MODEL;
    else if (run_i && link_q) begin
      send_code_o = `XCHG_RERR_NOLINK;
      send_port_o = link_port_q;
    end else if (run_i && slot_q) send_code_o = `XCHG_RERR_SLOTS;
    else if (exec && sv_q && !rd_full_i) begin
      send_code_o = `XCHG_RERR_EMPTY;
      send_port_o = 8'(sp_q);
    end
  end

  // ---- arrivals: the receiving port's flit ----
  wire [FlitW-1:0] arr = link_i[32'(rq_q)*LaneW +: FlitW];
  wire             got = arr[`XCHG_FLIT_VALID_BIT];
  wire             recv = exec && rv_q;
  assign recv_o = rv_q ? {{(NPorts-1){1'b0}}, 1'b1} << rq_q : {NPorts{1'b0}};
  assign st_we_o  = recv && store_q && got;
  assign st_msg_o = arr[MsgW-1:0];
  // the store slot is full unless this step's send empties it
  wire full_now = st_full_i && !(rd_take_o && sslot_q == rslot_q);
  reg  rvq;
  integer q;
  always @* begin
    arr_code_o = 4'd0;
    arr_port_o = 8'd0;
    dlv_now_o = {NPorts{1'b0}};
    dlv_d_o = {NPorts*LaneW{1'b0}};
    for (q = 0; q < NPorts; q = q + 1) begin
      rvq = recv && rq_q == PW'(q);
      if (arr_code_o == 4'd0 && rvq && !link_i[q*LaneW + `XCHG_FLIT_VALID_BIT]) begin
        arr_code_o = `XCHG_RERR_MISSING;
        arr_port_o = q[7:0];
      end
      if (arr_code_o == 4'd0 && link_i[q*LaneW + `XCHG_FLIT_VALID_BIT] && !rvq) begin
        arr_code_o = `XCHG_RERR_UNEXP;
        arr_port_o = q[7:0];
      end
      if (rvq && got && store_q && full_now && arr_code_o == 4'd0) begin
        arr_code_o = `XCHG_RERR_OVERWRITE;
        arr_port_o = q[7:0];
      end
      if (rvq && got && dlv_q) begin
        dlv_now_o[q] = 1'b1;
        dlv_d_o[q*LaneW +: LaneW] = {{PadW{1'b0}}, arr};
      end
    end
  end

  // ---- deliveries: one flit and the port it came on ----
  reg [FlitW-1:0]  dflit_q;
  reg [NPorts-1:0] dmask_q;
  always @(posedge clk_i) begin
    dflit_q <= arr;
    if (!rst_ni) dmask_q <= {NPorts{1'b0}};
    else         dmask_q <= dlv_now_o;
  end
  generate
    for (g = 0; g < NPorts; g = g + 1) begin : gen_dlv
      assign dlv_o[g*LaneW +: LaneW] = dmask_q[g] ? {{PadW{1'b0}}, dflit_q} : {LaneW{1'b0}};
    end
  endgenerate

  wire unused_step = &{1'b0, step_i[`XCHG_PN_STEP_W-1:`XCHG_STEP_W]};
endmodule
`default_nettype wire
