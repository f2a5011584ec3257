# SPDX-License-Identifier: MIT
# Second simulator, small set: golden vectors replayed on Icarus Verilog
# agree with Verilator's lock-step run (tb/xsim.sh), for MINs and for a
# torus of routers; a broken switch or router in the Icarus run is named
# with its cycle; --vectors rejects bad input with one line and no
# partial file.
. "$XC_TB/lib.sh"
root="$XC_TB/.."
expect_exit 0 "$XC_TB/xsim.sh" "$XC_BUILD" butterfly:8:xor:18 omega:8:table:5 cube:8:self:0 baseline:4:xor:3 \
    torus:4x4/te-a1/pernode
cat out.txt
grep -q 'xsim: 5 cases agree, 0 differ' out.txt || fail "xsim summary: $(cat out.txt)"

# a router dropping a flit in Icarus (fault slot plusargs): FAIL, named
expect_exit 0 "$XCHG" run --net torus:4x4 --algo te-a1 --sim golden --vectors pv --quiet
for f in bus.hex obs.hex vectors.vh xchg_pn_top.v; do [ -s "pv/$f" ] || fail "pv/$f missing"; done
step1=$(grep XV_FIRST_STEP pv/vectors.vh | awk '{print $3}')
iverilog -g2012 -I"$XC_BUILD/gen" -Ipv -I"$root/rtl" -I"$XC_TB/rtl" -o pn.vvp "$XC_TB/rtl/xchg_pn_replay_tb.v" \
    pv/xchg_pn_top.v $(find "$root/rtl/pn" -name '*.v' | sort) "$root"/rtl/dv/xchg_router_dv.v \
    "$root"/rtl/dv/xchg_pn_ctrl_dv.v || fail "iverilog (routers)"
vvp -n pn.vvp +vectors=pv >pgood.log || fail "router replay: exit $?: $(cat pgood.log)"
grep -q '^PASS torus:4x4' pgood.log || fail "router replay: $(cat pgood.log)"
vvp -n pn.vvp +vectors=pv +xchg_f0_kind=2 +xchg_f0_node=5 +xchg_f0_cycle=$((step1 + 4)) >pbad.log &&
    fail "a failing router replay exited 0"
cat pbad.log
grep -q '^FAIL torus:4x4' pbad.log || fail "a dropped flit was not caught"
grep -q "cycle $((step1 + 4)): node 5 port [0-9] link: expected" pbad.log || fail "the router is not named"

# a switch flipped at one cycle in Icarus (fault slot plusargs): FAIL, named
expect_exit 0 "$XCHG" run --net butterfly:8 --l 18 --sim golden --vectors v8 --quiet
for f in bus.hex obs.hex vectors.vh; do [ -s "v8/$f" ] || fail "v8/$f missing"; done
[ "$(wc -l <v8/bus.hex)" = "$(grep XV_CYCLES v8/vectors.vh | awk '{print $3}')" ] || fail "bus.hex lines"
first=$(grep XV_FIRST_INJECT v8/vectors.vh | awk '{print $3}')
iverilog -g2012 -I"$XC_BUILD/gen" -Iv8 -I"$root/rtl" -I"$XC_TB/rtl" -o r.vvp "$XC_TB/rtl/xchg_min_replay_tb.v" \
    "$root"/rtl/min/xchg_min_top.v "$root"/rtl/min/xchg_banyan.v "$root"/rtl/min/xchg_sw2x2.v "$root"/rtl/min/xchg_msg_mem.v \
    "$root"/rtl/dv/xchg_min_faults.v "$root"/rtl/dv/xchg_sw2x2_dv.v \
    || fail "iverilog"
vvp -n r.vvp +vectors=v8 >good.log || fail "replay: exit $?: $(cat good.log)"
grep -q '^PASS butterfly:8' good.log || fail "replay: $(cat good.log)"
vvp -n r.vvp +vectors=v8 +xchg_f0_kind=1 +xchg_f0_stage=1 +xchg_f0_switch=2 +xchg_f0_cycle=$((first + 3)) >bad.log &&
    fail "a failing replay exited 0"
cat bad.log
grep -q '^FAIL butterfly:8' bad.log || fail "a flipped switch was not caught"
grep -q "cycle $((first + 3)): stage 1 switch 2: expected" bad.log || fail "the flipped switch is not named"
# a damaged vector file is caught too (one digit of one line)
sed '60s/^./f/' v8/obs.hex >v8/obs2 && mv v8/obs2 v8/obs.hex
vvp -n r.vvp +vectors=v8 >dmg.log && fail "a replay of damaged vectors exited 0"
grep -q '^FAIL' dmg.log || fail "a damaged obs.hex passed"

vvp -n r.vvp +vectors=nowhere >none.log && fail "a replay without vectors exited 0"
grep -q '^FAIL' none.log || fail "no FAIL line without vectors"

# bad input: one line, exit 2, nothing written
expect_one_line_error 'vectors' "$XCHG" run --net butterfly:8 --sim golden --vectors /proc/xchg/v
expect_one_line_error 'N <= 64' "$XCHG" run --net butterfly:128 --sim golden --vectors big
[ ! -e big ] || [ -z "$(ls big)" ] || fail "files left in big/"
expect_one_line_error 'golden' "$XCHG" run --net butterfly:8 --sim rtl --vectors r
[ ! -e r ] || fail "r/ created for a rejected run"
expect_one_line_error 'load front' "$XCHG" run --net torus:4x4 --algo te-a1 --load back --vectors r
expect_one_line_error 'up to 64' "$XCHG" run --net torus:16x16 --algo te-ni --sim golden --vectors big2
[ ! -e r ] && [ ! -e big2 ] || fail "folders created for rejected runs"
echo "ok"
