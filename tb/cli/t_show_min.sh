#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The MIN page says what it draws: "steps in the network" (and the yellow
# columns) are the steps with a message not yet delivered, never a step
# whose N messages have all arrived; the messages arriving in a cycle are
# drawn at the last stage's output register too; the Latin square's
# headers sit above its first row; the legend says where the rule is
# written, what a full-colour input square is, and why table mode takes
# more cycles than the bound.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"
dom() {
    chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" --dump-dom "file://$PWD/$1" \
        2>/dev/null >"$2" || fail "chromium could not load $1"
}

for net in butterfly:8 omega:16; do
    expect_exit 0 "$XCHG" show --net "$net" --json --out m.json
    # in_network: never a step whose messages have all arrived, always a step with a message in a switch
    # (a message in the injection register is "in<j>" as in the memory: the pipeline test of t_show places it)
    jq -e '.min.N as $N | [.frames[] | .at as $at | .in_network as $in | range(0; $N) as $x |
            [range(0; $N) as $j | $at[$j * $N + $x]] as $w | ($in | index($x)) as $listed |
            select(($listed != null and ($w | all(startswith("out")))) or
                   ($listed == null and ($w | any(startswith("s")))))] | length == 0' m.json >/dev/null ||
        fail "$net: in_network is not the steps under way"
    echo "ok $net: in_network is the steps under way"
done

expect_exit 0 "$XCHG" show --net butterfly:8 --l 18 --json --out b.json
expect_exit 0 "$XCHG" show --net butterfly:8 --l 18 --out b.html
for k in 4 6 11; do
    dom "b.html#step=$k" b.dom
    want=$(jq --argjson k "$k" '[range(0; .frames[$k].at | length) as $i | select((.frames[$k].at[$i] | startswith("out"))
            and .frames[$k - 1].at[$i] != .frames[$k].at[$i])] | length' b.json)
    got=$(grep -o 'class="arrived"' b.dom | wc -l)
    [ "$got" = "$want" ] && [ "$want" -gt 0 ] || fail "cycle $k: $got messages drawn arriving at the last stage, $want arrived"
    [ "$k" = 6 ] || continue
    label=$(grep -o '<div id="label"[^<]*' b.dom)
    case $label in *"steps in the network: x = 3, 4, 5") ;; *) fail "cycle 6: '$label'" ;; esac
    [ "$(grep -o 'class="curx\?"' b.dom | wc -l)" = 3 ] || fail "cycle 6: not 3 yellow columns"
done
# headers: every baseline above the square's first row
top=$(grep -o '<rect class="cell" x="[0-9.]*" y="[0-9.]*"' b.dom | sed 's/.*y="//; s/"//' | sort -n | head -1)
grep -o '<text [^>]*class="small sqhead"' b.dom | grep -o ' y="[0-9.]*"' | tr -dc '0-9.\n' | while read -r y; do
    awk -v y="$y" -v t="$top" 'BEGIN { exit !(y <= t - 2) }' || fail "a header of the square at y = $y, its first row at $top"
done || exit 1
grep -q 'written left of each switch' b.dom || fail "legend: where the rule is written"
grep -q 'a full-colour square there is in the injection register' b.dom || fail "legend: the injection register"
expect_exit 0 "$XCHG" show --net omega:16 --mode table --out t.html
dom "t.html#step=20" t.dom
grep -q 'table mode: before each step the controller writes' t.dom || fail "table mode: the cycles beyond the bound are not explained"
grep -q 'for the XOR pipeline; table mode writes' t.dom || fail "table mode: the step label does not say whose bound it is"
echo "ok the MIN page: arrivals, yellow columns, headers, legend"
