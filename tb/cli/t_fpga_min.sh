# SPDX-License-Identifier: MIT
# The host-less FPGA exchange (rtl/fpga/xchg_fpga_min.v), RTL on Icarus: its
# deliveries equal the golden model's cycle by cycle for several networks,
# its own checker passes, and it fails (pass LED off) when a fault slot
# breaks a switch, drops, duplicates, corrupts or misroutes a flit.
. "$XC_TB/lib.sh"
rtl="$XC_TB/../rtl"
for c in butterfly:8:18 omega:16:7 cube:4:2 baseline:32:5 rbaseline:2:0; do
    IFS=: read -r topo n l <<<"$c"
    d="v_${topo}_$n"
    expect_exit 0 "$XCHG" run --net "$topo:$n" --l "$l" --mode xor --sim golden --vectors "$d" --quiet
    iverilog -g2012 -I"$XC_BUILD/gen" -I"$d" -I"$rtl" -I"$XC_TB/rtl" -o "$d/f.vvp" "$XC_TB/rtl/xchg_fpga_min_tb.v" \
        "$rtl/fpga/xchg_fpga_min.v" "$rtl/min/xchg_banyan.v" "$rtl/min/xchg_sw2x2.v" "$rtl/dv/xchg_min_faults.v" "$rtl/dv/xchg_sw2x2_dv.v" || fail "iverilog $c"
    vvp -n "$d/f.vvp" +vectors="$d" >"$d/log" || fail "$c: vvp exit $?: $(cat "$d/log")"
    cat "$d/log"
    grep -q "^PASS $topo:$n" "$d/log" || fail "$c"
done
# faults at stage 1 switch 1, 8 edges after reset (wave 1 passes there)
d=v_butterfly_8
for kind in 1 2 3 4 5; do
    vvp -n "$d/f.vvp" +vectors="$d" +expect_fail=1 +xchg_f0_kind=$kind +xchg_f0_stage=1 \
        +xchg_f0_switch=1 +xchg_f0_cycle=8 >"$d/fault$kind.log" || fail "fault kind $kind: vvp exit $?"
    cat "$d/fault$kind.log"
    grep -q '^PASS .*detected by the on-chip checker' "$d/fault$kind.log" || fail "fault kind $kind not detected"
done
# a bench that fails exits non-zero: the fault without +expect_fail
vvp -n "$d/f.vvp" +vectors="$d" +xchg_f0_kind=1 +xchg_f0_stage=1 +xchg_f0_switch=1 +xchg_f0_cycle=8 \
    >"$d/failing.log" && fail "a failing bench exited 0: $(cat "$d/failing.log")"
grep -q '^FAIL' "$d/failing.log" || fail "no FAIL line: $(cat "$d/failing.log")"
echo ok
