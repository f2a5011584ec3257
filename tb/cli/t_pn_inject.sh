# SPDX-License-Identifier: MIT
# Fault injection on product networks: every supported kind (drop, dup,
# corrupt, port) at n<node> and n<node>.p<port>; the golden model is not
# told, so the lock-step must stop at the injected cycle and name the node.
. "$XC_TB/lib.sh"
net=torus:4x4
f=$("$XCHG" run --net $net --algo te-ni --sim golden --json --quiet | grep -o '"first_step_cycle":[0-9]*' | cut -d: -f2)
check() { # kind where step
    local c=$((f + $3 - 1))
    expect_exit 1 "$XCHG" run --net $net --algo te-ni --inject "$1:$2@$c" --json --quiet
    local node=${2%%.*}
    grep -q "\"first_mismatch\":{\"cycle\":$c,\"step\":$3,\"element\":\"$node[.\"]" out.txt ||
        fail "$1:$2@$c: $(cat out.txt)"
    grep -q "\"injections\":\[{\"kind\":\"$1\",\"element\":\"$2\",\"cycle\":$c,\"fired\":true}" out.txt || fail "$1 not reported"
    echo "ok $1:$2@$c -> $(grep -o '"element":"n[0-9.p]*"' out.txt | tail -1)"
}
for kind in drop dup corrupt port; do
    check $kind n0 1
    check $kind n9 17
done
# te-ni step 1 on torus:4x4: every node sends on port 1 (-1 in dimension 0)
check drop n6.p1 1
check corrupt n15.p1 1
# bad injections: one line, exit 2
expect_one_line_error "KIND is one of" "$XCHG" run --net $net --algo te-ni --inject switch:n0@5
expect_one_line_error "node < 16" "$XCHG" run --net $net --algo te-ni --inject drop:n16@5
expect_one_line_error "expected KIND:n<node>" "$XCHG" run --net $net --algo te-ni --inject drop:s0.1@5
expect_one_line_error "needs the RTL" "$XCHG" run --net $net --algo te-ni --sim golden --inject drop:n1@5
