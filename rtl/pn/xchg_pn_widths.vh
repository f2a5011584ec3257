// SPDX-License-Identifier: MIT
// Width formulas of the product-network RTL, the one place they live:
// read by xchg_router and its units, xchg_pn_ctrl and the generated
// xchg_pn_top (sw/pn/xc_pnhw.c), which must agree bit for bit. The field
// layouts themselves are in xchg_consts.vh (sw/lib/xc_consts.def).
`ifndef XCHG_PN_WIDTHS_VH_
`define XCHG_PN_WIDTHS_VH_
`include "xchg_consts.vh"

// a memory address of at least one bit for WORDS words
`define XCHG_PN_AW(words)             ((words) > 1 ? $clog2(words) : 1)
// one port field of a step entry: flags, send slot, recv slot
`define XCHG_PN_PORT_W(slot_w)        (`XCHG_TE_SLOT_LSB + 2 * (slot_w))
// a step entry: one field per link port
`define XCHG_PN_ENTRY_W(ports, slot_w) ((ports) * `XCHG_PN_PORT_W(slot_w))
// 32-bit bus words per step entry
`define XCHG_PN_WPE(ports, slot_w)    ((`XCHG_PN_ENTRY_W(ports, slot_w) + 31) / 32)
// a decoded step word (xchg_pn_dec): five flags per port, two model
// flags, then the slots (all ports' with multi != 0, else one send and
// one receive slot and whether they are the same)
`define XCHG_PN_DEC_W(ports, slot_w, multi) \
  (5 * (ports) + 2 + ((multi) != 0 ? 2 * (ports) * (slot_w) : 2 * (slot_w) + 1))
// a circuit output: link port 0 .. ports-1, or ports (eject)
`define XCHG_PN_OUT_W(ports)          $clog2((ports) + 1)
// a circuit route field: valid, output
`define XCHG_PN_ROUTE_W(ports)        (1 + `XCHG_PN_OUT_W(ports))
// an inject or eject length: 0 .. slots
`define XCHG_PN_LEN_W(slot_w)         ((slot_w) + 1)
// a circuit entry: a route per input (links, then local), inject
// pointer and length, eject pointer and length
`define XCHG_PN_CENTRY_W(ports, list_w, slot_w) \
  (((ports) + 1) * `XCHG_PN_ROUTE_W(ports) + 2 * (list_w) + 2 * `XCHG_PN_LEN_W(slot_w))
// 32-bit bus words per circuit entry
`define XCHG_PN_CWPE(ports, list_w, slot_w) ((`XCHG_PN_CENTRY_W(ports, list_w, slot_w) + 31) / 32)
// a flit's lane in the routers' link and observation ports: port p at
// p*LANE_W, the flit in the low `XCHG_FLIT_W bits, the rest 0. A lane is
// a 64-bit word of the Verilated model, so a flit is moved, tested and
// read in place (sim/harness) whole, never shifted across words
// a router's error word for the controller (err_now_o): {port, code} of
// the first error since clear in the cycle it happens, else 0; the low
// bits of ERR_INFO's layout
`define XCHG_PN_ERR_NOW_W             (`XCHG_PN_ERR_PORT_W + `XCHG_PN_ERR_CODE_W)
`define XCHG_PN_LANE_W                64
// the lanes a router's link_o drives: a single-port router without
// circuit mode sends one flit a step, on one lane whatever its port (its
// send_o says which ports carry it); multiport and circuit routers send a
// flit per port, lane p on port p
`define XCHG_PN_OUT_LANES(ports, multi, circ) (((multi) != 0 || (circ) != 0) ? (ports) : 1)
// a slot's tag (xchg_pn_slots): one bit more than a slot index
`define XCHG_PN_TAG_W(slot_w)         ((slot_w) + 1)

// `XCHG_PN_SLOTS_CHECK(what), inside a generate block of a module with
// parameters Slots and SlotW (a slot memory or a router): stop the
// elaboration unless Slots is 2..2^`XCHG_PN_SLOT_W_MAX and fits in SlotW
// bits ("what: Slots = ..., SlotW = ...: need ...", what the module's name).
`define XCHG_PN_SLOTS_CHECK(what) \
    if (Slots < 2 || Slots > (1 << `XCHG_PN_SLOT_W_MAX) || (1 << SlotW) < Slots || SlotW < 1) begin : gen_bad_slots \
      initial $fatal(1, "%0s: Slots = %0d, SlotW = %0d: need 2..%0d slots in SlotW bits", what, Slots, SlotW, \
                     1 << `XCHG_PN_SLOT_W_MAX); \
    end

`endif
