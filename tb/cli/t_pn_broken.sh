# SPDX-License-Identifier: MIT
# Broken routers are caught and pinpointed: (1) a router that sends on a
# wrong port at one step (--inject port), in lock-step; (2) routers built
# for a stricter port model than the schedule's refuse the breaking entries
# and report them (golden model and RTL agree, so no mismatch: the report).
. "$XC_TB/lib.sh"
f=$("$XCHG" run --net torus:4x4 --algo te-a1 --sim golden --json --quiet | grep -o '"first_step_cycle":[0-9]*' | cut -d: -f2)
[ -n "$f" ] || fail "no first_step_cycle"
c=$((f + 4))   # step 5
expect_exit 1 "$XCHG" run --net torus:4x4 --algo te-a1 --inject "port:n5@$c" --json --quiet
grep -q "\"first_mismatch\":{\"cycle\":$c,\"step\":5,\"element\":\"n5.p3\"" out.txt || fail "wrong port: $(cat out.txt)"
grep -q 'node 5: m(5→4)@x5 left on port 0 (to node 9) instead of port 3 (to node 4)' out.txt ||
    fail "wrong port detail: $(cat out.txt)"
grep -q "at cycle $c: step 5, node 5" err.txt || fail "stderr: $(cat err.txt)"
echo "ok wrong port caught at cycle $c, n5.p3, step 5, message m(5→4)"
# the text report says it too, and the waves open on it
expect_exit 1 "$XCHG" run --net torus:4x4 --algo te-a1 --inject "port:n5@$c" --trace w/t.fst --quiet
grep -q "first mismatch  cycle $c, element n5.p3" out.txt || fail "text report: $(cat out.txt)"
[ -s w/t.fst ] && [ -s w/t.golden.fst ] && [ -s w/t.gtkw ] && [ -s w/t.tcl ] || fail "waves missing"
grep -q "side by side    twinwave w/t.fst w/t.gtkw + w/t.golden.fst w/t.gtkw" out.txt || fail "no twinwave line"
grep -q -- "-first mismatch: node 5" w/t.gtkw || fail "gtkw does not open on node 5"
grep -q "u_n5.gen_port\[3\].link_flit" w/t.gtkw || fail "gtkw lacks node 5 port 3"
grep -q "gtkwave::setMarker $((c * 1000))" w/t.tcl || fail "marker"
echo "ok waves w/t.fst + w/t.gtkw grouped per node, marker on cycle $c"
# multiport schedule on single-port routers: the model assertion
expect_exit 1 "$XCHG" run --net torus:4x4 --algo te-a2 --hw-port single --json --quiet
grep -q '"first_router_error":{"step":1,"element":"n0.p0","code":1,"what":"entry breaks the port model"}' out.txt ||
    fail "te-a2 on single-port: $(cat out.txt)"
[ "$(json_field delivered out.txt)" = 0 ] || fail "a refused entry was executed"
[ "$(json_field mismatches out.txt)" = 0 ] || fail "golden and RTL disagree on the assertion"
grep -q "router error at step 1, node 0, port 0: entry breaks the port model" err.txt || fail "stderr"
echo "ok multiport entries refused by single-port routers"
# full-duplex schedule on half-duplex routers
expect_exit 1 "$XCHG" run --net ring:5 --algo mnb --hw-duplex half --json --quiet
grep -q '"first_router_error":{"step":1,"element":"n0.p0","code":1' out.txt || fail "mnb on half duplex: $(cat out.txt)"
echo "ok full-duplex entries refused by half-duplex routers"
# a table entry that breaks a rule: the routers report it (golden model and
# RTL agree: no mismatch), naming step, node and port
brk() { # net kind@where expected-first-router-error-prefix
    expect_exit 1 "$XCHG" run --net "$1" --algo te-a1 --break-table "$2" --json --quiet
    grep -q "\"first_router_error\":{$3" out.txt || fail "$1 $2: $(cat out.txt)"
    [ "$(json_field mismatches out.txt)" = 0 ] || fail "$1 $2: golden and RTL disagree"
    echo "ok $1 --break-table $2 -> $(grep -o '"first_router_error":{[^}]*}' out.txt)"
}
brk torus:4x4 norecv:n5@3 '"step":3,"element":"n5.p3","code":5'
brk torus:4x4 empty:n5@1 '"step":1,"element":"n4.p2","code":4'
brk torus:4x4 overwrite:n5@1 '"step":1,"element":"n5.p2","code":6'
brk torus:4x4 model:n5@2 '"step":2,"element":"n5.p0","code":1'
brk mesh:4x4 nolink:n0@1 '"step":1,"element":"n0.p1","code":2'
expect_one_line_error "nothing to break" "$XCHG" run --net torus:4x4 --algo te-a1 --break-table nolink:n0@1
