#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The drawings of torus:3x3x3 and ghc:3x4 read: measured in the browser,
# no link runs through a node it does not end at, and the links of
# torus:3x3x3 cross each other at most 40 times (its first dimension's
# links are stubs naming the far node, not curves across the blocks: 230
# crossings and 9 links through nodes before); a generalized hypercube's
# complete graphs read as rows and columns with their spans on alternating
# sides: ghc:3x4's links cross at most 10 times (29 when every span bowed
# the same way), ghc:4x4's at most 30, ghc:3x3's at most 4.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"

cat >measure.js <<'JS'
<script>
(() => {
  const svg = document.getElementById("view"), nodes = [...svg.querySelectorAll("rect.node")].map((r) => r.getBBox());
  const inside = (p, b, m) => p.x > b.x - m && p.x < b.x + b.width + m && p.y > b.y - m && p.y < b.y + b.height + m;
  const links = [...svg.querySelectorAll("path.link")].map((p) => {
    const n = 60, L = p.getTotalLength(), pts = [];
    for (let i = 0; i <= n; i++) pts.push(p.getPointAtLength(L * i / n));
    return pts;
  });
  let through = 0, crossings = 0;
  for (const pts of links) { /* a node its path enters away from both of its ends */
    const ends = nodes.filter((b) => inside(pts[0], b, 4) || inside(pts[pts.length - 1], b, 4));
    if (nodes.some((b) => !ends.includes(b) && pts.some((q) => inside(q, b, -4)))) through++;
  }
  const cross = (a, b, c, d) => {
    const o = (p, q, r) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
    return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
  };
  const free = (q) => !nodes.some((b) => inside(q, b, 2)); /* links meet at the nodes: not a crossing */
  for (let i = 0; i < links.length; i++)
    for (let j = i + 1; j < links.length; j++) {
      let hit = false;
      for (let s = 1; s < links[i].length && !hit; s++)
        for (let t = 1; t < links[j].length && !hit; t++)
          hit = free(links[i][s]) && free(links[j][t]) && cross(links[i][s - 1], links[i][s], links[j][t - 1], links[j][t]);
      if (hit) crossings++;
    }
  document.body.dataset.layout = links.length + " " + through + " " + crossings;
})();
</script>
JS
for c in "torus:3x3x3|40" "ghc:3x4|10" "ghc:4x4|30" "ghc:3x3|4"; do
    IFS='|' read -r net most <<<"$c"
    expect_exit 0 "$XCHG" show --net "$net" --algo te-ni --out l.html
    cat l.html measure.js >m.html
    page_dom m.html m.dom
    read -r links through crossings < <(grep -o 'data-layout="[0-9 ]*"' m.dom | grep -o '[0-9 ]*[0-9]')
    [ -n "${links:-}" ] || fail "$net: not measured"
    echo "$net: $links links drawn, $through through a node, $crossings pairs crossing"
    [ "$through" = 0 ] || fail "$net: $through links run through a node they do not end at"
    [ "$crossings" -le "$most" ] || fail "$net: $crossings pairs of links cross (at most $most)"
done
echo "ok torus:3x3x3, ghc:3x4, ghc:4x4 and ghc:3x3 drawn without links through nodes, few crossings"
