#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# xchg show: pages of the seven teaching cases load in a real browser
# (Chromium, headless) with no console message; at the last step every
# message is at its destination and #delivered equals the run report's
# count; two cases are walked step by step and every message the page
# shows is compared with the golden model's recording (--json), which is
# itself checked against the pipeline (MIN) and the links (torus); the
# "N held" labels overlap nothing on small networks; bad input gets one
# line, exit 2 and no file.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"

# browse NAME URL: the DOM after the page's script ran, into NAME.dom;
# any console message (an error, an uncaught exception) fails the test
browse() {
    chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
        --user-data-dir="$PWD/profile" --dump-dom "$2" >"$1.dom" 2>"$1.log" ||
        { tail -5 "$1.log"; fail "chromium could not load $2"; }
    if grep -a ':CONSOLE' "$1.log"; then fail "$2: console message"; fi
    grep -q '<div id="errors" hidden="">' "$1.dom" || fail "$2: the page reported an error"
}

# shown NAME: "src dst at" of every message element in NAME.dom, sorted
shown() {
    grep -o 'data-src="[0-9]*" data-dst="[0-9]*" data-at="[^"]*"' "$1.dom" |
        sed 's/data-src="\([0-9]*\)" data-dst="\([0-9]*\)" data-at="\([^"]*\)"/\1 \2 \3/' | sort
}

cases=(
    "b8|--net butterfly:8 --l 18"
    "o16|--net omega:16"
    "t44|--net torus:4x4 --algo te-a1"
    "t35|--net torus:3x5 --algo te-ni"
    "h4|--net hypercube:4 --algo te-a2"
    "r7|--net ring:7 --algo mnb --duplex half"
    "t88|--net torus:8x8 --algo te-dc1"
)
for c in "${cases[@]}"; do
    name=${c%%|*} args=${c#*|}
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" show $args --out "$name.html"
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" show $args --json --out "$name.json"
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" run $args --sim golden --json
    expected=$(jq .expected out.txt)
    [ "$(jq .delivered out.txt)" = "$expected" ] || fail "$name: the run did not deliver everything"
    [ "$(jq .expected "$name.json")" = "$expected" ] || fail "$name: expected differs from the run report"
    grep -qE '(src|href)="(https?:)?//' "$name.html" && fail "$name.html refers to the network"
    last=$(jq .steps "$name.json")
    browse "$name" "file://$PWD/$name.html#step=$last"
    delivered=$(grep -o 'id="delivered">[0-9]*' "$name.dom" | cut -d'>' -f2)
    [ "$delivered" = "$expected" ] || fail "$name: #delivered $delivered at the last step, the run delivered $expected"
    shown "$name" >"$name.last"
    [ "$(wc -l <"$name.last")" = "$expected" ] || fail "$name: $(wc -l <"$name.last") messages shown at the end, expected $expected"
    awk '$3 != "n" $2 && $3 != "out" $2 { print; bad = 1 } END { exit bad }' "$name.last" ||
        fail "$name: messages not at their destination at the last step"
    echo "ok $name: $last steps, $delivered delivered, all at their destinations"
done

# the recording against the hardware's own rules: on the MIN (xor mode) the
# message of step x is at level c-1-x in cycle c (0 the input register, n
# the output); on the torus every move is one hop over a link of the
# network, from where the message was to where it is
jq -e '.min.N as $N | .min.n as $n | [.frames[] | .step as $c | .at | to_entries[] |
        (($c - 1 - (.key % $N))) as $lvl |
        select((.value | startswith("s")) and ((.value[1:] | split(".")[0] | tonumber) + 1 != $lvl)
            or (.value | startswith("out")) and $lvl < $n
            or (.value | startswith("in")) and $lvl > 0)] | length == 0' b8.json >/dev/null ||
    fail "b8: a message is not where the pipeline puts it"
jq -e '(.pn.edges | map("\(.[0])-\(.[1])", "\(.[1])-\(.[0])")) as $links |
       [range(1; .frames | length) as $k | .frames[$k - 1].at as $was | .frames[$k] as $f |
        ($f.hops | map({key: (.[0] | tostring), value: .}) | from_entries) as $hop |
        ($f.hops[] | select(("\(.[1])-\(.[2])" | IN($links[])) | not)),
        ($f.at | to_entries[] | select(.value != $was[.key]) |
         select($hop[.key | tostring] == null or "n\($hop[.key | tostring][1])" != $was[.key]
                or "n\($hop[.key | tostring][2])" != .value))] | length == 0' t44.json >/dev/null ||
    fail "t44: a message moved without a hop over a link"

# A1's phase and round in the step labels agree with the hops the golden
# model made: phase 1 of the last dimension moves along it only (same
# node / size of that dimension), phase 2 only across it
a1_phases() { # FILE SIZE-OF-LAST-DIMENSION
    jq -e --argjson k "$2" '[.frames[1:][] | (.label | test("A1 phase 1 \\(dimension [0-9]+\\): round")) as $p1 |
        .hops[] | select(if $p1 then (.[1] / $k | floor) != (.[2] / $k | floor) else (.[1] % $k) != (.[2] % $k) end)]
        | length == 0' "$1" >/dev/null && jq -e '[.frames[1:][] | .label | select(test("A1 phase"))] | length > 0' "$1" >/dev/null
}
a1_phases t44.json 4 || fail "t44: a hop disagrees with the A1 phase of its step label"
expect_exit 0 "$XCHG" show --net torus:3x3x3 --algo te-a1 --json --out t333.json
a1_phases t333.json 3 || fail "t333: a hop disagrees with the A1 phase of its step label"
[ "$(jq -r '.frames[19].label' t333.json)" = "step 19: A1 phase 2 (dimensions 0-1): round 1 of 3 > phase 1 (dimension 1): round 1 of 3, step 1" ] ||
    fail "t333: step 19 label: $(jq -r '.frames[19].label' t333.json)"
# te-ni's rounds in the frames' JSON agree with the golden model's hops:
# in round k every message that moves makes its k-th hop (paper 003's FIFO)
[ "$(jq -c '[.frames[1:][].round] | unique' t35.json)" = "[1,2,3]" ] || fail "t35: rounds $(jq -c '[.frames[].round] | unique' t35.json)"
jq -r '.frames[1:][] | .round as $r | .hops[] | "\($r) \(.[0])"' t35.json |
    awk '{ if (seen[$2]++ != $1 - 1) { print "hop", seen[$2], "of message", $2, "in round", $1; bad = 1 } } END { exit bad }' ||
    fail "t35: a hop outside the round of its step label"
grep -q 'step 20: te-ni round 2 of 3' t35.html || fail "t35.html: no round in the step labels"
# the odd ring in half duplex: rounds 1 and 2 of 7 steps each (002 §3.2.2)
[ "$(jq -c '[.frames[1:][] | [.phase, .round, .rounds]] | unique' r7.json)" = "[[0,1,2],[0,2,2]]" ] &&
    [ "$(jq '[.frames[1:][] | select(.round == 2)] | length' r7.json)" = 7 ] || fail "r7: rounds in the JSON frames"

# walk every step of two cases: what the page draws is what was recorded
for name in b8 t44; do
    browse "$name-walk" "file://$PWD/$name.html#walk"
    sed -n '/<pre id="walk" hidden="">/,/<\/pre>/p' "$name-walk.dom" | sed 's/<[^>]*>//g' | grep . | sort >"$name.page"
    jq -r '.messages as $m | .frames[] | .step as $k |
           ((.at | to_entries[] | select(.value != null) | "\($k) \($m[.key][0]) \($m[.key][1]) \(.value)"),
            "\($k) delivered \(.delivered)")' "$name.json" | sort >"$name.model"
    [ -s "$name.model" ] || fail "$name: nothing recorded"
    diff "$name.model" "$name.page" >"$name.diff" || { head "$name.diff"; fail "$name: the page differs from the golden model"; }
    # one step opened by its address shows the same as the walk drew
    k=$(( $(jq .steps "$name.json") / 2 ))
    browse "$name-k" "file://$PWD/$name.html#step=$k"
    shown "$name-k" | sed "s/^/$k /" >"$name.k"
    grep "^$k [0-9]" "$name.page" | sort | diff - "$name.k" >/dev/null || fail "$name: #step=$k differs from the walk"
    echo "ok $name: every step matches the golden model ($(wc -l <"$name.model") lines)"
done

# wormhole flits cycle by cycle: after the last cycle with flits of a step
# the page shows the step's end; after its first, the deliveries recorded
# up to that cycle
k=3
cycles=$(jq "[.frames[$k].hops[][3]] | unique" t88.json)
n=$(jq length <<<"$cycles")
browse t88-c "file://$PWD/t88.html#step=$k&cycle=$n"
shown t88-c >t88.cpage
jq -r ".messages as \$m | .frames[$k].at | to_entries[] | \"\(\$m[.key][0]) \(\$m[.key][1]) \(.value)\"" t88.json | sort >t88.cmodel
diff t88.cmodel t88.cpage >/dev/null || fail "t88: step $k after its last flit differs from the step's end"
first=$(jq '.[0]' <<<"$cycles")
want=$(jq "(.frames[$k - 1].delivered) + ([.frames[$k].deliveries[] | select(.[1] <= $first)] | length)" t88.json)
browse t88-c1 "file://$PWD/t88.html#step=$k&cycle=1"
got=$(grep -o 'id="delivered">[0-9]*' t88-c1.dom | cut -d'>' -f2)
[ "$got" = "$want" ] || fail "t88: #delivered $got in the first cycle with flits of step $k, recorded $want"
grep -q "cycle $first of the step" t88-c1.dom || fail "t88: the page does not name cycle $first"
echo "ok t88: step $k cycle by cycle ($n cycles with flits)"

# docs/teaching.md: the outputs it shows and the answers to its exercises
doc="$XC_TB/../docs/teaching.md"
indoc() { grep -qF -- "$1" "$doc" || fail "docs/teaching.md does not show '$1'"; }
indoc "$("$XCHG" show --net butterfly:8 --l 18 --out build/teach/butterfly8.html)"
indoc "$("$XCHG" show --net torus:4x4 --algo te-a1 --json |
         jq -c '{net, algo, steps, bound, expected, delivered: .frames[-1].delivered}')"
indoc "$("$XCHG" show --net butterfly:8 --l 18 --json |
         jq -c '.frames[3] | {step, "label": .label, delivered, in_network, at: .at[0:8]}')"
# answer 1.1: both messages at s1.0 in cycle 3, as [source, destination]
indoc "$(jq -c '.messages as $m | [.frames[3].at | to_entries[] | select(.value == "s1.0") | $m[.key]]' b8.json)"
[ "$(jq '[.frames[3].at[] | select(. == "s1.0")] | length' b8.json)" = 2 ] || fail "answer 1.1: not two messages at s1.0"
indoc "m(0→0) and m(4→2), both of step 0"
indoc "prints \`$(jq -c '.frames[1].hops[0:2]' t44.json)\`"
[ "$(jq -c '.messages[2], .messages[15]' t44.json | tr -d '\n')" = "[0,3][1,0]" ] || fail "teaching.md: messages 2 and 15"
indoc "**3.3** $(jq '[.frames[3].hops[][3]] | unique | length' t88.json) (the slider's range"
grep -q '<title>s1.0: straight = m(0,1) 0 XOR bit x1 = 0 of step x = 0</title>' \
    <(chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" --dump-dom \
      "file://$PWD/b8.html#step=3" 2>/dev/null) || fail "teaching.md: the rule of s1.0 in cycle 3"
indoc 's1.0: straight = m(0,1) 0 XOR bit x1'

# the "N held" labels of a product network (small sizes, where links,
# wrap-arounds and names crowd them): each inside the picture and clear of
# every link, every arrow (path and head), every node and every other
# label, at several steps; a script added to a copy of the page measures
# the drawing in the browser and puts what it finds on <body data-overlaps>
cat >layout.js <<'JS'
<script>
(() => {
  const svg = document.getElementById("view"), vb = svg.viewBox.baseVal, bad = [];
  const box = (e) => e.getBBox(), meets = (a, b) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const labels = [...svg.querySelectorAll("text.held")];
  if (!labels.length) bad.push("no held labels");
  for (const t of labels) {
    const b = box(t), name = '"' + t.textContent + '" at ' + Math.round(b.x) + "," + Math.round(b.y);
    if (b.x < vb.x || b.y < vb.y || b.x + b.width > vb.x + vb.width || b.y + b.height > vb.y + vb.height)
      bad.push(name + ": outside the picture");
    for (const o of svg.querySelectorAll("text, rect.node"))
      if (o !== t && meets(b, box(o))) bad.push(name + ": on " + (o.textContent || "a node"));
    for (const p of svg.querySelectorAll("path.link, path.hop")) {
      const end = p.getPointAtLength(p.getTotalLength()); /* an arrowhead: 8 units around the end */
      if (p.classList.contains("hop") && meets(b, { x: end.x - 8, y: end.y - 8, width: 16, height: 16 }))
        bad.push(name + ": on an arrowhead");
      for (let x = b.x; x <= b.x + b.width; x += 2)
        for (let y = b.y; y <= b.y + b.height; y += 2)
          if (p.isPointInStroke(new DOMPoint(x, y))) { bad.push(name + ": on a " + p.getAttribute("class")); x = y = 1e9; }
    }
  }
  document.body.dataset.overlaps = bad.join("; ");
})();
</script>
JS
for net in "ring:3 te-ni" "ring:4 te-ni" "ring:8 te-ni" "torus:2x2 te-ni" "torus:3x3 te-ni" "hypercube:3 te-ni" \
           "torus:3x5 te-ni" "torus:4x4 te-a1" "ring:5 mnb"; do
    set -- $net
    f=layout_${1/:/_}
    "$XCHG" show --net "$1" --algo "$2" --out "$f.html" >/dev/null || fail "show $1"
    cat "$f.html" layout.js >"$f.check.html"
    for k in 1 2 3; do
        browse "$f.$k" "file://$PWD/$f.check.html#step=$k"
        grep -q 'data-overlaps=""' "$f.$k.dom" ||
            fail "$1 step $k: $(grep -o 'data-overlaps="[^"]*"' "$f.$k.dom")"
    done
done
echo "ok the held labels of 9 small networks overlap nothing, steps 1-3"

# bad input: one line, exit 2, no file left behind
while read -r pat args; do
    # shellcheck disable=SC2086
    expect_one_line_error "$pat" "$XCHG" show $args
    ls bad.html bad.html.tmp* 2>/dev/null && fail "a file was left behind: $args"
done <<'LIST'
must.end.in.\.html --net butterfly:8 --out bad.svg
unknown.network --net foo:8 --out bad.html
--algo.'te-zz' --net torus:4x4 --algo te-zz --out bad.html
--algo.is.required --net torus:4x4 --out bad.html
up.to.N.=.64 --net butterfly:128 --out bad.html
up.to.64 --net torus:16x16 --algo te-a1 --out bad.html
square.torus --net torus:3x5 --algo te-dc1 --out bad.html
--l --net butterfly:8 --l 99999999999999999999999 --out bad.html
--mode --net butterfly:8 --mode fast --out bad.html
--ts --net torus:8x8 --algo te-dc1 --ts 0 --out bad.html
--out.FILE.html --net butterfly:8
cannot.write --net butterfly:8 --out /proc/none/bad.html
LIST
echo "PASS t_show"
