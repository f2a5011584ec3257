# SPDX-License-Identifier: MIT
# A router's message memory (rtl/pn/xchg_pn_slots.v: full bits as tags
# against an epoch, a clear one increment, a scrubber that visits one slot
# per clear): its bench (random reads, stores, takes, bus writes and a
# clear in one cycle of three, so the 3-bit tags wrap around often)
# against a plain array. A second run with the scrubber cut out must fail:
# the bench sees a stale tag come back to life. A few seconds.
. "$XC_TB/lib.sh"
mem="$XC_TB/../rtl/pn/xchg_pn_slots.v"
rtl_bench rtl "PASS xchg_pn_slots" "$XC_TB/rtl/xchg_pn_slots_tb.v" "$mem"
# the same memory without its scrubber (its test never true)
sed 's/if (rst_ni \&\& clear_i) begin/if (1'"'"'b0) begin/' "$mem" >noscrub.v
cmp -s noscrub.v "$mem" && fail "could not cut the scrubber out of xchg_pn_slots.v"
rtl_bench noscrub "FAIL xchg_pn_slots" "$XC_TB/rtl/xchg_pn_slots_tb.v" noscrub.v
echo ok
