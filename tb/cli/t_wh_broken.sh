# SPDX-License-Identifier: MIT
# Broken circuits are caught and pinpointed: (1) a router whose crossbar
# sends a flit out of the wrong port (--inject port, RTL only) stops the
# lock-step at that cycle, naming step, node, port and message; (2) a
# circuit entry that passes two inputs to one output (--bad-circuit: the
# firmware breaks it on purpose, golden model and RTL both get it) is
# refused by the router and reported with its step and node.
. "$XC_TB/lib.sh"
f=$("$XCHG" run --net torus:8x8 --algo te-dc1 --ts 20 --sim golden --json --quiet | grep -o '"first_step_cycle":[0-9]*' | cut -d: -f2)
[ -n "$f" ] || fail "no first_step_cycle"
c=$((f + 20))   # step 1, cycle ts + 1: the first flit on the first link
expect_exit 1 "$XCHG" run --net torus:8x8 --algo te-dc1 --ts 20 --inject "port:n0@$c" --json --quiet
grep -q "\"first_mismatch\":{\"cycle\":$c,\"step\":1,\"element\":\"n0.p2\"" out.txt || fail "wrong port: $(cat out.txt)"
grep -q 'step 1, node 0: m(0→8)@x1 left on port 3 (to node 7) instead of port 2 (to node 1)' out.txt ||
    fail "wrong port detail: $(cat out.txt)"
echo "ok crossbar output fault caught at cycle $c, n0.p2, step 1, message m(0→8)"
# a flit dropped inside a path (node 1 passes step 3's 4-hop packets on)
expect_exit 1 "$XCHG" run --net torus:8x8 --algo te-dc1 --ts 20 --inject "drop:n1@$((f + 200))" --json --quiet
grep -q '"first_mismatch":{"cycle":[0-9]*,"step":[0-9],"element":"n1.p' out.txt || fail "drop: $(cat out.txt)"
echo "ok dropped flit caught: $(grep -o '"detail":"[^"]*"' out.txt)"
# two inputs to one output: refused, reported, nothing of that router's step executed
expect_exit 1 "$XCHG" run --net torus:8x8 --algo te-dc1 --ts 20 --bad-circuit n1@3 --json --quiet
grep -q '"first_router_error":{"step":3,"element":"n1.p4","code":8,"what":"circuit entry breaks the crossbar"}' out.txt ||
    fail "bad circuit: $(cat out.txt)"
[ "$(json_field mismatches out.txt)" = 0 ] || fail "golden and RTL disagree on the refusal"
grep -q "router error at step 3, node 1, port 4: circuit entry breaks the crossbar" err.txt || fail "stderr: $(cat err.txt)"
echo "ok crossbar conflict refused at step 3, node 1"
