// SPDX-License-Identifier: MIT
// The parameters of xchg_router, shared with its simulation shell
// xchg_router_dv (rtl/dv), which must take exactly the same ones:
//   module xchg_router #(
//   `include "pn/xchg_router_params.vh"
//   ) ( ... );
`include "pn/xchg_pn_size_params.vh"
  parameter integer Depth      = 32, // step-table entries (steps), 1..2**`XCHG_PN_STEP_W - 1
  parameter integer PerNode    = 1,  // 1: own step-table memory; 0: broadcast table only
  parameter integer Multiport  = 0,  // 0 single-port, 1 multiport
  parameter integer HalfDuplex = 0,  // 0 full duplex, 1 half duplex
  parameter integer Circuit    = 1,  // 1: circuit mode (crossbar, circuit table, list); 0: leave it out
  parameter integer ListDepth  = 2,  // inject-list entries (circuit mode), a power of two 2..131072
  // 1: single-port block-RAM path; bcast_entry_i is the next step's (the
  // simulation shell has no back door into it)
  parameter integer Bram       = 0
