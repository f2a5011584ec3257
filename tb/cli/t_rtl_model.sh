# SPDX-License-Identifier: MIT
# The tiled router model (--rtl-model tiled: one block of routers and the
# controller Verilated once each, the blocks wired by the harness,
# sim/harness/xc_dut_tile.c) is the flat model cycle for cycle: lock-step
# against the golden model passes with the same cycles, deliveries and
# errors on a 2-D torus (blocks of a row, a lane each way between them),
# a ring (a block a router: every link between blocks) and a fault, and
# on several threads (--threads) as on one; a wrongly wired lane or send
# bit fails the lock-step. Bad choices: one line, exit 2.
. "$XC_TB/lib.sh"
rtl_model_same --net torus:4x4 --algo te-ni
# its blocks on threads (--threads: 4 blocks in parts of 1, 1 and 2; one
# a block): the same run
for th in 3 4; do
    expect_exit 0 "$XCHG" run --net torus:4x4 --algo te-ni --rtl-model tiled --threads $th --json --quiet
    for k in cycles steps delivered expected duplicates router_errors; do json_field $k out.txt; done >threads.fig
    cmp -s threads.fig tiled.fig || fail "--threads $th: $(tr '\n' ' ' <threads.fig), one thread $(tr '\n' ' ' <tiled.fig)"
done
echo "ok torus:4x4 tiled on 3 and 4 threads = on one"
rtl_model_same --net torus:4x4 --algo te-a1
rtl_model_same --net ring:8 --algo te-ni --tables broadcast --load back
ls -d "$XC_BUILD"/vl/pn_ring-8_*/tile_lean >/dev/null 2>&1 || fail "ring:8 --rtl-model tiled: no tile_lean model"

# a fault on a link between blocks (node 5 = block 1, router 1; its port
# 0 leads to block 2): reported where and when, as by the flat model
f=$("$XCHG" run --net torus:4x4 --algo te-ni --sim golden --json --quiet | grep -o '"first_step_cycle":[0-9]*' | cut -d: -f2)
c=$((f + 4))
for m in flat tiled tiled2; do
    expect_exit 1 "$XCHG" run --net torus:4x4 --algo te-ni --inject "drop:n5.p0@$c" --rtl-model ${m%2} \
        $([ $m = tiled2 ] && echo --threads 2) --json --quiet
    grep -o '"first_mismatch":{[^}]*}' out.txt >"$m.fault"
    grep -q "\"cycle\":$c,.*\"element\":\"n5" "$m.fault" || fail "$m drop:n5.p0@$c: $(cat out.txt)"
done
cmp -s flat.fault tiled.fault || fail "drop:n5.p0@$c: flat $(cat flat.fault), tiled $(cat tiled.fault)"
cmp -s tiled.fault tiled2.fault || fail "drop:n5.p0@$c: one thread $(cat tiled.fault), two $(cat tiled2.fault)"
echo "ok drop:n5.p0@$c reported alike"

# auto on a small network: the flat model; golden alone: none
expect_exit 0 "$XCHG" run --net torus:4x4 --algo te-ni --json --quiet
grep -q '"rtl_model":"flat"' out.txt || fail "auto on torus:4x4: $(grep -o '"rtl_model":[^,]*' out.txt)"
expect_exit 0 "$XCHG" run --net torus:4x4 --algo te-ni --sim golden --json --quiet
grep -q '"rtl_model":null' out.txt || fail "--sim golden: $(grep -o '"rtl_model":[^,]*' out.txt)"
echo "ok rtl_model: flat for auto on torus:4x4, null for --sim golden"

expect_one_line_error "rtl-model.*flat, tiled" "$XCHG" run --net torus:4x4 --algo te-ni --rtl-model tile
expect_one_line_error "tiled: --trace" "$XCHG" run --net torus:4x4 --algo te-ni --rtl-model tiled --trace w.fst
[ ! -e w.fst ] || fail "--rtl-model tiled --trace left w.fst"
echo "ok bad --rtl-model choices: one line, exit 2"
