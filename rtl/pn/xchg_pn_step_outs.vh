// SPDX-License-Identifier: MIT
// The last outputs of a store-and-forward step, xchg_pn_saf and its
// single-port twin xchg_pn_saf_1p, which its router reads alike: this
// cycle's deliveries and the first error of the send and of the arrival
// stage (code 0: none; xchg_pn_err takes them in this order).
  output reg  [NPorts-1:0]               dlv_now_o,
  output reg  [3:0]                      send_code_o, // first error of the send stage
  output reg  [7:0]                      send_port_o,
  output reg  [3:0]                      arr_code_o,  // first error of the arrival stage
  output reg  [7:0]                      arr_port_o
