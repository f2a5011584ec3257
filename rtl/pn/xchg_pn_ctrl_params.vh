// SPDX-License-Identifier: MIT
// The parameters of xchg_pn_ctrl, shared with its simulation shell
// xchg_pn_ctrl_dv (rtl/dv), which must take exactly the same ones:
//   module xchg_pn_ctrl #(
//   `include "pn/xchg_pn_ctrl_params.vh"
//   ) (
//   `include "pn/xchg_pn_ctrl_ports.vh"
//   );
  parameter integer Nodes      = 16, // routers, 2..16384 (2**`XCHG_ADDR_W)
  parameter integer NPorts     = 4,  // link ports per router, 1..32
  parameter integer SlotW      = 4,  // bits of a slot index, 1..`XCHG_PN_SLOT_W_MAX (15)
  parameter integer Depth      = 32, // step-table entries, 1..2**`XCHG_PN_STEP_W - 1
  parameter integer Multiport  = 0,  // reported in GEOM
  parameter integer HalfDuplex = 0,  // reported in GEOM
  parameter         BcastInit  = "", // hex file for the broadcast table ($readmemh), "" none
  parameter integer ListDepth  = 2,  // routers' inject-list entries (reported in CGEOM), 2..131072
  parameter integer Ahead      = 0,  // 1: bcast_entry_o is the next step's entry (routers with Bram = 1)
  parameter integer Slots      = 16  // routers' message slots (bcast_dec_o's slot check), 2..2**SlotW
