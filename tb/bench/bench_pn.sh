# SPDX-License-Identifier: MIT
# Router speed: total exchange (te-ni, broadcast table, memories loaded by
# the back door) on torus:KxK. Per size: the Verilator build (seconds, peak
# memory); whole-program marginal instructions per router-cycle of the
# exchange (tb/bench/cg_marginal.sh: two lock-step runs under callgrind
# stopped by --timeout at the first step and at the end of the exchange,
# the difference of the whole program's counts over the router-cycles
# between) with its split: the RTL, the golden model, observe + compare,
# the scoreboard (also per delivered message) and the rest; and wall-clock
# router-cycles per second for golden-only, RTL-only and lock-step runs
# (best of three).
# BENCH_PN_SIZES: sizes with the RTL (default 4 8 16; docs/bench.md says
# why not 32); BENCH_PN_GOLDEN_SIZES: golden-only rows (default 32).
set -eu
sizes=${BENCH_PN_SIZES:-"4 8 16"}
gsizes=${BENCH_PN_GOLDEN_SIZES:-"32"}
here=$(dirname "$0")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { echo "$2" | grep -o "\"$1\":[0-9.]*" | head -n1 | cut -d: -f2; }
per() { # instructions, cycles, routers -> per router-cycle ("-" stays)
    awk -v i="$1" -v c="$2" -v n="$3" 'BEGIN { if (i == "-") print "-"; else printf "%.0f\n", i / (c * n) }'
}
best_rate() { # sim, args: best of three router-cycles per second
    local best=0 out x
    for rep in 1 2 3; do
        out=$("$XCHG" run $2 --sim "$1")
        [ "$(echo "$out" | grep -o '"pass":[a-z]*' | cut -d: -f2)" = true ] || { echo "$1 FAILED: $out" >&2; exit 1; }
        x=$(awk -v c="$(field sim_cycles "$out")" -v n="$n" -v t="$(field sim_seconds "$out")" 'BEGIN { printf "%.0f", c * n / t }')
        [ "$x" -gt "$best" ] && best=$x
    done
    echo "$best"
}
kv() { echo "$2" | grep -o " $1=[0-9.-]*" | cut -d= -f2; }
fmt='%-12s %6s %7s %8s %8s | %6s | %6s %6s %7s %6s %6s %7s | %12s %12s %12s\n'
printf "$fmt" net steps cycles build_s build_MB whole rtl golden obs+cmp score other per_msg \
    golden_rc/s rtl_rc/s lockstep_rc/s
for k in $sizes; do
    net=torus:${k}x$k
    n=$((k * k))
    args="--net $net --algo te-ni --tables broadcast --load back --quiet --json"
    # builds on first use: time and peak memory of that run (the largest
    # process of the build: Verilator or one C++ compile)
    out=$(/usr/bin/time -f %M -o "$work/mem" "$XCHG" run $args --sim rtl)
    build=$(field build_seconds "$out") mb=$(awk '{ printf "%.0f", $1 / 1024 }' "$work/mem")
    [ "$build" = 0.000 ] && build="(cached)" mb=-
    cg=$(bash "$here/cg_marginal.sh" --net "$net" --algo te-ni --tables broadcast --load back --sim lockstep)
    oc=$(awk -v a="$(kv observe "$cg")" -v b="$(kv compare "$cg")" 'BEGIN { printf "%.1f", a + b }')
    printf "$fmt" "$net" "$(field steps "$out")" $(($(kv to "$cg") - $(kv from "$cg"))) "$build" "$mb" \
        "$(kv whole "$cg")" "$(kv rtl "$cg")" "$(kv golden "$cg")" "$oc" "$(kv score "$cg")" "$(kv other "$cg")" \
        "$(kv score_per_msg "$cg")" "$(best_rate golden "$args")" "$(best_rate rtl "$args")" \
        "$(best_rate lockstep "$args")"
done
for k in $gsizes; do
    net=torus:${k}x$k
    n=$((k * k))
    args="--net $net --algo te-ni --tables broadcast --load back --quiet --json"
    cg=$(bash "$here/cg_marginal.sh" --net "$net" --algo te-ni --tables broadcast --load back --sim golden)
    out=$("$XCHG" run $args --sim golden)
    printf "$fmt" "$net" "$(field steps "$out")" $(($(kv to "$cg") - $(kv from "$cg"))) - - "$(kv whole "$cg")" - \
        "$(kv golden "$cg")" - "$(kv score "$cg")" "$(kv other "$cg")" "$(kv score_per_msg "$cg")" \
        "$(best_rate golden "$args")" - -
done
echo "(whole: the whole program's marginal instructions per router-cycle of the exchange (from the first step,"
echo " the run's cycles; tb/bench/cg_marginal.sh --net torus:KxK --algo te-ni --tables broadcast --load back"
echo " --sim lockstep), then its split: rtl xc_dut_pn_tick, golden xc_gm_pn_tick, obs+cmp xc_dut_pn_observe and"
echo " the compare (xc_pn_obs_same, and xc_pn_obs_diff / unpack if a cycle differs), score xc_score_deliver,"
echo " other the rest (the loop, the deliveries' scan); per_msg: the scoreboard per delivered message;"
echo " rc/s: simulated cycles x routers / run seconds, best of three; build_s, build_MB: the Verilator build of the"
echo " size when this run built it, and the peak resident memory of its largest process; golden-only rows: the"
echo " golden-only run's whole program, no Verilator build)"
