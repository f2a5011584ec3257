# SPDX-License-Identifier: MIT
# 14-bit node addresses (up to 16,384 nodes): a flit built in Verilog with
# rtl/xchg_chk.vh and the `XCHG_FLIT_* layout decodes in C (xchg
# gtkw-filter, sw/lib/xc_flit.h) to the same source and destination with
# its check word intact, for every address bit, bit 13 included; and a
# one-bit error anywhere in the message word is seen ("!").
. "$XC_TB/lib.sh"
cat >chk_tb.v <<'EOF'
`default_nettype none
`include "xchg_consts.vh"
module chk_tb;
  `include "xchg_chk.vh"
  localparam integer AddrW = `XCHG_ADDR_W;
  reg [AddrW-1:0] s, d;
  reg [`XCHG_FLIT_W-1:0] f;
  integer i, j, b;
  task automatic put(input integer bad);
    begin
      f = {`XCHG_FLIT_W{1'b0}};
      f[`XCHG_FLIT_VALID_BIT] = 1'b1;
      f[`XCHG_FLIT_DST_LSB +: AddrW] = d;
      f[`XCHG_FLIT_SRC_LSB +: AddrW] = s;
      f[`XCHG_FLIT_CHK_LSB +: `XCHG_CHK_W] = chk(s, d);
      if (bad >= 0) f[bad] = ~f[bad];
      $display("%0s %0d %0d %h", bad >= 0 ? "bad" : "ok", s, d, f);
    end
  endtask
  initial begin
    // every pair of single address bits, and the all-ones address
    for (i = 0; i <= AddrW; i = i + 1)
      for (j = 0; j <= AddrW; j = j + 1) begin
        s = i == AddrW ? {AddrW{1'b1}} : AddrW'(1) << i;
        d = j == AddrW ? {AddrW{1'b1}} : AddrW'(1) << j;
        put(-1);
      end
    // a one-bit error in any bit of the message word of a few flits
    for (i = 0; i < 4; i = i + 1) begin
      s = AddrW'(16383 - 4097 * i);
      d = AddrW'(4096 + 3001 * i);
      for (b = 0; b < `XCHG_MSG_W; b = b + 1) put(b);
    end
    $finish;
  end
endmodule
EOF
iverilog -g2012 -I"$XC_BUILD/gen" -I"$XC_TB/../rtl" -o chk_tb.vvp chk_tb.v || fail "iverilog"
vvp -n chk_tb.vvp | grep -E '^(ok|bad) ' >flits.txt || fail "the bench printed no flits"
[ "$(grep -c '^ok ' flits.txt)" = 225 ] && [ "$(grep -c '^bad ' flits.txt)" = 124 ] ||
    fail "flits: $(grep -c '^ok ' flits.txt) good, $(grep -c '^bad ' flits.txt) broken (expected 225, 124)"
awk '{ print $4 }' flits.txt | "$XCHG" gtkw-filter >labels.txt || fail "gtkw-filter"
paste -d' ' flits.txt labels.txt | awk '
    $1 == "ok" && $5 != "m(" $2 "\342\206\222" $3 ")" { print "good flit", $2, "->", $3, "decodes as", $5; bad = 1 }
    $1 == "bad" && $5 !~ /!$/ { print "a one-bit error in", $4, "(" $2 "->" $3 ") not seen:", $5; bad = 1 }
    END { exit bad }' >&2 || fail "Verilog and C flits differ"
grep -q '^ok 16383 8192 ' flits.txt || fail "no flit with 14-bit addresses"
echo "PASS t_chk_wide"
