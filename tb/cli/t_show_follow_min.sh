#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Following a message on a MIN page (#follow=s,d, or a click): the moves
# drawn are every change of place the golden model's recording has for
# that message (input memory, switch by switch, output), in cycle order,
# those after the cycle shown dashed, the message marked where it is. And
# the node x message matrix of product networks of up to 16 nodes: the
# cell of row s, column d names the node that holds m(s->d) in that step,
# as the recording says, for every message.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"

for c in "butterfly:8|--l 18|2 5 5" "omega:16||7 3 9" "omega:8|--mode table|1 6 20"; do
    IFS='|' read -r net opts msg <<<"$c"
    read -r s d k <<<"$msg"
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" show --net "$net" $opts --json --out f.json
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" show --net "$net" $opts --out f.html
    id=$(jq --argjson s "$s" --argjson d "$d" '.messages | map(. == [$s, $d]) | index(true)' f.json)
    jq -r --argjson id "$id" '.frames as $f | range(1; $f | length) | select($f[.].at[$id] != $f[. - 1].at[$id]) |
        "\(.) \($f[. - 1].at[$id]) \($f[.].at[$id])"' f.json >want.moves
    [ "$(wc -l <want.moves)" -ge 3 ] || fail "$net: m($s->$d) moves fewer than 3 times in the recording"
    page_dom "f.html#step=$k&follow=$s,$d" f.dom
    grep -o 'class="follow[^"]*" d="[^"]*" data-hop="[^"]*"' f.dom | sed 's/.*data-hop="//; s/"$//' >got.moves
    diff want.moves got.moves >/dev/null || { diff want.moves got.moves | head -5; fail "$net: the moves drawn for m($s->$d) are not the recording's"; }
    ahead=$(awk -v k="$k" '$1 > k' want.moves | wc -l)
    [ "$(grep -o 'class="follow later"' f.dom | wc -l)" = "$ahead" ] || fail "$net: not the $ahead moves after cycle $k dashed"
    at=$(jq -r --argjson id "$id" --argjson k "$k" '.frames[$k].at[$id]' f.json)
    grep -o "<[^>]*data-src=\"$s\" data-dst=\"$d\" data-at=\"$at\"[^>]*>" f.dom | grep -q 'class="[a-z ]*followed' ||
        fail "$net: m($s->$d) not marked at $at in cycle $k"
    grep -q "following m($s→$d)" f.dom || fail "$net: the label does not say what is followed"
    echo "ok $net $opts: m($s->$d), $(wc -l <want.moves) moves, $ahead after cycle $k"
done

# the node x message matrix: every cell the recording's holder, on three pages and steps
for c in "torus:4x4 te-a1 12" "torus:3x5 te-ni 9" "hypercube:4 te-a2 3"; do
    read -r net algo k <<<"$c"
    expect_exit 0 "$XCHG" show --net "$net" --algo "$algo" --json --out f.json
    expect_exit 0 "$XCHG" show --net "$net" --algo "$algo" --out f.html
    page_dom "f.html#step=$k" f.dom
    jq -r --argjson k "$k" '.messages as $m | .frames[$k].at | to_entries[] | "\($m[.key][0]) \($m[.key][1]) \(.value)"' f.json |
        sort >want.cells
    grep -o 'data-cell="[^"]*"' f.dom | sed 's/data-cell="//; s/"$//' | sort >got.cells
    diff want.cells got.cells >/dev/null || { diff want.cells got.cells | head -5; fail "$net step $k: the matrix is not who holds what"; }
    # the number written in each cell is its holder (the words, not the fill, say it)
    python3 - f.dom <<'PY' || fail "$net: a cell's number is not its holder"
import re, sys
d = open(sys.argv[1]).read()
cells = re.findall(r'data-cell="\d+ \d+ n(\d+)">.*?</rect><text[^>]*class="mnum"[^>]*>(\d+)<', d)
assert cells and all(a == b for a, b in cells), cells[:3]
PY
    echo "ok $net $algo step $k: $(wc -l <got.cells) cells, each the holder of its message"
done
expect_exit 0 "$XCHG" show --net torus:8x8 --algo te-a1 --out big.html
page_dom big.html f.dom
! grep -q 'data-cell=' f.dom || fail "a matrix drawn for 64 nodes"
echo "ok no matrix beyond 16 nodes"
