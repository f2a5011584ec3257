# SPDX-License-Identifier: MIT
# Second simulator, small set: golden vectors replayed on Icarus Verilog
# agree with Verilator's lock-step run (tb/xsim.sh), a broken switch in the
# Icarus run is named with its cycle, and --vectors rejects bad input with
# one line and no partial file.
. "$XC_TB/lib.sh"
root="$XC_TB/.."
expect_exit 0 "$XC_TB/xsim.sh" "$XC_BUILD" butterfly:8:xor:18 omega:8:table:5 cube:8:self:0 baseline:4:xor:3
cat out.txt
grep -q 'xsim: 4 cases agree, 0 differ' out.txt || fail "xsim summary: $(cat out.txt)"

# a switch flipped at one cycle in Icarus (fault slot plusargs): FAIL, named
expect_exit 0 "$XCHG" run --net butterfly:8 --l 18 --sim golden --vectors v8 --quiet
for f in bus.hex obs.hex vectors.vh; do [ -s "v8/$f" ] || fail "v8/$f missing"; done
[ "$(wc -l <v8/bus.hex)" = "$(grep XV_CYCLES v8/vectors.vh | awk '{print $3}')" ] || fail "bus.hex lines"
first=$(grep XV_FIRST_INJECT v8/vectors.vh | awk '{print $3}')
iverilog -g2012 -I"$XC_BUILD/gen" -Iv8 -I"$root/rtl" -o r.vvp "$XC_TB/xchg_min_replay_tb.v" \
    "$root"/rtl/xchg_min_top.v "$root"/rtl/xchg_banyan.v "$root"/rtl/xchg_sw2x2.v "$root"/rtl/xchg_msg_mem.v \
    || fail "iverilog"
vvp -n r.vvp +vectors=v8 >good.log
grep -q '^PASS butterfly:8' good.log || fail "replay: $(cat good.log)"
vvp -n r.vvp +vectors=v8 +xchg_f0_kind=1 +xchg_f0_stage=1 +xchg_f0_switch=2 +xchg_f0_cycle=$((first + 3)) >bad.log
cat bad.log
grep -q '^FAIL butterfly:8' bad.log || fail "a flipped switch was not caught"
grep -q "cycle $((first + 3)): stage 1 switch 2: expected" bad.log || fail "the flipped switch is not named"
# a damaged vector file is caught too (one digit of one line)
sed '60s/^./f/' v8/obs.hex >v8/obs2 && mv v8/obs2 v8/obs.hex
vvp -n r.vvp +vectors=v8 >dmg.log
grep -q '^FAIL' dmg.log || fail "a damaged obs.hex passed"

# bad input: one line, exit 2, nothing written
expect_one_line_error 'vectors' "$XCHG" run --net butterfly:8 --sim golden --vectors /proc/xchg/v
expect_one_line_error 'N <= 64' "$XCHG" run --net butterfly:128 --sim golden --vectors big
[ ! -e big ] || [ -z "$(ls big)" ] || fail "files left in big/"
expect_one_line_error 'golden' "$XCHG" run --net butterfly:8 --sim rtl --vectors r
[ ! -e r ] || fail "r/ created for a rejected run"
echo "ok"
