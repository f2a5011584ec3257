#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The cost line of a product-network page: the whole run's cost in
# ts + tw·m a step is what `xchg compare --json` gives for the same
# algorithm and ts (its wormhole step model; te-a1 as store and forward),
# for the page's default ts and one set in the address; tw scales the m
# part alone (tw = 2 adds compare's cost at ts = 0); the running total at
# a step sums the steps up to it.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"

# cost DOM: "sofar total" the cost line says
cost() {
    grep -o 'id="costinfo" data-total="[0-9.]*" data-sofar="[0-9.]*"' "$1" | sed 's/.*data-total="\([0-9.]*\)" data-sofar="\([0-9.]*\)"/\2 \1/'
}
for c in "torus:4x4 te-a1" "torus:8x8 te-dc1" "torus:8x8 te-dcn"; do
    read -r net algo <<<"$c"
    "$XCHG" compare --net "$net" --ts 0,10,100 --msg-flits 1 --json >c.json || fail "$net: xchg compare failed"
    want() { jq -r --arg a "$algo" --arg t "$1" '.rows[] | select(.algo == $a) | .cycles[$t]' c.json; }
    [ -n "$(want 100)" ] || fail "$net: compare has no row for $algo"
    expect_exit 0 "$XCHG" show --net "$net" --algo "$algo" --out p.html
    expect_exit 0 "$XCHG" show --net "$net" --algo "$algo" --json --out p.json
    last=$(jq '.frames | length - 1' p.json)
    page_dom "p.html#step=$last" d.dom
    read -r sofar total < <(cost d.dom)
    [ "$total" = "$(want 100)" ] && [ "$sofar" = "$total" ] ||
        fail "$net $algo: the page's cost at ts = 100 is $total (so far $sofar), xchg compare's $(want 100)"
    page_dom "p.html#step=2&ts=10&tw=1" d.dom
    read -r sofar total < <(cost d.dom)
    [ "$total" = "$(want 10)" ] || fail "$net $algo: the page's cost at ts = 10 is $total, xchg compare's $(want 10)"
    [ "$sofar" = "$(jq '2 * 10 + .frames[1].m + .frames[2].m' p.json)" ] || fail "$net $algo: the cost of steps 1 and 2 is $sofar"
    page_dom "p.html#step=2&ts=10&tw=2" d.dom
    read -r sofar total < <(cost d.dom)
    [ "$total" = "$(($(want 10) + $(want 0)))" ] || fail "$net $algo: tw = 2 gives $total, not $(want 10) + $(want 0)"
    echo "ok $net $algo: $total cycles at ts = 10, tw = 2; compare's costs at ts = 10 and 100"
done
