# SPDX-License-Identifier: MIT
# MIN lock-step cost, from instruction counts (exact on a loaded machine):
# one `xchg run --net butterfly:N --l 1 --sim lockstep --load back` under
# callgrind, collecting only inside the per-cycle functions: the RTL
# (xc_dut_tick: the Verilated eval), the golden model (xc_gm_min_tick),
# observe (xc_dut_observe_regs; the flits are read in place) and compare
# (xc_ls_obs_equal). Per switch-cycle = instructions / (cycles x switches)
# over the exchange alone, cycles = N + log2 N from the first injection
# on: two runs under callgrind, stopped by --timeout at the first
# injection and at the end of the exchange, and the difference of their
# counts. The idle cycles before (identification, configuration) and
# after (polls) are left out; `whole` is the old upper bound, the whole
# run's instructions over the exchange's switch-cycles, for comparison
# with earlier tables.
# Also, per size: the Verilator build of the model a run without --trace
# uses (build_s: wall seconds of the first run, build included, when it
# built; build_MB: peak resident memory of its largest process, GNU time),
# and the wall-clock rate of one lock-step run (sc/s: simulated cycles x
# switches / sim_seconds of the report).
# BENCH_MIN_SIZES overrides the sizes (1024 builds for minutes: not a default).
set -eu
sizes=${BENCH_MIN_SIZES:-"16 64 256"}
fns="xc_dut_tick xc_gm_min_tick xc_dut_observe_regs xc_ls_obs_equal"
toggles=$(for f in $fns; do printf -- '--toggle-collect=%s ' "$f"; done)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
field() { grep -o "\"$1\":[0-9.]*" "$2" | head -n1 | cut -d: -f2; }
printf '%-15s %8s %7s | %6s %6s %7s %7s %6s %6s | %8s %8s | %12s\n' net switches cycles \
    rtl golden observe compare total whole build_s build_MB lockstep_sc/s
for n in $sizes; do
    net=butterfly:$n
    logn=0; while [ $((1 << logn)) -lt "$n" ]; do logn=$((logn + 1)); done
    # builds on first use (xchg says so on stderr)
    /usr/bin/time -f '%e %M' -o "$tmp/time.$n" \
        "$XCHG" run --net "$net" --l 1 --sim rtl --load back --json >/dev/null 2>"$tmp/first.$n"
    if grep -q "building the Verilator model" "$tmp/first.$n"; then
        build=$(awk '{ printf "%.0f", $1 }' "$tmp/time.$n")
        mb=$(awk '{ printf "%.0f", $2 / 1024 }' "$tmp/time.$n")
    else
        build="(cached)" mb=-
    fi
    "$XCHG" run --net "$net" --l 1 --sim lockstep --load back --quiet --json >"$tmp/wall.$n"
    grep -q '"pass":true' "$tmp/wall.$n" || { cat "$tmp/wall.$n" >&2; exit 1; }
    switches=$((n / 2 * logn))
    rate=$(awk -v c="$(field sim_cycles "$tmp/wall.$n")" -v s="$switches" -v t="$(field sim_seconds "$tmp/wall.$n")" \
        'BEGIN { printf "%.0f", c * s / t }')
    first=$(field first_injection_cycle "$tmp/wall.$n")
    cycles=$((n + logn))
    [ "$(field cycles "$tmp/wall.$n")" = "$cycles" ] || { echo "bench_min: $net: the exchange is not N + log2 N cycles" >&2; exit 1; }
    # the counts of the whole run, and of runs stopped at the exchange's
    # first and last cycle (a stopped run fails: its counts are what we want)
    for stop in whole "$first" $((first + cycles)); do
        limit=; [ "$stop" = whole ] || limit="--timeout $stop"
        # shellcheck disable=SC2086
        valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$n.$stop" $toggles \
            "$XCHG" run --net "$net" --l 1 --sim lockstep --load back --quiet --json $limit >"$tmp/run.$n" 2>"$tmp/vg.$n" || true
        [ "$stop" != whole ] || grep -q '"pass":true' "$tmp/run.$n" || { cat "$tmp/run.$n" >&2; exit 1; }
        # (from $tmp: run inside the source tree it lists each function twice)
        (cd "$tmp" && callgrind_annotate --inclusive=yes --auto=no --threshold=100 "cg.$n.$stop" >"ann.$n.$stop" 2>/dev/null)
    done
    count() { # instructions of one function (summed over the files its
              # inlined code comes from) or of all ("PROGRAM TOTALS") in a run
        awk -v f="$1" '($0 ~ ":" f "( |$)") || (f == "ALL" && /PROGRAM TOTALS/) { gsub(",", "", $1); v += $1 }
            END { printf "%.0f", v }' "$tmp/ann.$n.$2"
    }
    per() { # per switch-cycle instructions of the exchange
        awk -v a="$(count "$1" "$first")" -v b="$(count "$1" $((first + cycles)))" -v d=$((cycles * switches)) \
            'BEGIN { printf "%.1f", (b - a) / d }'
    }
    rtl=$(per xc_dut_tick); gold=$(per xc_gm_min_tick); obs=$(per xc_dut_observe_regs); cmp=$(per xc_ls_obs_equal)
    # the total is exact: callgrind collected nothing outside these functions
    total=$(per ALL)
    whole=$(awk -v a="$(count ALL whole)" -v d=$((cycles * switches)) 'BEGIN { printf "%.1f", a / d }')
    printf '%-15s %8s %7s | %6s %6s %7s %7s %6s %6s | %8s %8s | %12s\n' "$net" "$switches" "$cycles" \
        "$rtl" "$gold" "$obs" "$cmp" "$total" "$whole" "$build" "$mb" "$rate"
done
echo "(instructions per switch-cycle during the exchange (the N + log2 N cycles from the first injection),"
echo " --load back, XOR method, l = 1; whole: the whole run's instructions over the exchange's switch-cycles;"
echo " build_s, build_MB: the first run of the size when it built the model (no trace code), wall seconds"
echo " and the peak resident memory of the build's largest process; sc/s: cycles x switches / sim_seconds)"
