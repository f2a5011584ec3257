// SPDX-License-Identifier: MIT
// xchg_pn_saf: one store-and-forward step of a router (docs/routers.md):
// act on the decoded step word (xchg_pn_dec: decoded once per cycle by
// the controller for a broadcast table, by the router for its own),
// assert the port model, send from the slots (the flits leave
// combinationally), take the arrivals into slots or deliver them to the
// local port. Work per cycle: a loop over the ports; the slot memory
// (xchg_pn_slots) is read and written only at the slots the entry names.
//
// Memory ports: a multiport router (Multiport = 1) reads and stores a slot
// per port (SPorts = NPorts). A single-port router sends on one port and
// receives on one per step (anything else breaks the port model and is
// not executed), so it has one send and one receive datapath (SPorts = 1):
// the entry's one send slot is read once and its flit put on its one
// output lane (send_o names the port), the one arrival stored from the
// receiving port's lane. Same cycles, flits and errors; a quarter of the
// work at four ports.
//
// Errors, each reported as the first of its stage (code, port):
//   send stage:    the entry breaks the port model, uses a port without a
//                  link, or names a slot beyond the memory (the step is not
//                  executed); then a send from an empty slot, port by port.
//   arrival stage: port by port, a missing arrival, an unexpected one (no
//                  receive here and none expected by the circuit step,
//                  cexp_i), a store into a full slot.
// The send side never reads link_i: the links form loops through the
// neighbours.
`default_nettype none
`include "pn/xchg_pn_widths.vh"

module xchg_pn_saf #(
  parameter integer NPorts     = 4,  // link ports, 1..32
  parameter integer SlotW      = 4,  // bits of a slot index
  parameter integer Multiport  = 0,  // 0 single-port, 1 multiport
  parameter integer SPorts     = Multiport != 0 ? NPorts : 1, // slot-memory ports (derived)
  parameter integer OutLanes   = Multiport != 0 ? NPorts : 1  // link_o's and link_i's lanes: 1 (single-port only) or NPorts
) (
  input  wire [`XCHG_PN_STEP_W-1:0]      step_i,      // the step (the flits carry its low bits)
  input  wire [`XCHG_PN_DEC_W(NPorts, SlotW, Multiport)-1:0] dec_i, // the decoded step word
  input  wire [NPorts-1:0]               link_mask_i, // 1: the port has a link
  // OutLanes = 1: the flit of the neighbour across the receiving port
  // (recv_o); else port p's lane at p*LaneW, the flit across p
  input  wire [OutLanes*`XCHG_PN_LANE_W-1:0] link_i,
  input  wire [NPorts-1:0]               arr_i,       // 1: port p's lane is sent to this router
  input  wire [NPorts-1:0]               cexp_i,      // the circuit step expects an arrival here
  // slot memory: sends read (memory port r), arrivals store (port r)
  output wire [SPorts*SlotW-1:0]         rd_slot_o,
  input  wire [SPorts*`XCHG_MSG_W-1:0]   rd_msg_i,
  input  wire [SPorts-1:0]               rd_full_i,
  output wire [SPorts-1:0]               rd_take_o,   // empty the send slot (not a copy)
  output wire [SPorts*SlotW-1:0]         st_slot_o,
  input  wire [SPorts-1:0]               st_full_i,
  output wire [SPorts-1:0]               st_we_o,     // store the arrival
  output wire [SPorts*`XCHG_MSG_W-1:0]   st_msg_o,
  // what leaves, what is delivered
  output wire [OutLanes*`XCHG_PN_LANE_W-1:0] link_o, // OutLanes = 1: the one flit; else port p's at p*LaneW
  output wire [NPorts-1:0]               send_o,      // the ports a flit leaves on
  output wire [NPorts-1:0]               recv_o,      // the port whose flit link_i must carry (OutLanes = 1)
  output reg  [NPorts*`XCHG_PN_LANE_W-1:0] dlv_o,
`include "pn/xchg_pn_step_outs.vh"
);
  localparam integer FlitW = `XCHG_FLIT_W;
  localparam integer LaneW = `XCHG_PN_LANE_W;
  localparam integer MsgW  = `XCHG_MSG_W;

  // ---- the decoded step word (xchg_pn_dec), fields by name ----
  localparam integer N = NPorts;
  wire [NPorts-1:0] send_v  = dec_i[0 +: N];   // 0 unless a step runs
  wire [NPorts-1:0] recv_v  = dec_i[N +: N];
  assign recv_o = recv_v;
  wire [NPorts-1:0] take_v  = dec_i[2*N +: N]; // the send empties its slot
  wire [NPorts-1:0] store_v = dec_i[3*N +: N]; // the arrival is stored
  wire [NPorts-1:0] dlv_v   = dec_i[4*N +: N]; // the arrival is delivered here
  wire bad_model = dec_i[5*N];
  wire bad_slot  = dec_i[5*N+1];
  wire [NPorts-1:0] arrive = arr_i;
  genvar g;

  // ---- the port model and the links ----
  // Whole-vector tests first; the loops that find the first port of an
  // error run only when there is one (Verilator then skips them in the
  // cycles without errors, which are nearly all).
  wire [NPorts-1:0] no_link = (send_v | recv_v) & ~link_mask_i;
  wire bad_link  = |no_link;
  wire exec      = !bad_model && !bad_link && !bad_slot;
  reg [7:0] link_port; // the first port without a link
  integer p;
  always @* begin
    link_port = 8'd0;
    if (bad_link)
      for (p = NPorts - 1; p >= 0; p = p - 1)
        if (no_link[p]) link_port = p[7:0];
  end

  wire [NPorts-1:0] send_ok = exec ? send_v : {NPorts{1'b0}};
  wire [NPorts-1:0] recv_ok = exec ? recv_v : {NPorts{1'b0}};
  wire [NPorts-1:0] taken   = recv_ok & arrive;             // arrived as expected
  wire [NPorts-1:0] missing = recv_ok & ~arrive;
  wire [NPorts-1:0] unexp   = arrive & ~recv_ok & ~cexp_i;  // lost: nobody takes it
  wire [NPorts-1:0] take_p  = exec ? take_v : {NPorts{1'b0}}; // per port: empty the send slot
  wire [NPorts-1:0] we_p    = taken & store_v;              // per port: store the arrival
  wire [NPorts-1:0] full_p;   // per port: its send slot is full
  wire [NPorts-1:0] ovw_p;    // per port: its store finds the slot full
  always @* dlv_now_o = taken & dlv_v;

  generate
    if (Multiport != 0) begin : gen_multi
      // a memory port per link port
      wire [NPorts*SlotW-1:0] send_slot = dec_i[5*N+2 +: NPorts*SlotW];
      wire [NPorts*SlotW-1:0] recv_slot = dec_i[5*N+2 + NPorts*SlotW +: NPorts*SlotW];
      assign rd_slot_o = send_slot;
      assign st_slot_o = recv_slot;
      assign rd_take_o = take_p;
      assign st_we_o   = we_p;
      assign full_p    = rd_full_i;
      for (g = 0; g < NPorts; g = g + 1) begin : gen_port
        assign st_msg_o[g*MsgW +: MsgW] = link_i[g*LaneW +: MsgW];
        assign link_o[g*LaneW +: LaneW] = send_o[g] ?
          {{(LaneW-FlitW){1'b0}}, 1'b1, step_i[`XCHG_STEP_W-1:0], rd_msg_i[g*MsgW +: MsgW]} : {LaneW{1'b0}};
      end
      assign send_o = send_v & rd_full_i & {NPorts{exec}};
      // A store finds its slot full if it was full before the step and no
      // send of this step empties it, or an earlier port of this step
      // stored into it: ports x ports compares of slot indices, no memory
      // scan, and only when a store meets a full slot or two stores share
      // the step.
      wire multi_store = |(we_p & (we_p - 1'b1));
      reg [NPorts-1:0] ovw;
      integer q, s;
      always @* begin
        ovw = {NPorts{1'b0}};
        if (|(we_p & st_full_i) || multi_store)
          for (q = 0; q < NPorts; q = q + 1)
            if (we_p[q]) begin
              ovw[q] = st_full_i[q];
              for (s = 0; s < NPorts; s = s + 1)
                if (take_p[s] && send_slot[s*SlotW +: SlotW] == recv_slot[q*SlotW +: SlotW]) ovw[q] = 1'b0;
              for (s = 0; s < q; s = s + 1)
                if (we_p[s] && recv_slot[s*SlotW +: SlotW] == recv_slot[q*SlotW +: SlotW]) ovw[q] = 1'b1;
            end
      end
      assign ovw_p = ovw;
    end else begin : gen_single
      // at most one send and one receive execute (more break the model):
      // their slots decoded, the arrival picked by the one-hot recv_v
      wire [SlotW-1:0] s_slot = dec_i[5*N+2 +: SlotW];
      wire [SlotW-1:0] r_slot = dec_i[5*N+2 + SlotW +: SlotW];
      wire             same   = dec_i[5*N+2 + 2*SlotW];
      reg [MsgW-1:0]  r_msg;
      integer q;
      always @* begin
        r_msg = link_i[MsgW-1:0]; // one lane: the receiving port's already
        if (OutLanes != 1) begin
          r_msg = {MsgW{1'b0}};
          for (q = 0; q < NPorts; q = q + 1)
            r_msg = r_msg | (link_i[q*LaneW +: MsgW] & {MsgW{recv_v[q]}});
        end
      end
      assign rd_slot_o = s_slot;
      assign st_slot_o = r_slot;
      assign st_msg_o  = r_msg;
      assign rd_take_o = |take_p;
      assign st_we_o   = |we_p;
      assign full_p    = {NPorts{rd_full_i[0]}};
      // the store's slot is full unless this step's send empties it
      wire full_now = st_full_i[0] && !(|take_p && same);
      assign ovw_p = we_p & {NPorts{full_now}};
      // the one flit, 0 unless it leaves, on the one lane (send_o the
      // port), or on the sending port's lane in a router with circuit mode
      wire fire = exec && rd_full_i[0] && |send_v;
      wire [LaneW-1:0] flit = fire ? {{(LaneW-FlitW){1'b0}}, 1'b1, step_i[`XCHG_STEP_W-1:0], rd_msg_i} : {LaneW{1'b0}};
      assign send_o = send_v & {NPorts{fire}};
      if (OutLanes == 1) begin : gen_one
        assign link_o = flit;
      end else begin : gen_lanes
        for (g = 0; g < NPorts; g = g + 1) begin : gen_port
          assign link_o[g*LaneW +: LaneW] = send_v[g] ? flit : {LaneW{1'b0}};
        end
      end
    end
  endgenerate

  // ---- sends: the slots as they are before this step ----
  wire [NPorts-1:0] empty = send_ok & ~full_p; // a send from an empty slot
  // (one test in a cycle without a send error, nearly all)
  wire send_err = !exec || |empty;
  always @* begin
    send_code_o = 4'd0;
    send_port_o = 8'd0;
    if (send_err) begin
      if (bad_model) send_code_o = `XCHG_RERR_MODEL;
      else if (bad_link) begin
        send_code_o = `XCHG_RERR_NOLINK;
        send_port_o = link_port;
      end else if (bad_slot) send_code_o = `XCHG_RERR_SLOTS;
      else begin
        send_code_o = `XCHG_RERR_EMPTY;
        for (p = NPorts - 1; p >= 0; p = p - 1)
          if (empty[p]) send_port_o = p[7:0];
      end
    end
  end

  // ---- arrivals ----
  generate
    for (g = 0; g < NPorts; g = g + 1) begin : gen_dlv
      // the whole lane: its bits above the flit are 0
      always @* dlv_o[g*LaneW +: LaneW] = dlv_now_o[g] ? link_i[(OutLanes == 1 ? 0 : g)*LaneW +: LaneW] : {LaneW{1'b0}};
    end
  endgenerate
  always @* begin
    arr_code_o = 4'd0;
    arr_port_o = 8'd0;
    if (|missing || |unexp || |ovw_p)
      for (p = 0; p < NPorts; p = p + 1) begin
        if (arr_code_o == 4'd0 && missing[p]) begin
          arr_code_o = `XCHG_RERR_MISSING;
          arr_port_o = p[7:0];
        end
        if (arr_code_o == 4'd0 && unexp[p]) begin
          arr_code_o = `XCHG_RERR_UNEXP;
          arr_port_o = p[7:0];
        end
        if (arr_code_o == 4'd0 && ovw_p[p]) begin
          arr_code_o = `XCHG_RERR_OVERWRITE;
          arr_port_o = p[7:0];
        end
      end
  end

  wire unused_step = &{1'b0, step_i[`XCHG_PN_STEP_W-1:`XCHG_STEP_W]};

  generate
    if (SPorts != (Multiport != 0 ? NPorts : 1) || (OutLanes != NPorts && OutLanes != SPorts)) begin : gen_bad_sports
      initial $fatal(1, "xchg_pn_saf: SPorts = %0d, OutLanes = %0d: SPorts must be NPorts (Multiport = 1) or 1, OutLanes NPorts or SPorts",
                     SPorts, OutLanes);
    end
  endgenerate
endmodule
`default_nettype wire
