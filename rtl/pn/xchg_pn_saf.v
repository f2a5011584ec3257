// SPDX-License-Identifier: MIT
// xchg_pn_saf: one store-and-forward step of a router (docs/routers.md):
// decode the step entry, assert the port model, send from the slots (the
// flits leave combinationally), take the arrivals into slots or deliver
// them to the local port. Work per cycle: a loop over the ports; the slot
// memory (xchg_pn_slots) is read and written only at the slots the entry
// names.
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
  parameter integer Slots      = 16, // message slots, 2..4096
  parameter integer SlotW      = 4,  // bits of a slot index
  parameter integer Multiport  = 0,  // 0 single-port, 1 multiport
  parameter integer HalfDuplex = 0   // 0 full duplex, 1 half duplex
) (
  input  wire                            run_i,       // a step executes in this cycle
  input  wire [`XCHG_PN_STEP_W-1:0]      step_i,      // which one (the flits carry its low bits)
  input  wire [`XCHG_PN_ENTRY_W(NPorts, SlotW)-1:0] entry_i,
  input  wire [NPorts-1:0]               link_mask_i, // 1: the port has a link
  input  wire [NPorts*`XCHG_FLIT_W-1:0]  link_i,      // arriving flits
  input  wire [NPorts-1:0]               cexp_i,      // the circuit step expects an arrival here
  // slot memory: sends read (port p), arrivals store (port q)
  output wire [NPorts*SlotW-1:0]         rd_slot_o,
  input  wire [NPorts*`XCHG_MSG_W-1:0]   rd_msg_i,
  input  wire [NPorts-1:0]               rd_full_i,
  output reg  [NPorts-1:0]               rd_take_o,   // empty the send slot (not a copy)
  output wire [NPorts*SlotW-1:0]         st_slot_o,
  input  wire [NPorts-1:0]               st_full_i,
  output reg  [NPorts-1:0]               st_we_o,     // store the arrival
  output wire [NPorts*`XCHG_MSG_W-1:0]   st_msg_o,
  // what leaves, what is delivered
  output reg  [NPorts*`XCHG_FLIT_W-1:0]  link_o,
  output reg  [NPorts*`XCHG_FLIT_W-1:0]  dlv_o,
  output reg  [NPorts-1:0]               dlv_now_o,
  output reg  [3:0]                      send_code_o, // first error of the send stage
  output reg  [7:0]                      send_port_o,
  output reg  [3:0]                      arr_code_o,  // first error of the arrival stage
  output reg  [7:0]                      arr_port_o
);
  localparam integer FlitW = `XCHG_FLIT_W;
  localparam integer MsgW  = `XCHG_MSG_W;
  localparam integer PortW = `XCHG_PN_PORT_W(SlotW);

  // ---- decode: per port fields ----
  wire [NPorts-1:0] send_v, send_keep, recv_v, recv_store, recv_dlv, arrive;
  wire [NPorts-1:0] bad_slot_p; // a slot index beyond the memory
  genvar g;
  generate
    for (g = 0; g < NPorts; g = g + 1) begin : gen_field
      wire [PortW-1:0] f = entry_i[g*PortW +: PortW];
      wire [SlotW-1:0] send_slot = f[`XCHG_TE_SLOT_LSB +: SlotW];
      wire [SlotW-1:0] recv_slot = f[`XCHG_TE_SLOT_LSB + SlotW +: SlotW];
      assign send_v[g]     = run_i && f[`XCHG_TE_SEND_V];
      assign send_keep[g]  = f[`XCHG_TE_SEND_KEEP];
      assign recv_v[g]     = run_i && f[`XCHG_TE_RECV_V];
      assign recv_store[g] = f[`XCHG_TE_RECV_STORE];
      assign recv_dlv[g]   = f[`XCHG_TE_RECV_DLV];
      assign arrive[g]     = link_i[g*FlitW + `XCHG_FLIT_VALID_BIT];
      assign bad_slot_p[g] = (send_v[g] && {{(32-SlotW){1'b0}}, send_slot} >= Slots) ||
                             (recv_v[g] && recv_store[g] && {{(32-SlotW){1'b0}}, recv_slot} >= Slots);
      assign rd_slot_o[g*SlotW +: SlotW] = send_slot;
      assign st_slot_o[g*SlotW +: SlotW] = recv_slot;
      assign st_msg_o[g*MsgW +: MsgW]    = link_i[g*FlitW +: MsgW];
    end
  endgenerate

  // ---- the port model and the links ----
  reg [7:0] n_send, n_recv, link_port;
  reg       bad_model, bad_link, exec;
  integer p;
  always @* begin
    n_send = 8'd0;
    n_recv = 8'd0;
    bad_model = 1'b0;
    bad_link = 1'b0;
    link_port = 8'd0;
    for (p = 0; p < NPorts; p = p + 1) begin
      n_send = n_send + {7'd0, send_v[p]};
      n_recv = n_recv + {7'd0, recv_v[p]};
      if ((send_v[p] || recv_v[p]) && !link_mask_i[p] && !bad_link) begin
        bad_link = 1'b1;
        link_port = p[7:0];
      end
      if (HalfDuplex != 0 && Multiport != 0 && send_v[p] && recv_v[p]) bad_model = 1'b1;
    end
    if (Multiport == 0 && (n_send > 8'd1 || n_recv > 8'd1)) bad_model = 1'b1;
    if (HalfDuplex != 0 && Multiport == 0 && n_send != 8'd0 && n_recv != 8'd0) bad_model = 1'b1;
    exec = run_i && !bad_model && !bad_link && !(|bad_slot_p);
  end

  // ---- sends: the slots as they are before this step ----
  always @* begin
    send_code_o = 4'd0;
    send_port_o = 8'd0;
    if (run_i && bad_model) send_code_o = `XCHG_RERR_MODEL;
    else if (run_i && bad_link) begin
      send_code_o = `XCHG_RERR_NOLINK;
      send_port_o = link_port;
    end else if (run_i && |bad_slot_p) send_code_o = `XCHG_RERR_SLOTS;
    link_o = {NPorts*FlitW{1'b0}};
    rd_take_o = {NPorts{1'b0}};
    for (p = 0; p < NPorts; p = p + 1) begin
      if (exec && send_v[p]) begin
        if (rd_full_i[p])
          link_o[p*FlitW +: FlitW] = {1'b1, step_i[`XCHG_STEP_W-1:0], rd_msg_i[p*MsgW +: MsgW]};
        else if (send_code_o == 4'd0) begin
          send_code_o = `XCHG_RERR_EMPTY;
          send_port_o = p[7:0];
        end
        rd_take_o[p] = !send_keep[p];
      end
    end
  end

  // ---- arrivals ----
  // A store finds its slot full if it was full before the step and no
  // send of this step empties it, or an earlier port of this step stored
  // into it: ports x ports compares of slot indices, no memory scan.
  reg       full_now;
  integer q, s;
  always @* begin
    arr_code_o = 4'd0;
    arr_port_o = 8'd0;
    st_we_o = {NPorts{1'b0}};
    dlv_o = {NPorts*FlitW{1'b0}};
    dlv_now_o = {NPorts{1'b0}};
    full_now = 1'b0;
    for (q = 0; q < NPorts; q = q + 1) begin
      if (arr_code_o == 4'd0 && exec && recv_v[q] && !arrive[q]) begin
        arr_code_o = `XCHG_RERR_MISSING;
        arr_port_o = q[7:0];
      end
      if (arr_code_o == 4'd0 && arrive[q] && !(exec && recv_v[q]) && !cexp_i[q]) begin
        arr_code_o = `XCHG_RERR_UNEXP;
        arr_port_o = q[7:0];
      end
      if (exec && recv_v[q] && arrive[q]) begin
        if (recv_dlv[q]) begin
          dlv_o[q*FlitW +: FlitW] = link_i[q*FlitW +: FlitW];
          dlv_now_o[q] = 1'b1;
        end
        if (recv_store[q]) begin
          full_now = st_full_i[q];
          for (s = 0; s < NPorts; s = s + 1)
            if (rd_take_o[s] && rd_slot_o[s*SlotW +: SlotW] == st_slot_o[q*SlotW +: SlotW]) full_now = 1'b0;
          for (s = 0; s < q; s = s + 1)
            if (st_we_o[s] && st_slot_o[s*SlotW +: SlotW] == st_slot_o[q*SlotW +: SlotW]) full_now = 1'b1;
          if (arr_code_o == 4'd0 && full_now) begin
            arr_code_o = `XCHG_RERR_OVERWRITE;
            arr_port_o = q[7:0];
          end
          st_we_o[q] = 1'b1;
        end
      end
    end
  end

  wire unused_step = &{1'b0, step_i[`XCHG_PN_STEP_W-1:`XCHG_STEP_W]};
endmodule
`default_nettype wire
