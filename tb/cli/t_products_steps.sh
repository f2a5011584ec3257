# SPDX-License-Identifier: MIT
# Step counts of every schedule algorithm from the CLI equal the theorems
# (the wormhole ones, te-dc1 and te-dcn, count start-ups: paper 001's
# Table 1, which the report also gives), and every schedule written passes
# `xchg check` with the same count (wormhole: the same cycles, checker and
# golden cycle model).
. "$XC_TB/lib.sh"
set -e
row() { # net algo expected [extra options]
    net=$1 algo=$2 want=$3; shift 3
    case $algo in
    te-dc*) count=startups keys="startups_paper cycles golden_cycles" ;;
    *) count=steps keys="bound optimal messages message_hops peak_slots" ;;
    esac
    "$XCHG" schedule --net "$net" --algo "$algo" "$@" --out s.txt --json >sum.json || fail "schedule $net $algo $*"
    for k in net algo $count $keys; do
        grep -q "\"$k\":" sum.json || fail "$net $algo: missing key $k"
    done
    got=$(json_field "$count" sum.json)
    [ "$got" = "$want" ] || fail "$net $algo $*: $got $count, want $want"
    "$XCHG" check s.txt --json >chk.json || { cat chk.json; fail "check $net $algo $*"; }
    [ "$(json_field "$count" chk.json)" = "$want" ] || fail "check $net $algo $*: $count"
    case $algo in te-dc*)
        [ "$(json_field startups_paper sum.json)" = "$want" ] || fail "$net $algo: the paper says otherwise"
        cycles=$(json_field cycles sum.json)
        [ "$(json_field golden_cycles sum.json)" = "$cycles" ] || fail "$net $algo: golden model differs"
        [ "$(json_field cycles chk.json)" = "$cycles" ] || fail "check $net $algo: cycles differ"
        [ "$(json_field golden_cycles chk.json)" = "$cycles" ] || fail "check $net $algo: golden differs" ;;
    esac
    echo "ok $net $algo $* = $got $count"
}
row torus:4x4 te-ni 32
row torus:8x8 te-ni 256
row torus:3x5 te-ni 28
row hypercube:6 te-ni 192
row ghc:3x4 te-ni 17
row torus:16x16 te-ni 2048
row torus:4x4 te-a1 32
row torus:8x8 te-a1 256
row torus:3x5 te-a1 28
row hypercube:6 te-a1 192
row ghc:3x4 te-a1 17
row ring:6*complete:3*path:4 te-a1 282
row torus:4x4 te-a2 8
row torus:8x8 te-a2 64
row mesh:4x4 te-a2 16
row ring:8 mnb 7
row ring:8 mnb 14 --duplex half
row ring:7 mnb 14 --duplex half
row torus:4x4 mnb 30 --duplex half
row torus:3x3 mnb 18 --duplex half
row hypercube:5 mnb 31
row torus:4x3 mnb-product 24 --duplex half
row torus:3x4 mnb-product 24 --duplex half
row torus:4x4 mnb-product 15
row torus:8x8 te-dc1 7
row torus:16x16 te-dc1 9
row torus:32x32 te-dc1 13
row torus:4x4 te-dcn 5
row torus:8x8 te-dcn 8
row torus:16x16 te-dcn 11
row torus:32x32 te-dcn 14
# the summary says optimal where the bound is met
"$XCHG" schedule --net torus:8x8 --algo te-a2 --json | grep -q '"optimal":true'
"$XCHG" schedule --net mesh:4x4 --algo te-a1 --json | grep -q '"optimal":false'
# a schedule through a pipe, checked from stdin
"$XCHG" schedule --net torus:4x4 --algo te-ni --out - 2>/dev/null | "$XCHG" check - | grep -q '^ok'
