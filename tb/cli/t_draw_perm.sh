#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# xchg draw --perm: a permutation routed by destination tags, its
# conflicts drawn. On omega:8 and butterfly:16, for fixed and random
# permutations: the marked switches are exactly those where two drawn
# paths leave by one output, each marked switch carries a "!" and a
# "clash" (not colour alone), every path ends at its destination, and the
# verdict and first conflict are those of `xchg latin --perm`. `show
# --perm` steps the same routing in the page, one stage a step, marking
# the same switches. Bad input: one line, exit 2, no file.
. "$XC_TB/lib.sh"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"

# check NET PERM: draws it and checks the picture against its own paths and latin --perm
check() {
    local net=$1 perm=$2
    expect_exit 0 "$XCHG" draw --net "$net" --perm "$perm" --out p.svg
    "$XCHG" latin --net "$net" --perm "$perm" --json >l.json
    python3 - p.svg "$perm" "$(jq -c .conflict l.json)" <<'EOF' || fail "$net --perm $perm: the picture and its conflicts disagree"
import json, re, sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
dest = [int(v) for v in sys.argv[2].split(",")]
first = json.loads(sys.argv[3])
n = len(dest)
marked = {r.get("data-switch") for r in root.iter(ns + "rect") if r.get("class") == "conflict"}
texts = [t.text for t in root.iter(ns + "text")]
assert texts.count("!") == len(marked) and texts.count("clash") == len(marked), "a conflict without its mark or word"
# the drawn paths: the points leaving each switch (x = the switch's right side - 6)
stage_x = sorted({float(r.get("x")) for r in root.iter(ns + "rect") if r.get("rx") == "4"})
paths = [[tuple(map(float, p.split(","))) for p in pl.get("points").split()] for pl in root.iter(ns + "polyline")]
assert len(paths) == n
seen = set()
for k, x in enumerate(stage_x):
    outs = {}
    for j, pts in enumerate(paths):
        y = [py for px, py in pts if px == x + 44 - 6][0]
        outs.setdefault(y, []).append(j)
    for y, js in outs.items():
        if len(js) > 1:
            seen.add("s%d.%d" % (k, int(round((y - 58) / 26)) // 2))
assert seen == marked, (seen, marked)
for j, pts in enumerate(paths):  # every message ends at its destination's line
    assert pts[-1][1] == 58 + 26 * dest[j], (j, pts[-1])
if first is None:
    assert not marked and "admissible" in texts[0], texts[0]
else:
    assert first["switch"] in marked and "first conflict at " + first["switch"] + ":" in " ".join(texts)
print(len(marked), "conflicts")
EOF
}

check omega:8 0,2,1,3,4,5,6,7
grep -q 'first conflict at s1.0: inputs 0 (to 0) and 2 (to 1) both want port 0' p.svg || fail "the first conflict is not named"
[ "$(grep -c 'class="clashing"' p.svg)" -ge 2 ] || fail "the colliding messages are not dashed"
check omega:8 0,1,2,3,4,5,6,7
check omega:8 0,2,4,6,1,3,5,7
for seed in 1 2 3 4 5 6; do
    perm=$(python3 -c "import random; r = random.Random($seed); p = list(range(16)); r.shuffle(p); print(','.join(map(str, p)))")
    check butterfly:16 "$perm" >/dev/null
    check omega:16 "$perm" >/dev/null
done
echo "ok draw --perm: the marks are where drawn paths collide, as latin --perm says"

expect_one_line_error "give --perm alone" "$XCHG" draw --net omega:8 --perm 0,1,2,3,4,5,6,7 --l 3 --out n.svg
expect_one_line_error "" "$XCHG" draw --net omega:8 --perm 0,1,2 --out n.svg
expect_one_line_error "up to N = 64" "$XCHG" draw --net omega:128 --perm "$(seq -s, 0 127)" --out n.svg
expect_one_line_error "--net is required" "$XCHG" draw --perm 0,1 --out n.svg
[ ! -e n.svg ] || fail "a picture written on bad input"
echo "ok draw --perm: bad input"

# the figure of docs/teaching.md is what the tool draws today (docs/Makefile, svgs)
"$XCHG" draw --net omega:8 --perm 0,2,1,3,4,5,6,7 | cmp -s - "$XC_TB/../docs/fig/omega8-perm-blocked.svg" ||
    fail "docs/fig/omega8-perm-blocked.svg differs from xchg draw's picture (make -C docs svgs)"
echo "ok the figure is today's picture"

# show --perm: the page steps the same routing stage by stage; in each
# stage it marks (border, "!", "clash") exactly the switches draw --perm
# marks in that stage, and #delivered counts the messages in no conflict
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
for c in "omega:8|0,2,1,3,4,5,6,7" "omega:8|0,2,4,6,1,3,5,7" "butterfly:16|$(python3 -c "import random; r = random.Random(7); p = list(range(16)); r.shuffle(p); print(','.join(map(str, p)))")" "omega:8|0,1,2,3,4,5,6,7"; do
    IFS='|' read -r net perm <<<"$c"
    expect_exit 0 "$XCHG" draw --net "$net" --perm "$perm" --out d.svg
    expect_exit 0 "$XCHG" show --net "$net" --perm "$perm" --out s.html
    n=${net#*:} stages=$(python3 -c "print(($n).bit_length() - 1)")
    lost=$(grep -c 'class="clashing"' d.svg)
    for k in $(seq 1 "$stages"); do
        page_dom "s.html#step=$k" s.dom
        want=$(grep -o 'class="conflict" data-switch="s[0-9]*\.[0-9]*"' d.svg | grep -o "s$((k - 1))\.[0-9]*" | sort | tr '\n' ' ')
        got=$(grep -o 'class="sw [a-z]* clash"[^>]*data-switch="s[0-9.]*"' s.dom | grep -o 's[0-9]*\.[0-9]*"$' | tr -d '"' | sort | tr '\n' ' ')
        [ "$want" = "$got" ] || fail "show --perm $net $perm stage $((k - 1)): marks '$got', draw marks '$want'"
        marks=$(grep -o 'class="clashmark"' s.dom | wc -l) words=$(grep -o 'class="clashword"' s.dom | wc -l)
        [ "$marks" = "$(wc -w <<<"$want")" ] && [ "$words" = "$marks" ] || fail "show --perm: a conflict without its ! or clash"
    done
    grep -q "id=\"delivered\">$((n - lost))<" s.dom || fail "show --perm $net $perm: delivered is not $((n - lost))"
    echo "ok show --perm $net $perm: the conflicts of draw --perm stage by stage, $((n - lost)) of $n delivered"
done
expect_one_line_error "--perm: give it alone" "$XCHG" show --net omega:8 --perm 0,1,2,3,4,5,6,7 --l 3 --out n.html
expect_one_line_error "" "$XCHG" show --net omega:8 --perm 0,1 --out n.html
[ ! -e n.html ] || fail "a page written on bad input"
