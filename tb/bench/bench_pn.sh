# SPDX-License-Identifier: MIT
# Router speed: total exchange (te-ni, broadcast table, memories loaded by
# the back door) on torus:KxK. Per size: the Verilator build (seconds, peak
# memory), instructions per router-cycle from callgrind (tb/bench/cg.sh,
# one lock-step run) for the RTL, the golden model, observe + compare and
# the whole lock-step cycle, and wall-clock router-cycles per second for
# golden-only, RTL-only and lock-step runs (best of three).
# BENCH_PN_SIZES: sizes with the RTL (default 4 8 16; docs/bench.md says
# why not 32); BENCH_PN_GOLDEN_SIZES: golden-only rows (default 32).
set -eu
sizes=${BENCH_PN_SIZES:-"4 8 16"}
gsizes=${BENCH_PN_GOLDEN_SIZES:-"32"}
cg="bash $(dirname "$0")/cg.sh"
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
printf '%-12s %6s %7s %8s %8s | %6s %6s %7s %8s | %12s %12s %12s\n' net steps cycles build_s build_MB \
    rtl golden obs+cmp lockstep golden_rc/s rtl_rc/s lockstep_rc/s
for k in $sizes; do
    net=torus:${k}x$k
    n=$((k * k))
    args="--net $net --algo te-ni --tables broadcast --load back --quiet --json"
    # builds on first use: time and peak memory of that run (the largest
    # process of the build: Verilator or one C++ compile)
    out=$(/usr/bin/time -f %M -o "$work/mem" "$XCHG" run $args --sim rtl)
    build=$(field build_seconds "$out") mb=$(awk '{ printf "%.0f", $1 / 1024 }' "$work/mem")
    [ "$build" = 0.000 ] && build="(cached)" mb=-
    read -r cycles rtl gold obs same diff unpack total <<<"$($cg "xc_dut_pn_tick xc_gm_pn_tick \
        xc_dut_pn_observe xc_pn_obs_same xc_pn_obs_diff xc_pn_obs_unpack cycle" \
        --net "$net" --algo te-ni --tables broadcast --load back --sim lockstep)"
    oc=$(awk -v a="$obs" -v b="$same" -v c="$diff" -v d="$unpack" 'BEGIN { print (a == "-" ? 0 : a) + (b == "-" ? 0 : b) + (c == "-" ? 0 : c) + (d == "-" ? 0 : d) }')
    printf '%-12s %6s %7s %8s %8s | %6s %6s %7s %8s | %12s %12s %12s\n' "$net" "$(field steps "$out")" "$cycles" \
        "$build" "$mb" "$(per "$rtl" "$cycles" "$n")" "$(per "$gold" "$cycles" "$n")" "$(per "$oc" "$cycles" "$n")" \
        "$(per "$total" "$cycles" "$n")" "$(best_rate golden "$args")" "$(best_rate rtl "$args")" \
        "$(best_rate lockstep "$args")"
done
for k in $gsizes; do
    net=torus:${k}x$k
    n=$((k * k))
    args="--net $net --algo te-ni --tables broadcast --load back --quiet --json"
    read -r cycles gold <<<"$($cg xc_gm_pn_tick --net "$net" --algo te-ni --tables broadcast --load back --sim golden)"
    out=$("$XCHG" run $args --sim golden)
    printf '%-12s %6s %7s %8s %8s | %6s %6s %7s %8s | %12s %12s %12s\n' "$net" "$(field steps "$out")" \
        "$cycles" - - - "$(per "$gold" "$cycles" "$n")" - - "$(best_rate golden "$args")" - -
done
echo "(instructions per router-cycle, callgrind, one lock-step run: rtl xc_dut_pn_tick, golden xc_gm_pn_tick,"
echo " obs+cmp xc_dut_pn_observe + the compare (xc_pn_obs_same, and xc_pn_obs_diff / unpack if a cycle differs),"
echo " lockstep the whole cycle() of sim/harness/xc_lockstep_pn.c (both models, observe, compare, scoreboard);"
echo " cycles: the whole run after the back-door load; rc/s: simulated cycles x routers / run seconds, best of three;"
echo " build_s, build_MB: the Verilator build of the size when this run built it, and the peak resident memory"
echo " of its largest process; golden-only rows: no Verilator build)"
