# SPDX-License-Identifier: MIT
# Bad input: exit 2 with one line on stderr naming the problem; no partial
# output file left behind.
set -u
fails=0
bad() { # expected-substring command...
    want=$1; shift
    "$@" >out.txt 2>err.txt
    rc=$?
    lines=$(wc -l <err.txt)
    if [ "$rc" != 2 ] || [ "$lines" != 1 ] || ! grep -q -- "$want" err.txt; then
        echo "FAIL ($rc, $lines lines): $*"; cat err.txt; fails=$((fails + 1))
    else
        echo "ok: $* -> $(cat err.txt)"
    fi
}
for spec in torus:4x ring:1 foo:3 'torus:4x4*' ring:0 ring: '' hypercube:0 'ring:4**ring:4' mesh:4y4; do
    bad "xchg bound" "$XCHG" bound --net "$spec"
done
bad "1048576" "$XCHG" bound --net torus:1024x1024x2
bad "16384 nodes" "$XCHG" schedule --net torus:256x128 --algo te-ni
bad "message hops" "$XCHG" schedule --net ring:8192 --algo te-ni
bad "Cayley" "$XCHG" schedule --net mesh:4x4 --algo te-ni
bad "H^(2^k)" "$XCHG" schedule --net torus:4x8 --algo te-a2
bad "H^(2^k)" "$XCHG" schedule --net torus:4x4x4 --algo te-a2
bad "multiport" "$XCHG" schedule --net torus:4x4 --algo te-a2 --port single
bad "full" "$XCHG" schedule --net torus:4x4 --algo te-ni --duplex half
bad "hamiltonian" "$XCHG" schedule --net mesh:3x3 --algo mnb --out never.txt
bad "path" "$XCHG" schedule --net mesh:4x4 --algo mnb-product
bad "allowed" "$XCHG" schedule --net torus:4x4 --algo bogus
bad "allowed" "$XCHG" schedule --net torus:4x4 --algo te-ni --port dual
bad "missing --net" "$XCHG" schedule --algo te-ni
bad "cannot open" "$XCHG" check does-not-exist.txt
printf 'not a schedule\n' >junk.txt
bad "line 1" "$XCHG" check junk.txt
# no partial file: the refused mnb run above must not leave never.txt (or a temp)
if ls never.txt* >/dev/null 2>&1; then echo "FAIL partial file left"; fails=$((fails + 1)); fi
[ "$fails" = 0 ]
