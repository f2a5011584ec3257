#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Wormhole schedules of paper 001 (te-dc1, te-dcn) through the CLI (their
# start-ups against the paper are rows of t_products_steps.sh, with every
# algorithm's step count): cycles for another ts and message size, broken
# files fail with exit 1 naming step, node, port and message, bad input
# exits 2 with one line and leaves no file, and `xchg compare` reports the
# winners.
. "$XC_TB/lib.sh"

# cycles = start-ups * ts + path cycles, for another ts and message size
"$XCHG" schedule --net torus:16x16 --algo te-dc1 --ts 7 --msg-flits 3 --json >g.json || fail "ts 7"
[ "$(json_field cycles g.json)" = "$(json_field golden_cycles g.json)" ] || fail "ts 7: golden differs"
[ "$(json_field msg_flits g.json)" = 3 ] || fail "msg_flits not reported"

# broken files: exit 1, the violation names step, node, port, message
"$XCHG" schedule --net torus:8x8 --algo te-dc1 --out s.txt >/dev/null || fail "schedule 8x8"
broken() { # what-to-expect sed-script
    sed "$2" s.txt >b.txt
    expect_exit 1 "$XCHG" check b.txt
    grep -qE "step [0-9]+, node [0-9]+, port [0-9]+, message m\([0-9]+->[0-9]+\): .*$1" err.txt ||
        { cat err.txt; fail "broken file ($1) not reported as expected"; }
    echo "ok: broken ($1): $(cat err.txt)"
}
broken "link conflict" '0,/^p 0 2 @/s/^p 0 2 @/p 0 2*3 @/'
broken "ejects a second packet" '0,/^p 1 3 @/s/^p 1 3 @/p 1 2 @/'
broken "stored at slot 33, but the receiver keeps 32" '0,/^p 0 2 @32 /s/^p 0 2 @32 /p 0 2 @33 /'
broken "never delivered" '/^w 7/,/^end/{/^p 0 /d}'
broken "sent twice|does not hold" '0,/^p 0 2 @32 : 8-15/s/^p 0 2 @32 : 8-15/p 0 2 @32 : 8-15 8/'
[ "$(grep -c . b.txt)" -gt 10 ] || fail "sed scripts broke the file layout"

# bad input: exit 2, one line, no output, no file left behind
expect_one_line_error "8 <= N" "$XCHG" schedule --net torus:4x4 --algo te-dc1 --out never.txt
expect_one_line_error "power of two" "$XCHG" schedule --net torus:12x12 --algo te-dcn --out never.txt
expect_one_line_error "square torus" "$XCHG" schedule --net mesh:8x8 --algo te-dcn
expect_one_line_error "square torus" "$XCHG" schedule --net torus:8x16 --algo te-dc1
expect_one_line_error "64" "$XCHG" schedule --net torus:128x128 --algo te-dcn
expect_one_line_error "--ts" "$XCHG" schedule --net torus:8x8 --algo te-dc1 --ts -1
expect_one_line_error "--ts" "$XCHG" schedule --net torus:8x8 --algo te-dc1 --ts 10x
expect_one_line_error "--msg-flits" "$XCHG" schedule --net torus:8x8 --algo te-dc1 --msg-flits 0
expect_one_line_error "allowed" "$XCHG" schedule --net torus:8x8 --algo te-dc1 --port multi
expect_one_line_error "--ts" "$XCHG" check s.txt --ts -5
expect_one_line_error "square torus" "$XCHG" compare --net ring:8
expect_one_line_error "--msg-flits" "$XCHG" compare --net torus:8x8 --msg-flits 1,x
expect_one_line_error "missing --net" "$XCHG" compare
printf 'wormhole-schedule 1\nnet torus:4x4\nw 1\np 0 9 @0 : 1\nend 1\n' >junk.txt
expect_one_line_error "line 4" "$XCHG" check junk.txt
head -n 20 s.txt >trunc.txt
expect_one_line_error "truncated" "$XCHG" check trunc.txt
if ls never.txt* >/dev/null 2>&1; then fail "partial file left behind"; fi

# compare: a table with all three, the winners, an SVG
"$XCHG" compare --net torus:16x16 --svg cmp.svg >cmp.txt || fail "compare"
grep -q "where each wins" cmp.txt || fail "compare: no winners"
grep -q "^te-dc1 *9 " cmp.txt || fail "compare: te-dc1 start-ups"
grep -q "^te-dcn *11 " cmp.txt || fail "compare: te-dcn start-ups"
grep -q "^te-a1 *2048 " cmp.txt || fail "compare: te-a1 steps"
grep -q "</svg>" cmp.svg || fail "compare: no SVG"
"$XCHG" compare --net torus:4x4 >cmp4.txt || fail "compare 4x4"
grep -q "not defined for N = 4" cmp4.txt || fail "compare 4x4 does not say te-dc1 is undefined"
echo PASS t_wormhole
