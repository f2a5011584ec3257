// SPDX-License-Identifier: MIT
// bad_step_flit: alt_pn_saf with a bug to find: the flit carries the wrong step.
// (alt_pn_saf: a router's store-and-forward step, written from the router
// contract alone (docs/own-rtl.md, "A router's step"), in another style
// than rtl/pn/xchg_pn_saf.v: every port's facts in one generate loop of
// plain wires, the two error stages as priority functions over packed
// vectors. xchg's tests run it under --rtl-router; it must pass.
`default_nettype none
`include "xchg_consts.vh"

module bad_step_flit #(
  parameter integer NPorts    = 4,
  parameter integer SlotW     = 4,
  parameter integer Multiport = 0,
  parameter integer SPorts    = 1,
  parameter integer OutLanes  = 1
) (
  input  wire [`XCHG_PN_STEP_W-1:0]                step_i,
  input  wire [5*NPorts+2+(Multiport != 0 ? 2*NPorts*SlotW : 2*SlotW+1)-1:0] dec_i,
  input  wire [NPorts-1:0]                         link_mask_i,
  input  wire [OutLanes*64-1:0]                    link_i,
  input  wire [NPorts-1:0]                         arr_i,
  input  wire [NPorts-1:0]                         cexp_i,
  output wire [SPorts*SlotW-1:0]                   rd_slot_o,
  input  wire [SPorts*`XCHG_MSG_W-1:0]             rd_msg_i,
  input  wire [SPorts-1:0]                         rd_full_i,
  output wire [SPorts-1:0]                         rd_take_o,
  output wire [SPorts*SlotW-1:0]                   st_slot_o,
  input  wire [SPorts-1:0]                         st_full_i,
  output wire [SPorts-1:0]                         st_we_o,
  output wire [SPorts*`XCHG_MSG_W-1:0]             st_msg_o,
  output wire [OutLanes*64-1:0]                    link_o,
  output wire [NPorts-1:0]                         send_o,
  output wire [NPorts-1:0]                         recv_o,
  output wire [NPorts*64-1:0]                      dlv_o,
  output wire [NPorts-1:0]                         dlv_now_o,
  output wire [3:0]                                send_code_o,
  output wire [7:0]                                send_port_o,
  output wire [3:0]                                arr_code_o,
  output wire [7:0]                                arr_port_o
);
  localparam integer N    = NPorts;
  localparam integer L    = 64;              // a lane
  localparam integer M    = `XCHG_MSG_W;
  localparam integer Base = 5 * N + 2;       // where the slots start in dec_i

  // the decoded word's flags
  wire [N-1:0] send_v  = dec_i[0 +: N];
  wire [N-1:0] recv_v  = dec_i[N +: N];
  wire [N-1:0] take_v  = dec_i[2*N +: N];
  wire [N-1:0] store_v = dec_i[3*N +: N];
  wire [N-1:0] dlv_v   = dec_i[4*N +: N];
  wire         bad_model = dec_i[5*N];
  wire         bad_slot  = dec_i[5*N+1];

  // the step runs only if the entry is legal
  wire [N-1:0] no_link = (send_v | recv_v) & ~link_mask_i;
  wire         runs    = ~bad_model & ~(|no_link) & ~bad_slot;
  wire [N-1:0] sends   = runs ? send_v : {N{1'b0}};
  wire [N-1:0] recvs   = runs ? recv_v : {N{1'b0}};
  wire [N-1:0] takes   = runs ? take_v : {N{1'b0}};
  wire [N-1:0] got     = recvs & arr_i;               // expected and here
  wire [N-1:0] stores  = got & store_v;
  assign dlv_now_o = got & dlv_v;
  assign recv_o    = recv_v;

  // the flit a message becomes on a link
  function automatic [L-1:0] flit_of(input [M-1:0] msg);
    flit_of = {{(L - `XCHG_FLIT_W){1'b0}}, 1'b1, step_i[`XCHG_STEP_W-1:0] + 1'b1, msg};  // BUG: the flit carries the next step
  endfunction

  // the lowest set bit's index, as a port number
  function automatic [7:0] lowest(input [N-1:0] v);
    integer i;
    begin
      lowest = 8'd0;
      for (i = N - 1; i >= 0; i = i - 1)
        if (v[i]) lowest = i[7:0];
    end
  endfunction

  wire [N-1:0] full_at;     // the send slot of port p is full
  wire [N-1:0] overwrite;   // port p's store meets a full slot

  genvar p, q;
  generate
    if (Multiport != 0) begin : gen_mp
      assign rd_slot_o = dec_i[Base +: N*SlotW];
      assign st_slot_o = dec_i[Base + N*SlotW +: N*SlotW];
      assign rd_take_o = takes;
      assign st_we_o   = stores;
      assign full_at   = rd_full_i;
      assign send_o    = sends & rd_full_i;
      for (p = 0; p < N; p = p + 1) begin : gen_port
        wire [SlotW-1:0] my_st = st_slot_o[p*SlotW +: SlotW];
        assign st_msg_o[p*M +: M] = link_i[p*L +: M];
        assign link_o[p*L +: L]   = send_o[p] ? flit_of(rd_msg_i[p*M +: M]) : {L{1'b0}};
        // freed: a send of this step empties my slot; twice: an earlier
        // port stores into it in this step
        wire [N-1:0] freed_by, twice_by;
        for (q = 0; q < N; q = q + 1) begin : gen_other
          assign freed_by[q] = takes[q] && rd_slot_o[q*SlotW +: SlotW] == my_st;
          assign twice_by[q] = q < p && stores[q] && st_slot_o[q*SlotW +: SlotW] == my_st;
        end
        assign overwrite[p] = stores[p] && ((st_full_i[p] && !(|freed_by)) || |twice_by);
      end
    end else begin : gen_sp
      wire [SlotW-1:0] s_slot = dec_i[Base +: SlotW];
      wire [SlotW-1:0] r_slot = dec_i[Base + SlotW +: SlotW];
      wire             same   = dec_i[Base + 2*SlotW];
      wire             fires  = runs && rd_full_i[0] && |send_v;
      wire [L-1:0]     flit   = fires ? flit_of(rd_msg_i) : {L{1'b0}};
      // the arriving message: the one lane, or the lane of the receiving port
      wire [M-1:0] lane_msg [0:N];
      assign lane_msg[0] = {M{1'b0}};
      for (p = 0; p < N; p = p + 1) begin : gen_in
        assign lane_msg[p+1] = lane_msg[p] | (OutLanes == 1 ? {M{1'b0}} : link_i[p*L +: M] & {M{recv_v[p]}});
      end
      assign st_msg_o  = OutLanes == 1 ? link_i[M-1:0] : lane_msg[N];
      assign rd_slot_o = s_slot;
      assign st_slot_o = r_slot;
      assign rd_take_o = |takes;
      assign st_we_o   = |stores;
      assign full_at   = {N{rd_full_i[0]}};
      assign send_o    = fires ? send_v : {N{1'b0}};
      assign overwrite = (st_full_i[0] && !(|takes && same)) ? stores : {N{1'b0}};
      for (p = 0; p < OutLanes; p = p + 1) begin : gen_out
        assign link_o[p*L +: L] = (OutLanes == 1 || send_v[p]) ? flit : {L{1'b0}};
      end
    end
    for (p = 0; p < N; p = p + 1) begin : gen_dlv
      assign dlv_o[p*L +: L] = dlv_now_o[p] ? link_i[(OutLanes == 1 ? 0 : p)*L +: L] : {L{1'b0}};
    end
  endgenerate

  // ---- the send stage's first error ----
  wire [N-1:0] from_empty = sends & ~full_at;
  assign send_code_o = bad_model   ? `XCHG_RERR_MODEL :
                       |no_link    ? `XCHG_RERR_NOLINK :
                       bad_slot    ? `XCHG_RERR_SLOTS :
                       |from_empty ? `XCHG_RERR_EMPTY : 4'd0;
  assign send_port_o = bad_model ? 8'd0 : |no_link ? lowest(no_link) :
                       bad_slot ? 8'd0 : lowest(from_empty);

  // ---- the arrival stage's first error: the lowest port with one, and at
  // that port missing before unexpected before overwrite ----
  wire [N-1:0] missing  = recvs & ~arr_i;
  wire [N-1:0] lost     = arr_i & ~recvs & ~cexp_i;
  wire [N-1:0] any_err  = missing | lost | overwrite;
  wire [7:0]   at       = lowest(any_err);
  assign arr_port_o = at;
  assign arr_code_o = ~|any_err       ? 4'd0 :
                      missing[at]     ? `XCHG_RERR_MISSING :
                      lost[at]        ? `XCHG_RERR_UNEXP : `XCHG_RERR_OVERWRITE;
endmodule
`default_nettype wire
