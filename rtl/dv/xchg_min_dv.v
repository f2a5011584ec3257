// SPDX-License-Identifier: MIT
// xchg_min_dv: the simulation shell of the MIN, the top the Verilator
// lock-step builds (synthesis never reads rtl/dv). Around xchg_min_top it
// adds what only a simulation needs:
//
// * the back door: +xchg_load=DIR writes DIR/msg.hex (slot j*N + x: input
//   j's message word for step x, one hex word a line) into the message
//   memory at the reset edge, in place of N^2 bus writes;
// * an observation made for the C harness: every flit in a 64-bit word and
//   every switch setting in a byte, as unpacked arrays (C arrays in the
//   Verilated model, laid out as the golden model's xc_min_obs), read
//   straight from the registers of the injector and the switches.
//
// * +xchg_verbose[=LEVEL] (xchg run --plusarg): on stderr, level 1 a line
//   with the shell's parameters at time 0, level 2 also a line whenever
//   the delivered count changes.
//
// * a clock for one evaluation a cycle: each change of tick_i is a clock
//   cycle (below, "The clock"), for the harness's model without trace
//   code; clk_i still clocks a traced model, tick_i held at 0.
//
// The fault slots are rtl/dv/xchg_min_faults.v, inside xchg_banyan.
`default_nettype none
`include "xchg_consts.vh"
`include "xchg_verbose.vh"

module xchg_min_dv #(
  parameter integer LogN     = 3,
  parameter integer Topology = 0,
  parameter [(LogN+1)*LogN*4-1:0] Wiring    = 48'h210_201_012_210,
  parameter [LogN*4-1:0]          RouteBits = 12'h012
) (
  input  wire                          clk_i,
  input  wire                          tick_i,   // each change: a clock cycle (clk_i held at 0)
  // the top's (xchg_min_top), to u_top
  input  wire                          rst_ni, bus_we_i, bus_re_i,
  input  wire [`XCHG_BUS_ADDR_W-1:0]   bus_addr_i,
  input  wire [31:0]                   bus_wdata_i,
  output wire [31:0]                   bus_rdata_o,
  output wire [31:0]                   obs_status_o, obs_cycles_o, obs_injected_o, obs_delivered_o, obs_conflicts_o,
  // the observation for the C harness, straight from the registers
  output wire [63:0]                   obs_flit_o [0:(LogN+1)*(1<<LogN)-1], // level lv line i at lv*N + i
  output wire [7:0]                    obs_set_o [0:LogN*(1<<LogN)/2-1],    // stage k switch h at k*N/2 + h
  output wire [31:0]                   obs_fired_o  // bit s: fault slot s changed a switch's output or setting
);
  localparam integer N     = 1 << LogN;
  localparam integer Half  = N / 2;
  localparam integer FlitW = `XCHG_FLIT_W;
  localparam integer MsgW  = `XCHG_MSG_W;

  // ---- the clock ----
  // clk_i, or a pulse at each change of tick_i. Why: the simulator sees a
  // clock edge only as a change between two evaluations, so a clock
  // input costs two evaluations a cycle (clock low with the new bus
  // inputs, then the rising edge), and the low one was about 90
  // instructions of scheduling whatever N is (docs/bench.md, MIN). The
  // pulse rises within one evaluation (tick_i differs from tick_seen_q)
  // and falls in the same one once the edge has set tick_seen_q; so the
  // network's clock gate (xchg_banyan) sees the clock low after every
  // edge and its latch takes the next enable, as with clk_i's low phase.
  reg  tick_seen_q = 1'b0;
  wire clk = clk_i | (tick_i ^ tick_seen_q);
  always @(posedge clk) tick_seen_q <= tick_i;

  // the packed observation ports of the top serve the Icarus replay; here
  // they stay unconnected and Verilator drops the logic behind them
  /* verilator lint_off PINCONNECTEMPTY */
  xchg_min_top #(
    .LogN(LogN), .Topology(Topology), .Wiring(Wiring), .RouteBits(RouteBits)
  ) u_top (
    .clk_i          (clk),
    .rst_ni         (rst_ni),
    .bus_we_i       (bus_we_i),
    .bus_re_i       (bus_re_i),
    .bus_addr_i     (bus_addr_i),
    .bus_wdata_i    (bus_wdata_i),
    .bus_rdata_o    (bus_rdata_o),
    .obs_flit_o     (),
    .obs_set_o      (),
    .obs_status_o   (obs_status_o),
    .obs_cycles_o   (obs_cycles_o),
    .obs_injected_o (obs_injected_o),
    .obs_delivered_o(obs_delivered_o),
    .obs_conflicts_o(obs_conflicts_o)
  );
  /* verilator lint_on PINCONNECTEMPTY */

  // ---- observation, straight from the registers ----
  genvar k, h, i;
  generate
    for (i = 0; i < N; i = i + 1) begin : gen_obs_inj
      assign obs_flit_o[i] = {{(64-FlitW){1'b0}}, u_top.u_mem.gen_inj[i].q};
    end
    for (k = 0; k < LogN; k = k + 1) begin : gen_obs_stage
      for (h = 0; h < Half; h = h + 1) begin : gen_obs_sw
        assign obs_flit_o[(k+1)*N + 2*h]     = {{(64-FlitW){1'b0}}, u_top.u_banyan.gen_stage[k].gen_sw[h].out0};
        assign obs_flit_o[(k+1)*N + 2*h + 1] = {{(64-FlitW){1'b0}}, u_top.u_banyan.gen_stage[k].gen_sw[h].out1};
        assign obs_set_o[k*Half + h] = {7'd0, u_top.u_banyan.gen_stage[k].gen_sw[h].set};
      end
    end
  endgenerate

  // ---- which fault slots fired (rtl/dv/xchg_sw2x2_dv.v's fired_q) ----
  // read once at the end of a run; a model without faults has none (nor
  // does the lint's -DSYNTHESIS view, whose switches have no shell)
`ifndef SYNTHESIS
`ifndef XCHG_NO_FAULTS
`define XCHG_MIN_DV_FIRED
  localparam integer Slots = `XCHG_FAULT_SLOTS;
  wire [LogN*Half*Slots-1:0] fired_all;  // switch j's slots at j*Slots
  for (k = 0; k < LogN; k = k + 1) begin : gen_fired_stage
    for (h = 0; h < Half; h = h + 1) begin : gen_fired_sw
      assign fired_all[(k*Half + h)*Slots +: Slots] = u_top.u_banyan.gen_stage[k].gen_sw[h].u_sw.fired_q;
    end
  end
  reg [Slots-1:0] fired_any;
  integer fj;
  always @* begin
    fired_any = {Slots{1'b0}};
    for (fj = 0; fj < LogN*Half; fj = fj + 1)
      fired_any = fired_any | fired_all[fj*Slots +: Slots];
  end
  assign obs_fired_o = {{(32-Slots){1'b0}}, fired_any};
`endif
`endif
`ifndef XCHG_MIN_DV_FIRED
  assign obs_fired_o = 32'd0;
`endif
`undef XCHG_MIN_DV_FIRED

  // ---- the message memory: empty, or loaded from DIR/msg.hex ----
  // xchg_msg_mem has no initial contents of its own, so nothing
  // races this block. Why the bound load_n is a variable: with a constant
  // one the simulator unrolls the loop, N^2 copies of the body.
  reg [MsgW-1:0]  load_words [0:N*N-1];
  integer         load_n = 0;  // N^2 once the plusargs are read
  integer         x;
  reg             load_on = 1'b0;
  reg [8*512-1:0] load_dir, load_file_name;
  initial begin
    if ($value$plusargs("xchg_load=%s", load_dir)) begin
      $sformat(load_file_name, "%0s/msg.hex", load_dir);
      $readmemh(load_file_name, load_words);
      load_on = 1'b1;
    end
    load_n = N * N;
    for (x = 0; x < load_n; x = x + 1)
      u_top.u_mem.mem[x] = load_on ? load_words[x] : {MsgW{1'b0}};
  end

  // ---- +xchg_verbose[=LEVEL]: notes on stderr (fd 0x80000002) ----
  `XCHG_VERBOSE($fdisplay(32'h8000_0002, "xchg_min_dv: +xchg_verbose=%0d: LogN=%0d Topology=%0d, %0d inputs",
                          verbose, LogN, Topology, N))
  reg [31:0] last_delivered = 32'd0;
  // (the level tested on its own: the simulator evaluates a condition
  // whole, and a run without notes then skips the compare each cycle)
  always @(posedge clk)
    if (verbose > 1)
      if (rst_ni && obs_delivered_o != last_delivered) begin
        $fdisplay(32'h8000_0002, "xchg_min_dv: cycle %0d: %0d delivered", obs_cycles_o, obs_delivered_o);
        last_delivered <= obs_delivered_o;
      end
endmodule
`default_nettype wire
