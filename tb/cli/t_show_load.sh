#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The load on the page: the load strip's bar of every step counts what
# the golden model's recording (--json) says was in use in that step (the
# distinct directed links with a hop on a product network, the switches a
# flit passed on a MIN), of twice the links (of the switches); the heat
# map of torus:8x8 te-dc1 fills each of the 64 nodes with the count the
# recording gives and writes it, and leaves the 4,032 message squares
# out, so the page stays readable.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"

# bars DOM: "step used max" of every bar of the load strip
bars() { grep -o '<title>step [0-9]*: [0-9]* of [0-9]* [a-z ]*</title>' "$1" | sed 's/<title>step \([0-9]*\): \([0-9]*\) of \([0-9]*\).*/\1 \2 \3/'; }

for c in "t44|--net torus:4x4 --algo te-a1|pn" "r7|--net ring:7 --algo mnb --duplex half|pn" \
         "d88|--net torus:8x8 --algo te-dc1|pn" "b8|--net butterfly:8 --l 18|min"; do
    IFS='|' read -r name args kind <<<"$c"
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" show $args --out "$name.html"
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" show $args --json --out "$name.json"
    page_dom "$name.html" "$name.dom"
    bars "$name.dom" >"$name.page"
    if [ "$kind" = pn ]; then
        jq -r '(.pn.edges | length * 2) as $max | .frames[] | "\(.step) \(if .step == 0 then 0 else [.hops[] | "\(.[1])-\(.[2])"] | unique | length end) \($max)"' \
            "$name.json" >"$name.want"
    else
        jq -r '(.min.N / 2 * .min.n) as $max | .frames[] | "\(.step) \(if .step == 0 then 0 else [.set[] | select(. >= 0)] | length end) \($max)"' \
            "$name.json" >"$name.want"
    fi
    [ -s "$name.want" ] && diff "$name.want" "$name.page" >/dev/null ||
        { diff "$name.want" "$name.page" | head -5; fail "$name: the load strip differs from the recording"; }
    echo "ok $name: $(wc -l <"$name.page") bars, each the recording's count"
done
page_dom "t44.html#step=1" s1.dom
grep -qE 'id="loadinfo">load: [0-9]+ of 64 directed links carry a message \([0-9]+%\), [0-9]+ idle' s1.dom ||
    fail "the label does not count the links in use and idle: $(grep -o 'id="loadinfo">[^<]*' s1.dom)"

# the heat map of 64 nodes: one filled box and its number per node, the recording's count, no message squares
page_dom "d88.html#step=3&heat" h.dom
python3 - h.dom d88.json <<'EOF' || fail "the heat map of torus:8x8 te-dc1 is not the recording's"
import json, re, sys
d = open(sys.argv[1]).read()
frame = re.search(r'<g id="frame">(.*?)</g>', d, re.S).group(1)
held = [int(v) for v in re.findall(r'class="heat"[^>]*data-held="(\d+)"', frame)]
want = json.load(open(sys.argv[2]))["frames"][3]["occupancy"]
assert held == want, (held[:8], want[:8])
nums = re.findall(r'class="heatn"[^>]*>(\d+)<', frame)
assert [int(v) for v in nums] == want, "the numbers written are not the counts"
assert "data-src" not in frame, "message squares drawn in the heat map"
assert len(set(re.findall(r'class="heat"[^>]*fill="([^"]+)"', frame))) > 1, "one colour for every count"
print("ok heat map: 64 nodes, counts", min(want), "to", max(want), "written and filled, no squares")
EOF
