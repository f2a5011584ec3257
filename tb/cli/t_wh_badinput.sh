# SPDX-License-Identifier: MIT
# Bad input to xchg run with a wormhole algorithm: exit 2, one line.
. "$XC_TB/lib.sh"
expect_one_line_error "te-dc1 is defined on a square torus" "$XCHG" run --net torus:4x8 --algo te-dc1
expect_one_line_error "te-dc1 needs N a power of two" "$XCHG" run --net torus:4x4 --algo te-dc1
expect_one_line_error "te-dcn is defined on a square torus" "$XCHG" run --net ring:8 --algo te-dcn
expect_one_line_error "--ts '0'" "$XCHG" run --net torus:8x8 --algo te-dc1 --ts 0
expect_one_line_error "--ts 'x'" "$XCHG" run --net torus:8x8 --algo te-dc1 --ts x
expect_one_line_error "--bad-circuit 'n1'" "$XCHG" run --net torus:8x8 --algo te-dc1 --bad-circuit n1
expect_one_line_error "--bad-circuit: node < 64" "$XCHG" run --net torus:8x8 --algo te-dc1 --bad-circuit n99@1 --sim golden
expect_one_line_error "--inject 'port:n99@5'" "$XCHG" run --net torus:8x8 --algo te-dc1 --inject port:n99@5
expect_one_line_error "--inject needs the RTL" "$XCHG" run --net torus:8x8 --algo te-dcn --inject port:n1@5 --sim golden
expect_one_line_error "bad option '--tables'" "$XCHG" run --net torus:8x8 --algo te-dcn --tables broadcast
expect_one_line_error "must end in .fst or .vcd" "$XCHG" run --net torus:8x8 --algo te-dcn --trace a.VCD
# a random fault is drawn where a store-and-forward step or a MIN wave
# passes; a wormhole run names what is allowed and what to give instead
for algo in te-dc1 te-dcn; do
    expect_one_line_error "^xchg run: --inject random: allowed on a MIN and on store-and-forward routers, not on a wormhole run \(te-dc1, te-dcn\): give KIND:n<node>\[\.p<port>\]@<cycle>$" \
        "$XCHG" run --net torus:8x8 --algo $algo --inject random --seed 3
done

expect_one_line_error "--msg-flits .4.: on the routers a message is one flit" "$XCHG" run --net torus:8x8 --algo te-dc1 --msg-flits 4
echo ok
