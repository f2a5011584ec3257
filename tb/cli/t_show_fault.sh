#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The hidden-fault lab in the page (show --inject): for several seeds,
# exactly one switch is the answer --answer accepts; the recording differs
# from the fault-free one only in where two messages of one step are, from
# the fault's cycle on, and they end at each other's destinations (the
# symptom on the page); the page, its JSON and the line printed never name
# the switch; the explicit form gives the same recording. Bad input: one
# line, exit 2, no file.
. "$XC_TB/lib.sh"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"

net="--net butterfly:8 --l 18"
# shellcheck disable=SC2086
expect_exit 0 "$XCHG" show $net --json --out clean.json
for seed in 1 2 3 4 5; do
    right=()
    for k in 0 1 2; do
        for h in 0 1 2 3; do
            # shellcheck disable=SC2086
            "$XCHG" show $net --inject random --seed "$seed" --answer "s$k.$h" >a.txt 2>&1
            rc=$?
            case $rc in
                0) right+=("s$k.$h"); cycle=$(grep -o 'in cycle [0-9]*' a.txt | grep -o '[0-9]*$') ;;
                1) grep -q "not the faulty switch" a.txt || fail "seed $seed s$k.$h: $(cat a.txt)" ;;
                *) fail "seed $seed s$k.$h: exit $rc: $(cat a.txt)" ;;
            esac
        done
    done
    [ "${#right[@]}" = 1 ] || fail "seed $seed: ${#right[@]} switches accepted (${right[*]})"
    sw=${right[0]}
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" show $net --inject random --seed "$seed" --json --out f.json
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" show $net --inject random --seed "$seed" --out f.html
    ! grep -q "$sw" out.txt || fail "seed $seed: the line printed names $sw"
    ! grep -q "switch:s[0-9]\|took the wrong\|seed $seed" f.html f.json || fail "seed $seed: the page names the fault"
    ! jq -r '[paths | map(tostring) | join(".")] | .[]' f.json | grep -qi "fault\|inject" || fail "seed $seed: a key of the JSON names a fault"
    [ "$(jq -c 'del(.frames[].at, .frames[].set, .frames[].set_x)' f.json)" = "$(jq -c 'del(.frames[].at, .frames[].set, .frames[].set_x)' clean.json)" ] ||
        fail "seed $seed: the recording differs in more than places and settings"
    python3 - clean.json f.json "$cycle" "$sw" <<'PY' || fail "seed $seed: the fault is not two messages trading paths at $sw in cycle $cycle"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
c, sw = int(sys.argv[3]), sys.argv[4]
N = a["min"]["N"]
diff = {i for k, (fa, fb) in enumerate(zip(a["frames"], b["frames"])) for i, (x, y) in enumerate(zip(fa["at"], fb["at"])) if x != y}
first = min(k for k, (fa, fb) in enumerate(zip(a["frames"], b["frames"])) if fa["at"] != fb["at"])
k, h = map(int, sw[1:].split("."))
inner = k + 1 < a["min"]["n"]  # in the switch's register both are at one place: apart from the next cycle
assert len(diff) == 2 and first == c + inner, (diff, first)
i, j = sorted(diff)
assert i % N == j % N, "not one step"
last_a, last_b = a["frames"][-1]["at"], b["frames"][-1]["at"]
assert last_b[i] == last_a[j] and last_b[j] == last_a[i], "they do not arrive at each other's outputs"
if inner:
    assert b["frames"][c]["at"][i] == b["frames"][c]["at"][j] == sw, "not at the switch in its cycle"
PY
    spec="switch:$sw@$cycle"
    # shellcheck disable=SC2086
    expect_exit 0 "$XCHG" show $net --inject "$spec" --json --out g.json
    cmp -s f.json g.json || fail "seed $seed: --inject $spec records another fault"
    echo "ok seed $seed: one switch the answer, two messages of one step trade paths from its cycle, nothing names it"
done

while read -r pat args; do
    # shellcheck disable=SC2086
    expect_one_line_error "$pat" "$XCHG" show $args
    ls bad.* 2>/dev/null && fail "a file was left behind: $args"
done <<'LIST'
a.MIN.in.--mode.xor.or.table --net torus:4x4 --algo te-a1 --inject random --out bad.html
a.MIN.in.--mode.xor.or.table --net butterfly:8 --mode self --inject random --out bad.html
--inject.'switch:s9.0@3' --net butterfly:8 --inject switch:s9.0@3 --out bad.html
--inject.'drop:s1.0@3' --net butterfly:8 --inject drop:s1.0@3 --out bad.html
--answer.is.for --net butterfly:8 --answer s1.0 --out bad.html
LIST
echo "ok --inject: bad input"
