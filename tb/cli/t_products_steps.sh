# SPDX-License-Identifier: MIT
# Step counts of every schedule algorithm from the CLI equal the theorems,
# and every schedule written passes `xchg check`.
set -eu
row() { # net algo expected [extra options]
    net=$1 algo=$2 want=$3; shift 3
    "$XCHG" schedule --net "$net" --algo "$algo" "$@" --out s.txt --json >sum.json
    steps=$(sed 's/.*"steps":\([0-9]*\).*/\1/' sum.json)
    for k in net algo steps bound optimal messages message_hops peak_slots; do
        grep -q "\"$k\":" sum.json || { echo "missing key $k"; exit 1; }
    done
    [ "$steps" = "$want" ] || { echo "FAIL $net $algo $*: $steps steps, want $want"; exit 1; }
    "$XCHG" check s.txt >chk.txt || { echo "FAIL check $net $algo $*"; cat chk.txt; exit 1; }
    echo "ok $net $algo $* = $steps"
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
# the summary says optimal where the bound is met
"$XCHG" schedule --net torus:8x8 --algo te-a2 --json | grep -q '"optimal":true'
"$XCHG" schedule --net mesh:4x4 --algo te-a1 --json | grep -q '"optimal":false'
# a schedule through a pipe, checked from stdin
"$XCHG" schedule --net torus:4x4 --algo te-ni --out - 2>/dev/null | "$XCHG" check - | grep -q '^ok'
