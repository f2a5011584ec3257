# SPDX-License-Identifier: MIT
# Fault injection from the command line: every kind at several places, on
# several networks. The golden model is not told, so the lock-step must
# stop at the injected cycle and name the injected element. Wave x passes
# stage k at cycle first_injection_cycle + x + k + 1.
. "$XC_TB/lib.sh"
first_injection() { # net
    "$XCHG" run --net "$1" --l 1 --sim golden --json --quiet | grep -o '"first_injection_cycle":[0-9]*' | cut -d: -f2
}
check() { # net kind stage switch wave
    local net=$1 kind=$2 k=$3 h=$4 x=$5 f c
    f=$(first_injection "$net")
    c=$((f + x + k + 1))
    expect_exit 1 "$XCHG" run --net "$net" --l 1 --inject "$kind:s$k.$h@$c" --json --quiet
    grep -q "\"first_mismatch\":{\"cycle\":$c,\"element\":\"s$k.$h\"" out.txt ||
        fail "$net $kind:s$k.$h@$c: $(cat out.txt)"
    echo "ok $net $kind:s$k.$h@$c"
}
for kind in switch drop dup corrupt port; do
    check butterfly:8 "$kind" 0 0 0
    check butterfly:8 "$kind" 2 3 7
    check omega:16 "$kind" 1 5 3
    check cube:16 "$kind" 3 7 15
done
# several injections in one run: the earliest one is reported
f=$(first_injection butterfly:8)
expect_exit 1 "$XCHG" run --net butterfly:8 --l 1 --inject "drop:s2.1@$((f + 6))" \
    --inject "corrupt:s0.3@$((f + 2))" --json --quiet
grep -q "\"first_mismatch\":{\"cycle\":$((f + 2)),\"element\":\"s0.3\"" out.txt || fail "two injections"
grep -q '"injections":\[{"kind":"drop","element":"s2.1"' out.txt || fail "injections not reported"
# a data fault on a switch that carries no flit has nothing to damage: it
# never fires (cycle 5, the table load, is outside the exchange: refused
# without --inject-anywhere, tb/cli/t_fired.sh)
expect_exit 0 "$XCHG" run --net butterfly:8 --l 1 --inject drop:s1.1@5 --inject-anywhere --json --quiet
grep -q '"fired":false' out.txt || fail "drop:s1.1@5 fired: $(cat out.txt)"
# without the golden model the scoreboard still sees what reached the outputs
expect_exit 1 "$XCHG" run --net butterfly:8 --l 1 --sim rtl --inject "dup:s2.0@$((f + 5))" --json --quiet
[ "$(json_field duplicates out.txt)" != 0 ] || [ "$(json_field misrouted out.txt)" != 0 ] || fail "rtl-only dup unseen"
# bad injections
expect_one_line_error "KIND switch, drop" "$XCHG" run --net butterfly:8 --inject melt:s1.1@5
expect_one_line_error "s<stage>.<switch>@<cycle>" "$XCHG" run --net butterfly:8 --inject drop:s1.1
expect_one_line_error "s<stage>.<switch>@<cycle>" "$XCHG" run --net butterfly:8 --inject drop:s1.1@0
expect_one_line_error "no switch s3.0" "$XCHG" run --net butterfly:8 --inject drop:s3.0@9
expect_one_line_error "at most 4" "$XCHG" run --net butterfly:8 --inject drop:s1.1@90 \
    --inject drop:s1.1@91 --inject drop:s1.1@92 --inject drop:s1.1@93 --inject drop:s1.1@94
expect_one_line_error "need the RTL" "$XCHG" run --net butterfly:8 --sim golden --inject drop:s1.1@90
echo ok
