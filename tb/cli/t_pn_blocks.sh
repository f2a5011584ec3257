# SPDX-License-Identifier: MIT
# Product networks over 64 nodes get a generated top made of blocks
# (xchg_pn_block, sw/pn/xc_pn_rtl.c): the routers of the trailing dimensions
# in one module, Verilated once. The blocks must be wired exactly as the
# flat top: lock-step runs pass on a torus and a mesh (path ends inside and
# between blocks), over the bus and through the back door, a fault is
# reported at the element and cycle it was injected, and the waves and the
# back-door files name the routers u_b<block>.u_r<index>.
. "$XC_TB/lib.sh"
# the blocks: the nodes of the last dimension(s), about sqrt(nodes) of them
"$XCHG" rtl-net --net torus:9x9 > top.v
[ "$(grep -c '^  xchg_pn_block #(.Bram(Bram)) u_b' top.v)" = 9 ] || fail "torus:9x9: not 9 blocks"
[ "$(grep -c '`XCHG_PN_ROUTER' top.v)" = 9 ] || fail "torus:9x9: not 9 routers per block"
"$XCHG" rtl-net --net ring:5*torus:4x4 > top.v # 80 nodes: 5 blocks of 16 (5 + 16 < 20 + 4)
[ "$(grep -c '^  xchg_pn_block #(.Bram(Bram)) u_b' top.v)" = 5 ] || fail "ring:5*torus:4x4: not 5 blocks of 16"
"$XCHG" rtl-net --net torus:8x8 > top.v
grep -q 'xchg_pn_block' top.v && fail "torus:8x8 (64 nodes) should be flat"
grep -q '^  ) u_n63 (' top.v || fail "torus:8x8: no router u_n63"

run() { # messages ARGS...
    local want=$1; shift
    expect_exit 0 "$XCHG" run "$@" --sim lockstep --json --quiet
    [ "$(json_field pass out.txt)" = true ] && [ "$(json_field mismatches out.txt)" = 0 ] &&
        [ "$(json_field delivered out.txt)" = "$want" ] && [ "$(json_field duplicates out.txt)" = 0 ] ||
        fail "$*: $(cat out.txt)"
    echo "ok $* delivered $want"
}
run 6480 --net torus:9x9 --algo te-ni --tables broadcast

# one copy of the router's and the block's code: Verilator names a class's
# functions after the first instance that has them (u_b0.u_r0); a function
# named after any other router is a per-instance copy, and the build then
# grows with the routers (the lookup tables of sim/xchg_pn.vc did that)
obj=$(echo "$XC_BUILD"/vl/pn_torus-9x9_*_bc/lean/obj)
[ -d "$obj" ] || fail "no lean model folder for torus:9x9: $obj"
owners=$(grep -h '^\(VL_INLINE_OPT \)\?void ' "$obj"/*.cpp |
    grep -o '__TOP__xchg_pn_top__DOT__u_b[0-9]*\(__u_r[0-9]*\)\?__[0-9]*(' | sed 's/__[0-9]*($//' | sort -u | tr '\n' ' ')
[ "$owners" = "__TOP__xchg_pn_top__DOT__u_b0 __TOP__xchg_pn_top__DOT__u_b0__u_r0 " ] ||
    fail "torus:9x9: router or block functions per instance: $owners"
echo "ok one copy of the router and block code"
# a run without faults builds the routers without their fault slots
# (FAULTS=0, sim/Makefile: a smaller build; their fault array f_kind is
# absent from the C++); one that injects, the model
# with them in a folder of its own (below)
grep -q 'f_kind' "$obj"/*.cpp && fail "torus:9x9: the model of a run without faults has the fault slots"
echo "ok a run without faults: routers without fault slots"
run 6480 --net torus:9x9 --algo te-ni --tables broadcast --load back
# traced: the waves below come from this run (one 81-router build, the
# traced one, serves both)
run 6480 --net mesh:9x9 --algo te-a1 --load back --trace w.fst

# a fault in block 4 (node 40 = u_b4.u_r4), reported where and when injected
f=$("$XCHG" run --net torus:9x9 --algo te-ni --tables broadcast --sim golden --json --quiet |
    grep -o '"first_step_cycle":[0-9]*' | cut -d: -f2)
c=$((f + 4))
expect_exit 1 "$XCHG" run --net torus:9x9 --algo te-ni --tables broadcast --inject "drop:n40@$c" --json --quiet
grep -q "\"first_mismatch\":{\"cycle\":$c,\"step\":5,\"element\":\"n40[.\"]" out.txt || fail "drop:n40@$c: $(cat out.txt)"
fobj=$(echo "$XC_BUILD"/vl/pn_torus-9x9_*_bc/lean_faults/obj)
grep -q 'f_kind' "$fobj"/*.cpp || fail "torus:9x9 --inject: no fault slots in $fobj"
echo "ok drop:n40@$c reported at n40, cycle $c (the lean_faults model)"
# a corrupt flit in a cycle where every router sends on one port (the
# compare's fast case, xc_pn_obs.one_port; the registers agree, only the
# lane differs): caught in that cycle, named
expect_exit 1 "$XCHG" run --net torus:9x9 --algo te-ni --tables broadcast --inject "corrupt:n40@$c" --json --quiet
grep -q "\"first_mismatch\":{\"cycle\":$c,\"step\":5,\"element\":\"n40.p1\",\"detail\":\"step 5, node 40, port 1 (link to node 31): expected m(40→35)@x5, actual m(41→35)@x5!chk\"}" out.txt ||
    fail "corrupt:n40@$c: $(cat out.txt)"
echo "ok corrupt:n40@$c reported at n40.p1, cycle $c"

# waves (of the mesh run above): the RTL's scopes and the golden model's
# have the same names
grep -q 'xchg_pn_top\.u_b4\.u_r5\.gen_port\[0\]\.link_flit' w.gtkw || fail "w.gtkw: no u_b4.u_r5 link"
fst2vcd -f w.fst 2>/dev/null | grep -q '\$scope module u_b8 \$end' || fail "RTL waves: no scope u_b8"
fst2vcd -f w.golden.fst 2>/dev/null | grep -q '\$scope module u_r8 \$end' || fail "golden waves: no scope u_r8"
echo "ok waves name routers u_b<block>.u_r<index>"
