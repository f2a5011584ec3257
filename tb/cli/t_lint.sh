# SPDX-License-Identifier: MIT
# make lint: verilator --lint-only -Wall on every RTL module and on the MIN
# top with several wirings is clean (waivers only in rtl/xchg.vlt, each
# with a reason). Also proves a warning would fail it.
. "$XC_TB/lib.sh"
expect_exit 0 make -s -C "$XC_TB/../rtl" lint BUILD="$XC_BUILD"
grep -q 'runs clean' out.txt || fail "no summary line: $(cat out.txt err.txt)"
cat out.txt
# every waiver in the .vlt has a comment line right above it
awk '/^lint_off/ && prev !~ /^\/\// { bad = 1; print "waiver without a reason: " $0 } { prev = $0 } END { exit bad }' \
    "$XC_TB/../rtl/xchg.vlt" || fail "rtl/xchg.vlt: waiver without a reason"
# a module with an unused signal must fail -Wall
mkdir -p bad && cat > bad/xchg_bad.v <<'V'
`default_nettype none
module xchg_bad (input wire a_i, output wire b_o);
  wire spare_q;
  assign b_o = a_i;
endmodule
V
expect_exit 2 make -s -C "$XC_TB/../rtl" lint BUILD="$XC_BUILD" RTL="$PWD/bad/xchg_bad.v" LINT_NETS=
grep -q 'UNUSED' err.txt || fail "the unused signal was not reported: $(cat err.txt)"
echo "ok: a warning fails make lint"
