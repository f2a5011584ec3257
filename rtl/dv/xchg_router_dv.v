// SPDX-License-Identifier: MIT
// xchg_router_dv: the simulation shell around xchg_router (never read by
// synthesis). The generated xchg_pn_top instantiates it as u_n<v> when
// SYNTHESIS is not defined; it adds what only a simulation has:
//
// Fault injection: up to `XCHG_FAULT_SLOTS faults,
//   +xchg_f<i>_kind=K +xchg_f<i>_node=V [+xchg_f<i>_port=P] +xchg_f<i>_cycle=C:
// at edge C after reset, node V's flit leaving on port P (default: its
// lowest sending port) is dropped, duplicated onto port P+1, corrupted
// (source bit 0) or sent on port P+1 instead (kinds `XCHG_FAULT_*). Only a
// shell whose node a fault names is armed (at reset); the others pass the
// router's links through. A router with one output lane (OutLanes = 1,
// `XCHG_PN_OUT_LANES) sends one flit on the ports send_o names: a fault
// then changes those bits (drop, duplicate, move) or the lane (corrupt,
// when port P carries the flit); with a lane per port it changes lanes.
//
// Back door (for big networks, `xchg run --load back`): the harness writes
// the router's memories (u_rtr.u_slots.msg_m / tag_m, u_rtr.gen_table.tbl_q,
// u_rtr.gen_circuit.u_xbar.ctbl_q / lst_q) straight into the Verilated
// model after its reset (sim/harness/xc_lockstep_pn.c, public in
// sim/xchg_pn.vlt). Nothing here: a file name per instance (%m) made the
// Verilated model carry one initial block per router (43 MB of C++ at 64x64).
//
// The waves (sim/wave/xc_gtkw_pn.c) name u_n<v>.err_code_q and
// u_n<v>.gen_port[p].link_flit / dlv_flit: they are here.
`default_nettype none
`include "pn/xchg_pn_widths.vh"
`include "xchg_fault_args.vh"

// Waves: only the names below ("names for the waves") and what the
// routers' ports carry there are traced, not the fault slots or the
// router's internals (sim/xchg_pn.vlt): trace code per router stays small.
/*verilator tracing_off*/
module xchg_router_dv #(
`include "pn/xchg_router_params.vh"
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,
  input  wire [`XCHG_ADDR_W-1:0]    node_id_i,
  input  wire [NPorts-1:0]          link_mask_i,
  input  wire                       clear_i,
  input  wire                       run_i,
  input  wire [`XCHG_PN_STEP_W-1:0] step_i,
  input  wire                       bcast_i,
  input  wire [`XCHG_PN_ENTRY_W(NPorts, SlotW)-1:0] bcast_entry_i,
  input  wire [`XCHG_PN_DEC_W(NPorts, SlotW, Multiport)-1:0] bcast_dec_i,
  input  wire [31:0]                sel_i,
  input  wire                       msg_we_i,
  input  wire [31:0]                msg_addr_i,
  input  wire [`XCHG_MSG_W-1:0]     msg_wdata_i,
  input  wire                       tbl_we_i,
  input  wire [31:0]                tbl_addr_i,
  input  wire [31:0]                tbl_wdata_i,
  input  wire                       circ_i,
  input  wire [31:0]                rel_i,
  input  wire [31:0]                ts_i,
  input  wire                       last_i,
  input  wire                       cir_we_i,
  input  wire [31:0]                cir_addr_i,
  input  wire                       lst_we_i,
  input  wire [31:0]                lst_addr_i,
  input  wire [`XCHG_PN_OUT_LANES(NPorts, Multiport, Circuit)*`XCHG_PN_LANE_W-1:0] link_i, // as xchg_router's
  input  wire [NPorts-1:0]          arr_i,
  output wire [NPorts-1:0]          recv_o,
  output reg  [`XCHG_PN_OUT_LANES(NPorts, Multiport, Circuit)*`XCHG_PN_LANE_W-1:0] link_o, // the router's, after any fault
  output reg  [NPorts-1:0]          send_o,
  output wire [NPorts*`XCHG_PN_LANE_W-1:0] obs_link_o, // what left in the last cycle (faults included)
  output wire [NPorts*`XCHG_PN_LANE_W-1:0] dlv_o,
  output wire [NPorts-1:0]          dlv_now_o,
  output wire [3:0]                 err_code_o,
  output wire [7:0]                 err_port_o,
  output wire [`XCHG_PN_ERR_NOW_W-1:0] err_now_o
);
  /*verilator no_inline_module*/ // one class for all routers: builds stay small
  localparam integer FlitW  = `XCHG_FLIT_W;
  localparam integer LaneW  = `XCHG_PN_LANE_W;
  localparam integer OutLanes = `XCHG_PN_OUT_LANES(NPorts, Multiport, Circuit);
  localparam integer OutW   = OutLanes * LaneW;

  // The controller's signals, which every router reads alike: in a
  // Verilated router model (XCHG_PN_SHARED_CTRL, sim/xchg_pn.vc) read in
  // place in the network top by an upward reference, not from this
  // shell's inputs, which the top then ties to 0: an input of a router is
  // a variable of each router, copied from the top every cycle (seven
  // copies a router-cycle with a broadcast table). Elsewhere (Icarus,
  // lint) the inputs.
`ifdef XCHG_PN_SHARED_CTRL
`define XCHG_PN_CTRL_SIG(s) xchg_pn_top.s
  wire unused_ctrl_i = &{1'b0, clear_i, run_i, step_i, bcast_i, bcast_entry_i, bcast_dec_i, sel_i, msg_we_i,
                         msg_addr_i, msg_wdata_i, tbl_we_i, tbl_addr_i, tbl_wdata_i, circ_i, rel_i, ts_i,
                         last_i, cir_we_i, cir_addr_i, lst_we_i, lst_addr_i};
`else
`define XCHG_PN_CTRL_SIG(s) s``_i
`endif
  wire [OutW-1:0]         r_link;
  wire [NPorts-1:0]       r_send;
  wire [NPorts*LaneW-1:0] r_obs_link;
  xchg_router #(
    .NPorts(NPorts), .Slots(Slots), .SlotW(SlotW), .Depth(Depth), .PerNode(PerNode),
    .Multiport(Multiport), .HalfDuplex(HalfDuplex), .Circuit(Circuit), .ListDepth(ListDepth),
    .Bram(Bram)
  ) u_rtr (
    .clk_i(clk_i), .rst_ni(rst_ni), .node_id_i(node_id_i), .link_mask_i(link_mask_i),
    .clear_i(`XCHG_PN_CTRL_SIG(clear)), .run_i(`XCHG_PN_CTRL_SIG(run)), .step_i(`XCHG_PN_CTRL_SIG(step)),
    .bcast_i(`XCHG_PN_CTRL_SIG(bcast)), .bcast_entry_i(`XCHG_PN_CTRL_SIG(bcast_entry)),
    .bcast_dec_i(`XCHG_PN_CTRL_SIG(bcast_dec)), .sel_i(`XCHG_PN_CTRL_SIG(sel)),
    .msg_we_i(`XCHG_PN_CTRL_SIG(msg_we)), .msg_addr_i(`XCHG_PN_CTRL_SIG(msg_addr)),
    .msg_wdata_i(`XCHG_PN_CTRL_SIG(msg_wdata)), .tbl_we_i(`XCHG_PN_CTRL_SIG(tbl_we)),
    .tbl_addr_i(`XCHG_PN_CTRL_SIG(tbl_addr)), .tbl_wdata_i(`XCHG_PN_CTRL_SIG(tbl_wdata)),
    .circ_i(`XCHG_PN_CTRL_SIG(circ)), .rel_i(`XCHG_PN_CTRL_SIG(rel)), .ts_i(`XCHG_PN_CTRL_SIG(ts)),
    .last_i(`XCHG_PN_CTRL_SIG(last)), .cir_we_i(`XCHG_PN_CTRL_SIG(cir_we)),
    .cir_addr_i(`XCHG_PN_CTRL_SIG(cir_addr)), .lst_we_i(`XCHG_PN_CTRL_SIG(lst_we)),
    .lst_addr_i(`XCHG_PN_CTRL_SIG(lst_addr)),
    .link_i(link_i), .arr_i(arr_i), .recv_o(recv_o), .link_o(r_link), .send_o(r_send), .obs_link_o(r_obs_link), .dlv_o(dlv_o),
    .dlv_now_o(dlv_now_o), .err_code_o(err_code_o), .err_port_o(err_port_o), .err_now_o(err_now_o)
  );

  // ---- fault injection ----
  localparam integer FSlots = `XCHG_FAULT_SLOTS;
`ifdef XCHG_NO_FAULTS
  // A model for runs without faults (sim/Makefile FAULTS=0): the links
  // pass through, and nothing ever fires. Verilator keeps a copy of the
  // fault logic per router until it merges them: without it the build's
  // front end needs about 40% less memory (docs/bench.md "Builds").
  /* verilator lint_off UNUSEDSIGNAL */
  reg [FSlots-1:0] fired_q;  // read by the harness only
  /* verilator lint_on UNUSEDSIGNAL */
  always @(posedge clk_i) fired_q <= {FSlots{1'b0}};
  always @* begin
    link_o = r_link;
    send_o = r_send;
  end
`else
  integer f_kind [0:FSlots-1];
  integer f_node [0:FSlots-1];
  integer f_port [0:FSlots-1];
  integer f_cycle [0:FSlots-1];
  integer p_val;  // a plusarg's value (Icarus reads plusargs into plain variables only)
  integer fs, fp, fq, fl;
  initial begin
    `XCHG_FAULT_ARGS(node, port)
  end

  // armed at reset when a fault names this node; cyc_q counts the edges
  // since reset, as xchg_pn_ctrl's CYCLES base does. fired_q: bit s, slot s's fault changed what left this
  // router (a flit, the ports it left on) at some edge; xchg run reads it
  // once at the end (public, sim/xchg_pn.vlt). Only an armed shell tests.
  reg        armed_q, armed_d;
  reg [31:0] cyc_q;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [FSlots-1:0] fired_q;  // read by the harness only
  /* verilator lint_on UNUSEDSIGNAL */
  reg [FSlots-1:0] fired_now;  // the slots whose fault changed this cycle's links (armed shells only)
  always @* begin
    armed_d = 1'b0;
    for (fs = 0; fs < FSlots; fs = fs + 1)
      if (f_kind[fs] != 0 && f_node[fs] == {{(32-`XCHG_ADDR_W){1'b0}}, node_id_i}) armed_d = 1'b1;
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      armed_q <= armed_d;
      cyc_q   <= 32'd0;
      fired_q <= {FSlots{1'b0}};
    end else if (armed_q) begin
      cyc_q   <= cyc_q + 32'd1;
      // the slots that changed this cycle's links (the fault logic below
      // tells: reading cyc_q or the router's links here made the
      // simulator keep copies of them in every router at every edge)
      if (fired_now != {FSlots{1'b0}})
        fired_q <= fired_q | fired_now;
    end
  end

  // a fault on the flit leaving on port fp: with one lane, the ports
  // send_o names (corrupt: the lane, if fp carries it); else lane fp, and
  // send_o follows the lanes' valid bits. (No tasks: Verilator names a
  // task's variables per call and instance, one router code copy each.)
  always @* begin
    link_o = r_link;
    send_o = r_send;
    if (armed_q) begin
      for (fs = 0; fs < FSlots; fs = fs + 1) begin
        fired_now[fs] = f_kind[fs] != 0 && f_node[fs] == {{(32-`XCHG_ADDR_W){1'b0}}, node_id_i} &&
                        cyc_q + 32'd1 == f_cycle[fs];
        if (fired_now[fs]) begin
          fp = f_port[fs];
          if (fp < 0)
            for (fq = NPorts - 1; fq >= 0; fq = fq - 1)
              if (r_send[fq]) fp = fq;
          if (fp >= 0 && fp < NPorts) begin
            fq = (fp + 1) % NPorts;
            if (OutLanes == 1)
              case (f_kind[fs])
                `XCHG_FAULT_DROP:    send_o[fp] = 1'b0;
                `XCHG_FAULT_DUP:     send_o[fq] = send_o[fp];
                `XCHG_FAULT_CORRUPT: if (send_o[fp]) link_o[`XCHG_FLIT_SRC_LSB] = ~link_o[`XCHG_FLIT_SRC_LSB];
                `XCHG_FAULT_PORT: begin
                  send_o[fq] = send_o[fp];
                  send_o[fp] = 1'b0;
                end
                default: ;
              endcase
            else begin
              case (f_kind[fs])
                `XCHG_FAULT_DROP:    link_o[fp*LaneW +: LaneW] = {LaneW{1'b0}};
                `XCHG_FAULT_DUP:     link_o[fq*LaneW +: LaneW] = link_o[fp*LaneW +: LaneW];
                `XCHG_FAULT_CORRUPT: link_o[fp*LaneW + `XCHG_FLIT_SRC_LSB] = ~link_o[fp*LaneW + `XCHG_FLIT_SRC_LSB];
                `XCHG_FAULT_PORT: begin
                  link_o[fq*LaneW +: LaneW] = link_o[fp*LaneW +: LaneW];
                  link_o[fp*LaneW +: LaneW] = {LaneW{1'b0}};
                end
                default: ;
              endcase
              for (fl = 0; fl < NPorts; fl = fl + 1) send_o[fl] = link_o[fl*LaneW + `XCHG_FLIT_VALID_BIT];
            end
          end
        end
      end
      if ({link_o, send_o} == {r_link, r_send})
        fired_now = {FSlots{1'b0}};  // the faults that acted changed nothing
    end
  end
`endif

  // what left, as observed: the links after any fault, registered here
  // (the router's own obs_link_o is the same register before the faults).
  // The harness reads this register and dlv_o in place, in each router's
  // instance (public in sim/xchg_pn.vlt): the top copies no flits.
  // (per port, as the router's own obs_link_o: xchg_pn_seen)
  reg [OutW-1:0]   obs_link_q;
  reg [NPorts-1:0] obs_send_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      obs_link_q <= {OutW{1'b0}};
      obs_send_q <= {NPorts{1'b0}};
    end else begin
      obs_link_q <= link_o;
      obs_send_q <= send_o;
    end
  end
  xchg_pn_seen #(.NPorts(NPorts), .OutLanes(OutLanes)) u_seen (
    .link_i(obs_link_q), .send_i(obs_send_q), .seen_o(obs_link_o)
  );
  wire unused_obs = &{1'b0, r_obs_link};
`undef XCHG_PN_CTRL_SIG

  // ---- names for the waves ----
  /*verilator tracing_on*/
  wire [3:0] err_code_q = err_code_o; // the first error since clear (a register in u_rtr.u_err)
  wire unused_err_code_q = &{1'b0, err_code_q};
  genvar gp;
  generate
    for (gp = 0; gp < NPorts; gp = gp + 1) begin : gen_port
      // during the cycle of a step (the lock-step compares them at its end)
      wire [FlitW-1:0] link_flit = send_o[gp] ?                      // leaving on port gp
                                   link_o[(OutLanes == 1 ? 0 : gp)*LaneW +: FlitW] : {FlitW{1'b0}};
      wire [FlitW-1:0] dlv_flit  = u_rtr.dlv_d[gp*LaneW +: FlitW];  // arriving on gp, delivered
      wire unused_waves = &{1'b0, link_flit, dlv_flit};             // read by the waves only
    end
  endgenerate
endmodule
`default_nettype wire
