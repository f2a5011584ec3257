// SPDX-License-Identifier: MIT
// xchg_pn_dec: decodes a store-and-forward step entry into the fields the
// step (xchg_pn_saf) acts on, the decoded step word (layout below, width
// `XCHG_PN_DEC_W). Nothing in it depends on the node: with a broadcast
// table (PerNode = 0) the controller decodes the entry once per cycle and
// every router reads the word (xchg_pn_ctrl bcast_dec_o); a router with a
// step table of its own decodes its own entry with this module.
//
// The word, from bit 0 (N = NPorts):
//   [0 +: N]   send_v  a message leaves on port p (0 unless run_i)
//   [N +: N]   recv_v  a message arrives on port p (0 unless run_i)
//   [2N +: N]  take    send_v and not keep: the send empties its slot
//   [3N +: N]  store   recv_v and the arrival is stored in its slot
//   [4N +: N]  dlv     recv_v and the arrival is delivered to this node
//   [5N]       bad_model  the entry breaks the port model (Multiport,
//                      HalfDuplex)
//   [5N+1]     bad_slot   a slot index beyond the memory (Slots)
//   then, Multiport = 1: the send slots (port p at p*SlotW), the receive
//   slots; Multiport = 0: the send slot and the receive slot of the one
//   sending and the one receiving port (0 if none), and a bit that is 1
//   when the two are the same slot.
`default_nettype none
`include "pn/xchg_pn_widths.vh"

module xchg_pn_dec #(
`include "pn/xchg_pn_size_params.vh"
  parameter integer Multiport  = 0,  // 0 single-port, 1 multiport
  parameter integer HalfDuplex = 0   // 0 full duplex, 1 half duplex
) (
  input  wire                                      run_i,   // a step executes in this cycle
  input  wire [`XCHG_PN_ENTRY_W(NPorts, SlotW)-1:0] entry_i,
  output wire [`XCHG_PN_DEC_W(NPorts, SlotW, Multiport)-1:0] dec_o
);
  localparam integer PortW = `XCHG_PN_PORT_W(SlotW);

  wire [NPorts-1:0] send_v, keep, recv_v, store, dlv, bad_slot_p;
  wire [NPorts*SlotW-1:0] send_slot, recv_slot;
  genvar g;
  generate
    for (g = 0; g < NPorts; g = g + 1) begin : gen_field
      wire [PortW-1:0] f = entry_i[g*PortW +: PortW];
      assign send_slot[g*SlotW +: SlotW] = f[`XCHG_TE_SLOT_LSB +: SlotW];
      assign recv_slot[g*SlotW +: SlotW] = f[`XCHG_TE_SLOT_LSB + SlotW +: SlotW];
      assign send_v[g] = run_i && f[`XCHG_TE_SEND_V];
      assign keep[g]   = f[`XCHG_TE_SEND_KEEP];
      assign recv_v[g] = run_i && f[`XCHG_TE_RECV_V];
      assign store[g]  = f[`XCHG_TE_RECV_STORE];
      assign dlv[g]    = f[`XCHG_TE_RECV_DLV];
      assign bad_slot_p[g] = (send_v[g] && {{(32-SlotW){1'b0}}, send_slot[g*SlotW +: SlotW]} >= Slots) ||
                             (recv_v[g] && store[g] && {{(32-SlotW){1'b0}}, recv_slot[g*SlotW +: SlotW]} >= Slots);
    end
  endgenerate

  wire multi_send = |(send_v & (send_v - 1'b1)); // two or more sends
  wire multi_recv = |(recv_v & (recv_v - 1'b1));
  wire bad_model = (Multiport == 0 && (multi_send || multi_recv)) ||
                   (HalfDuplex != 0 && Multiport == 0 && |send_v && |recv_v) ||
                   (HalfDuplex != 0 && Multiport != 0 && |(send_v & recv_v));
  wire [5*NPorts+1:0] flags = {|bad_slot_p, bad_model, recv_v & dlv, recv_v & store, send_v & ~keep,
                               recv_v, send_v};

  generate
    if (Multiport != 0) begin : gen_multi
      assign dec_o = {recv_slot, send_slot, flags};
    end else begin : gen_single
      // at most one send and one receive execute (more break the model):
      // their slots picked by the one-hot port vectors
      reg [SlotW-1:0] s_slot, r_slot;
      integer q;
      always @* begin
        s_slot = {SlotW{1'b0}};
        r_slot = {SlotW{1'b0}};
        for (q = 0; q < NPorts; q = q + 1) begin
          s_slot = s_slot | (send_slot[q*SlotW +: SlotW] & {SlotW{send_v[q]}});
          r_slot = r_slot | (recv_slot[q*SlotW +: SlotW] & {SlotW{recv_v[q]}});
        end
      end
      assign dec_o = {s_slot == r_slot, r_slot, s_slot, flags};
    end
  endgenerate
endmodule
`default_nettype wire
