# SPDX-License-Identifier: MIT
# xchg schedule --explain [--node V] and the phase comments of schedule
# files (docs/teaching.md): every hop of the schedule is one sentence, the
# words agree with the hops (A1 phase 1 moves along the last dimension only,
# te-ni round k sends every message's k-th hop, mnb-product phase 2 moves
# along its dimension only), --node keeps exactly that node's sentences,
# the file's comments start where the phase or round changes, and bad
# input is one line, exit 2, no file.
. "$XC_TB/lib.sh"
X=$XCHG

# 1. one sentence per message hop, one header per step, all home at the end
for args in "torus:3x3 te-ni" "torus:4x4 te-a1" "torus:2x3x3 te-a1" "hypercube:4 te-a2 --port multi" \
            "ring:5 mnb --duplex half" "ring:6 mnb" "torus:4x3 mnb-product" "ghc:3x4 te-a1" "mesh:3x3 te-a1"; do
    set -- $args
    expect_exit 0 $X schedule --net $1 --algo $2 "${@:3}" --json
    hops=$(json_field message_hops out.txt) steps=$(json_field steps out.txt)
    expect_exit 0 $X schedule --net $1 --algo $2 "${@:3}" --explain
    [ -s out.txt ] && [ ! -s err.txt ] || fail "$args: no explanation, or words on stderr"
    [ "$(grep -cE '^  n[0-9]+ sends ' out.txt)" = "$hops" ] || fail "$args: $(grep -cE '^  n[0-9]+ sends ' out.txt) sentences, $hops hops"
    [ "$(grep -c '^step ' out.txt)" = "$steps" ] || fail "$args: step headers != $steps steps"
    tail -1 out.txt | grep -qE "^after step $steps: (all [0-9]+ messages are home|every node holds all)" ||
        fail "$args: last line: $(tail -1 out.txt)"
    cp out.txt "explain-$1-$2.txt"
done
echo "ok: one sentence per hop on nine schedules"

# 2. the words agree with the hops
# A1 on a 2-D torus: phase 1 (dimension 1) only along dimension 1, phase 2 only along 0
awk '/^step /{p = /A1 phase 1/ ? 1 : 2} / sends /{d = $0; sub(/.* in dimension /, "", d); d += 0
     if ((p == 1) != (d == 1)) {print "bad: " $0; bad = 1}} END {exit bad}' explain-torus:4x4-te-a1.txt ||
    fail "te-a1 torus:4x4: a hop against its phase"
# A1 on 2x3x3: phase 1 along dimension 2 only; in phase 2, the inner phase 1 along 1 only
awk '/^step /{p = /A1 phase 1/ ? 2 : /> phase 1 \(dimension 1\)/ ? 1 : 0} / sends /{d = $0; sub(/.* in dimension /, "", d); d += 0
     if ((p == 2 && d != 2) || (p == 1 && d != 1) || (p == 0 && d != 0)) {print "bad: " $0; bad = 1}} END {exit bad}' \
    explain-torus:2x3x3-te-a1.txt || fail "te-a1 torus:2x3x3: a hop against its phase"
# te-ni: in round k every message sent makes its k-th hop
awk '/^step /{k = $0; sub(/.*round /, "", k); k += 0} / sends /{m = $3; if (seen[m]++ != k - 1) {print "bad: " $0; bad = 1}}
     END {exit bad}' explain-torus:3x3-te-ni.txt || fail "te-ni: a hop outside its round"
grep -q 'te-ni round 2 of 2' explain-torus:3x3-te-ni.txt || fail "te-ni: no round 2"
# mnb-product on torus:4x3 (the even dimension 0 first): phase 1 broadcasts in 1, phase 2 in 0
awk '/^step /{p = /MNB phase 1/ ? 1 : 0} / sends /{d = $0; sub(/.* in dimension /, "", d); d += 0
     if (d != p) {print "bad: " $0; bad = 1}} END {exit bad}' explain-torus:4x3-mnb-product.txt ||
    fail "mnb-product: a hop against its phase"
echo "ok: phases and rounds agree with the hops"

# 3. --node V keeps exactly the sentences where V sends or receives
for v in 0 5 10; do
    expect_exit 0 $X schedule --net torus:4x4 --algo te-a1 --explain --node $v
    grep -E '^  n[0-9]+ sends ' out.txt >mine.txt
    grep -E "^  n$v sends | to n$v, " explain-torus:4x4-te-a1.txt | diff - mine.txt >/dev/null ||
        fail "--node $v: not the node's sentences"
    [ "$(grep -c '^step ' out.txt)" = 32 ] || fail "--node $v: a step left out"
    tail -1 out.txt | grep -q "^after step 32: n$v has received all 15 messages addressed to it" || fail "--node $v: last line"
done
echo "ok: --node"

# 4. schedule files: a comment where the phase or round changes; check passes
expect_exit 0 $X schedule --net torus:4x4 --algo te-a1 --out a1.sched
expect_exit 0 $X check a1.sched
[ "$(grep -cE '^# phase [12], round [0-9]+ of 4: A1' a1.sched)" = "$(grep -c '^# ' a1.sched)" ] || fail "a1.sched: comments"
# the steps after a comment are exactly those whose explained round differs from the step before's
awk '/^# /{c = 1} /^t /{if (c) print $2; c = 0}' a1.sched >commented.txt
awk '/^step /{r = $0; sub(/ > .*/, "", r); sub(/, step [0-9]+\):$/, "", r); sub(/^step [0-9]+ \(/, "", r)
     if (r != last) {t = $2; print t + 0}; last = r}' explain-torus:4x4-te-a1.txt >changes.txt
diff commented.txt changes.txt >/dev/null || fail "a1.sched: comments not where the rounds change"
[ "$(wc -l <commented.txt)" = 8 ] || fail "a1.sched: $(wc -l <commented.txt) rounds, want 4 + 4"
echo "ok: schedule file comments"

# 5. wormhole: one sentence per packet, along the step's paths
expect_exit 0 $X schedule --net torus:8x8 --algo te-dc1 --json
packets=$(jq '[.steps[].packets] | add' out.txt)
expect_exit 0 $X schedule --net torus:8x8 --algo te-dc1 --explain
[ "$(grep -cE '^  n[0-9]+ sends ' out.txt)" = "$packets" ] || fail "te-dc1: $(grep -cE '^  n[0-9]+ sends ' out.txt) sentences, $packets packets"
grep -q '^step 3 (s2.p3.step1: stage 2, phase 3, step 1):' out.txt || fail "te-dc1: no step labels"
tail -1 out.txt | grep -q '^after step 7: all 4032 messages are home' || fail "te-dc1: last line"
echo "ok: wormhole --explain"

# 6. bad input: one line, exit 2, no file
expect_one_line_error "--node '16': a node of torus:4x4 \(0..15\)" $X schedule --net torus:4x4 --algo te-a1 --explain --node 16
expect_one_line_error "--node 'x'" $X schedule --net torus:4x4 --algo te-a1 --explain --node x
expect_one_line_error "--node is for --explain or --grid" $X schedule --net torus:4x4 --algo te-a1 --node 1
expect_one_line_error "256 nodes.*up to 64" $X schedule --net torus:16x16 --algo te-a1 --explain
expect_one_line_error "leave out --out" $X schedule --net torus:4x4 --algo te-a1 --explain --out never.sched
expect_one_line_error "leave out --json" $X schedule --net torus:8x8 --algo te-dc1 --explain --json
expect_one_line_error "--grid is for the store-and-forward" $X schedule --net torus:8x8 --algo te-dc1 --grid
[ ! -e never.sched ] || fail "a file left behind"
echo "ok: bad input"
