// SPDX-License-Identifier: MIT
// xchg_msg_mem: the message memory of the MIN and the injection registers
// it feeds. Word j*N + x holds the message word input j injects in step
// x; it is written over the configuration bus (MSG_PTR, MSG_DATA). At an
// injection the N words of the step enter the injection registers (level
// 0 of the banyan) as flits; the cycle after the last wave they empty.
//
// Why one memory for all N inputs: one write site, so the simulator
// checks for a bus write once a cycle instead of once per input
// (Verilator keeps a delayed-write record per memory and write; with N
// memories that was ~300 instructions a cycle at N = 16, docs/bench.md).
`default_nettype none
`include "xchg_consts.vh"

module xchg_msg_mem #(
  parameter integer LogN = 3  // log2 of the inputs, and of the steps, 1..10
) (
  input  wire                                clk_i,
  input  wire                                rst_ni,
  input  wire                                clear_i,   // empty the injection registers
  input  wire                                we_i,
  input  wire [2*LogN-1:0]                   waddr_i,   // j*N + x
  input  wire [`XCHG_MSG_W-1:0]              wdata_i,
  input  wire                                inject_i,  // a wave enters at this edge
  input  wire [LogN-1:0]                     step_i,    // its step x
  output wire [(1<<LogN)*`XCHG_FLIT_W-1:0]   inj_flit_o, // input j's flit at j*FlitW
  output wire                                inj_live_o  // a wave entered at the last edge
);
  localparam integer N     = 1 << LogN;
  localparam integer FlitW = `XCHG_FLIT_W;

  // No initial contents: the simulation shell (rtl/dv/xchg_min_dv.v)
  // starts every word empty, as the golden model does, or loads it by the
  // back door. The firmware writes every word before an exchange reads it.
  reg [`XCHG_MSG_W-1:0] mem [0:N*N-1];
  always @(posedge clk_i) begin
    if (we_i) mem[waddr_i] <= wdata_i;
  end

  // The injection registers, one per input: written only in the cycles
  // they change, so an idle cycle costs nothing here. Why a register per
  // input and not one N-flit vector: the simulator keeps each in a word
  // of its own, and the switches of stage 0 and the observation copy it
  // whole, where flits packed across words were shifted out one by one
  // at every edge (docs/bench.md, MIN).
  reg inj_live_q;  // the injection registers hold a wave
  genvar r;
  generate
    for (r = 0; r < N; r = r + 1) begin : gen_inj
      reg [FlitW-1:0] q;
      always @(posedge clk_i) begin
        if (!rst_ni || clear_i)
          q <= {FlitW{1'b0}};
        else if (inject_i)
          q <= {1'b1, {(`XCHG_STEP_W-LogN){1'b0}}, step_i, mem[{r[LogN-1:0], step_i}]};
        else if (inj_live_q)
          q <= {FlitW{1'b0}};
      end
      assign inj_flit_o[r*FlitW +: FlitW] = q;
    end
  endgenerate
  always @(posedge clk_i) begin
    if (!rst_ni || clear_i) inj_live_q <= 1'b0;
    else if (inject_i)      inj_live_q <= 1'b1;
    else if (inj_live_q)    inj_live_q <= 1'b0;
  end
  assign inj_live_o = inj_live_q;
endmodule
`default_nettype wire
