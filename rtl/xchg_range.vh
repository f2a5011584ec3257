// SPDX-License-Identifier: MIT
// `XCHG_RANGE(label, what, value, lo, hi), inside a generate block: stop
// the elaboration with "what = value, allowed lo..hi" when a parameter is
// outside its range. One form for the parameter checks of every top, so
// that each message reads the same (what: "module: Parameter").
`ifndef XCHG_RANGE_VH
`define XCHG_RANGE_VH
`define XCHG_RANGE(label, what, value, lo, hi) \
    if ((value) < (lo) || (value) > (hi)) begin : label \
      initial $fatal(1, "%0s = %0d, allowed %0d..%0d", what, value, lo, hi); \
    end
`endif
