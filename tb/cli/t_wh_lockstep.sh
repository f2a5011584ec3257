# SPDX-License-Identifier: MIT
# Wormhole steps (paper 001: te-dc1, te-dcn) on the routers in circuit mode,
# in lock-step with the golden model, messages and circuit tables loaded
# over the bus. Each run must deliver every message exactly once, take
# exactly 1 + the wormhole model's cycles (xchg schedule: steps * ts + sum
# of hops + flits - 1), move the schedule's flit-hops, and the golden
# model and the RTL alone must agree; the back door gives the same run.
# torus:16x16 (256 routers) is in `make bench` / tb/bench/bench_wh_circuit.sh:
# its Verilator build takes about 4 minutes.
. "$XC_TB/lib.sh"
NETS=${XC_WH_NETS:-torus:8x8}
run() { # net algo ts [sim]
    local net=$1 algo=$2 ts=$3 sim=${4:-lockstep} n want cyc hops
    n=${net#torus:}; n=$((${n%x*} * ${n%x*}))
    expect_exit 0 "$XCHG" schedule --net "$net" --algo "$algo" --ts "$ts" --json --out /dev/null
    cyc=$(json_field cycles out.txt); hops=$(json_field flit_hops out.txt)
    expect_exit 0 "$XCHG" run --net "$net" --algo "$algo" --ts "$ts" --sim "$sim" --json --quiet
    local r=out.txt
    [ "$(json_field pass $r)" = true ] || fail "$net $algo ts=$ts: $(cat $r)"
    [ "$(json_field mismatches $r)" = 0 ] || fail "$net $algo mismatches"
    want=$((n * (n - 1)))
    [ "$(json_field delivered $r)" = "$want" ] || fail "$net $algo delivered: $(cat $r)"
    [ "$(json_field duplicates $r)" = 0 ] || fail "$net $algo duplicates"
    [ "$(json_field router_errors $r)" = 0 ] || fail "$net $algo router errors"
    [ "$(json_field cycles $r)" = $((cyc + 1)) ] || fail "$net $algo ts=$ts: cycles $(json_field cycles $r) != 1 + $cyc"
    [ "$(json_field cycles_formula $r)" = $((cyc + 1)) ] || fail "$net $algo formula"
    [ "$(json_field flit_hops $r)" = "$hops" ] || fail "$net $algo flit-hops $(json_field flit_hops $r) != $hops"
    [ "$(json_field startups $r)" = "$(grep -o '"startups":{"startups":[0-9]*\|"table1":{"startups":[0-9]*' $r | grep -o '[0-9]*$')" ] ||
        fail "$net $algo start-ups differ from Table 1"
    [ "$(json_field config_cycles $r)" -gt 0 ] || fail "$net $algo nothing loaded over the bus"
    echo "ok $net $algo ts=$ts sim=$sim startups=$(json_field startups $r) cycles=$(json_field cycles $r) = 1 + $cyc flit_hops=$hops"
}
for net in $NETS; do
    for algo in te-dc1 te-dcn; do
        run "$net" "$algo" 100
    done
done
# another start-up cost, the shortest one, and each model alone
run torus:8x8 te-dc1 1
run torus:8x8 te-dcn 37 golden
run torus:8x8 te-dcn 37 rtl
# te-dcn on 4x4 (te-dc1 needs N >= 8)
run torus:4x4 te-dcn 10
# the back door (memories written directly, no bus loading): same result
expect_exit 0 "$XCHG" run --net torus:8x8 --algo te-dcn --load back --json --quiet
[ "$(json_field pass out.txt)" = true ] && [ "$(json_field cycles out.txt)" = 1540 ] &&
    [ "$(json_field config_cycles out.txt)" = 0 ] && [ "$(json_field delivered out.txt)" = 4032 ] ||
    fail "back door: $(cat out.txt)"
echo "ok torus:8x8 te-dcn --load back: cycles=1540, no bus cycles for tables, sim_cycles=$(json_field sim_cycles out.txt)"
