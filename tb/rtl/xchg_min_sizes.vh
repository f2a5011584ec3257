// SPDX-License-Identifier: MIT
// The MIN's sizes in a bench that reads golden vectors (vectors.vh, from
// xchg run --vectors), included inside the bench module: shared by
// tb/rtl/xchg_min_replay_tb.v and tb/rtl/xchg_fpga_min_tb.v, so the flit
// layout of obs.hex is spelled once.
  localparam integer LogN     = `XV_LOGN;
  localparam integer N        = 1 << LogN;
  localparam integer FlitW    = `XCHG_FLIT_W;
  localparam integer FlitAllW = (LogN + 1) * N * FlitW;
