#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Following a message on a product-network page (#follow=s,d, or a click):
# the path drawn is every hop the golden model's recording has for that
# message, in order, with the hops still ahead dashed; the message is
# marked where it is; the address keeps the message followed.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"
for c in "torus:4x4 te-a1 0 15 12" "torus:3x5 te-ni 4 10 9" "torus:8x8 te-dc1 0 63 3"; do
    read -r net algo s d k <<<"$c"
    expect_exit 0 "$XCHG" show --net "$net" --algo "$algo" --json --out f.json
    expect_exit 0 "$XCHG" show --net "$net" --algo "$algo" --out f.html
    id=$(jq --argjson s "$s" --argjson d "$d" '.messages | map(. == [$s, $d]) | index(true)' f.json)
    jq -r --argjson id "$id" '.frames | to_entries[] | .key as $k | .value.hops[] | select(.[0] == $id) |
        "\($k) \(.[1]) \(.[2])"' f.json >want.hops
    [ -s want.hops ] || fail "$net: m($s->$d) has no hops in the recording"
    chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" --dump-dom \
        "file://$PWD/f.html#step=$k&follow=$s,$d" 2>/dev/null >f.dom || fail "no page"
    grep -o 'class="follow[^"]*" d="[^"]*" data-hop="[0-9 ]*"' f.dom | sed 's/.*data-hop="//; s/"$//' >got.hops
    diff want.hops got.hops >/dev/null || { diff want.hops got.hops | head -5; fail "$net: the path drawn for m($s->$d) is not its recorded hops"; }
    ahead=$(awk -v k="$k" '$1 > k' want.hops | wc -l)
    [ "$(grep -o 'class="follow later"' f.dom | wc -l)" = "$ahead" ] || fail "$net: not the $ahead hops after step $k dashed"
    at=$(jq -r --argjson id "$id" --argjson k "$k" '.frames[$k].at[$id]' f.json)
    grep -q "class=\"[a-z ]*followed[a-z ]*\"[^>]*data-src=\"$s\" data-dst=\"$d\" data-at=\"$at\"" f.dom ||
        fail "$net: m($s->$d) not marked at $at in step $k"
    grep -q "following m($s→$d)" f.dom || fail "$net: the label does not say what is followed"
    echo "ok $net $algo: m($s->$d), $(wc -l <want.hops) hops, $ahead after step $k"
done
