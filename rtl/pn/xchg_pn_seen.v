// SPDX-License-Identifier: MIT
// xchg_pn_seen: what is observed of a router's links, port by port, from
// the lanes it drove and the ports they left on (xchg_router's link_o and
// send_o, registered). With one lane (OutLanes = 1: a single-port router
// without circuit mode, `XCHG_PN_OUT_LANES) port p shows the lane's flit
// when send_i[p] is set, else 0; with a lane per port (OutLanes = NPorts)
// port p shows lane p as it is. Used by xchg_router (its obs_link_o) and
// its simulation shell rtl/dv/xchg_router_dv.v (after the faults); a
// Verilated model's harness reads the registers themselves instead.
`default_nettype none
`include "pn/xchg_pn_widths.vh"

module xchg_pn_seen #(
  parameter integer NPorts   = 4, // link ports, 1..32
  parameter integer OutLanes = 1  // the lanes of link_i: 1 or NPorts
) (
  input  wire [OutLanes*`XCHG_PN_LANE_W-1:0] link_i, // the lanes
  input  wire [NPorts-1:0]                   send_i, // the ports a flit left on
  output wire [NPorts*`XCHG_PN_LANE_W-1:0]   seen_o  // port p's flit at p*LaneW
);
  localparam integer LaneW = `XCHG_PN_LANE_W;

  genvar p;
  generate
    if (OutLanes == 1) begin : gen_one
      for (p = 0; p < NPorts; p = p + 1) begin : gen_port
        assign seen_o[p*LaneW +: LaneW] = send_i[p] ? link_i : {LaneW{1'b0}};
      end
    end else begin : gen_lanes
      assign seen_o = link_i;
      wire unused_send = &{1'b0, send_i}; // the lanes' valid bits say it
    end
    if (OutLanes != 1 && OutLanes != NPorts) begin : gen_bad_lanes
      initial $fatal(1, "xchg_pn_seen: OutLanes = %0d, must be 1 or NPorts = %0d", OutLanes, NPorts);
    end
  endgenerate
endmodule
`default_nettype wire
