// SPDX-License-Identifier: MIT
// The size parameters of a router and of its units that take them all
// (xchg_router, xchg_pn_dec, xchg_pn_slots, xchg_pn_saf_1p, xchg_pn_xbar),
// declared once; each module's own parameters follow:
//   module xchg_pn_dec #(
//   `include "pn/xchg_pn_size_params.vh"
//     parameter integer Multiport = 0, ...
//   ) ( ... );
  parameter integer NPorts     = 4,  // link ports, 1..32
  parameter integer Slots      = 16, // message slots, 2..32768
  parameter integer SlotW      = 4,  // bits of a slot index, $clog2(Slots) (>= 1)
