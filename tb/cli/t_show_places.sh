#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# On a product-network page each message keeps its place in its node: a
# message at the same node at the end of two steps in a row is drawn at
# the same spot in both (it used to be drawn in fill order and jumped), and
# no two messages of a step share a spot. Read back from the drawing
# (#walk&xy lists every message element with its position).
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
for args in "torus:4x4 --algo te-a1" "hypercube:4 --algo te-a2" "ring:7 --algo mnb --duplex half" \
            "torus:8x8 --algo te-dc1"; do
    name=$(printf '%s' "${args%% *}" | tr -c 'a-z0-9' '_')
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" show --net $args --out "$name.html"
    chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" --dump-dom \
        "file://$PWD/$name.html#walk&xy" 2>/dev/null | sed -n '/<pre id="walk"/,/<\/pre>/p' |
        sed 's/<[^>]*>//g' | grep -v ' delivered ' | grep . >"$name.walk" || fail "$name: no walk"
    awk -v name="$name" '
        NF != 6 { print name ": a walk line without its position: " $0; bad = 1; next }
        { key = $2 " " $3; spot = $4 " " $5 " " $6
          if ((($1 - 1) SUBSEP key) in at && at[$1 - 1, key] == $4 && pos[$1 - 1, key] != $5 " " $6) {
              if (jumps++ < 3) print name ": step " $1 ": m(" $2 "->" $3 ") stayed at " $4 " but moved inside it"
              bad = 1 }
          if (($1 SUBSEP spot) in taken) { print name ": step " $1 ": two messages drawn at " spot; bad = 1 }
          taken[$1, spot] = 1; at[$1, key] = $4; pos[$1, key] = $5 " " $6; n++ }
        END { if (!n) { print name ": nothing drawn"; bad = 1 } exit bad }' "$name.walk" ||
        fail "$name: a message moved inside its node, or two share a spot"
    echo "ok $name: $(wc -l <"$name.walk") drawn messages, each in its place while it stays"
done

# a message on its way differs from one at home by shape (round), not by
# orange against green alone; node names are drawn after the step's arrows
# (on top of them) with a halo, so wrap-arounds and arrows do not hide them
expect_exit 0 "$XCHG" show --net hypercube:4 --algo te-a2 --out shape.html
chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" --dump-dom \
    "file://$PWD/shape.html#step=2" 2>/dev/null >shape.dom || fail "no page"
python3 - shape.dom <<'PY' || fail "hypercube:4 step 2: shapes or names"
import re, sys
d = open(sys.argv[1]).read()
rects = re.findall(r'<rect class="(home|own|away)[^"]*"[^>]*?rx="([0-9.]+)"', d)
bad = [r for r in rects if (r[0] == "away") != (float(r[1]) > 0)]
kinds = {r[0] for r in rects}
frame, names = d.find('<g id="frame"'), [m.start() for m in re.finditer(r'class="small name"', d)]
ok = not bad and kinds == {"home", "own", "away"} and len(names) == 16 and frame > 0 and min(names) > frame
print("%d messages: %d drawn with the wrong shape; %d names, all after the arrows: %s" %
      (len(rects), len(bad), len(names), frame > 0 and bool(names) and min(names) > frame))
sys.exit(0 if ok else 1)
PY
echo "ok shapes and names"
