// SPDX-License-Identifier: MIT
// MUTANT of xbar_noc.v (a test must catch it): every input whose output
// can take a message is told ready, not only the arbiter's winner, so of
// two contenders for one output one message is kept and the other lost.
// The original: a crossbar network written only from the network contract of
// docs/own-rtl.md ("A whole network"): every output has a one-message
// register and a round-robin arbiter over the inputs whose message is
// addressed to it (bits [15:0]); an input is ready in the cycle its
// message wins and the output register is empty or drains at this edge.
// The harness's bits [W-1:16] pass through untouched.
`default_nettype none

module xbar_noc_lose #(
  parameter integer N = 16,
  parameter integer W = 64
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  input  wire [N-1:0]   in_valid_i,
  output wire [N-1:0]   in_ready_o,
  input  wire [N*W-1:0] in_data_i,
  output wire [N-1:0]   out_valid_o,
  input  wire [N-1:0]   out_ready_i,
  output wire [N*W-1:0] out_data_o
);
  localparam integer LogN = (N > 1) ? $clog2(N) : 1;

  reg  [N-1:0]   out_valid_q;
  reg  [N*W-1:0] out_data_q;
  reg  [N*LogN-1:0] prio_q;     // output o's first input to look at, at [o*LogN +: LogN]
  reg  [N-1:0]   granted;      // output o takes a message at this edge
  reg  [LogN-1:0] winner [N];  // the input it takes it from
  reg  [N-1:0]   in_ready;
  wire [N-1:0]   can_take = ~out_valid_q | out_ready_i;

  always @* begin
    in_ready = '0;
    for (integer o = 0; o < N; o++) begin
      granted[o] = 1'b0;
      winner[o]  = '0;
      for (integer k = 0; k < N; k++) begin
        // the inputs in round-robin order from prio_q[o]
        integer i;
        i = (int'(prio_q[o*LogN +: LogN]) + k) % N;
        if (can_take[o] && in_valid_i[i] && int'(in_data_i[i*W +: 16]) == o) begin
          if (!granted[o]) winner[o] = LogN'(i);
          granted[o] = 1'b1;
          in_ready[i] = 1'b1;  // the bug: a contender that lost is told ready too
        end
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      out_valid_q <= '0;
      prio_q <= '0;
    end else begin
      for (integer o = 0; o < N; o++) begin
        if (granted[o]) begin
          out_valid_q[o]          <= 1'b1;
          out_data_q[o*W +: W]    <= in_data_i[int'(winner[o])*W +: W];
          prio_q[o*LogN +: LogN] <= LogN'((int'(winner[o]) + 1) % N);
        end else if (out_ready_i[o]) begin
          out_valid_q[o] <= 1'b0;
        end
      end
    end
  end

  assign in_ready_o  = in_ready;
  assign out_valid_o = out_valid_q;
  assign out_data_o  = out_data_q;
endmodule

`default_nettype wire
