# SPDX-License-Identifier: MIT
# Synthesis, small: the host-less exchange for N = 8 through Yosys,
# nextpnr-ice40 (iCEBreaker, 12 MHz) and icepack, its netlist simulated
# against the golden vectors and from its pins; the bus-driven MIN top
# for N = 4 synthesized and its netlist replaying the full golden bus
# vectors; the host-less torus:4 (te-ni from a ROM, its routers' message
# memories in block RAM) placed, routed and its two netlists replayed; the
# routers' block-RAM path in a ring:4 te-ni network, its netlist replaying
# the golden vectors. (make synth runs the bigger list.)
. "$XC_TB/lib.sh"
expect_exit 0 "$XC_TB/../constraints/synth.sh" "$XC_BUILD" board:butterfly:8:18 min_top:cube:4:2 torus:4 \
    pn_top:ring:4/te-ni/broadcast/bram
cat out.txt
grep -E '^xchg_fpga_min_board +butterfly:8 .* yes +PASS / PASS' out.txt || fail "board row: $(cat out.txt)"
grep -E '^xchg_min_top +cube:4 .* PASS / PASS' out.txt || fail "min_top row: $(cat out.txt)"
grep -E '^xchg_fpga_torus_board +torus:4 .* yes +PASS / PASS' out.txt || fail "torus row: $(cat out.txt)"
# the routers' block-RAM path: its netlist replays the golden vectors, two block RAMs a router
grep -E '^xchg_pn_top +ring:4 te-ni bram .* [1-9][0-9]* +- +- n/a +PASS / PASS' out.txt || fail "pn_top bram row: $(cat out.txt)"
grep -E '^    per router: [0-9]+ LUTs' out.txt || fail "no LUTs per router: $(cat out.txt)"
grep -E '^xchg_fpga_torus_board +torus:4 .* [1-9][0-9]* +[0-9.]+ +12 yes' out.txt || fail "torus row without block RAM: $(cat out.txt)"
[ -s "$XC_BUILD/synth/board_butterfly_8/board.bin" ] || fail "no bitstream"
[ -s "$XC_BUILD/synth/torus_4/board.bin" ] || fail "no torus bitstream"
expect_exit 2 "$XC_TB/../constraints/synth.sh" "$XC_BUILD" tile:butterfly:8:1
grep -q "unknown design kind 'tile'" out.txt || fail "bad design not named: $(cat out.txt)"
echo ok
