# SPDX-License-Identifier: MIT
# MIN speed, butterfly N (XOR method, l = 1, messages loaded over the bus):
# per size the Verilator build (seconds, peak memory), instructions per
# switch-cycle from callgrind (tb/bench/cg.sh, one lock-step run) for the
# RTL, the golden model, observe + compare and the whole lock-step cycle,
# and wall-clock switch-cycles per second of golden-only, RTL-only and
# lock-step runs. A butterfly:N has N/2 log2 N switches.
# BENCH_MIN_SIZES overrides the sizes (default 8 16 32 64; 128 and 256
# build for minutes, docs/bench.md).
set -eu
sizes=${BENCH_MIN_SIZES:-"8 16 32 64"}
cg="bash $(dirname "$0")/cg.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { echo "$2" | grep -o "\"$1\":[0-9.]*" | head -n1 | cut -d: -f2; }
per() { awk -v i="$1" -v c="$2" -v n="$3" 'BEGIN { if (i == "-") print "-"; else printf "%.0f\n", i / (c * n) }'; }
printf '%-14s %7s %8s %8s | %6s %6s %7s %8s | %12s %12s %12s\n' net cycles build_s build_MB \
    rtl golden obs+cmp lockstep golden_sc/s rtl_sc/s lockstep_sc/s
for n in $sizes; do
    net=butterfly:$n
    sw=$(awk -v n="$n" 'BEGIN { printf "%d", n / 2 * log(n) / log(2) + 0.5 }')
    t0=$(date +%s.%N)
    /usr/bin/time -f %M -o "$work/mem" "$XCHG" run --net "$net" --l 1 --sim rtl --quiet --json >"$work/first.json"
    build=$(awk -v a="$t0" -v b="$(date +%s.%N)" -v s="$(field sim_seconds "$(cat "$work/first.json")")" \
        'BEGIN { printf "%.1f", b - a - s }')
    mb=$(awk '{ printf "%.0f", $1 / 1024 }' "$work/mem")
    # a cached model loads in well under a second: no build in this run
    awk -v b="$build" 'BEGIN { exit !(b < 2) }' && build="(cached)" mb=-
    read -r cycles rtl gold obs diff total <<<"$($cg "xc_dut_tick xc_gm_min_tick xc_dut_observe \
        xc_min_obs_diff cycle" --net "$net" --l 1 --sim lockstep)"
    oc=$(awk -v a="$obs" -v b="$diff" 'BEGIN { print (a == "-" ? 0 : a) + (b == "-" ? 0 : b) }')
    declare -A r
    for sim in golden rtl lockstep; do
        out=$("$XCHG" run --net "$net" --l 1 --sim $sim --quiet --json)
        r[$sim]=$(awk -v c="$(field sim_cycles "$out")" -v s="$sw" -v t="$(field sim_seconds "$out")" \
            'BEGIN { printf "%.0f", c * s / t }')
    done
    printf '%-14s %7s %8s %8s | %6s %6s %7s %8s | %12s %12s %12s\n' "$net" "$cycles" "$build" "$mb" \
        "$(per "$rtl" "$cycles" "$sw")" "$(per "$gold" "$cycles" "$sw")" "$(per "$oc" "$cycles" "$sw")" \
        "$(per "$total" "$cycles" "$sw")" "${r[golden]}" "${r[rtl]}" "${r[lockstep]}"
done
echo "(instructions per switch-cycle, callgrind, one lock-step run: rtl xc_dut_tick, golden xc_gm_min_tick,"
echo " obs+cmp xc_dut_observe + xc_min_obs_diff, lockstep the whole cycle() of sim/harness/xc_lockstep.c;"
echo " cycles: whole runs (identification, loading N^2 messages over the bus, the exchange, polling);"
echo " sc/s: simulated cycles x switches / run seconds, one run; build_s, build_MB: the first run of the size"
echo " minus its simulation, when it built the model, and the peak resident memory of the build's largest process)"
