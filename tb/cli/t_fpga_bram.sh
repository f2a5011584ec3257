# SPDX-License-Identifier: MIT
# The block-RAM message memory of a Bram = 1 router (rtl/pn/xchg_pn_slots_1p.v):
# its bench (random reads, stores, takes, bus writes, clears and reads during
# a write, against a plain array) on the RTL; then Yosys synth_ice40 must
# map its words to SB_RAM40_4K block RAMs (16 slots x 31 bits: two of them,
# 256 x 16 each) and the netlist must pass the same bench. A few seconds.
. "$XC_TB/lib.sh"
rtl="$XC_TB/../rtl"
cells="$(yosys-config --datdir 2>/dev/null || echo /usr/share/yosys)/ice40/cells_sim.v"
inc="-I$XC_BUILD/gen -I$rtl -I$XC_TB/rtl"
iverilog -g2012 $inc -o rtl.vvp "$XC_TB/rtl/xchg_pn_slots_1p_tb.v" "$rtl/pn/xchg_pn_slots_1p.v" || fail "iverilog rtl"
vvp -n rtl.vvp >rtl.log || fail "rtl bench: exit $?: $(cat rtl.log)"
cat rtl.log
grep -q '^PASS xchg_pn_slots_1p' rtl.log || fail "rtl bench"
yosys -q -l yosys.log -p "read_verilog -sv -DSYNTHESIS $inc $rtl/pn/xchg_pn_slots_1p.v;
    synth_ice40 -top xchg_pn_slots_1p; rename -top xchg_pn_slots_1p; write_verilog -noattr syn.v;
    tee -o stat.txt stat" >/dev/null 2>&1 || fail "yosys: $(tail -n 5 yosys.log)"
bram=$(awk '$1 ~ /^SB_RAM40_4K/ { n += $2 } END { print n + 0 }' stat.txt)
echo "SB_RAM40_4K (any clock polarity): $bram"
[ "$bram" = 2 ] || fail "the words are not in two block RAMs: $(grep -E 'SB_|cells' stat.txt)"
iverilog -g2012 -DXCHG_GATE -DNO_ICE40_DEFAULT_ASSIGNMENTS $inc -o gate.vvp "$XC_TB/rtl/xchg_pn_slots_1p_tb.v" \
    syn.v "$cells" || fail "iverilog gate"
vvp -n gate.vvp >gate.log || fail "gate bench: exit $?: $(cat gate.log)"
cat gate.log
grep -q '^PASS xchg_pn_slots_1p' gate.log || fail "gate-level bench"
echo ok
