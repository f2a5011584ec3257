# SPDX-License-Identifier: MIT
# The exercises a command checks (docs/teaching.md): `xchg latin --perm`
# (the blocking homework) and `xchg check` against the lower bound.
. "$XC_TB/lib.sh"
X=$XCHG

# --- latin --perm: admissible (exit 0), blocked (exit 1, the switch named)
# Exercise A #4: column x = 0 of P^18 is printed by output (row o: the input
# reaching output o); the exercise gives that column and asks for it input
# -> output. The column the tool prints is the one the exercise quotes, its
# inverse (computed here) is the answer the key gives, and the tool says
# of each what the key says: the inverse admissible, the column as printed
# blocked at s0.0.
doc="$XC_TB/../docs/teaching.md"
expect_exit 0 $X latin --net butterfly:8 --l 18 --json
col=$(jq -r '.permutations[0] | join(",")' out.txt)
inv=$(jq -r '.permutations[0] as $c | [range(0; 8) as $i | $c | index($i)] | join(",")' out.txt)
grep -q "Its column x = 0 reads $col \*\*by output\*\*" "$doc" || fail "exercise A #4 does not quote column 0 ($col)"
grep -q "column is \*\*$inv\*\*" "$doc" || fail "exercise A #4's key does not give the inverse $inv"
expect_exit 0 $X latin --net butterfly:8 --perm "$inv"
grep -q '^butterfly:8: admissible' out.txt || fail "P^18 x=0 input -> output ($inv) admissible: $(cat out.txt)"
grep -q "4\. Input → output the column is \*\*$inv\*\*.*" "$doc" || fail "key #4"
sed -n '/^4\. Input → output/,/^$/p' "$doc" | tr '\n' ' ' | grep -q '\*\*Admissible\*\*' || fail "key #4 says admissible"
expect_exit 1 $X latin --net butterfly:8 --perm "$col"
grep -q 'blocked at switch s0.0 .*inputs 0 (to 0) and 1 (to 2)' out.txt || fail "column as printed: $(cat out.txt)"
sed -n '/^4\. Input → output/,/^$/p' "$doc" | tr '\n' ' ' | grep -q "\-\-perm $col\`.*blocks at s0.0" ||
    fail "key #4 does not say what the column typed as printed gives"
# bit reversal: blocked on butterfly:8 at s1.0, on omega:8 at s0.0, inputs 0 and 4
expect_exit 1 $X latin --net butterfly:8 --perm 0,4,2,6,1,5,3,7
grep -q 'blocked at switch s1.0 .*inputs 0 (to 0) and 4 (to 1) both want its output port 0' out.txt \
    || fail "butterfly bit reversal: $(cat out.txt)"
expect_exit 1 $X latin --net omega:8 --perm 0,4,2,6,1,5,3,7 --json
grep -q '"admissible":false,"conflict":{"switch":"s0.0","stage":0,"port":0,"inputs":\[0,4\]}' out.txt \
    || fail "omega bit reversal json: $(cat out.txt)"
# the identity passes omega and cube ...
id16=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
for t in omega cube; do
    expect_exit 0 $X latin --net $t:16 --perm $id16 --json
    grep -q '"admissible":true,"conflict":null}$' out.txt || fail "$t identity: $(cat out.txt)"
done
# ... but not butterfly: inputs 0 and 1 share s0.0 and both want destination bit 3 = 0
expect_exit 1 $X latin --net butterfly:16 --perm $id16 --json
grep -q '"switch":"s0.0","stage":0,"port":0,"inputs":\[0,1\]' out.txt || fail "butterfly identity: $(cat out.txt)"
# bad input: one line naming --perm, exit 2
expect_one_line_error 'expected 8 outputs' $X latin --net butterfly:8 --perm 1,0,3
expect_one_line_error 'appears twice' $X latin --net butterfly:8 --perm 0,0,1,2,3,4,5,6
expect_one_line_error 'outputs are 0..7' $X latin --net butterfly:8 --perm 0,1,2,3,4,5,6,8
expect_one_line_error 'exactly 8 outputs' $X latin --net butterfly:8 --perm 0,1,2,3,4,5,6,7,8
expect_one_line_error 'not a number' $X latin --net butterfly:8 --perm 0,1,2,3,a,5,6,7
expect_one_line_error 'not with --l' $X latin --net butterfly:8 --l 0 --perm 0,1,2,3,4,5,6,7
expect_one_line_error 'net is required' $X latin --perm 0,1

# --- xchg check: the lower bound and how far above it the schedule is
# check_a1 NET FILE LINE BOUND OVER OPTIMAL: te-a1 on NET, scheduled into
# FILE; xchg check ends with LINE and reports the bound as JSON
check_a1() {
    expect_exit 0 $X schedule --net "$1" --algo te-a1 --out "$2"
    expect_exit 0 $X check "$2"
    [ "$(tail -n1 out.txt)" = "$3" ] || fail "$1 te-a1: $(cat out.txt)"
    expect_exit 0 $X check "$2" --json
    [ "$(json_field bound out.txt)" = "$4" ] && [ "$(json_field over_bound out.txt)" = "$5" ] \
        && [ "$(json_field optimal out.txt)" = "$6" ] || fail "$1 te-a1 json: $(cat out.txt)"
}
# te-a1 on a torus meets AS(G) (Theorem: optimal) ...
check_a1 torus:4x4 t.sched "32 steps, lower bound AS(G) = 32: optimal" 32 0 true
# ... but not on a mesh, whose AS(G) = 40 is below A1's 56 steps
check_a1 mesh:4x4 m.sched "56 steps, lower bound AS(G) = 40: +16 over the bound" 40 16 false
# the bound check reports is the one `xchg schedule` compares against, for
# every port and duplex model (multiport cut bound, mnb half duplex odd n)
for args in "torus:4x4 --algo te-a2" "torus:5x5 --algo mnb --duplex half" "torus:4x4 --algo mnb --duplex half" \
            "mesh:3x5 --algo te-a1" "hypercube:4 --algo te-ni" "torus:3x4 --algo mnb"; do
    # shellcheck disable=SC2086
    expect_exit 0 $X schedule --net $args --out s.sched --json
    want_b=$(json_field bound out.txt) want_s=$(json_field steps out.txt)
    expect_exit 0 $X check s.sched --json
    [ "$(json_field bound out.txt)" = "$want_b" ] && [ "$(json_field steps out.txt)" = "$want_s" ] \
        && [ "$(json_field over_bound out.txt)" = $((want_s - want_b)) ] || fail "$args: $(cat out.txt)"
done
# a valid schedule whose algorithm xchg does not know still checks ok; no bound claimed
sed '1,3s/^algo te-a1$/algo hand/' t.sched > h.sched
expect_exit 0 $X check h.sched
[ "$(tail -n1 out.txt)" = "32 steps, no lower bound for hand (algo 'hand' has no bound)" ] || fail "hand: $(cat out.txt)"
expect_exit 0 $X check h.sched --json
[ "$(json_field over_bound out.txt)" = null ] || fail "hand json: $(cat out.txt)"
