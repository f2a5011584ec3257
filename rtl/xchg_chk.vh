// SPDX-License-Identifier: MIT
// chk(s, d) of sw/lib/xc_flit.h: s XOR bit-reversed d, folded to CHK_W
// bits (the upper bits XORed onto the lower ones), XOR the salt. A one-bit
// error in s, d or chk shows. Included inside a module, after
// xchg_consts.vh.
  function automatic [`XCHG_CHK_W-1:0] chk(input [`XCHG_ADDR_W-1:0] s, input [`XCHG_ADDR_W-1:0] d);
    integer b;
    reg [2*`XCHG_CHK_W-1:0] x;
    begin
      x = {(2*`XCHG_CHK_W){1'b0}};
      for (b = 0; b < `XCHG_ADDR_W; b = b + 1) x[b] = s[b] ^ d[`XCHG_ADDR_W-1-b];
      chk = x[`XCHG_CHK_W-1:0] ^ x[`XCHG_CHK_W +: `XCHG_CHK_W] ^ `XCHG_CHK_W'(`XCHG_CHK_SALT);
    end
  endfunction
