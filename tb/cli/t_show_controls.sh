#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The page's play speed and keys, and `show --l random` drawn as `run`
# draws it: #speed=S&play plays at S steps per second (timed by
# Chromium's virtual clock), the keys are written on the page and in
# docs/teaching.md, and `show --l random --seed S` shows the square that
# `run --l random --seed S` runs.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"
doc="$XC_TB/../docs/teaching.md"

# step_after SPEED MS: the step a page playing at SPEED shows after MS of virtual time
step_after() {
    chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" --virtual-time-budget="$2" \
        --dump-dom "file://$PWD/t.html#speed=$1&play" 2>/dev/null >t.dom || fail "chromium could not load the page"
    grep -o 'id="stepinfo">step [0-9]*' t.dom | grep -o '[0-9]*$'
}
expect_exit 0 "$XCHG" show --net torus:4x4 --algo te-a1 --out t.html
slow=$(step_after 0.5 4000) fast=$(step_after 30 4000) mid=$(step_after 3 4000)
echo "after 4 s: step $slow at 0.5 steps/s, $mid at 3, $fast at 30"
[ "$slow" -ge 1 ] && [ "$slow" -le 3 ] || fail "0.5 steps/s: step $slow after 4 s"
[ "$mid" -ge 10 ] && [ "$mid" -le 14 ] || fail "3 steps/s: step $mid after 4 s"
[ "$fast" = 32 ] || fail "30 steps/s: step $fast after 4 s, expected the last (32)"
for k in 'Home / End first / last step' 'space play / pause' 'faster / slower'; do
    grep -qF "$k" t.dom || fail "the page does not say the key '$k'"
done
for k in 'Home' 'End' 'space' 'speed'; do
    sed -n '1,20p' "$doc" | grep -qw "$k" || fail "docs/teaching.md's opening does not document '$k'"
done
echo "ok speed and keys"

# --l random: the l that run draws from the same seed
expect_exit 0 "$XCHG" show --net butterfly:8 --l random --seed 5 --json --out r.json
show_l=$(jq -r .options r.json | sed 's/^l = \([0-9]*\),.*/\1/')
expect_exit 0 "$XCHG" run --net butterfly:8 --l random --seed 5 --sim golden --json
run_l=$(jq -r .l out.txt)
[ -n "$show_l" ] && [ "$show_l" = "$run_l" ] || fail "show --l random --seed 5: l = $show_l, run drew $run_l"
[ "$(jq '.frames[-1].delivered' r.json)" = 64 ] || fail "show --l random: not every message delivered"
expect_exit 0 "$XCHG" show --net omega:8 --l random --out r.html
seed=$(grep -o '(seed [0-9]*)' out.txt | grep -o '[0-9]*') || fail "show --l random without --seed prints no seed: $(cat out.txt)"
expect_exit 0 "$XCHG" show --net omega:8 --config random --seed "$seed" --json
expect_one_line_error "--seed is for --l random, --config random or --inject random" "$XCHG" show --net omega:8 --seed 3 --out n.html
[ ! -e n.html ] || fail "a page written on bad input"
expect_one_line_error "--seed 'x'" "$XCHG" show --net omega:8 --l random --seed x --out n.html
echo "ok show --l random (l = $show_l with seed 5)"
