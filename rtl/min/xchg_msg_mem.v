// SPDX-License-Identifier: MIT
// xchg_msg_mem: the message memory of one MIN input: slot x holds the
// message word the input injects in step x. Written over the
// configuration bus, read asynchronously by the injector.
`default_nettype none
`include "xchg_consts.vh"

module xchg_msg_mem #(
  parameter integer LogN = 3  // log2 of the slots (one per step), 1..10
) (
  input  wire                     clk_i,
  input  wire                     we_i,
  input  wire [LogN-1:0]          waddr_i,
  input  wire [`XCHG_MSG_W-1:0]   wdata_i,
  input  wire [LogN-1:0]          raddr_i,
  output wire [`XCHG_MSG_W-1:0]   rdata_o
);
  reg [`XCHG_MSG_W-1:0] mem [0:(1<<LogN)-1];

  always @(posedge clk_i) begin
    if (we_i) mem[waddr_i] <= wdata_i;
  end
  assign rdata_o = mem[raddr_i];
  // No initial contents here: the simulation shell (rtl/dv/xchg_min_dv.v)
  // starts every slot empty, as the golden model does, or loads it by the
  // back door. The firmware writes every slot before an exchange reads it.
endmodule
`default_nettype wire
