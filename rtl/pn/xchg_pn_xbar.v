// SPDX-License-Identifier: MIT
// xchg_pn_xbar: a router's circuit mode (wormhole steps, docs/routers.md
// "Circuit mode"). In a step the controller marks as circuit (circ_i), the
// router is a crossbar set by its circuit entry for the step: each input
// (link ports and the local injection port) is passed to an output port or
// ejected to the local memory. Every output has a one-cycle register
// (cq_q), so a flit advances one hop per cycle. After ts_i start-up
// cycles the router streams its inject list, one slot per cycle; ejected
// flits are stored in the slots its eject list names (scatter-gather: one
// list memory holds both, so a packet needs no contiguous run of free
// slots, and no message is copied). A circuit entry that breaks the
// crossbar or the single-port model is not executed.
//
// Memories: the circuit table (CWpe bus words per step) and the inject
// list, written over the bus when sel_i names this node. The slot memory
// is xchg_pn_slots' port NPorts: the injection reads there, the ejection
// stores there.
//
// Errors, each the first of its stage (code, port):
//   send stage: the entry breaks the single-port model, uses a port
//               without a link, breaks the crossbar, or its lists pass the
//               list memory; then the injection: a slot beyond the memory,
//               an empty slot.
//   eject stage: an ejection beyond the entry's count, a slot beyond the
//               memory, a store into a full slot; in the step's last cycle
//               a count that differs, a flit still in an output register.
`default_nettype none
`include "pn/xchg_pn_widths.vh"

module xchg_pn_xbar #(
`include "pn/xchg_pn_size_params.vh"
  parameter integer Depth     = 32, // circuit-table entries (steps), 1..2**`XCHG_PN_STEP_W - 1
  parameter integer ListDepth = 2   // inject-list entries, a power of two 2..131072
) (
  input  wire                            clk_i,
  input  wire                            rst_ni,
  input  wire [`XCHG_ADDR_W-1:0]         node_id_i,
  input  wire [NPorts-1:0]               link_mask_i,
  input  wire                            clear_i,
  input  wire [`XCHG_PN_STEP_W-1:0]      step_i,
  input  wire                            circ_i,   // a circuit step executes in this cycle
  input  wire [31:0]                     rel_i,    // its cycle, 1 .. ts + path cycles
  input  wire [31:0]                     ts_i,     // start-up cycles before injection
  input  wire                            last_i,   // the last cycle of the step
  // bus (the node is selected: sel_i == node_id_i)
  input  wire                            sel_ok_i,
  input  wire                            cir_we_i,
  input  wire [31:0]                     cir_addr_i,
  input  wire                            lst_we_i,
  input  wire [31:0]                     lst_addr_i,
  input  wire [31:0]                     wdata_i,
  input  wire [NPorts*`XCHG_PN_LANE_W-1:0] link_i, // port p's lane at p*LaneW
  // slot memory port NPorts: the injection reads (inj_), the ejection
  // stores (ej_)
  output wire [SlotW-1:0]                inj_slot_o, ej_slot_o,
  input  wire                            inj_full_i, ej_full_i,
  output reg                             inj_take_o, ej_we_o,
  input  wire [`XCHG_MSG_W-1:0]          inj_msg_i,
  output reg  [`XCHG_MSG_W-1:0]          ej_msg_o,
  // crossbar outputs, deliveries, errors
  output wire [NPorts*`XCHG_PN_LANE_W-1:0] link_o, // the output registers (lanes)
  output reg  [NPorts-1:0]               cexp_o,    // the step expects an arrival here
  output reg  [NPorts*`XCHG_PN_LANE_W-1:0] dlv_o,
  output reg  [NPorts-1:0]               dlv_now_o,
  output reg  [3:0]                      send_code_o,
  output reg  [7:0]                      send_port_o,
  output reg  [3:0]                      ej_code_o,
  output reg  [7:0]                      ej_port_o
);
  localparam integer FlitW   = `XCHG_FLIT_W;
  localparam integer LaneW   = `XCHG_PN_LANE_W;
  localparam integer MsgW    = `XCHG_MSG_W;
  localparam integer ListW   = $clog2(ListDepth);
  localparam integer OutW    = `XCHG_PN_OUT_W(NPorts);
  localparam integer RouteW  = `XCHG_PN_ROUTE_W(NPorts);
  localparam integer LenW    = `XCHG_PN_LEN_W(SlotW);
  localparam integer CEntryW = `XCHG_PN_CENTRY_W(NPorts, ListW, SlotW);
  localparam integer CWpe    = `XCHG_PN_CWPE(NPorts, ListW, SlotW);
  localparam integer CTblWords = Depth * CWpe;
  localparam integer CTblAw  = `XCHG_PN_AW(CTblWords);
  localparam integer EjectI  = NPorts;
  localparam [OutW-1:0] Eject = EjectI[OutW-1:0]; // the output that ejects to local
  // the legal outputs 0 .. Eject as a mask (a field may hold more when
  // ports + 1 is not a power of two)
  localparam [(1<<OutW)-1:0] OutOk = {(1<<OutW){1'b1}} >> ((1 << OutW) - NPorts - 1);

  // ---- circuit table and inject list ----
  reg [31:0]      ctbl_q [0:(1<<CTblAw)-1];
  reg [SlotW-1:0] lst_q  [0:ListDepth-1];
  always @(posedge clk_i) begin
    if (cir_we_i && sel_ok_i && cir_addr_i < CTblWords) ctbl_q[cir_addr_i[CTblAw-1:0]] <= wdata_i;
    if (lst_we_i && sel_ok_i && lst_addr_i < ListDepth) lst_q[lst_addr_i[ListW-1:0]] <= wdata_i[SlotW-1:0];
  end
  integer i0;
  initial begin
    for (i0 = 0; i0 < (1<<CTblAw); i0 = i0 + 1) ctbl_q[i0] = 32'd0;
    for (i0 = 0; i0 < ListDepth; i0 = i0 + 1) lst_q[i0] = {SlotW{1'b0}};
  end

  wire [`XCHG_PN_STEP_W-1:0] step_idx = step_i - 1'b1;
  wire [CWpe*32-1:0] cwords;
  wire unused_cwords = &{1'b0, cwords}; // the last bus word may have bits past CEntryW
  genvar w;
  generate
    for (w = 0; w < CWpe; w = w + 1) begin : gen_cword
      wire [31:0] addr = {{(32-`XCHG_PN_STEP_W){1'b0}}, step_idx} * CWpe + w;
      assign cwords[w*32 +: 32] = circ_i && addr < CTblWords ? ctbl_q[addr[CTblAw-1:0]] : 32'd0;
    end
  endgenerate
  wire [CEntryW-1:0] centry = cwords[CEntryW-1:0];

  // ---- decode and check the entry ----
  reg [NPorts:0]  r_v;               // input i is routed (i = NPorts: local)
  reg [OutW-1:0]  r_out [0:NPorts];  // to this output (Eject: local memory)
  reg [ListW-1:0] inj_ptr, ej_ptr;
  reg [LenW-1:0]  inj_len, ej_len;
  reg [7:0]       n_ej;
  reg             bad_cross, bad_clink, bad_cslot, bad_cmodel, cexec;
  wire [NPorts:0] mask_x = {1'b0, link_mask_i}; // indexable by an output
  integer i, j;
  always @* begin
    for (i = 0; i <= NPorts; i = i + 1) begin
      r_v[i]   = centry[i*RouteW + `XCHG_CE_ROUTE_V];
      r_out[i] = centry[i*RouteW + `XCHG_CE_OUT_LSB +: OutW];
    end
    inj_ptr = centry[(NPorts+1)*RouteW +: ListW];
    inj_len = centry[(NPorts+1)*RouteW + ListW +: LenW];
    ej_ptr  = centry[(NPorts+1)*RouteW + ListW + LenW +: ListW];
    ej_len  = centry[(NPorts+1)*RouteW + 2*ListW + LenW +: LenW];
    bad_cross = 1'b0;
    bad_clink = 1'b0;
    bad_cslot = 1'b0;
    n_ej = 8'd0;
    if (circ_i) begin
      for (i = 0; i <= NPorts; i = i + 1) begin
        if (r_v[i]) begin
          if (!OutOk[r_out[i]]) bad_cross = 1'b1;   // beyond Eject
          if (r_out[i] == Eject) n_ej = n_ej + 8'd1;
          if (i < NPorts && !link_mask_i[i]) bad_clink = 1'b1;
          if (r_out[i] < Eject && !mask_x[r_out[i]]) bad_clink = 1'b1;
          for (j = i + 1; j <= NPorts; j = j + 1)
            if (r_v[j] && r_out[j] == r_out[i] && r_out[i] != Eject) bad_cross = 1'b1;
        end
      end
      if (r_v[NPorts] && r_out[NPorts] == Eject) bad_cross = 1'b1;     // injects to itself
      if (r_v[NPorts] != (inj_len != {LenW{1'b0}})) bad_cross = 1'b1;  // route and data disagree
      if ((n_ej != 8'd0) != (ej_len != {LenW{1'b0}})) bad_cross = 1'b1;
      if ({{(32-ListW){1'b0}}, ej_ptr} + {{(32-LenW){1'b0}}, ej_len} > ListDepth ||
          {{(32-ListW){1'b0}}, inj_ptr} + {{(32-LenW){1'b0}}, inj_len} > ListDepth) bad_cslot = 1'b1;
    end
    bad_cmodel = n_ej > 8'd1;                                        // single-port: one ejection
    cexec = circ_i && !bad_cross && !bad_clink && !bad_cslot && !bad_cmodel;
    for (i = 0; i < NPorts; i = i + 1) cexp_o[i] = cexec && r_v[i];
  end

  // ---- the injection ----
  // flit k of the packet is loaded into the output register in cycle
  // ts + k, so it is on the first link in cycle ts + 1 + k
  wire [31:0]      inj_k = rel_i - ts_i;
  wire             injecting = cexec && rel_i >= ts_i && inj_k < {{(32-LenW){1'b0}}, inj_len};
  wire [ListW-1:0] inj_idx = inj_ptr + inj_k[ListW-1:0];
  assign inj_slot_o = lst_q[inj_idx];
  reg [LaneW-1:0] inj_flit;
  always @* begin
    send_code_o = 4'd0;
    send_port_o = 8'd0;
    if (circ_i && bad_cmodel) begin
      send_code_o = `XCHG_RERR_MODEL;
      send_port_o = EjectI[7:0];
    end else if (circ_i && bad_clink) send_code_o = `XCHG_RERR_NOLINK;
    else if (circ_i && bad_cross) begin
      send_code_o = `XCHG_RERR_CROSS;
      send_port_o = EjectI[7:0];
    end else if (circ_i && bad_cslot) send_code_o = `XCHG_RERR_SLOTS;
    inj_flit = {LaneW{1'b0}};
    inj_take_o = 1'b0;
    if (injecting && {{(32-SlotW){1'b0}}, inj_slot_o} >= Slots) begin
      if (send_code_o == 4'd0) begin
        send_code_o = `XCHG_RERR_SLOTS;
        send_port_o = EjectI[7:0];
      end
    end else if (injecting) begin
      if (inj_full_i)
        inj_flit = {{(LaneW-FlitW){1'b0}}, 1'b1, step_i[`XCHG_STEP_W-1:0], inj_msg_i};
      else if (send_code_o == 4'd0) begin
        send_code_o = `XCHG_RERR_EMPTY;
        send_port_o = EjectI[7:0];
      end
      inj_take_o = 1'b1;
    end
  end

  // ---- the crossbar into the output registers, the ejection ----
  reg [NPorts*LaneW-1:0] cq_q, cq_d;
  reg [31:0]             cnt, cnt_q, cnt_d;
  // the step's ejections so far; at most one port ejects per cycle
  wire [31:0]            cnt0 = rel_i == 32'd1 ? 32'd0 : cnt_q;
  wire [ListW-1:0]       ej_idx = ej_ptr + cnt0[ListW-1:0];
  integer q;
  assign ej_slot_o = lst_q[ej_idx];
  always @* begin
    ej_code_o = 4'd0;
    ej_port_o = 8'd0;
    cq_d = {NPorts*LaneW{1'b0}};
    dlv_o = {NPorts*LaneW{1'b0}};
    dlv_now_o = {NPorts{1'b0}};
    cnt = cnt0;
    ej_we_o = 1'b0;
    ej_msg_o = {MsgW{1'b0}};
    if (cexec) begin
      for (q = 0; q < NPorts; q = q + 1) begin
        if (r_v[q] && r_out[q] != Eject)
          cq_d[r_out[q]*LaneW +: LaneW] = link_i[q*LaneW +: LaneW];
        if (r_v[q] && r_out[q] == Eject && link_i[q*LaneW + `XCHG_FLIT_VALID_BIT]) begin
          dlv_o[q*LaneW +: LaneW] = link_i[q*LaneW +: LaneW];
          // delivered: the flit has reached its destination (a master
          // collecting for others stores it too)
          dlv_now_o[q] = link_i[q*LaneW + `XCHG_FLIT_DST_LSB +: `XCHG_ADDR_W] == node_id_i;
          if (cnt >= {{(32-LenW){1'b0}}, ej_len}) begin
            if (ej_code_o == 4'd0) begin
              ej_code_o = `XCHG_RERR_COUNT;
              ej_port_o = q[7:0];
            end
          end else if ({{(32-SlotW){1'b0}}, ej_slot_o} >= Slots) begin
            if (ej_code_o == 4'd0) begin
              ej_code_o = `XCHG_RERR_SLOTS;
              ej_port_o = q[7:0];
            end
          end else begin
            // full as the step left it: the injection may have just emptied it
            if (ej_code_o == 4'd0 && ej_full_i && !(inj_take_o && inj_slot_o == ej_slot_o)) begin
              ej_code_o = `XCHG_RERR_OVERWRITE;
              ej_port_o = q[7:0];
            end
            ej_we_o = 1'b1;
            ej_msg_o = link_i[q*LaneW +: MsgW];
          end
          cnt = cnt + 32'd1;
        end
      end
      if (r_v[NPorts] && r_out[NPorts] != Eject)
        cq_d[r_out[NPorts]*LaneW +: LaneW] = inj_flit;
      if (last_i) begin
        if (ej_code_o == 4'd0 && cnt != {{(32-LenW){1'b0}}, ej_len}) begin
          ej_code_o = `XCHG_RERR_COUNT;
          ej_port_o = EjectI[7:0];
        end
        for (q = 0; q < NPorts; q = q + 1)
          if (ej_code_o == 4'd0 && cq_d[q*LaneW + `XCHG_FLIT_VALID_BIT]) begin
            ej_code_o = `XCHG_RERR_LATE;
            ej_port_o = q[7:0];
          end
      end
    end
    cnt_d = circ_i ? cnt : 32'd0;
  end

  // clear (a bus write) acts at the edge like the reset, not in the
  // combinational logic: nothing above depends on the bus inputs
  always @(posedge clk_i) begin
    if (!rst_ni || clear_i) begin
      cq_q  <= {NPorts*LaneW{1'b0}};
      cnt_q <= 32'd0;
    end else begin
      cq_q  <= cq_d;
      cnt_q <= cnt_d;
    end
  end
  assign link_o = cq_q;

  generate
    if (ListDepth < 2 || ListDepth > (1 << `XCHG_PN_LIST_W_MAX) || (1 << ListW) != ListDepth) begin : gen_bad_list
      initial $fatal(1, "xchg_pn_xbar: ListDepth = %0d, allowed a power of two 2..%0d", ListDepth,
                     1 << `XCHG_PN_LIST_W_MAX);
    end
  endgenerate
endmodule
`default_nettype wire
