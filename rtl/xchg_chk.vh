// SPDX-License-Identifier: MIT
// chk(s, d) of sw/lib/xc_flit.h: s XOR bit-reversed d, folded to CHK_W
// bits (bit b of the ADDR_W-bit XOR goes to bit b mod CHK_W), XOR the
// salt. A one-bit error in s, d or chk shows. Included inside a module,
// after xchg_consts.vh.
  function automatic [`XCHG_CHK_W-1:0] chk(input [`XCHG_ADDR_W-1:0] s, input [`XCHG_ADDR_W-1:0] d);
    integer b;
    begin
      chk = `XCHG_CHK_W'(`XCHG_CHK_SALT);
      for (b = 0; b < `XCHG_ADDR_W; b = b + 1)
        chk[b % `XCHG_CHK_W] = chk[b % `XCHG_CHK_W] ^ s[b] ^ d[`XCHG_ADDR_W-1-b];
    end
  endfunction
