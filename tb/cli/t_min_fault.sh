# SPDX-License-Identifier: MIT
# A deliberately broken RTL (one switch of one stage flipped, by plusarg)
# is caught by the lock-step harness, which names that stage, switch and
# cycle. On butterfly:8 the firmware spends cycles 1-71 on identification,
# messages, configuration and start; wave 0 enters at cycle 72 and passes
# stage 1 at cycle 74.
. "$XC_TB/lib.sh"
check() { # fault expected_cycle expected_element
    expect_exit 1 "$XCHG" run --net butterfly:8 --l 18 --rtl-fault "$1" --json --quiet
    [ "$(json_field pass out.txt)" = false ] || fail "$1: passed"
    grep -q "\"first_mismatch\":{\"cycle\":$2,\"element\":\"$3\"" out.txt ||
        fail "$1: expected cycle $2 element $3, got $(cat out.txt)"
    grep -q "RTL differs from the golden model at cycle $2" err.txt || fail "$1: stderr $(cat err.txt)"
    echo "ok $1 -> cycle $2 $3"
}
check 1.2@70 70 s1.2      # while the switch is idle: its state is compared too
check 1.2@75 75 s1.2      # while wave 1 passes through it
check 2.3@80 80 s2.3      # last stage, late in the exchange
check 0.0 1 s0.0          # stuck from the first cycle
# the same fault with --sim rtl alone is not compared: the scoreboard
# must still see the misrouted messages
expect_exit 1 "$XCHG" run --net butterfly:8 --l 18 --rtl-fault 1.2@75 --sim rtl --json --quiet
[ "$(json_field misrouted out.txt)" != 0 ] || fail "rtl-only fault not seen by the scoreboard"
# two slots on one switch, one permanent (the flip) and one timed (a drop
# as wave 0 passes s1.2 at cycle 74): both act, in either order on the
# command line. For its one cycle the timed slot's kind replaces the
# permanent one: wave 0's two flits there go straight, one is dropped and
# the other arrives where it should; the flip misroutes every later wave
# (two fewer misrouted than with the flip alone, one message lost).
expect_exit 1 "$XCHG" run --net butterfly:8 --l 18 --rtl-fault 1.2 --sim rtl --json --quiet
flip_only=$(json_field misrouted out.txt)
[ "$flip_only" != 0 ] || fail "the permanent flip misroutes nothing"
for order in "--rtl-fault 1.2 --inject drop:s1.2@74" "--inject drop:s1.2@74 --rtl-fault 1.2"; do
    # shellcheck disable=SC2086
    expect_exit 1 "$XCHG" run --net butterfly:8 --l 18 $order --sim rtl --json --quiet
    got=$(( $(json_field delivered out.txt) + $(json_field misrouted out.txt) ))
    [ "$got" = 63 ] || fail "$order: $got of 64 messages arrived, expected 63 (the timed drop masked?)"
    [ "$(json_field misrouted out.txt)" = $((flip_only - 2)) ] ||
        fail "$order: misrouted $(json_field misrouted out.txt), expected $flip_only - 2 (the flip cleared?)"
    echo "ok two slots on s1.2: $order"
done
# the mismatch trace and its save file are written, with a marker on it
expect_exit 1 "$XCHG" run --net butterfly:8 --l 18 --rtl-fault 1.2@75 --trace w/f.fst --quiet
[ -s w/f.fst ] && [ -s w/f.gtkw ] || fail "no trace"
grep -q '^\*-11.640000 75000 ' w/f.gtkw || fail "no marker at cycle 75 in the save file"
grep -q '^-first mismatch: s1.2' w/f.gtkw || fail "diverging switch not on top"
# its neighbours: s0.0 and s0.2 feed s1.2 (butterfly:8), it feeds s2.2 and s2.3
sed -n '/^-neighbours of s1.2/,/^-neighbours of s1.2/p' w/f.gtkw | grep -o 'gen_stage\[[0-9]\].gen_sw\[[0-9]\]' |
    sort -u | tr '\n' ' ' | grep -qx 'gen_stage\[0\].gen_sw\[0\] gen_stage\[0\].gen_sw\[2\] gen_stage\[2\].gen_sw\[2\] gen_stage\[2\].gen_sw\[3\] ' ||
    fail "neighbours: $(sed -n '/^-neighbours/,/^-neighbours/p' w/f.gtkw | grep -o 'gen_stage.*u_sw' | sort -u)"
[ -s w/f.golden.fst ] || fail "no golden trace"
grep -q '^gtkwave::setMarker 75000$' w/f.tcl || fail "no marker in the Tcl script"
# the process filter decodes flits
printf '%s\n' 2018002c007 0 zz | "$XCHG" gtkw-filter >lab.txt
[ "$(sed -n 1p lab.txt)" = "m(11→7)" ] && [ "$(sed -n 2p lab.txt)" = "-" ] && [ "$(sed -n 3p lab.txt)" = zz ] ||
    fail "filter: $(cat lab.txt)"
