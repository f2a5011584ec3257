# SPDX-License-Identifier: MIT
# The routers' slot and inject-list limits come from one place
# (sw/lib/xc_consts.def: PN_SLOT_W_MAX, PN_LIST_W_MAX): the software takes
# what the RTL takes and rejects one more with one line; each RTL unit
# elaborates at the limit and stops with its message one past it; the
# circuit schedules of torus:32x32, which need 32,768 slots and 2^17
# inject-list entries, pass in the golden model (the RTL run is in make
# bench: tb/bench/bench_pn_scale.sh).
. "$XC_TB/lib.sh"
root="$XC_TB/.."
"$XCHG" consts --json >consts.json
sw=$(json_field PN_SLOT_W_MAX consts.json)
lw=$(json_field PN_LIST_W_MAX consts.json)
[ "$sw" = 15 ] && [ "$lw" = 17 ] || fail "limits: slot bits '$sw', list bits '$lw' (expected 15, 17)"
max=$((1 << sw)) lmax=$((1 << lw))

# the generated top at the limit, and one past it (no file left behind)
expect_exit 0 "$XCHG" rtl-net --net ring:4 --slots $max --out top.v
grep -q "Slots = $max, SlotW = $sw," top.v || fail "rtl-net --slots $max: $(grep -m1 'Slots =' top.v)"
expect_one_line_error "--slots '$((max + 1))': a number 2\.\.$max" "$XCHG" rtl-net --net ring:4 --slots $((max + 1)) --out bad.v
[ ! -e bad.v ] || fail "rtl-net left bad.v behind"

# elab MODULE PARAM=VALUE...: elaborates MODULE alone (Icarus) with the
# parameters and runs its initial blocks; exit 0, or its $fatal (elab.log)
rtl_files=$(find "$root/rtl/pn" -name '*.v' | sort)
elab() {
    local m=$1 a p=()
    shift
    for a in "$@"; do p+=("-P$m.$a"); done
    iverilog -g2012 -I"$XC_BUILD/gen" -I"$root/rtl" -s "$m" "${p[@]}" -o e.vvp $rtl_files >elab.log 2>&1 &&
        vvp -n e.vvp >>elab.log 2>&1
}
# at_limit MODULE PARAM=VALUE...: elaborates cleanly
at_limit() { elab "$@" || fail "$* rejected: $(cat elab.log)"; }
# past_limit MESSAGE MODULE PARAM=VALUE...: stops with MESSAGE
past_limit() {
    local msg=$1
    shift
    elab "$@" && fail "$* accepted"
    grep -qF -- "$msg" elab.log || fail "$*: not '$msg': $(cat elab.log)"
}
for m in xchg_pn_slots xchg_pn_slots_1p xchg_router; do
    at_limit $m Slots=$max SlotW=$sw
    past_limit "$m: Slots = $((max + 1)), SlotW = $((sw + 1)): need 2..$max slots in SlotW bits" \
        $m Slots=$((max + 1)) SlotW=$((sw + 1))
done
at_limit xchg_pn_ctrl SlotW=$sw
past_limit "xchg_pn_ctrl: SlotW = $((sw + 1)), allowed 1..$sw" xchg_pn_ctrl SlotW=$((sw + 1))
# the network's nodes: as many as a flit's node address reaches (ADDR_W)
nmax=$((1 << $(json_field ADDR_W consts.json)))
[ "$nmax" = 16384 ] || fail "node addresses reach $nmax nodes (expected 16384)"
at_limit xchg_pn_ctrl Nodes=$nmax
past_limit "xchg_pn_ctrl: Nodes = $((nmax + 1)), allowed 2..$nmax" xchg_pn_ctrl Nodes=$((nmax + 1))
at_limit xchg_pn_xbar ListDepth=$lmax
past_limit "xchg_pn_xbar: ListDepth = $((2 * lmax)), allowed a power of two 2..$lmax" xchg_pn_xbar ListDepth=$((2 * lmax))

# torus:32x32 te-dc1 (golden model): 32,768 slots, every message once
expect_exit 0 "$XCHG" run --net torus:32x32 --algo te-dc1 --sim golden --json --quiet
[ "$(json_field slots out.txt)" = $max ] || fail "torus:32x32 te-dc1: slots $(json_field slots out.txt)"
[ "$(json_field delivered out.txt)" = 1047552 ] && [ "$(json_field duplicates out.txt)" = 0 ] &&
    [ "$(json_field pass out.txt)" = true ] || fail "torus:32x32 te-dc1: $(cat out.txt)"
echo "ok slots 2..$max, lists 2..$lmax; torus:32x32 te-dc1 golden: $(json_field slots_used out.txt) slots used"
