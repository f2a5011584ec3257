// SPDX-License-Identifier: MIT
// xchg_min_top: the banyan MIN with its configuration bus, message
// memory, injector and counters: what the control processor sees. The
// register map is in sw/lib/xc_consts.def (docs/min-hw.md explains it).
//
// Timing: a CTRL.start written at edge t starts injection at edge t+1; one
// wave (step x = 0, 1, ..., N-1) enters the injection registers per edge;
// stage k's output register holds a wave k+1 edges after its injection.
// CYCLES counts the edges from the first injection to the last delivery,
// both included: N + log2 N for the pipelined XOR method.
`default_nettype none
`include "xchg_consts.vh"
`include "xchg_range.vh"

module xchg_min_top #(
  parameter integer LogN     = 3,  // log2 N, 1..10 (N = 2..1024 inputs)
  parameter integer Topology = 0,  // `XCHG_TOPO_*, reported in PARAMS only
  // wiring of xchg_banyan, computed by `xchg` (default: butterfly N = 8)
  parameter [(LogN+1)*LogN*4-1:0] Wiring    = 48'h210_201_012_210,
  parameter [LogN*4-1:0]          RouteBits = 12'h012
) (
  input  wire                                clk_i,
  input  wire                                rst_ni,
  // configuration bus: one access per cycle, read data registered
  input  wire                                bus_we_i,
  input  wire                                bus_re_i,
  input  wire [`XCHG_BUS_ADDR_W-1:0]         bus_addr_i,
  input  wire [31:0]                         bus_wdata_i,
  output wire [31:0]                         bus_rdata_o,
  // observation for the lock-step harness
  output wire [(LogN+1)*(1<<LogN)*`XCHG_FLIT_W-1:0] obs_flit_o, // level lv line i at (lv*N+i)*FlitW
  output wire [LogN*(1<<LogN)/2-1:0]         obs_set_o,
  output wire [31:0]                         obs_status_o,
  output wire [31:0]                         obs_cycles_o,
  output wire [31:0]                         obs_injected_o,
  output wire [31:0]                         obs_delivered_o,
  output wire [31:0]                         obs_conflicts_o
);
  localparam integer N     = 1 << LogN;
  localparam integer Half  = N / 2;
  localparam integer FlitW = `XCHG_FLIT_W;
  localparam integer MsgW  = `XCHG_MSG_W;
  localparam integer CfgW  = Half * LogN;
  localparam integer CfgWords = (CfgW + 31) / 32;  // CFG_DATA words
  localparam [LogN:0] Steps = {1'b1, {LogN{1'b0}}}; // N waves in one exchange

  // ---- registers ----
  reg [`XCHG_CTRL_MODE_W-1:0] mode_q;
  reg [LogN:0]     step_cnt_q;                    // waves injected, 0..N
  reg              running_q;                     // pipelined injection on
  reg              step_pending_q;                // table mode: inject one wave
  reg              inj_seen_q;
  reg              done_q;
  reg              conflict_seen_q;
  reg [31:0]       cfg_ptr_q;
  reg [31:0]       msg_ptr_q;
  reg [CfgWords*32-1:0] cfg_q;                    // written a word at a time
  reg [31:0]       cycles_q;
  reg [31:0]       delivered_q;
  reg [31:0]       conflicts_q;
  reg [31:0]       rdata_q;
  reg [CfgW-1:0]   inj_cfg_q;

  // What the last edge did, from the registers (the banyan counts its
  // switches' registers): the counters below hold the sums before it.
  // Why not next values added at the edge: the switches would have to
  // compute their next state at every eval for the counters to read.
  // done: the last wave is in and nothing left in stages 0..n-2 or the
  // injection registers (the last stage's flits are delivered).
  wire [LogN:0]    n_deliver;
  wire             moving;
  wire [31:0]      n_conflict;   // nonzero in self mode only
  wire             inj_live;     // the injection registers hold a wave
  wire             done = done_q || (inj_seen_q && step_cnt_q == Steps && !inj_live && !moving);
  wire [31:0]      delivered = delivered_q + {{(31-LogN){1'b0}}, n_deliver};
  wire [31:0]      conflicts = conflicts_q + n_conflict;
  wire             conflict_seen = conflict_seen_q || n_conflict != 32'd0;
  wire             busy = running_q || step_pending_q || (inj_seen_q && !done);
  assign obs_status_o = 32'(busy) << `XCHG_STATUS_BUSY_BIT | 32'(done) << `XCHG_STATUS_DONE_BIT |
                        32'(conflict_seen) << `XCHG_STATUS_CONFLICT_BIT;
  wire             inject = (running_q || step_pending_q) && (step_cnt_q < Steps);
  wire             ctrl_we = bus_we_i && bus_addr_i == `XCHG_REG_CTRL;
  wire             clear   = ctrl_we && bus_wdata_i[`XCHG_CTRL_CLEAR_BIT];

  // ---- the message memory and the injection registers (level 0) ----
  wire [N*FlitW-1:0] inj_flit;
  wire               msg_we = bus_we_i && bus_addr_i == `XCHG_REG_MSG_DATA && msg_ptr_q < N*N;
  xchg_msg_mem #(.LogN(LogN)) u_mem (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .clear_i   (clear),
    .we_i      (msg_we),
    .waddr_i   (msg_ptr_q[2*LogN-1:0]),
    .wdata_i   (bus_wdata_i[MsgW-1:0]),
    .inject_i  (inject),
    .step_i    (step_cnt_q[LogN-1:0]),
    .inj_flit_o(inj_flit),
    .inj_live_o(inj_live)
  );

  // ---- the network ----
  wire [LogN*N*FlitW-1:0] stage_flit;

  // the bit vectors of deliveries and conflicts serve the FPGA top; the
  // counters take the counts
  /* verilator lint_off PINCONNECTEMPTY */
  xchg_banyan #(
    .LogN     (LogN),
    .Wiring   (Wiring),
    .RouteBits(RouteBits)
  ) u_banyan (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .flush_i     (clear),
    .mode_i      (mode_q),
    .cfg_i       (cfg_q[CfgW-1:0]),
    .inj_flit_i  (inj_flit),
    .inj_live_i  (inj_live),
    .inj_cfg_i   (inj_cfg_q),
    .stage_flit_o(stage_flit),
    .set_o       (obs_set_o),
    .deliver_o   (),
    .n_deliver_o (n_deliver),
    .moving_o    (moving),
    .conflict_o  (),
    .n_conflict_o(n_conflict)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // ---- next state ----
  // Why one clocked block and no always @* of next values: logic that
  // reads the bus inputs combinationally is evaluated by the simulator at
  // every eval (each cycle and more), whether or not a register changes;
  // here the bus is read only at the clock edge. The counters' next values
  // (*_n) depend on registers and the network only.
  wire        cfg_we = bus_we_i && bus_addr_i == `XCHG_REG_CFG_DATA && cfg_ptr_q < CfgWords;
  wire [LogN:0] step_cnt_n = step_cnt_q + {{LogN{1'b0}}, inject};
  wire          inj_seen_n = inj_seen_q || inject;
  // CTRL written with clear, or with start while idle: counters restart
  wire          restart = ctrl_we && (bus_wdata_i[`XCHG_CTRL_CLEAR_BIT] ||
                                      (bus_wdata_i[`XCHG_CTRL_START_BIT] && !busy));
  wire [`XCHG_CTRL_MODE_W-1:0] ctrl_mode = bus_wdata_i[`XCHG_CTRL_MODE_LSB +: `XCHG_CTRL_MODE_W];

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      mode_q          <= 2'd0;
      step_cnt_q      <= {(LogN+1){1'b0}};
      running_q       <= 1'b0;
      step_pending_q  <= 1'b0;
      inj_seen_q      <= 1'b0;
      done_q          <= 1'b0;
      conflict_seen_q <= 1'b0;
      cfg_ptr_q       <= 32'd0;
      msg_ptr_q       <= 32'd0;
      cycles_q        <= 32'd0;
      delivered_q     <= 32'd0;
      conflicts_q     <= 32'd0;
      rdata_q         <= 32'd0;
    end else begin
      // bus read: registers as they are before this edge
      if (bus_re_i) begin
        case (bus_addr_i)
          `XCHG_REG_ID:        rdata_q <= `XCHG_ID_VALUE;
          `XCHG_REG_PARAMS:    rdata_q <= LogN << `XCHG_PARAMS_LOGN_LSB | Topology << `XCHG_PARAMS_TOPO_LSB |
                                          FlitW << `XCHG_PARAMS_FLIT_BITS_LSB;
          `XCHG_REG_CTRL:      rdata_q <= {{(32-`XCHG_CTRL_MODE_W){1'b0}}, mode_q} << `XCHG_CTRL_MODE_LSB;
          `XCHG_REG_STATUS:    rdata_q <= obs_status_o;
          `XCHG_REG_CYCLES:    rdata_q <= cycles_q;
          `XCHG_REG_INJECTED:  rdata_q <= {{(31-LogN){1'b0}}, step_cnt_q};
          `XCHG_REG_DELIVERED: rdata_q <= delivered;
          `XCHG_REG_CONFLICTS: rdata_q <= conflicts;
          `XCHG_REG_CFG_PTR:   rdata_q <= cfg_ptr_q;
          `XCHG_REG_MSG_PTR:   rdata_q <= msg_ptr_q;
          default:             rdata_q <= 32'd0;
        endcase
      end

      // counters (a bus write below overrides them: the later
      // nonblocking assignment wins)
      step_cnt_q      <= step_cnt_n;
      inj_seen_q      <= inj_seen_n;
      done_q          <= done;
      running_q       <= running_q && step_cnt_n < Steps;
      cycles_q        <= cycles_q + {31'd0, (inject || inj_seen_q) && !done};
      delivered_q     <= delivered;
      conflicts_q     <= conflicts;
      conflict_seen_q <= conflict_seen;
      step_pending_q  <= 1'b0;

      // bus write: takes effect at this edge
      if (bus_we_i) begin
        case (bus_addr_i)
          `XCHG_REG_CTRL: begin
            mode_q <= ctrl_mode;
            if (restart) begin
              step_cnt_q      <= {(LogN+1){1'b0}};
              inj_seen_q      <= 1'b0;
              done_q          <= 1'b0;
              conflict_seen_q <= 1'b0;
              cycles_q        <= 32'd0;
              delivered_q     <= 32'd0;
              conflicts_q     <= 32'd0;
              running_q       <= !bus_wdata_i[`XCHG_CTRL_CLEAR_BIT] && ctrl_mode != `XCHG_MODE_TABLE;
              if (bus_wdata_i[`XCHG_CTRL_CLEAR_BIT]) begin
                cfg_ptr_q <= 32'd0;
                msg_ptr_q <= 32'd0;
              end
            end
            // the step counter restarts at 0 (< Steps) or goes on
            if (bus_wdata_i[`XCHG_CTRL_STEP_BIT] && !bus_wdata_i[`XCHG_CTRL_CLEAR_BIT] &&
                !running_q && (restart || step_cnt_n < Steps))
              step_pending_q <= 1'b1;
          end
          `XCHG_REG_CFG_PTR:  cfg_ptr_q <= bus_wdata_i;
          `XCHG_REG_CFG_DATA: cfg_ptr_q <= cfg_ptr_q + 32'd1;
          `XCHG_REG_MSG_PTR:  msg_ptr_q <= bus_wdata_i;
          `XCHG_REG_MSG_DATA: msg_ptr_q <= msg_ptr_q + 32'd1;
          default: ;
        endcase
      end
    end
  end

  // The configuration and the configuration the injected wave carries:
  // each written only in the cycles it changes.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_q     <= {CfgWords*32{1'b0}};
      inj_cfg_q <= {CfgW{1'b0}};
    end else begin
      if (cfg_we) cfg_q[cfg_ptr_q[$clog2(CfgWords+1)-1:0]*32 +: 32] <= bus_wdata_i;
      if (inject) inj_cfg_q <= cfg_q[CfgW-1:0];
    end
  end

  generate
    if (CfgW % 32 != 0) begin : gen_cfg_pad
      wire unused_cfg_pad = &{1'b0, cfg_q[CfgWords*32-1:CfgW]};  // past the last switch
    end
  endgenerate

  // ---- outputs ----
  assign bus_rdata_o     = rdata_q;
  assign obs_flit_o      = {stage_flit, inj_flit};
  assign obs_cycles_o    = cycles_q;
  assign obs_injected_o  = {{(31-LogN){1'b0}}, step_cnt_q};
  assign obs_delivered_o = delivered;
  assign obs_conflicts_o = conflicts;

  generate
    `XCHG_RANGE(gen_bad_logn, "xchg_min_top: LogN", LogN, 1, 10)
    `XCHG_RANGE(gen_bad_topology, "xchg_min_top: Topology", Topology, 0, 4)
  endgenerate
endmodule
`default_nettype wire
