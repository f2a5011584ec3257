# SPDX-License-Identifier: MIT
# --rtl-router: a router's store-and-forward step written from the router
# contract alone (tb/own/router/alt_pn_saf.v, copied outside the tree)
# passes te-ni and te-a1 in lock-step on torus:4x4 and ring:8, te-a2 on
# the multiport routers, and agrees with the golden model on every router
# error a broken table provokes; its mutant (tb/own/mutants.txt) fails with the router, port
# and cycle; a unit that breaks the contract gets one line.
. "$XC_TB/lib.sh"
own=$XC_TB/own/router
mkdir -p mine && cp "$own"/*.v mine/ && sh "$XC_TB/own/mutate.sh" mine router || fail "tb/own/mutate.sh"

pass() { # net algo [more options]
    expect_exit 0 "$XCHG" run --net "$@" --rtl-router mine/alt_pn_saf.v --json --quiet
    [ "$(json_field pass out.txt)" = true ] && [ "$(json_field mismatches out.txt)" = 0 ] || fail "$*: $(cat out.txt)"
    grep -q '"user_rtl":{"level":"router","file":"'"$PWD"'/mine/alt_pn_saf.v","module":"alt_pn_saf"' out.txt ||
        fail "$*: no user_rtl in the report"
    echo "ok alt_pn_saf passes $*"
}
pass torus:4x4 --algo te-ni
pass torus:4x4 --algo te-a1
pass ring:8 --algo te-ni
pass ring:8 --algo te-a1
pass torus:4x4 --algo te-a2               # multiport: a memory port per link port
pass torus:4x4 --algo te-ni --tables broadcast

# the router's checks: a broken table entry makes a router error, which the
# user's step must report as the golden model does (same code, port, cycle)
for b in nosend:n1@2 norecv:n5@3 model:n3@2 empty:n6@5; do
    expect_exit 1 "$XCHG" run --net torus:4x4 --algo te-a1 --break-table "$b" --rtl-router mine/alt_pn_saf.v \
        --json --quiet
    [ "$(json_field mismatches out.txt)" = 0 ] || fail "--break-table $b: RTL and golden model differ: $(cat out.txt)"
    grep -q "router error at step" err.txt || fail "--break-table $b: no router error: $(cat err.txt)"
    echo "ok --break-table $b: the same router error in both models ($(cat err.txt))"
done

# the mutant: the cycle compare names the router, its port and the cycle
expect_exit 1 "$XCHG" run --net ring:8 --algo te-ni --rtl-router mine/bad_step_flit.v --json --quiet
grep -q '"first_mismatch":{"cycle":224,"step":1,"element":"n0.p1","detail":"step 1, node 0, port 1 (link to node 7): expected m(0→7)@x1, actual m(0→7)@x2"' out.txt ||
    fail "bad_step_flit: $(cat out.txt)"
echo "ok bad_step_flit caught at n0.p1, cycle 224"

# contract errors
sed -e 's/module alt_pn_saf/module narrow/' -e 's/output wire \[3:0\]                                arr_code_o/output wire [2:0] arr_code_o/' \
    mine/alt_pn_saf.v >mine/narrow.v
sed -e 's/module alt_pn_saf/module nocexp/' -e 's/  input  wire \[NPorts-1:0\]                         cexp_i,//' \
    -e 's/ & ~cexp_i;/;/' mine/alt_pn_saf.v >mine/nocexp.v
expect_one_line_error "narrow.v: module narrow: port arr_code_o is 3 bits wide, the router contract wants 4" \
    "$XCHG" run --net ring:8 --algo te-ni --rtl-router mine/narrow.v
expect_one_line_error "nocexp.v: module nocexp has no port cexp_i" \
    "$XCHG" run --net ring:8 --algo te-ni --rtl-router mine/nocexp.v
expect_one_line_error "--rtl-router needs the RTL" \
    "$XCHG" run --net ring:8 --algo te-ni --sim golden --rtl-router mine/alt_pn_saf.v
expect_one_line_error "bad option '--rtl-router' for a MIN run" \
    "$XCHG" run --net butterfly:8 --rtl-router mine/alt_pn_saf.v
# a design that failed left no model folder (only this test builds ring:8 with a user's step)
for d in "$XC_BUILD"/vl/pn_ring-8_*/*_u*; do
    [ ! -e "$d" ] || [ -f "$d/stamp" ] || fail "a failed design left $d"
done
echo "ok contract errors: one line each"

# from xchg sweep: a case line takes --rtl-router like any run option
printf -- '--net ring:8 --algo te-ni --rtl-router %s/mine/alt_pn_saf.v\n--net ring:8 --algo te-ni --rtl-router %s/mine/bad_step_flit.v\n' \
    "$PWD" "$PWD" >cases.txt
expect_exit 1 "$XCHG" sweep cases.txt --out sweep --quiet
grep -q '"passed":1,"failed":1,"errors":0' sweep/summary.json || fail "sweep: $(head -c 300 sweep/summary.json)"
grep -q '"user_rtl":{"level":"router"' sweep/case-0.json || fail "sweep: no user_rtl in case 0's report"
echo "ok xchg sweep: the second implementation passes, its mutant fails"
