# SPDX-License-Identifier: MIT
# Router speed: total exchange (te-ni, broadcast table, memories loaded by
# the back door) on torus:KxK, lock-step vs RTL-only vs golden-only, in
# router-cycles per second (simulated cycles x routers / second of the run,
# timed inside xchg), and the one-time Verilator build of each size.
# BENCH_PN_SIZES overrides the sizes (default 4 8 16; 32 is impractical here:
# docs/bench.md says why).
set -eu
sizes=${BENCH_PN_SIZES:-"4 8 16"}
field() { echo "$2" | grep -o "\"$1\":[0-9.]*" | head -n1 | cut -d: -f2; }
rate() { awk -v c="$1" -v n="$2" -v t="$3" 'BEGIN { printf "%.0f", c * n / t }'; }
printf '%-12s %6s %7s %9s %14s %14s %14s %9s %9s\n' net steps cycles build_s golden_rc/s rtl_rc/s lockstep_rc/s rtl/gold lock/rtl
for k in $sizes; do
    net=torus:${k}x$k
    n=$((k * k))
    args="--net $net --algo te-ni --tables broadcast --load back --quiet --json"
    out=$("$XCHG" run $args --sim rtl)       # builds on first use
    build=$(field build_seconds "$out")
    [ "$build" = 0.000 ] && build="(cached)"
    declare -A r
    for sim in golden rtl lockstep; do
        r[$sim]=0
        for rep in 1 2 3; do      # best of three: short runs on a shared machine
            out=$("$XCHG" run $args --sim $sim)
            [ "$(echo "$out" | grep -o '"pass":[a-z]*' | cut -d: -f2)" = true ] || { echo "$net $sim FAILED: $out"; exit 1; }
            cycles=$(field sim_cycles "$out")
            x=$(rate "$cycles" "$n" "$(field sim_seconds "$out")")
            [ "$x" -gt "${r[$sim]}" ] && r[$sim]=$x
        done
    done
    printf '%-12s %6s %7s %9s %14s %14s %14s %9.3f %9.2f\n' "$net" "$(field steps "$out")" "$cycles" "$build" \
        "${r[golden]}" "${r[rtl]}" "${r[lockstep]}" \
        "$(awk -v a="${r[rtl]}" -v b="${r[golden]}" 'BEGIN { print a / b }')" \
        "$(awk -v a="${r[lockstep]}" -v b="${r[rtl]}" 'BEGIN { print a / b }')"
done
echo "(rc/s: router-cycles per second = simulated cycles x routers / run seconds, best of three;"
echo " cycles: the whole run after the back-door load: identification, start, steps + 1, polling;"
echo " build_s: the Verilator build of the size, when this run built it)"
