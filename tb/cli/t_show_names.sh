#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# m(s→d) written on the picture of a small network: on torus:4x4 (16
# nodes) every link used in a step names the message the golden model's
# recording moved over it in that step; on butterfly:8 and omega:16 every
# message in a switch's output register is named beside it, as the
# recording places it; the names are text, not squares. torus:8x8 (64
# nodes) and omega:32 keep the tooltips: no name is written there but the
# followed message's.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"

# names DOM: "s d where [u v]" of every name written, sorted
names() {
    grep -o '<text[^>]*class="mlabel"[^>]*>[^<]*<' "$1" |
        sed 's/.*data-label="\([^"]*\)"\( data-hop="\([^"]*\)"\)\{0,1\}.*>m(\([0-9]*\)→\([0-9]*\))[^<]*<$/\1|\3|\4 \5/' | sort
}

expect_exit 0 "$XCHG" show --net torus:4x4 --algo te-a1 --out t.html
expect_exit 0 "$XCHG" show --net torus:4x4 --algo te-a1 --json --out t.json
for k in 1 5 17; do
    page_dom "t.html#step=$k" t.dom
    names t.dom >got
    jq -r --argjson k "$k" '.messages as $m | .frames[$k].hops[] | "\($m[.[0]][0]) \($m[.[0]][1]) n\(.[1])|\(.[1]) \(.[2])|\($m[.[0]][0]) \($m[.[0]][1])"' \
        t.json | sort >want
    [ -s want ] && diff want got >/dev/null || { diff want got | head -5; fail "torus:4x4 step $k: the names on the links are not the recording's hops"; }
    echo "ok torus:4x4 step $k: $(wc -l <got) links named, each with the message the recording moved over it"
done

for net in butterfly:8 omega:16; do
    expect_exit 0 "$XCHG" show --net "$net" --out m.html
    expect_exit 0 "$XCHG" show --net "$net" --json --out m.json
    for k in 3 6; do
        page_dom "m.html#step=$k" m.dom
        names m.dom | sed 's/|.*//' >got
        # in a switch's register, or arrived at an output in this cycle (drawn in the last stage's register)
        jq -r --argjson k "$k" '.messages as $m | .frames[$k - 1].at as $was | .frames[$k].at | to_entries[] |
            select((.value | startswith("s")) or ((.value | startswith("out")) and $was[.key] != .value)) |
            "\($m[.key][0]) \($m[.key][1]) \(.value)"' m.json | sort >want
        [ -s want ] && diff want got >/dev/null || { diff want got | head -5; fail "$net cycle $k: the names are not where the recording has the messages"; }
    done
    echo "ok $net: every message in a switch named beside it ($(wc -l <got) in cycle 6)"
done

expect_exit 0 "$XCHG" show --net torus:8x8 --algo te-a1 --out b.html
page_dom "b.html#step=3&follow=0,9" b.dom
[ "$(names b.dom | wc -l)" = 1 ] && names b.dom | grep -q '^0 9 ' || fail "torus:8x8: names written besides the followed message's"
expect_exit 0 "$XCHG" show --net omega:32 --out o.html
page_dom "o.html#step=6" o.dom
[ "$(names o.dom | wc -l)" = 0 ] || fail "omega:32: names written on a 32-port page"
echo "ok torus:8x8 and omega:32 keep tooltips (the followed message named alone)"

# legible: no name written on a node, on another name or on any other text,
# nor past the drawing's edge (measured in the browser), single-port and
# multiport, grid and circle
cat >clear.js <<'JS'
<script>
(() => {
  const svg = document.getElementById("view"), bad = [];
  const meets = (a, b) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
  const names = [...svg.querySelectorAll("text.mlabel")], vb = svg.viewBox.baseVal;
  const inside = (b) => b.x >= vb.x - 0.5 && b.y >= vb.y - 0.5 && b.x + b.width <= vb.x + vb.width + 0.5 && b.y + b.height <= vb.y + vb.height + 0.5;
  for (const t of names) {
    if (!inside(t.getBBox())) bad.push(t.textContent + " past the drawing's edge");
    for (const o of svg.querySelectorAll("text, rect.node"))
      if (o !== t && meets(t.getBBox(), o.getBBox())) bad.push(t.textContent + " on " + (o.textContent || "a node"));
  }
  document.body.dataset.clear = names.length + " " + bad.length + " " + bad.slice(0, 3).join("; ");
})();
</script>
JS
for c in "torus:4x4 te-a1 2" "torus:4x4 te-a2 1" "torus:4x4 te-a2 2" "ring:8 te-ni 2"; do
    read -r net algo k <<<"$c"
    expect_exit 0 "$XCHG" show --net "$net" --algo "$algo" --out c.html
    cat c.html clear.js >cc.html
    page_dom "cc.html#step=$k" c.dom
    read -r n bad rest < <(grep -o 'data-clear="[^"]*"' c.dom | sed 's/data-clear="//; s/"$//')
    [ "${n:-0}" -gt 0 ] && [ "$bad" = 0 ] || fail "$net $algo: ${n:-no} names, ${bad:-?} on other text or a node: $rest"
    echo "ok $net $algo step $k: $n names, none on a node or other text or past the edge"
done
