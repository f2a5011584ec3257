// SPDX-License-Identifier: MIT
// xchg_banyan: the datapath of a log2 N-stage banyan MIN, N/2 xchg_sw2x2
// per stage, pipelined (a new wave can enter every cycle). In simulation
// each switch sits in its shell rtl/dv/xchg_sw2x2_dv.v (fault injection;
// a user's switch in place of ours).
//
// The wiring is data, not code: Wiring and RouteBits are computed by the C
// library (sw/min/xc_min.c, `xchg` passes them in) from the topology name, so
// C and RTL cannot disagree. Boundary b (0 before stage 0, k+1 after stage
// k, LogN after the last) moves the flit on line a to the line whose bit j
// is bit Wiring[(b*LogN + j)*4 +: 4] of a. Switch h of every stage joins
// lines 2h and 2h+1.
`default_nettype none
`include "xchg_consts.vh"

module xchg_banyan #(
  parameter integer LogN = 3,  // log2 of the number of lines N, 1..10
  // Bit permutation of each wiring boundary, 4 bits per entry (see above).
  // The default is the butterfly of N = 8.
  parameter [(LogN+1)*LogN*4-1:0] Wiring = 48'h210_201_012_210,
  // Stage k's output port becomes bit RouteBits[4k +: 4] of the output line.
  parameter [LogN*4-1:0] RouteBits = 12'h012
) (
  input  wire                              clk_i,
  input  wire                              rst_ni,
  input  wire                              flush_i,     // CTRL.clear
  input  wire [1:0]                        mode_i,
  input  wire [(1<<LogN)/2*LogN-1:0]       cfg_i,       // m_{h,k} at bit h*LogN + k
  input  wire [(1<<LogN)*`XCHG_FLIT_W-1:0] inj_flit_i,  // level 0: injection registers
  input  wire                              inj_live_i,  // they hold a wave (the network clock's enable)
  input  wire [(1<<LogN)/2*LogN-1:0]       inj_cfg_i,   // configuration the level-0 wave carries
  output wire [LogN*(1<<LogN)*`XCHG_FLIT_W-1:0] stage_flit_o, // stage k output line i at (k*N+i)*FlitW
  output wire [LogN*(1<<LogN)/2-1:0]       set_o,       // stage k switch h at k*N/2 + h
  // views of the registers: what the last edge did
  output wire [(1<<LogN)-1:0]              deliver_o,   // valid bits of the last stage's registers
  output wire [LogN:0]                     n_deliver_o, // how many: the flits delivered at the last edge
  output wire                              moving_o,    // a flit sits in stages 0..n-2
  output wire [LogN*(1<<LogN)/2-1:0]       conflict_o,  // self-routing conflicts at the last edge
  output wire [31:0]                       n_conflict_o // how many
);
  localparam integer N     = 1 << LogN;
  localparam integer Half  = N / 2;
  localparam integer FlitW = `XCHG_FLIT_W;
  localparam integer CfgW  = Half * LogN;

  // The line that line a moves to across boundary b.
  `include "xchg_wire_to.vh"

  // level[k] holds the flits entering stage k (by their line before the
  // wiring of boundary k); level 0 is the injection registers.
  wire [FlitW-1:0] level [0:LogN][0:N-1] /*verilator split_var*/;
  // the configuration each level's wave carries (table mode)
  wire [CfgW-1:0]  wave_cfg [0:LogN-1];
  // The counters' view of the registers, counted along the switches:
  // n_last[h] flits in the last stage's switches before h; in stage k,
  // n_conf[h] conflicts and live[h] a flit in the switches before h. Why
  // chains and not vectors of every switch's bits reduced with | and
  // $countones: the simulator assembled those vectors word by word from
  // N log N single bits each cycle; a chain is one small operation per
  // switch (docs/bench.md, MIN). Why registers and not the next state:
  // the switches then compute their next state only at the clock edge,
  // and only when busy (xchg_sw2x2); the top adds what the last edge did.
  // (split_var: each element a variable of its own for Verilator, which
  // would otherwise see a loop through one array)
  //
  // The OR chains (live) end in a variable of their own (public) every
  // ChainCut links. Why: Verilator substitutes a chain of wires into one
  // expression, and its folding of
  // an OR expression (bit-op-tree, in const_cpp of --stats) takes time
  // growing faster than the square of its length: at butterfly:1024 it
  // took 268 of the 352 seconds Verilator's own stages took, before any
  // C++ was compiled. Cut into pieces of 32 it folds each piece alone
  // (68 s), and keeps the folded form: one mask for a piece's ORs, where
  // sums instead of ORs cost 3 instructions per switch-cycle more.
  localparam integer ChainCut = 32;
  wire [LogN:0] n_last [0:Half] /*verilator split_var*/;
  wire [31:0]   n_conf_upto [0:LogN] /*verilator split_var*/;  // conflicts in stages 0 .. k-1
  wire          moving_upto [0:LogN] /*verilator split_var*/;  // stages 0 .. min(k, n-1)-1 hold a flit
  assign wave_cfg[0] = inj_cfg_i;
  assign n_conf_upto[0] = 32'd0;
  assign moving_upto[0] = 1'b0;
  assign n_last[0] = {(LogN+1){1'b0}};

  // ---- fault injection (simulation only): the fault slots live in the
  // simulation shell rtl/dv/xchg_min_faults.v (plusargs +xchg_f<i>_*),
  // which synthesis never reads; synthesized, every switch is fault-free.
// (XCHG_NO_FAULTS: a simulation model built without them, sim/Makefile)
`ifndef SYNTHESIS
  wire                          fault_on;
  wire                          faults_armed;  // some fault slot is given
  wire [3*`XCHG_FAULT_SLOTS-1:0]  slot_kind;
  wire [16*`XCHG_FAULT_SLOTS-1:0] slot_sw;
  wire [`XCHG_FAULT_SLOTS-1:0]    slot_timed;
`ifdef XCHG_NO_FAULTS
  assign {faults_armed, fault_on, slot_kind, slot_sw, slot_timed} = {(2+20*`XCHG_FAULT_SLOTS){1'b0}};
`else
  xchg_min_faults #(.LogN(LogN)) u_faults (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .armed_o     (faults_armed),
    .fault_on_o  (fault_on),
    .slot_kind_o (slot_kind),
    .slot_sw_o   (slot_sw),
    .slot_timed_o(slot_timed)
  );
`endif
`endif

  genvar k, h, i;
  generate
    for (i = 0; i < N; i = i + 1) begin : gen_inject
      assign level[0][i] = inj_flit_i[i*FlitW +: FlitW];
    end

    for (k = 0; k < LogN; k = k + 1) begin : gen_stage
      // lines after boundary k
      wire [FlitW-1:0] line_in [0:N-1] /*verilator split_var*/;
      for (i = 0; i < N; i = i + 1) begin : gen_wire
        localparam integer To = wire_to(k, i);  // a constant index: split_var can split
        assign line_in[To] = level[k][i];
      end
      wire          live   [0:Half] /*verilator split_var*/;
      wire [LogN:0] n_conf [0:Half] /*verilator split_var*/;
      assign live[0]   = 1'b0;
      assign n_conf[0] = {(LogN+1){1'b0}};

      for (h = 0; h < Half; h = h + 1) begin : gen_sw
        wire [FlitW-1:0] out0, out1;
        wire             set, conflict;
        localparam integer Index = k*Half + h;    // the switch's index for the fault slots
        localparam [15:0]  Id    = Index[15:0];
        localparam [31:0] Route = {28'd0, RouteBits[k*4 +: 4]};
        wire cfg_bit = mode_i == `XCHG_MODE_TABLE ? wave_cfg[k][h*LogN + k] : cfg_i[h*LogN + k];
        // the switch's ports (xchg_sw2x2, docs/own-rtl.md), the same in
        // its simulation shell
`define XCHG_BANYAN_SW_PORTS \
          .clk_i(net_clk), .rst_ni(rst_ni), .flush_i(flush_i), .mode_i(mode_i), .cfg_bit_i(cfg_bit), \
          .in0_i(line_in[2*h]), .in1_i(line_in[2*h+1]), .out0_o(out0), .out1_o(out1), .set_o(set), \
          .conflict_o(conflict)
`ifndef SYNTHESIS
        // the switch inside its simulation shell: the fault slots
        // (rtl/dv/xchg_sw2x2_dv.v), around ours or a user's switch
        xchg_sw2x2_dv #(.LogN(LogN), .Stage(k), .RouteBit(Route)) u_sw (
          `XCHG_BANYAN_SW_PORTS,
          .id_i        (Id),
          .fault_on_i  (fault_on),
          .slot_kind_i (slot_kind),
          .slot_sw_i   (slot_sw),
          .slot_timed_i(slot_timed)
        );
`else
        xchg_sw2x2 #(.LogN(LogN), .Stage(k), .RouteBit(Route)) u_sw (`XCHG_BANYAN_SW_PORTS);
        wire unused_id = &Id;  // the fault slots' index: simulation only
`endif
`undef XCHG_BANYAN_SW_PORTS
        assign level[k+1][2*h]   = out0;
        assign level[k+1][2*h+1] = out1;
        assign set_o[k*Half + h]      = set;
        assign conflict_o[k*Half + h] = conflict;
        wire live_next = live[h] || out0[`XCHG_FLIT_VALID_BIT] || out1[`XCHG_FLIT_VALID_BIT];
        if (h % ChainCut == ChainCut - 1 && h < Half - 1) begin : gen_cut  // see ChainCut
          wire cut /*verilator public_flat_rd*/ = live_next;
          assign live[h+1] = cut;
        end else begin : gen_link
          assign live[h+1] = live_next;
        end
        assign n_conf[h+1] = n_conf[h] + {{LogN{1'b0}}, conflict};
        if (k == LogN - 1) begin : gen_deliver
          assign deliver_o[2*h]     = out0[`XCHG_FLIT_VALID_BIT];
          assign deliver_o[2*h + 1] = out1[`XCHG_FLIT_VALID_BIT];
          assign n_last[h+1] = n_last[h] + {{LogN{1'b0}}, out0[`XCHG_FLIT_VALID_BIT]} +
                                           {{LogN{1'b0}}, out1[`XCHG_FLIT_VALID_BIT]};
        end
      end
      assign n_conf_upto[k+1] = n_conf_upto[k] + {{(31-LogN){1'b0}}, n_conf[Half]};
      assign moving_upto[k+1] = moving_upto[k] || (k + 1 < LogN && live[Half]);

      for (i = 0; i < N; i = i + 1) begin : gen_out
        assign stage_flit_o[(k*N + i)*FlitW +: FlitW] = level[k+1][i];
      end

      if (k + 1 < LogN) begin : gen_wave_cfg
        reg [CfgW-1:0] wave_cfg_q;
        always @(posedge net_clk) begin
          if (!rst_ni) wave_cfg_q <= {CfgW{1'b0}};
          else         wave_cfg_q <= wave_cfg[k];
        end
        assign wave_cfg[k+1] = wave_cfg_q;
      end
    end
  endgenerate

  assign n_deliver_o   = n_last[Half];

  assign moving_o      = moving_upto[LogN];
  // Conflicts happen in self-routing mode only (xchg_sw2x2): the count
  // is taken only when the last network edge was one in that mode. Why:
  // the simulator then skips the sum over every switch's conflict bit at
  // every edge of the other modes (docs/bench.md, MIN). self_q holds the
  // mode the switches saw at the last edge (set on the network clock, as
  // their conflict bits are), so no count is lost when the mode changes.
  reg self_q;
  always @(posedge net_clk) begin
    if (!rst_ni) self_q <= 1'b0;
    else         self_q <= mode_i == `XCHG_MODE_SELF;
  end
  assign n_conflict_o  = self_q ? n_conf_upto[LogN] : 32'd0;

  // ---- the network's clock ----
  // Simulation only: the switches (and the wave configurations) are
  // clocked only at the edges where some switch can change, i.e. a wave
  // sits in the injection registers or in a stage, or reset or a fault
  // slot may act. At any other edge every switch has empty inputs and
  // empty outputs (a setting or a conflict is only ever held beside a
  // flit, but for faults) and its clocked block assigns nothing, flush
  // included, so leaving that edge out changes no register. Why: the simulator then evaluates
  // neither the switches nor the logic that reads their registers (the
  // chains above, the observation of the shell) in the cycles the
  // network is idle: identification, configuration and polling cost no
  // work per switch (docs/min-hw.md "Network clock"). The enable is
  // latched while the clock is low (a clock gate: no glitch when it
  // changes after the rising edge). Why one clock for all stages and not
  // one per stage (which would also skip the stages a wave has not
  // reached or has left): the simulator's cost per clock and eval
  // (triggers) outweighed the switches it skipped, at N = 16 +20
  // instructions per switch-cycle. Synthesized, the switches take clk_i.
  wire net_clk;
`ifndef SYNTHESIS
  // (inj_live_i: a register of the injector, not an OR over the N
  // injection registers, which the simulator computed again at every
  // edge of clk_i)
  wire net_en = !rst_ni || faults_armed || inj_live_i || moving_o || n_last[Half] != {(LogN+1){1'b0}};
  reg  net_en_l;
  /* verilator lint_off LATCH */
  always @* if (!clk_i) net_en_l = net_en;
  /* verilator lint_on LATCH */
  assign net_clk = clk_i & net_en_l;
`else
  assign net_clk = clk_i;
  wire unused_inj_live = inj_live_i;        // no network clock in synthesis
`endif

  // Parameter checks at elaboration: each boundary a permutation of bits.
  function automatic integer wiring_ok(input integer unused);
    integer b, j, seen;
    begin
      wiring_ok = 1;
      for (b = 0; b <= LogN; b = b + 1) begin
        seen = 0;
        for (j = 0; j < LogN; j = j + 1)
          seen = seen | (1 << Wiring[(b*LogN + j)*4 +: 4]);
        if (seen != (1 << LogN) - 1) wiring_ok = 0;
      end
    end
  endfunction
  generate
    if (LogN < 1 || LogN > 10) begin : gen_bad_logn
      initial $fatal(1, "xchg_banyan: LogN = %0d, allowed 1..10", LogN);
    end
    if (wiring_ok(0) == 0) begin : gen_bad_wiring
      initial $fatal(1, "xchg_banyan: Wiring is not a bit permutation per boundary; take it from `xchg`");
    end
  endgenerate
endmodule
`default_nettype wire
