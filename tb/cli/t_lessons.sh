# SPDX-License-Identifier: MIT
# The answers of the three lessons of docs/teaching.md: each checked by
# running the command the answer names and comparing what it prints with
# the answer (Exercises A and B are tb/cli/t_exercises.sh; the demo
# scripts' output is the doc test's).
. "$XC_TB/lib.sh"
X=$XCHG

# 1.1: cycle 3 of butterfly:8 (l = 18): m(0→0) in switch 0 of stage 1, set straight
expect_exit 0 $X show --net butterfly:8 --l 18 --json
cp out.txt b8.json
[ "$(jq -c '.frames[3].at[0:3]' b8.json)" = '["s1.0","s0.0","in0"]' ] || fail "1.1: $(jq -c '.frames[3].at[0:3]' b8.json)"
[ "$(jq -c '.messages[0]' b8.json)" = '[0,0]' ] || fail "1.1: message 0 is not m(0→0)"
# 1.3: omega:16 takes N + log2 N = 20 cycles for 16 x 16 messages
expect_exit 0 $X show --net omega:16 --json
[ "$(jq -c '{steps, expected}' out.txt)" = '{"steps":20,"expected":256}' ] || fail "1.3: $(jq -c '{steps, expected}' out.txt)"
echo "ok: lesson 1"

# 2.1: mesh:3x5: the smallest status is node 7's (1, 2), 28; the corners' eccentricity 6 is the diameter
expect_exit 0 $X bound --net mesh:3x5 --json
[ "$(jq -c '[.status | min, (index(min))]' out.txt)" = '[28,7]' ] || fail "2.1: $(jq -c '.status' out.txt)"
[ "$(jq '.diameter' out.txt)" = 6 ] || fail "2.1: diameter"
expect_exit 0 $X bound --net mesh:3x5 --grid
awk '/^eccentricity/{e = 1; next} e && /^  [02] /{print $2, $6}' out.txt | grep -qvx '6 6' && fail "2.1: a corner's eccentricity"
grep -q '^  1     5   4   3   4   5$' out.txt || fail "2.1: the middle row of eccentricities"
# 2.2: A1 on torus:4x4: phase 2 starts at step 17 = 4 rounds x 4 steps (ring:4's status)
expect_exit 0 $X schedule --net torus:4x4 --algo te-a1 --out a1.sched
[ "$(grep -A1 '^# phase 2, round 1' a1.sched | tail -1)" = "t 17" ] || fail "2.2: phase 2 does not start at step 17"
expect_exit 0 $X bound --net ring:4 --json
[ "$(jq '.status[0]' out.txt)" = 4 ] || fail "2.2: ring:4 status"
# 2.3: te-ni on torus:3x5: 3 rounds (the diameter), round 2 has 10 steps
expect_exit 0 $X bound --net torus:3x5 --json
[ "$(jq '.diameter' out.txt)" = 3 ] || fail "2.3: diameter"
expect_exit 0 $X schedule --net torus:3x5 --algo te-ni --out ni.sched
[ "$(grep -c '^# round' ni.sched)" = 3 ] || fail "2.3: rounds"
grep -q '^# round 2 of 3: .*step 1 of 10$' ni.sched || fail "2.3: round 2: $(grep '^# round 2' ni.sched)"
expect_exit 0 $X schedule --net torus:3x5 --algo te-ni --explain
[ "$(grep -c '^step .*te-ni round 2 of 3' out.txt)" = 10 ] || fail "2.3: round 2 is not 10 steps"
# 2.4: step 1 of A1 on torus:4x4: n0 sends m(0→3) to n3, n1 sends m(1→0) to n0
expect_exit 0 $X show --net torus:4x4 --algo te-a1 --json
[ "$(jq -c '.frames[1].hops[0:2]' out.txt)" = '[[2,0,3],[15,1,0]]' ] || fail "2.4: $(jq -c '.frames[1].hops[0:2]' out.txt)"
[ "$(jq -c '.messages[2], .messages[15]' out.txt | tr -d '\n')" = '[0,3][1,0]' ] || fail "2.4: message ids"
expect_exit 0 $X schedule --net torus:4x4 --algo te-a1 --explain --node 0
grep -q '^  n0 sends m(0→3) on port 3 (- in dimension 1) to n3, which delivers it$' out.txt &&
    grep -q '^  n1 sends m(1→0) on port 3 (- in dimension 1) to n0, which delivers it$' out.txt || fail "2.4: the sentences"
echo "ok: lesson 2"

# 3.1: ring:7, half duplex: n3 idles in steps 4 and 11 only
expect_exit 0 $X schedule --net ring:7 --algo mnb --duplex half --grid --node 3
row=$(awk '/^n3 /{print $2}' out.txt)
[ "$row" = "TRT.RTRTRT.RTR" ] || fail "3.1: n3's row $row"
[ "$(grep -o . <<<"$row" | grep -n '\.' | cut -d: -f1 | tr '\n' ' ')" = "4 11 " ] || fail "3.1: idle steps"
# 3.2: mnb-product on torus:4x3: 11 steps, phase 1 is steps 1-2
expect_exit 0 $X schedule --net torus:4x3 --algo mnb-product --json
[ "$(jq .steps out.txt)" = 11 ] || fail "3.2: steps"
expect_exit 0 $X schedule --net torus:4x3 --algo mnb-product --out mp.sched
[ "$(grep -A1 '^# phase 2, round 1 of 3' mp.sched | tail -1)" = "t 3" ] || fail "3.2: phase 2 does not start at step 3"
# 3.3 and 3.4: te-dc1 on torus:8x8: 67 cycles carry flits in step 3; after step 2
# n9 holds 123 messages not yet home; step 2 has 32 packets
expect_exit 0 $X show --net torus:8x8 --algo te-dc1 --json
cp out.txt dc1.json
[ "$(jq '[.frames[3].hops[][3]] | unique | length' dc1.json)" = 67 ] || fail "3.3: cycles with flits"
[ "$(jq '.frames[2].occupancy[9]' dc1.json)" = 123 ] || fail "3.4: n9 holds $(jq '.frames[2].occupancy[9]' dc1.json)"
expect_exit 0 $X schedule --net torus:8x8 --algo te-dc1 --json
[ "$(jq '.steps[1].packets' out.txt)" = 32 ] || fail "3.4: packets of step 2"
# the arithmetic of 3.4 in the sentences: n9 sends 32, receives 31 (1 home) and 64 (2 home)
expect_exit 0 $X schedule --net torus:8x8 --algo te-dc1 --explain --node 9
sed -n '/^step 1 /,/^step 3 /p' out.txt >s12.txt
grep -q 'n9 sends .* (32 messages) .* to n8,' s12.txt && grep -q 'n8 sends .* (31 messages) .* to n9, .* 1 is addressed' s12.txt &&
    grep -q 'n1 sends .* (64 messages) .* to n9, .* 2 are addressed' s12.txt || fail "3.4: the sentences of n9"
echo "ok: lesson 3"

# Exercise C: the lab switch's two bugs, found where the answer key says,
# and the switch with the key's two fixes passes every mode
mkdir -p c lab && sh "$XC_TB/own/mutate.sh" lab switch || fail "C: tb/own/mutate.sh"
lab=lab/lab_sw2x2.v
expect_exit 0 $X run --net butterfly:8 --mode xor --rtl-switch "$lab" --json --quiet
expect_exit 1 $X run --net butterfly:8 --mode table --rtl-switch "$lab" --json --quiet
grep -q '"first_mismatch":{"cycle":79,"element":"s2.0"' out.txt || fail "C: table mode: $(cat out.txt)"
expect_exit 1 $X run --net butterfly:8 --mode self --rtl-switch "$lab" --json --quiet
grep -q '"first_mismatch":{"cycle":73,"element":"s0.0"' out.txt || fail "C: self mode: $(cat out.txt)"
grep -q '        cross_d = step_x ^ cfg_bit_i;' "$lab" && grep -q '        clash_d = here1;' "$lab" ||
    fail "C: the key's buggy lines are not in $lab"
sed -e 's/        cross_d = step_x ^ cfg_bit_i;/        cross_d = cfg_bit_i;/' \
    -e 's/        clash_d = here1;/        clash_d = here1 \&\& (in1_i[DstBit] == in0_i[DstBit]);/' "$lab" >c/lab_sw2x2.v
for net in butterfly:8 omega:8; do
    for mode in xor table self; do
        expect_exit 0 $X run --net "$net" --mode "$mode" --rtl-switch c/lab_sw2x2.v --json --quiet
    done
done
echo "ok: exercise C (the lab switch's two bugs and their fixes)"
