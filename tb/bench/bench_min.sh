# SPDX-License-Identifier: MIT
# MIN speed: lock-step vs RTL-only vs golden-only, in simulated cycles per
# second, for butterfly N = 8 .. 256 (XOR method, l = 1), from one run on
# this machine. Also the one-time Verilator build of each configuration.
# BENCH_MIN_SIZES overrides the sizes.
set -eu
sizes=${BENCH_MIN_SIZES:-"8 16 32 64 128 256"}
now() { date +%s.%N; }
rate() { awk -v c="$1" -v t="$2" 'BEGIN { printf "%.0f", c / t }'; }
printf '%-14s %9s %9s %12s %12s %12s %9s %9s\n' net cycles build_s golden_c/s rtl_c/s lockstep_c/s rtl/gold lock/rtl
for n in $sizes; do
    net=butterfly:$n
    t0=$(now)
    "$XCHG" run --net "$net" --l 1 --sim rtl --quiet --json >/dev/null   # builds on first use
    build=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
    declare -A r
    for sim in golden rtl lockstep; do
        out=$("$XCHG" run --net "$net" --l 1 --sim $sim --quiet --json)
        cycles=$(echo "$out" | grep -o '"sim_cycles":[0-9]*' | cut -d: -f2)
        secs=$(echo "$out" | grep -o '"sim_seconds":[0-9.]*' | cut -d: -f2)
        r[$sim]=$(rate "$cycles" "$secs")
    done
    printf '%-14s %9s %9s %12s %12s %12s %9.2f %9.2f\n' "$net" "$cycles" "$build" "${r[golden]}" "${r[rtl]}" \
        "${r[lockstep]}" "$(awk -v a="${r[rtl]}" -v b="${r[golden]}" 'BEGIN { print a / b }')" \
        "$(awk -v a="${r[lockstep]}" -v b="${r[rtl]}" 'BEGIN { print a / b }')"
done
echo "(build_s: first 'xchg run' of the size, Verilator build included when not cached;"
echo " c/s: simulated clock cycles per second of the run itself (bus loading, exchange, polling),"
echo " timed inside xchg, model build and load excluded; the golden model skips an empty network)"
