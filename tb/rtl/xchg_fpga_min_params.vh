// SPDX-License-Identifier: MIT
// The parameters of the host-less MIN exchange from golden vectors
// (vectors.vh), included inside the #( ) of xchg_fpga_min or
// xchg_fpga_min_board: the bench of the core (tb/rtl/xchg_fpga_min_tb.v)
// and of the board top (tb/rtl/xchg_fpga_board_tb.v) build the same one.
    .LogN     (`XV_LOGN),
    .Wiring   (`XV_WIRING),
    .RouteBits(`XV_ROUTEBITS),
    .Cfg0     (`XV_CFG0)
