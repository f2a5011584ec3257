# SPDX-License-Identifier: MIT
# The MIN's back door (--load back): the RTL's message memories
# ($readmemh in rtl/dv/xchg_min_dv.v) and the golden model are loaded
# directly, no MSG_DATA bus cycle; the front door stays the default below
# N = 512 (XC_MIN_BACK_DOOR_FROM), the back door from there on. The
# RTL alone must deliver every message (proof its memories were loaded);
# a fault is still caught; bad input is one line, exit 2, nothing left.
. "$XC_TB/lib.sh"
net=butterfly:16
for mode in xor table self; do
    expect_exit 0 "$XCHG" run --net $net --l 5 --mode $mode --load back --json --quiet
    [ "$(json_field pass out.txt)" = true ] || fail "$mode back: $(cat out.txt)"
    [ "$(json_field load out.txt)" = '"back"' ] || fail "$mode: load not reported: $(cat out.txt)"
    [ "$(json_field message_cycles out.txt)" = 0 ] || fail "$mode: bus message cycles with the back door"
    [ "$(json_field delivered out.txt)" = 256 ] || fail "$mode delivered: $(cat out.txt)"
    echo "ok $net $mode --load back: $(json_field sim_cycles out.txt) cycles"
done
# the default is the front door: N^2 + 1 message cycles (MSG_PTR, N^2 MSG_DATA)
expect_exit 0 "$XCHG" run --net $net --l 5 --json --quiet
[ "$(json_field load out.txt)" = '"front"' ] || fail "front not reported: $(cat out.txt)"
[ "$(json_field message_cycles out.txt)" = 257 ] || fail "front message cycles: $(cat out.txt)"
front_cycles=$(json_field sim_cycles out.txt)
expect_exit 0 "$XCHG" run --net $net --l 5 --load back --json --quiet
back_cycles=$(json_field sim_cycles out.txt)
[ $((front_cycles - back_cycles)) = 257 ] || fail "back door saves $((front_cycles - back_cycles)) cycles, expected 257"
# the text report says which door
expect_exit 0 "$XCHG" run --net $net --l 5 --load back
grep -q '^  load         back door: message memories loaded directly' out.txt || fail "text: $(cat out.txt)"
expect_exit 0 "$XCHG" run --net $net --l 5 --load front --sim rtl
grep -q '^  load         front door: messages written over the bus' out.txt || fail "text: $(cat out.txt)"
# the RTL alone: the scoreboard sees every message, so its memories were loaded
expect_exit 0 "$XCHG" run --net $net --l 5 --load back --sim rtl --json --quiet
[ "$(json_field delivered out.txt)" = 256 ] && [ "$(json_field corrupt out.txt)" = 0 ] ||
    fail "RTL back door: $(cat out.txt)"
# the golden model alone takes the same words
expect_exit 0 "$XCHG" run --net $net --l 5 --load back --sim golden --json --quiet
[ "$(json_field delivered out.txt)" = 256 ] || fail "golden back door: $(cat out.txt)"
# a fault with the back door: caught at its cycle, named (wave 0 passes
# stage 1 at first injection + 2)
first=$(json_field first_injection_cycle out.txt)
expect_exit 1 "$XCHG" run --net $net --l 5 --load back --rtl-fault 1.2@$((first + 2)) --json --quiet
grep -q "\"first_mismatch\":{\"cycle\":$((first + 2)),\"element\":\"s1.2\"" out.txt || fail "fault: $(cat out.txt)"
# the load files are gone after each run: no MIN load folder (min<pid>) of
# a run that has ended (tests in parallel may have a run going on)
for e in $(ls "$XC_BUILD/load" 2>/dev/null | grep '^min'); do
    kill -0 "${e#min}" 2>/dev/null || [ ! -e "$XC_BUILD/load/$e" ] || fail "load files left: $(ls "$XC_BUILD/load")"
done
# the default from N = 512 on: the back door (N^2 + 1 bus cycles would dwarf
# the exchange), unless --load front or --vectors (which replays the bus)
expect_exit 0 "$XCHG" run --net butterfly:512 --l 1 --sim golden --json --quiet
[ "$(json_field load out.txt)" = '"back"' ] || fail "512: back not the default: $(cat out.txt)"
[ "$(json_field message_cycles out.txt)" = 0 ] || fail "512: messages over the bus: $(cat out.txt)"
expect_exit 0 "$XCHG" run --net butterfly:256 --l 1 --sim golden --json --quiet
[ "$(json_field load out.txt)" = '"front"' ] || fail "256: front not the default: $(cat out.txt)"
expect_exit 0 "$XCHG" run --net butterfly:512 --l 1 --sim golden --load front --json --quiet
[ "$(json_field load out.txt)" = '"front"' ] || fail "512 --load front: $(cat out.txt)"
[ "$(json_field message_cycles out.txt)" = 262145 ] || fail "512 --load front: $(cat out.txt)"
# bad input
expect_one_line_error "--load 'side': allowed front, back" "$XCHG" run --net $net --load side
expect_one_line_error "use --load front" "$XCHG" run --net $net --load back --sim golden --vectors v
[ ! -e v ] || fail "v/ created for a rejected run"
echo "ok"
