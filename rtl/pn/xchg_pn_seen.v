// SPDX-License-Identifier: MIT
// xchg_pn_seen: what is observed of a router's links, the flits that are
// valid. A Bram = 1 router (xchg_pn_saf_1p) drives one message on every
// port and sets only the sending port's valid bit, so the data bits of
// the other ports are left as they are; the observation shows zeros there,
// as the golden model does. With Bram = 0 every port without a flit is
// zero already and this is a wire. Used by xchg_router (its obs_link_o)
// and its simulation shell rtl/dv/xchg_router_dv.v (after the faults).
`default_nettype none
`include "pn/xchg_pn_widths.vh"

module xchg_pn_seen #(
  parameter integer NPorts = 4, // link ports, 1..32
  parameter integer Bram   = 0  // 1: the links of a block-RAM router
) (
  input  wire [NPorts*`XCHG_PN_LANE_W-1:0] link_i, // port p's lane at p*LaneW
  output wire [NPorts*`XCHG_PN_LANE_W-1:0] seen_o
);
  localparam integer LaneW = `XCHG_PN_LANE_W;

  genvar p;
  generate
    for (p = 0; p < NPorts; p = p + 1) begin : gen_port
      wire [LaneW-1:0] fl = link_i[p*LaneW +: LaneW];
      assign seen_o[p*LaneW +: LaneW] = Bram == 0 || fl[`XCHG_FLIT_VALID_BIT] ? fl : {LaneW{1'b0}};
    end
  endgenerate
endmodule
`default_nettype wire
