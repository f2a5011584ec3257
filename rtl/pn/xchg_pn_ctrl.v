// SPDX-License-Identifier: MIT
// xchg_pn_ctrl: the control side of a product-network top: configuration
// bus and registers (map in sw/lib/xc_consts.def, docs/routers.md), the step
// counter that runs every router in lock-step, the broadcast step table,
// the delivery and error counters.
//
// Timing: CTRL.start written in cycle c loads step 1; steps 1..STEPS run in
// cycles c+1 .. c+STEPS, one per cycle; CYCLES counts c .. c+STEPS, i.e.
// STEPS + 1 (one cycle of start-up). A step whose budget word has
// CS_CIRCUIT_BIT set is a circuit step (wormhole): it lasts TS + budget
// cycles (at least 1), rel_o counting 1 .. that; CYCLES is then 1 + the
// sum of the step lengths. Bus reads return the registers as they
// are before the edge of the read cycle, one cycle later on bus_rdata_o.
`default_nettype none
`include "pn/xchg_pn_widths.vh"
`include "xchg_range.vh"

module xchg_pn_ctrl #(
`include "pn/xchg_pn_ctrl_params.vh"
) (
`include "pn/xchg_pn_ctrl_ports.vh"
);
  localparam integer EntryW   = `XCHG_PN_ENTRY_W(NPorts, SlotW);
  localparam integer Wpe      = `XCHG_PN_WPE(NPorts, SlotW);
  localparam integer TblWords = Depth * Wpe;
  localparam integer TblAw    = `XCHG_PN_AW(TblWords);
  localparam integer ListW    = $clog2(ListDepth);
  localparam integer CWpe     = `XCHG_PN_CWPE(NPorts, ListW, SlotW);
  localparam integer DepthAw  = `XCHG_PN_AW(Depth);
  localparam integer StepW    = `XCHG_PN_STEP_W;

  reg             bcast_q, running_q, done_q, err_seen_q;
  reg [StepW-1:0] steps_q, step_q;
  reg [31:0]      cycles_q, delivered_q, errors_q, err_info_q, err_step_q, sel_q, rdata_q, ts_q, rel_q;

  assign obs_status_o = 32'(running_q) << `XCHG_PN_STATUS_BUSY_BIT | 32'(done_q) << `XCHG_PN_STATUS_DONE_BIT |
                        32'(err_seen_q) << `XCHG_PN_STATUS_ERR_BIT;
  wire        ctrl_we   = bus_we_i && bus_addr_i == `XCHG_PN_REG_CTRL;
  wire        clear     = ctrl_we && bus_wdata_i[`XCHG_PN_CTRL_CLEAR_BIT];
  wire        sel_bcast = sel_q[`XCHG_PN_SEL_BCAST_BIT];
  localparam [31:0] Geom = NPorts << `XCHG_PN_GEOM_PORTS_LSB | SlotW << `XCHG_PN_GEOM_SLOT_BITS_LSB |
                           Wpe << `XCHG_PN_GEOM_WPE_LSB | Multiport << `XCHG_PN_GEOM_MULTIPORT_BIT |
                           HalfDuplex << `XCHG_PN_GEOM_HALF_DUPLEX_BIT;
  localparam [31:0] CGeom = CWpe << `XCHG_PN_CGEOM_WPE_LSB | ListW << `XCHG_PN_CGEOM_LIST_BITS_LSB;

  // ---- the windows: the memories the bus fills a word at a time ----
  // Window w has its pointer at bus address PTR (WinPtr) and its data
  // word at PTR + 1: a write to PTR sets the pointer, a write of the data
  // word steps it by one (the memory takes the word at the pointer, when
  // it may), a clear resets it. One loop for the five windows (messages,
  // tables, budgets, circuit tables, inject lists).
  localparam integer Wins = 5;
  localparam integer WMsg = 0, WTbl = 1, WBud = 2, WCir = 3, WLst = 4;  // w of each
  localparam integer AW = `XCHG_BUS_ADDR_W;
  localparam [Wins*AW-1:0] WinPtr = {AW'(`XCHG_PN_REG_LST_PTR), AW'(`XCHG_PN_REG_CIR_PTR),
                                     AW'(`XCHG_PN_REG_BUD_PTR), AW'(`XCHG_PN_REG_TBL_PTR), AW'(`XCHG_PN_REG_MSG_PTR)};
  wire [Wins*32-1:0] w_ptr;   // window w's pointer at w*32
  wire [Wins-1:0]    w_data;  // window w's data word is written in this cycle
  genvar wn;
  generate
    for (wn = 0; wn < Wins; wn = wn + 1) begin : gen_win
      localparam [AW-1:0] Ptr = WinPtr[wn*AW +: AW];
      reg [31:0] ptr_q;
      assign w_data[wn] = bus_we_i && bus_addr_i == Ptr + 1'b1;
      always @(posedge clk_i) begin
        if (!rst_ni || clear) ptr_q <= 32'd0;
        else if (bus_we_i && bus_addr_i == Ptr) ptr_q <= bus_wdata_i;
        else if (w_data[wn]) ptr_q <= ptr_q + 32'd1;
      end
      assign w_ptr[wn*32 +: 32] = ptr_q;
    end
  endgenerate
  wire [31:0] bud_ptr = w_ptr[WBud*32 +: 32];

  wire [StepW-1:0] step_idx = step_q - 1'b1;

  // ---- the step budgets: one word per step (circuit bit, cycles) ----
  reg [31:0] bud_q [0:(1<<DepthAw)-1];
  wire [31:0] bud = {{(32-StepW){1'b0}}, step_idx} < Depth ? bud_q[step_idx[DepthAw-1:0]] : 32'd0;
  wire        circ = running_q && bud[`XCHG_CS_CIRCUIT_BIT];
  wire [31:0] dur_sum = ts_q + {1'b0, bud[`XCHG_CS_CYCLES_LSB +: `XCHG_CS_CYCLES_W]};
  wire [31:0] dur = !bud[`XCHG_CS_CIRCUIT_BIT] || dur_sum == 32'd0 ? 32'd1 : dur_sum;
  wire        step_end = running_q && rel_q >= dur;
  always @(posedge clk_i) begin
    if (w_data[WBud] && !running_q && bud_ptr < Depth) bud_q[bud_ptr[DepthAw-1:0]] <= bus_wdata_i;
  end
  integer i1;
  initial for (i1 = 0; i1 < (1<<DepthAw); i1 = i1 + 1) bud_q[i1] = 32'd0;

  // ---- the broadcast step table ----
  // Ahead = 1: the entry of step step_q + 1, which runs in the next cycle
  // (the counter only counts up by one, or rests at 0 before step 1), so
  // that a router can address a synchronous block RAM with it
  wire [StepW-1:0] btbl_idx = Ahead != 0 ? step_q : step_idx;
  reg [31:0] btbl_q [0:(1<<TblAw)-1];
  wire [Wpe*32-1:0] bwords;
  // the entry's last bus word may have bits past EntryW
  wire unused_bwords = &{1'b0, bwords};
  genvar w;
  generate
    for (w = 0; w < Wpe; w = w + 1) begin : gen_bword
      wire [31:0] addr = {{(32-StepW){1'b0}}, btbl_idx} * Wpe + w;
      assign bwords[w*32 +: 32] = addr < TblWords ? btbl_q[addr[TblAw-1:0]] : 32'd0;
    end
  endgenerate
  always @(posedge clk_i) begin
    if (tbl_we_o && sel_bcast && tbl_addr_o < TblWords) btbl_q[tbl_addr_o[TblAw-1:0]] <= bus_wdata_i;
  end
  // BcastInit: a ROM image (an FPGA top running one node-invariant
  // schedule). Two generate branches, not an if in one initial block:
  // Yosys 0.23 lets the clearing loop win over the $readmemh there, and
  // the ROM came out all zeros (found by the torus top's gate-level
  // replay, docs/fpga.md). The simulation back door is in
  // rtl/dv/xchg_pn_ctrl_dv.v.
  generate
    if (BcastInit != "") begin : gen_rom
      initial $readmemh(BcastInit, btbl_q);
    end else begin : gen_ram
      integer i0;
      initial for (i0 = 0; i0 < (1<<TblAw); i0 = i0 + 1) btbl_q[i0] = 32'd0;
    end
  endgenerate

  // ---- this cycle's deliveries and errors: the routers' outputs only
  // (not the bus), so this block runs once per cycle; the error scan only
  // in a cycle with an error
  integer i;
  reg [31:0] n_dlv, n_err;
  reg        got_err;
  reg [31:0] first_info;
  always @* begin
    // a population count, not a loop over the bits: Verilator counts a
    // word at a time (a loop cost four instructions per router and cycle)
    n_dlv = 32'($countones(dlv_now_i));
    n_err = 32'd0;
    got_err = 1'b0;
    first_info = 32'd0;
    // (a router's error word is non-zero exactly when its first error
    // since clear happens, and its code is never 0 then)
    if (|err_now_i)
      for (i = 0; i < Nodes; i = i + 1)
        if (err_now_i[i*`XCHG_PN_ERR_NOW_W +: `XCHG_PN_ERR_CODE_W] != {`XCHG_PN_ERR_CODE_W{1'b0}}) begin
          n_err = n_err + 32'd1;
          if (!got_err) begin
            got_err = 1'b1;
            first_info[`XCHG_PN_ERR_NODE_LSB +: `XCHG_PN_ERR_NODE_W] = i[`XCHG_PN_ERR_NODE_W-1:0];
            first_info[`XCHG_PN_ERR_PORT_LSB +: `XCHG_PN_ERR_PORT_W] =
              err_now_i[i*`XCHG_PN_ERR_NOW_W + `XCHG_PN_ERR_CODE_W +: `XCHG_PN_ERR_PORT_W];
            first_info[`XCHG_PN_ERR_CODE_LSB +: `XCHG_PN_ERR_CODE_W] =
              err_now_i[i*`XCHG_PN_ERR_NOW_W +: `XCHG_PN_ERR_CODE_W];
          end
        end
  end

  // ---- next state ----
  // One clocked block, no always @* of next values (as in xchg_min_top):
  // the bus is read at the edge only, not at every evaluation. A bus write
  // comes last: its nonblocking assignments win over the counters'.
  wire start     = ctrl_we && bus_wdata_i[`XCHG_PN_CTRL_START_BIT] && !running_q && steps_q != {StepW{1'b0}} &&
                   {{(32-StepW){1'b0}}, steps_q} <= Depth;
  wire last_step = step_end && step_q == steps_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      {bcast_q, running_q, done_q, err_seen_q} <= 4'd0;
      {steps_q, step_q} <= {2*StepW{1'b0}};
      {cycles_q, delivered_q, errors_q, err_info_q, err_step_q, sel_q, rdata_q, ts_q, rel_q} <= {9*32{1'b0}};
    end else begin
      if (bus_re_i) begin
        case (bus_addr_i)
          `XCHG_PN_REG_ID:        rdata_q <= `XCHG_PN_ID_VALUE;
          `XCHG_PN_REG_NODES:     rdata_q <= Nodes;
          `XCHG_PN_REG_GEOM:      rdata_q <= Geom;
          `XCHG_PN_REG_CTRL:      rdata_q <= {29'd0, bcast_q, 2'd0};
          `XCHG_PN_REG_STATUS:    rdata_q <= obs_status_o;
          `XCHG_PN_REG_STEPS:     rdata_q <= {{(32-StepW){1'b0}}, steps_q};
          `XCHG_PN_REG_STEP:      rdata_q <= running_q ? {{(32-StepW){1'b0}}, step_q} : 32'd0;
          `XCHG_PN_REG_CYCLES:    rdata_q <= cycles_q;
          `XCHG_PN_REG_DELIVERED: rdata_q <= delivered_q;
          `XCHG_PN_REG_ERRORS:    rdata_q <= errors_q;
          `XCHG_PN_REG_ERR_INFO:  rdata_q <= err_info_q;
          `XCHG_PN_REG_ERR_STEP:  rdata_q <= err_step_q;
          `XCHG_PN_REG_SEL:       rdata_q <= sel_q;
          `XCHG_PN_REG_MSG_PTR:   rdata_q <= w_ptr[WMsg*32 +: 32];
          `XCHG_PN_REG_TBL_PTR:   rdata_q <= w_ptr[WTbl*32 +: 32];
          `XCHG_PN_REG_DEPTH:     rdata_q <= Depth;
          `XCHG_PN_REG_TS:        rdata_q <= ts_q;
          `XCHG_PN_REG_BUD_PTR:   rdata_q <= bud_ptr;
          `XCHG_PN_REG_CIR_PTR:   rdata_q <= w_ptr[WCir*32 +: 32];
          `XCHG_PN_REG_LST_PTR:   rdata_q <= w_ptr[WLst*32 +: 32];
          `XCHG_PN_REG_CGEOM:     rdata_q <= CGeom;
          default:                rdata_q <= 32'd0;
        endcase
      end

      if (got_err && !err_seen_q) begin
        err_info_q <= first_info;
        err_step_q <= running_q ? {{(32-StepW){1'b0}}, step_q} : 32'd0;
      end
      delivered_q <= delivered_q + n_dlv;
      errors_q    <= errors_q + n_err;
      err_seen_q  <= err_seen_q || got_err;
      cycles_q    <= cycles_q + {31'd0, running_q};
      running_q   <= running_q && !last_step;
      done_q      <= done_q || last_step;
      if (step_end) step_q <= last_step ? {StepW{1'b0}} : step_q + 1'b1;
      if (running_q) rel_q <= step_end ? 32'd1 : rel_q + 32'd1;

      if (bus_we_i) begin
        case (bus_addr_i)
          `XCHG_PN_REG_CTRL: begin
            bcast_q <= bus_wdata_i[`XCHG_PN_CTRL_BCAST_BIT];
            // a clear or a start restarts the counters and the first
            // error; a start runs step 1 (its first cycle counted), a
            // clear stops
            if (clear || start) begin
              {done_q, err_seen_q} <= 2'd0;
              {delivered_q, errors_q, err_info_q, err_step_q} <= {4*32{1'b0}};
              running_q <= !clear;
              step_q    <= {{(StepW-1){1'b0}}, !clear};
              {rel_q, cycles_q} <= {31'd0, !clear, 31'd0, !clear};
            end
            if (clear) sel_q <= 32'd0;
          end
          `XCHG_PN_REG_STEPS: if (!running_q) steps_q <= bus_wdata_i[`XCHG_PN_STEPS_N_LSB +: `XCHG_PN_STEPS_N_W];
          `XCHG_PN_REG_SEL:   sel_q <= bus_wdata_i;
          `XCHG_PN_REG_TS:    if (!running_q) ts_q <= bus_wdata_i;
          default: ;
        endcase
      end
    end
  end

  assign bus_rdata_o   = rdata_q;
  // to the routers
  assign clear_o       = clear;
  assign run_o         = running_q && !circ;
  assign step_o        = step_q;
  assign bcast_o       = bcast_q;
  assign bcast_entry_o = bwords[EntryW-1:0];
  // decoded here, once for all routers (Ahead = 1: unused, the routers'
  // single-port path runs the entry itself)
  xchg_pn_dec #(
    .NPorts(NPorts), .Slots(Slots), .SlotW(SlotW), .Multiport(Multiport), .HalfDuplex(HalfDuplex)
  ) u_dec (.run_i(run_o && Ahead == 0), .entry_i(bwords[EntryW-1:0]), .dec_o(bcast_dec_o));
  // the windows' words, to the node sel_o names (the broadcast table: here)
  assign sel_o         = sel_q;
  assign msg_we_o      = w_data[WMsg] && !running_q && !sel_bcast;
  assign msg_addr_o    = w_ptr[WMsg*32 +: 32];
  assign msg_wdata_o   = bus_wdata_i[`XCHG_MSG_W-1:0];
  assign tbl_we_o      = w_data[WTbl] && !running_q;
  assign tbl_addr_o    = w_ptr[WTbl*32 +: 32];
  assign tbl_wdata_o   = bus_wdata_i;
  assign cir_we_o      = w_data[WCir] && !running_q;
  assign cir_addr_o    = w_ptr[WCir*32 +: 32];
  assign lst_we_o      = w_data[WLst] && !running_q;
  assign lst_addr_o    = w_ptr[WLst*32 +: 32];
  // circuit steps
  assign circ_o        = circ;
  assign rel_o         = rel_q;
  assign ts_o          = ts_q;
  assign last_o        = step_end;
  // observation: the registers themselves
  assign obs_step_o      = {{(32-StepW){1'b0}}, step_q};
  assign obs_cycles_o    = cycles_q;
  assign obs_delivered_o = delivered_q;
  assign obs_errors_o    = errors_q;
  assign obs_err_info_o  = err_info_q;
  assign obs_err_step_o  = err_step_q;

  generate
    if (Nodes < 2 || Nodes > (1 << `XCHG_ADDR_W)) begin : gen_bad_nodes
      initial $fatal(1, "xchg_pn_ctrl: Nodes = %0d, allowed 2..%0d", Nodes, 1 << `XCHG_ADDR_W);
    end
    `XCHG_RANGE(gen_bad_ports, "xchg_pn_ctrl: NPorts", NPorts, 1, 32)
    if (SlotW < 1 || SlotW > `XCHG_PN_SLOT_W_MAX) begin : gen_bad_slotw
      initial $fatal(1, "xchg_pn_ctrl: SlotW = %0d, allowed 1..%0d", SlotW, `XCHG_PN_SLOT_W_MAX);
    end
    if (Ahead < 0 || Ahead > 1) begin : gen_bad_ahead
      initial $fatal(1, "xchg_pn_ctrl: Ahead = %0d, allowed 0 or 1", Ahead);
    end
    if (Depth < 1 || Depth >= (1 << StepW)) begin : gen_bad_depth
      initial $fatal(1, "xchg_pn_ctrl: Depth = %0d, allowed 1..%0d", Depth, (1 << StepW) - 1);
    end
  endgenerate
endmodule
`default_nettype wire
