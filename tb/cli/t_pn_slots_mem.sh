# SPDX-License-Identifier: MIT
# A router's message memory (rtl/pn/xchg_pn_slots.v: full bits as tags
# against an epoch, a clear one increment, a scrubber that visits one slot
# per clear): its bench (random reads, stores, takes, bus writes and a
# clear in one cycle of three, so the 3-bit tags wrap around often)
# against a plain array. A second run with the scrubber cut out must fail:
# the bench sees a stale tag come back to life. A few seconds.
. "$XC_TB/lib.sh"
rtl="$XC_TB/../rtl"
inc="-I$XC_BUILD/gen -I$rtl"
iverilog -g2012 $inc -o rtl.vvp "$XC_TB/rtl/xchg_pn_slots_tb.v" "$rtl/pn/xchg_pn_slots.v" || fail "iverilog"
vvp -n rtl.vvp >rtl.log || fail "bench: exit $?: $(cat rtl.log)"
cat rtl.log
grep -q '^PASS xchg_pn_slots' rtl.log || fail "bench"
# the same memory without its scrubber (its test never true)
sed 's/if (rst_ni \&\& clear_i \&\& tag_m\[scrub_q\]/if (1'"'"'b0 \&\& tag_m[scrub_q]/' "$rtl/pn/xchg_pn_slots.v" >noscrub.v
cmp -s noscrub.v "$rtl/pn/xchg_pn_slots.v" && fail "could not cut the scrubber out of xchg_pn_slots.v"
iverilog -g2012 $inc -o noscrub.vvp "$XC_TB/rtl/xchg_pn_slots_tb.v" noscrub.v || fail "iverilog (no scrubber)"
vvp -n noscrub.vvp >noscrub.log || true
grep -q '^FAIL xchg_pn_slots' noscrub.log || fail "the bench passes without the scrubber: $(tail -n 2 noscrub.log)"
echo "without the scrubber: $(tail -n 1 noscrub.log)"
echo ok
