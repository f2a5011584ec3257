// SPDX-License-Identifier: MIT
// xchg_router: one node of a product network (docs/routers.md). NPorts
// link ports (numbered as in sw/pn/xc_topo.h) plus the local port to its
// processor. A wiring of units, one job each:
//   xchg_pn_slots  the message memory (Slots slots, full bit with each)
//   xchg_pn_dec    the step entry decoded into the decoded step word (here
//                  with a table per node; by xchg_pn_ctrl, once for every
//                  router, with a broadcast table)
//   xchg_pn_saf    the store-and-forward step on the decoded word: port
//                  model, sends, arrivals
//   xchg_pn_xbar   circuit mode (Circuit = 1 only): crossbar, circuit
//                  table, inject list
//   xchg_pn_err    the error report (first error per cycle, first since
//                  clear)
// and the step-table memory (PerNode = 1) or the broadcast step word from
// xchg_pn_ctrl. Bram = 1 (FPGA tops, docs/fpga.md) replaces the first two
// by a single-port path whose message memory is a block RAM:
//   xchg_pn_slots_1p  one read and one write a cycle, the read synchronous
//   xchg_pn_saf_1p    the step with one send and one receive datapath
// it runs the broadcast entry only, read a step ahead (xchg_pn_ctrl with
// Ahead = 1; a per-node table, PerNode = 1, is left unused), and needs
// Multiport = 0, Circuit = 0. One schedule step is one clock cycle, store and forward: a
// message sent in step t leaves a slot through link_o (combinational),
// crosses the link and is in the receiver's slot at the end of step t.
// Every cycle's work is a loop over the ports: memories are touched only
// at the entries the step addresses, whatever Slots and Depth are.
//
// The router is built for one port model (Multiport, HalfDuplex) and
// asserts it: a step entry that breaks it, or names a port without a link,
// is not executed and sets the router's error (first error kept, codes
// `XCHG_RERR_*). Every other irregularity (send from an empty slot, a
// missing or unexpected arrival, an overwrite) is reported too.
//
// Synthesizable: fault injection and the simulation back door live in the
// simulation shell rtl/dv/xchg_router_dv.v, which wraps this module.
`default_nettype none
`include "pn/xchg_pn_widths.vh"
`include "xchg_range.vh"

// The store-and-forward step's module: ours, or a user's written to the
// router contract (docs/own-rtl.md; xchg run --rtl-router FILE:MODULE
// defines this).
`ifndef XCHG_PN_SAF_MODULE
`define XCHG_PN_SAF_MODULE xchg_pn_saf
`endif

module xchg_router #(
`include "pn/xchg_router_params.vh"
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,
  // which node this is: inputs, not parameters, so that every router of a
  // network is one Verilated class (one parameter set), whatever its size
  input  wire [`XCHG_ADDR_W-1:0]    node_id_i,
  input  wire [NPorts-1:0]          link_mask_i,  // 1: the port has a link (0: path end)
  input  wire                       clear_i,      // empty every slot, clear the error
  input  wire                       run_i,        // a step executes in this cycle
  input  wire [`XCHG_PN_STEP_W-1:0] step_i,      // which one (1-based)
  input  wire                       bcast_i,      // take the broadcast step word
  input  wire [`XCHG_PN_ENTRY_W(NPorts, SlotW)-1:0] bcast_entry_i,
  // the broadcast entry decoded (xchg_pn_dec, by xchg_pn_ctrl): the step
  // a router without a table of its own (PerNode = 0) executes
  input  wire [`XCHG_PN_DEC_W(NPorts, SlotW, Multiport)-1:0] bcast_dec_i,
  // bus writes reach the node that sel_i names
  input  wire [31:0]                sel_i,
  input  wire                       msg_we_i,     // a message word into slot msg_addr_i
  input  wire [31:0]                msg_addr_i,
  input  wire [`XCHG_MSG_W-1:0]     msg_wdata_i,
  input  wire                       tbl_we_i,     // 32 table bits at word tbl_addr_i
  input  wire [31:0]                tbl_addr_i,
  input  wire [31:0]                tbl_wdata_i,  // also the data of circuit and list writes
  // circuit mode
  input  wire                       circ_i,       // a circuit step executes in this cycle
  input  wire [31:0]                rel_i,        // its cycle, 1 .. ts + path cycles
  input  wire [31:0]                ts_i,         // start-up cycles before injection
  input  wire                       last_i,       // the last cycle of the step
  input  wire                       cir_we_i,     // 32 circuit-table bits at word cir_addr_i
  input  wire [31:0]                cir_addr_i,
  input  wire                       lst_we_i,     // an inject-list slot at lst_addr_i
  input  wire [31:0]                lst_addr_i,
  // flits travel in lanes: the flit in a lane's low FlitW bits, the others
  // 0 (`XCHG_PN_LANE_W). A single-port router without circuit mode drives
  // one lane, whatever the port (OutLanes = 1), and send_o names the ports
  // it leaves on; others drive port p's flit on lane p (OutLanes = NPorts).
  // Input: with one lane, the one lane of the neighbour across the port
  // recv_o names (the network top selects it); else lane p the
  // neighbour's lane facing us across port p. arr_i[p]: the neighbour
  // across port p sends its flit here (its send_o bit facing us).
  input  wire [`XCHG_PN_OUT_LANES(NPorts, Multiport, Circuit)*`XCHG_PN_LANE_W-1:0] link_i,
  input  wire [NPorts-1:0]          arr_i,        // 1: port p's neighbour sends here
  output wire [NPorts-1:0]          recv_o,       // the port whose neighbour's lane link_i carries (one lane)
  output wire [`XCHG_PN_OUT_LANES(NPorts, Multiport, Circuit)*`XCHG_PN_LANE_W-1:0] link_o, // leaving (combinational)
  output wire [NPorts-1:0]          send_o,       // the ports link_o's flits leave on
  output wire [NPorts*`XCHG_PN_LANE_W-1:0] obs_link_o, // what left in the last cycle
  output wire [NPorts*`XCHG_PN_LANE_W-1:0] dlv_o,      // local port: delivered in the last cycle
  output wire [NPorts-1:0]          dlv_now_o,    // deliveries in this cycle (counters)
  output wire [3:0]                 err_code_o,   // first error since clear, `XCHG_RERR_*
  output wire [7:0]                 err_port_o,
  // the first error since clear in the cycle it happens ({port, code}),
  // else 0: one word for the controller's counters, not three signals
  output wire [`XCHG_PN_ERR_NOW_W-1:0] err_now_o
);
  localparam integer LaneW    = `XCHG_PN_LANE_W;
  localparam integer MsgW     = `XCHG_MSG_W;
  localparam integer EntryW   = `XCHG_PN_ENTRY_W(NPorts, SlotW);
  localparam integer Wpe      = `XCHG_PN_WPE(NPorts, SlotW);
  localparam integer TblWords = Depth * Wpe;
  localparam integer TblAw    = `XCHG_PN_AW(TblWords);
  localparam integer OutLanes = `XCHG_PN_OUT_LANES(NPorts, Multiport, Circuit);
  localparam integer OutW     = OutLanes * LaneW;

  // bus writes for this node (read at the clock edge only)
  wire sel_ok = sel_i == {{(32-`XCHG_ADDR_W){1'b0}}, node_id_i};
  // (the step table, the circuit tables and the Bram = 1 memory; the slot
  // memory tests the node itself, at the edge of a bus write)
  wire unused_sel_ok = &{1'b0, sel_ok};

  // ---- the step word, decoded ----
  // PerNode = 0: every router executes the broadcast entry, decoded once
  // by the controller (bcast_dec_i); PerNode = 1: the router decodes the
  // entry it executes (its own or, bcast_i, the broadcast one). Bram = 1
  // runs the entry in xchg_pn_saf_1p (bcast_entry_i) and no decoded step.
  localparam integer DecW = `XCHG_PN_DEC_W(NPorts, SlotW, Multiport);
  wire [DecW-1:0] dec;
  generate
    if (PerNode != 0) begin : gen_table
      reg [31:0] tbl_q [0:(1<<TblAw)-1];
      wire [`XCHG_PN_STEP_W-1:0] step_idx = step_i - 1'b1;
      wire [Wpe*32-1:0] words;
      wire unused_words = &{1'b0, words}; // the last bus word may have bits past EntryW
      wire unused_dec = &{1'b0, bcast_dec_i};
      genvar w;
      for (w = 0; w < Wpe; w = w + 1) begin : gen_word
        wire [31:0] addr = {{(32-`XCHG_PN_STEP_W){1'b0}}, step_idx} * Wpe + w;
        assign words[w*32 +: 32] = run_i && addr < TblWords ? tbl_q[addr[TblAw-1:0]] : 32'd0;
      end
      wire [EntryW-1:0] entry = bcast_i ? bcast_entry_i : words[EntryW-1:0];
      wire [DecW-1:0]   dec_own;
      xchg_pn_dec #(
        .NPorts(NPorts), .Slots(Slots), .SlotW(SlotW), .Multiport(Multiport), .HalfDuplex(HalfDuplex)
      ) u_dec (.run_i(run_i && Bram == 0), .entry_i(entry), .dec_o(dec_own));
      assign dec = dec_own;
      always @(posedge clk_i) begin
        if (tbl_we_i && sel_ok && tbl_addr_i < TblWords) tbl_q[tbl_addr_i[TblAw-1:0]] <= tbl_wdata_i;
      end
      integer i0;
      initial for (i0 = 0; i0 < (1<<TblAw); i0 = i0 + 1) tbl_q[i0] = 32'd0;
    end else begin : gen_no_table
      assign dec = Bram != 0 ? {DecW{1'b0}} : bcast_dec_i;
      // (run_i and bcast_entry_i: the Bram = 1 path's)
      wire unused_tbl = &{1'b0, tbl_we_i, tbl_addr_i, tbl_wdata_i, bcast_i, run_i, bcast_entry_i};
    end
  endgenerate

  // ---- the slot memory: ports 0..SPorts-1 the step, SPorts the circuit ----
  // (a single-port router's step reads and stores one slot: xchg_pn_saf)
  localparam integer SPorts = Multiport != 0 ? NPorts : 1;
  wire [SPorts*SlotW-1:0] saf_rd_slot, saf_st_slot;
  wire [SPorts*MsgW-1:0]  saf_st_msg;
  wire [SPorts-1:0]       saf_take, saf_we;
  wire [SlotW-1:0]        inj_slot, ej_slot;
  wire                    inj_take, ej_we;
  wire [MsgW-1:0]         ej_msg;
  wire [(SPorts+1)*MsgW-1:0] rd_msg;
  wire [SPorts:0]         rd_full, st_full;
  xchg_pn_slots #(.NPorts(SPorts), .Slots(Slots), .SlotW(SlotW), .Circuit(Circuit)) u_slots (
    .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear_i && Bram == 0),
    .rd_slot_i({inj_slot, saf_rd_slot}), .rd_msg_o(rd_msg), .rd_full_o(rd_full),
    .rd_take_i({inj_take, saf_take}),
    .st_slot_i({ej_slot, saf_st_slot}), .st_full_o(st_full),
    .st_we_i({ej_we, saf_we}), .st_msg_i({ej_msg, saf_st_msg}),
    .bus_we_i(msg_we_i && Bram == 0), .bus_node_i(sel_i), .bus_id_i(node_id_i), .bus_addr_i(msg_addr_i),
    .bus_msg_i(msg_wdata_i)
  );

  // ---- the two kinds of step ----
  wire [OutW-1:0]         saf_link, cq_link;
  wire [NPorts*LaneW-1:0] saf_dlv, c_dlv;
  wire [NPorts-1:0]       saf_send, saf_recv, c_send, saf_dlv_now, c_dlv_now, cexp;
  wire [3:0]              saf_send_code, saf_arr_code, c_send_code, c_ej_code;
  wire [7:0]              saf_send_port, saf_arr_port, c_send_port, c_ej_port;
  `XCHG_PN_SAF_MODULE #(
    .NPorts(NPorts), .SlotW(SlotW), .Multiport(Multiport), .SPorts(SPorts), .OutLanes(OutLanes)
  ) u_saf (
    .step_i(step_i), .dec_i(dec), .link_mask_i(link_mask_i), .link_i(link_i), .arr_i(arr_i),
    .cexp_i(cexp),
    .rd_slot_o(saf_rd_slot), .rd_msg_i(rd_msg[SPorts*MsgW-1:0]), .rd_full_i(rd_full[SPorts-1:0]),
    .rd_take_o(saf_take), .st_slot_o(saf_st_slot), .st_full_i(st_full[SPorts-1:0]),
    .st_we_o(saf_we), .st_msg_o(saf_st_msg),
    .link_o(saf_link), .send_o(saf_send), .recv_o(saf_recv), .dlv_o(saf_dlv), .dlv_now_o(saf_dlv_now),
    .send_code_o(saf_send_code), .send_port_o(saf_send_port),
    .arr_code_o(saf_arr_code), .arr_port_o(saf_arr_port)
  );
  generate
    if (Circuit != 0) begin : gen_circuit
      xchg_pn_xbar #(
        .NPorts(NPorts), .Slots(Slots), .SlotW(SlotW), .Depth(Depth), .ListDepth(ListDepth)
      ) u_xbar (
        .clk_i(clk_i), .rst_ni(rst_ni), .node_id_i(node_id_i), .link_mask_i(link_mask_i),
        .clear_i(clear_i), .step_i(step_i), .circ_i(circ_i), .rel_i(rel_i), .ts_i(ts_i),
        .last_i(last_i), .sel_ok_i(sel_ok), .cir_we_i(cir_we_i), .cir_addr_i(cir_addr_i),
        .lst_we_i(lst_we_i), .lst_addr_i(lst_addr_i), .wdata_i(tbl_wdata_i), .link_i(link_i),
        .inj_slot_o(inj_slot), .inj_msg_i(rd_msg[SPorts*MsgW +: MsgW]), .inj_full_i(rd_full[SPorts]),
        .inj_take_o(inj_take), .ej_slot_o(ej_slot), .ej_full_i(st_full[SPorts]), .ej_we_o(ej_we),
        .ej_msg_o(ej_msg), .link_o(cq_link), .cexp_o(cexp), .dlv_o(c_dlv), .dlv_now_o(c_dlv_now),
        .send_code_o(c_send_code), .send_port_o(c_send_port),
        .ej_code_o(c_ej_code), .ej_port_o(c_ej_port)
      );
      // (OutLanes = NPorts here: a lane per port, a flit where it is valid)
      genvar cp;
      for (cp = 0; cp < NPorts; cp = cp + 1) begin : gen_csend
        assign c_send[cp] = cq_link[cp*LaneW + `XCHG_FLIT_VALID_BIT];
      end
      wire unused_carr = &{1'b0, arr_i}; // the lanes' valid bits say it
    end else begin : gen_no_circuit
      assign {inj_slot, inj_take, ej_slot, ej_we, ej_msg} = {(2*SlotW+2+MsgW){1'b0}};
      assign {cq_link, c_send, cexp, c_dlv, c_dlv_now} = {(OutW+NPorts*LaneW+3*NPorts){1'b0}};
      assign {c_send_code, c_send_port, c_ej_code, c_ej_port} = 24'd0;
      wire unused_circuit = &{1'b0, circ_i, rel_i, ts_i, last_i, cir_we_i, cir_addr_i, lst_we_i,
                              lst_addr_i, rd_msg[SPorts*MsgW +: MsgW], rd_full[SPorts], st_full[SPorts]};
    end
  endgenerate

  // ---- the single-port block-RAM path (Bram = 1) ----
  wire [OutW-1:0]         b_link;
  wire [NPorts*LaneW-1:0] b_dlv, b_dlv_d;
  wire [NPorts-1:0]       b_send, b_recv, b_dlv_now;
  wire [3:0]              b_send_code, b_arr_code;
  wire [7:0]              b_send_port, b_arr_port;
  generate
    if (Bram != 0) begin : gen_bram
      wire [SlotW-1:0] rd_slot_nx, rd_slot, st_slot;
      wire [MsgW-1:0]  rd_msg1, st_msg1;
      wire             rd_full1, rd_take1, st_full1, st_we1;
      xchg_pn_slots_1p #(.Slots(Slots), .SlotW(SlotW)) u_slots1 (
        .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear_i),
        .rd_slot_nx_i(rd_slot_nx), .rd_msg_o(rd_msg1), .rd_slot_i(rd_slot), .rd_full_o(rd_full1),
        .rd_take_i(rd_take1), .st_slot_i(st_slot), .st_full_o(st_full1), .st_we_i(st_we1),
        .st_msg_i(st_msg1), .bus_we_i(msg_we_i), .bus_ok_i(sel_ok && msg_addr_i < Slots),
        .bus_slot_i(msg_addr_i[SlotW-1:0]), .bus_msg_i(msg_wdata_i)
      );
      // the lanes with valid bits as arr_i says (each is the neighbour's
      // one lane, valid whatever port it leaves on)
      wire [NPorts*LaneW-1:0] b_in;
      wire [NPorts*LaneW-1:0] b_out;
      genvar bp;
      for (bp = 0; bp < NPorts; bp = bp + 1) begin : gen_bport
        wire [LaneW-1:0] ln = link_i; // the receiving port's (b_recv), one lane
        assign b_in[bp*LaneW +: LaneW] = {ln[LaneW-1:`XCHG_FLIT_VALID_BIT+1], arr_i[bp], ln[`XCHG_FLIT_VALID_BIT-1:0]};
        assign b_send[bp] = b_out[bp*LaneW + `XCHG_FLIT_VALID_BIT];
        wire unused_valid = &{1'b0, ln[`XCHG_FLIT_VALID_BIT]}; // arr_i says it
      end
      // every port carries the same bits but the valid one: port 0's lane,
      // valid when a port sends
      assign b_link = {b_out[LaneW-1:`XCHG_FLIT_VALID_BIT+1], |b_send, b_out[`XCHG_FLIT_VALID_BIT-1:0]};
      wire unused_bout = &{1'b0, b_out[NPorts*LaneW-1:LaneW]};
      xchg_pn_saf_1p #(.NPorts(NPorts), .Slots(Slots), .SlotW(SlotW), .HalfDuplex(HalfDuplex)) u_saf1 (
        .clk_i(clk_i), .rst_ni(rst_ni), .run_i(run_i), .step_i(step_i), .entry_nx_i(bcast_entry_i),
        .link_mask_i(link_mask_i), .link_i(b_in),
        .rd_slot_nx_o(rd_slot_nx), .rd_msg_i(rd_msg1), .rd_slot_o(rd_slot), .rd_full_i(rd_full1),
        .rd_take_o(rd_take1), .st_slot_o(st_slot), .st_full_i(st_full1), .st_we_o(st_we1),
        .st_msg_o(st_msg1), .link_o(b_out), .dlv_o(b_dlv), .dlv_d_o(b_dlv_d), .recv_o(b_recv), .dlv_now_o(b_dlv_now),
        .send_code_o(b_send_code), .send_port_o(b_send_port),
        .arr_code_o(b_arr_code), .arr_port_o(b_arr_port)
      );
    end else begin : gen_no_bram
      assign {b_link, b_send, b_recv, b_dlv, b_dlv_d, b_dlv_now} = {(OutW+2*NPorts*LaneW+3*NPorts){1'b0}};
      assign {b_send_code, b_arr_code, b_send_port, b_arr_port} = 24'd0;
    end
  endgenerate
  wire [3:0] send_code = Bram != 0 ? b_send_code : saf_send_code;
  wire [7:0] send_port = Bram != 0 ? b_send_port : saf_send_port;
  wire [3:0] arr_code  = Bram != 0 ? b_arr_code : saf_arr_code;
  wire [7:0] arr_port  = Bram != 0 ? b_arr_port : saf_arr_port;

  // ---- the error report: stages in the order the router checks them ----
  xchg_pn_err #(.Stages(4)) u_err (
    .clk_i(clk_i), .rst_ni(rst_ni), .clear_i(clear_i),
    .code_i({c_ej_code, arr_code, c_send_code, send_code}),
    .port_i({c_ej_port, arr_port, c_send_port, send_port}),
    .now_o(err_now_o), .code_o(err_code_o), .port_o(err_port_o)
  );

  // what leaves: store-and-forward sends (combinational) or the crossbar's
  // output registers (circuit steps); never both in one cycle
  assign link_o = Bram != 0 ? b_link : saf_link | cq_link;
  assign send_o = Bram != 0 ? b_send : saf_send | c_send;
  assign recv_o = Bram != 0 ? b_recv : saf_recv;
  // deliveries of this cycle (a step delivers or a circuit ejects, never both)
  wire [NPorts*LaneW-1:0] dlv_d = Bram != 0 ? b_dlv_d : saf_dlv | c_dlv;
  assign dlv_now_o = Bram != 0 ? b_dlv_now : saf_dlv_now | c_dlv_now;

  // dlv_q is written only in a cycle that delivers (a store-and-forward
  // delivery or any circuit cycle) and in the one after (back to 0): in
  // the others it is 0 already, and a simulator skips the write and the
  // flit selects behind it. With one input lane (OneDlv: a single-port
  // store-and-forward router, Bram = 0, up to 8 ports) every delivering
  // port delivers that lane: dlv_q is the one lane and dlv_on_q the ports
  // it was delivered on (a port's delivery is dlv_q where its bit is set,
  // else 0); otherwise dlv_q holds a lane a port and dlv_on_q is 1 bit.
  localparam integer OneDlv = (OutLanes == 1 && Circuit == 0 && Bram == 0 && NPorts <= 8) ? 1 : 0;
  localparam integer DlvW = OneDlv != 0 ? LaneW : NPorts * LaneW;
  localparam integer OnW  = OneDlv != 0 ? NPorts : 1;
  reg [OutW-1:0]         obs_link_q; // link_o and send_o in the last cycle
  reg [NPorts-1:0]       obs_send_q;
  reg [DlvW-1:0]         dlv_q;
  reg [OnW-1:0]          dlv_on_q; // dlv_q may be non-zero (OneDlv: on these ports)
  wire [DlvW-1:0]        dlv_w;    // what dlv_q takes
  wire [OnW-1:0]         dlv_on;
  // (a circuit cycle only with circuit mode: without it, circ_i is
  // never read, and dlv_d stays 0 in a circuit step anyway)
  generate
    if (OneDlv != 0) begin : gen_one_dlv
      assign dlv_on = saf_dlv_now;
      assign dlv_w  = |saf_dlv_now ? link_i[LaneW-1:0] : {LaneW{1'b0}};
      genvar dp;
      for (dp = 0; dp < NPorts; dp = dp + 1) begin : gen_dlv_port
        assign dlv_o[dp*LaneW +: LaneW] = dlv_on_q[dp] ? dlv_q : {LaneW{1'b0}};
      end
      wire unused_dlv = &{1'b0, dlv_d, b_dlv};
    end else begin : gen_lane_dlv
      assign dlv_on = (Bram != 0 ? |b_dlv_now : |saf_dlv_now) || (Circuit != 0 && circ_i);
      assign dlv_w  = dlv_d;
      assign dlv_o  = Bram != 0 ? b_dlv : dlv_q;
    end
  endgenerate
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      obs_link_q <= {OutW{1'b0}};
      obs_send_q <= {NPorts{1'b0}};
      dlv_q      <= {DlvW{1'b0}};
      dlv_on_q   <= {OnW{1'b0}};
    end else begin
      obs_link_q <= link_o;
      obs_send_q <= send_o;
      if (|dlv_on || |dlv_on_q) dlv_q <= dlv_w;
      dlv_on_q   <= dlv_on;
    end
  end
  // what is observed of a link: the flit it carried, per port
  xchg_pn_seen #(.NPorts(NPorts), .OutLanes(OutLanes)) u_seen (
    .link_i(obs_link_q), .send_i(obs_send_q), .seen_o(obs_link_o)
  );

  generate
    `XCHG_RANGE(gen_bad_ports, "xchg_router: NPorts", NPorts, 1, 32)
    `XCHG_PN_SLOTS_CHECK("xchg_router")
    if (Depth < 1 || Depth >= (1 << `XCHG_PN_STEP_W)) begin : gen_bad_depth
      initial $fatal(1, "xchg_router: Depth = %0d, allowed 1..%0d", Depth, (1 << `XCHG_PN_STEP_W) - 1);
    end
    if (Bram != 0 && (Bram != 1 || Multiport != 0 || Circuit != 0)) begin : gen_bad_bram
      initial $fatal(1, "xchg_router: Bram = %0d needs Multiport = 0, Circuit = 0", Bram);
    end
    if (Multiport < 0 || Multiport > 1 || HalfDuplex < 0 || HalfDuplex > 1 || Circuit < 0 || Circuit > 1) begin : gen_bad_model
      initial $fatal(1, "xchg_router: Multiport, HalfDuplex and Circuit are 0 or 1");
    end
  endgenerate
endmodule
`default_nettype wire
