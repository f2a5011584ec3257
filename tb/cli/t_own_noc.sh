# SPDX-License-Identifier: MIT
# --rtl-noc: a user's whole network, checked message by message. A
# crossbar written from the network contract alone (tb/own/noc/xbar_noc.v,
# copied outside the tree) passes the total exchanges of complete:16,
# torus:4x4 and butterfly:16 (every message once, intact, at its
# destination); its mutants (tb/own/mutants.txt) are caught with the right diagnosis: a lost
# message (named), a deadlock (the watchdog, within its cycles), a valid
# dropped before its handshake; a design that breaks the contract gets
# one line naming the port and the width, and leaves nothing in the cache.
. "$XC_TB/lib.sh"
mkdir -p mine && cp "$XC_TB"/own/noc/*.v mine/ && sh "$XC_TB/own/mutate.sh" mine noc || fail "tb/own/mutate.sh"
noc_dirs() { ls -d "$XC_BUILD"/vl/noc_* 2>/dev/null | wc -l; }
passes() { # expected-messages run-options...
    local want=$1; shift
    expect_exit 0 "$XCHG" run --rtl-noc mine/xbar_noc.v --json --quiet "$@"
    [ "$(json_field pass out.txt)" = true ] || fail "$*: not passed: $(cat out.txt)"
    [ "$(json_field expected out.txt)" = "$want" ] && [ "$(json_field delivered out.txt)" = "$want" ] ||
        fail "$*: expected $want messages delivered: $(cat out.txt)"
    echo "ok xbar_noc passes $* ($want messages, $(json_field cycles out.txt) cycles, bound $(json_field bound out.txt))"
}

# 1. the crossbar passes every collective, in every offer order and ready pattern
passes 240 --net complete:16 --algo te-a1
[ "$(json_field bound out.txt)" = 15 ] && [ "$(json_field own_rtl_cycles out.txt)" = 16 ] ||
    fail "complete:16: bound 15 (AS(G)) and our routers' 16 cycles expected: $(cat out.txt)"
grep -q '"user_rtl":{"level":"noc","file":"'"$PWD"'/mine/xbar_noc.v","module":"xbar_noc"' out.txt ||
    fail "no user_rtl in the report: $(cat out.txt)"
passes 240 --net torus:4x4 --algo te-a1
passes 240 --net torus:4x4 --algo te-ni --noc-order barrier
passes 256 --net butterfly:16 --algo latin
[ "$(json_field bound out.txt)" = 20 ] || fail "butterfly:16: bound N + log2 N = 20 expected"
passes 240 --net torus:4x4 --algo te-a1 --noc-ready random --seed 7
passes 16 --net butterfly:16 --algo perm --seed 3
expect_exit 0 "$XCHG" run --net torus:4x4 --algo te-a1 --rtl-noc mine/xbar_noc.v
grep -q "^  your RTL     mine/xbar_noc.v, module xbar_noc, the whole network" out.txt &&
    grep -q "^  lower bound  32 (AS(G))" out.txt && grep -q "^PASS" out.txt || fail "text report: $(cat out.txt)"

# a mesh in another style (XY routing, a buffer a router input, functions in the module: a
# function's arguments are not ports) passes too, with more cycles than the crossbar
expect_exit 0 "$XCHG" run --net torus:4x4 --algo te-a1 --rtl-noc mine/mesh_noc.v --noc-ready random --seed 5 --json --quiet
[ "$(json_field pass out.txt)" = true ] && [ "$(json_field delivered out.txt)" = 240 ] || fail "mesh_noc: $(cat out.txt)"
for c in "complete:16 --algo te-a1" "butterfly:16 --algo latin"; do
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" run --net $c --rtl-noc mine/mesh_noc.v --noc-order barrier --json --quiet
    [ "$(json_field pass out.txt)" = true ] || fail "mesh_noc $c: $(cat out.txt)"
done
echo "ok mesh_noc passes torus:4x4 (random ready), complete:16 and butterfly:16 (barrier)"

# 2. cached by the content: a second run builds nothing
"$XCHG" run --net complete:16 --algo te-a1 --rtl-noc mine/xbar_noc.v >out.txt 2>err.txt || fail "rerun"
! grep -q building err.txt || fail "the cached model was built again: $(cat err.txt)"
echo "ok a second run of the same file builds nothing"

# 3. mutants, each with its diagnosis
expect_exit 1 "$XCHG" run --net torus:4x4 --algo te-a1 --rtl-noc mine/xbar_noc_lose.v --json --quiet
[ "$(json_field failure out.txt)" = '"missing"' ] || fail "lose: not 'missing': $(cat out.txt)"
grep -qE '"why":"cycle [0-9]+: [0-9]+ messages taken and never delivered [^"]*m\([0-9]+→[0-9]+\) entered at node' \
    out.txt || fail "lose: the lost messages are not named: $(cat out.txt)"
echo "ok xbar_noc_lose: $(grep -o '"why":"[^"]*' out.txt | cut -c8-120)"
expect_exit 1 "$XCHG" run --net complete:16 --algo te-a1 --rtl-noc mine/xbar_noc_deadlock.v --noc-watchdog 200 \
    --json --quiet
[ "$(json_field failure out.txt)" = '"deadlock"' ] && [ "$(json_field failure_cycle out.txt)" -le 200 ] ||
    fail "deadlock: not caught by the watchdog within 200 cycles: $(cat out.txt)"
grep -q 'inside, no delivery since cycle 0 (watchdog 200 cycles): m(' out.txt || fail "deadlock: messages inside not named"
echo "ok xbar_noc_deadlock: the watchdog in cycle $(json_field failure_cycle out.txt)"
expect_exit 1 "$XCHG" run --net torus:4x4 --algo te-a1 --rtl-noc mine/xbar_noc_blink.v --noc-ready random --seed 2 \
    --json --quiet
[ "$(json_field failure out.txt)" = '"protocol"' ] && grep -q 'out_valid_o\[[0-9]*\] fell before its handshake' out.txt ||
    fail "blink: the dropped valid is not seen: $(cat out.txt)"
echo "ok xbar_noc_blink: $(grep -o '"why":"[^"]*' out.txt | cut -c8-)"

# three more bugs made from the crossbar, each with its own diagnosis: bit 20 (the
# source's) flipped on the way; the destination's bit 0 flipped in the arbiter; a
# valid that never falls (seen once the last message arrived, in the cycles the run
# goes on after it)
sed 's/<= in_data_i\[int.(winner\[o\])\*W +: W\];/<= in_data_i[int'"'"'(winner[o])*W +: W] ^ (W'"'"'(1) << 20);/' \
    mine/xbar_noc.v >flip.v
sed 's/int.(in_data_i\[i\*W +: 16\]) == o)/(int'"'"'(in_data_i[i*W +: 16]) ^ 1) == o)/' mine/xbar_noc.v >swap.v
sed 's/end else if (out_ready_i\[o\]) begin/end else if (1'"'"'b0) begin/' mine/xbar_noc.v >stuck.v
diagnosis() { # file failure pattern
    expect_exit 1 "$XCHG" run --net complete:16 --algo te-a1 --rtl-noc "$1:xbar_noc" --json --quiet
    [ "$(json_field failure out.txt)" = "\"$2\"" ] && grep -qE "\"why\":\"$3" out.txt ||
        fail "$1: expected $2 ($3): $(cat out.txt)"
    echo "ok $1: $2: $(grep -o '"why":"[^"]*' out.txt | cut -c8-)"
}
diagnosis flip.v corrupt 'cycle 2: m\([0-9]+→[0-9]+\) arrived at node [0-9]+ changed: bits \[31:0\]'
diagnosis swap.v misrouted 'cycle 2: m\([0-9]+→[0-9]+\) arrived at node [0-9]+, not at its destination'
diagnosis stuck.v duplicate 'cycle 17: m\([0-9]+→[0-9]+\) arrived at node [0-9]+ a second time'

# 4. bad designs: one line, exit 2, nothing cached
n=$(noc_dirs)
sed 's/out_ready_i/out_rdy_i/g' mine/xbar_noc.v >misnamed.v
sed 's/output wire \[N\*W-1:0\] out_data_o/output wire [N*W-2:0] out_data_o/; s/= out_data_q;/= out_data_q[N*W-2:0];/' \
    mine/xbar_noc.v >narrow.v
sed 's/assign in_ready_o  = in_ready;/assign in_ready_o  = in_ready/' mine/xbar_noc.v >syntax.v
run_noc() { "$XCHG" run --net torus:4x4 --algo te-a1 --rtl-noc "$@"; }
expect_one_line_error "misnamed.v: module xbar_noc has no port out_ready_i" run_noc misnamed.v:xbar_noc
expect_one_line_error "narrow.v: module xbar_noc: port out_data_o is 1023 bits wide, the network contract wants 1024 \(N\*W\)" \
    run_noc narrow.v:xbar_noc
expect_one_line_error "^xchg run: syntax.v:[0-9]+:[0-9]*:? ?syntax error" run_noc syntax.v:xbar_noc
expect_one_line_error "no module nosuch" run_noc mine/xbar_noc.v:nosuch
[ "$(noc_dirs)" = "$n" ] || fail "a design that failed left a folder in the cache: $(ls "$XC_BUILD"/vl)"
expect_one_line_error "no golden model: use --sim rtl" run_noc mine/xbar_noc.v --sim lockstep
expect_one_line_error "noc-width '96x'" run_noc mine/xbar_noc.v --noc-width 96x
expect_one_line_error "allowed with --rtl-noc on a product network" "$XCHG" run --net torus:4x4 --algo mnb \
    --rtl-noc mine/xbar_noc.v
expect_one_line_error "rtl-noc needs --net" "$XCHG" run --rtl-noc mine/xbar_noc.v --algo latin
expect_one_line_error "algo 'te-a1': allowed with --rtl-noc on a MIN: latin, perm" "$XCHG" run --net butterfly:8 \
    --algo te-a1 --rtl-noc mine/xbar_noc.v
expect_one_line_error "bad option '--tables' for a --rtl-noc run" run_noc mine/xbar_noc.v --tables rom
echo "ok bad designs and options: one line, exit 2, nothing cached"

# 5. a wider message: the harness's words above bit 64 arrive unchanged too
passes 240 --net torus:4x4 --algo te-a1 --noc-width 128

# 6. usable from xchg sweep: each case its own verdict
printf -- '--net torus:4x4 --algo te-a1 --rtl-noc %s\n--net complete:16 --algo te-a1 --rtl-noc %s --noc-watchdog 50\n' \
    "$PWD/mine/xbar_noc.v" "$PWD/mine/xbar_noc_deadlock.v" >cases.txt
expect_exit 1 "$XCHG" sweep cases.txt --out sweep --quiet
grep -q '"passed":1,"failed":1,"errors":0' sweep/summary.json || fail "sweep: $(head -c 300 sweep/summary.json)"
echo "ok xchg sweep: the crossbar passes, the deadlocking one fails"

# 7. waves of a failing design, the marker on the failure's cycle (cycle c's edge at c ns)
expect_exit 1 "$XCHG" run --net torus:4x4 --algo te-a1 --rtl-noc mine/xbar_noc_blink.v --noc-ready random --seed 2 \
    --trace w/blink.fst --json --quiet
c=$(json_field failure_cycle out.txt)
[ -s w/blink.fst ] && grep -q "^gtkwave::setMarker ${c}000$" w/blink.tcl && grep -q '^xchg.out_valid_o\[15:0\]$' w/blink.gtkw ||
    fail "waves: no trace, or no marker at cycle $c: $(cat w/blink.tcl)"
echo "ok waves of xbar_noc_blink, the marker at cycle $c"
