# SPDX-License-Identifier: MIT
# MIN lock-step cost, from instruction counts (exact on a loaded machine):
# whole-program marginal instructions per switch-cycle of the exchange
# (tb/bench/cg_marginal.sh: two runs of `xchg run --net butterfly:N --l 1
# --sim lockstep --load back` under callgrind, stopped by --timeout at the
# first injection and at the end of the exchange, N + log2 N cycles later;
# the difference of the whole program's counts over the switch-cycles
# between), and beside it the split: the RTL (xc_dut_tick, the Verilated
# eval), the golden model (xc_gm_min_tick), observe (xc_dut_observe_regs;
# the flits are read in place), compare (xc_ls_obs_equal), the scoreboard
# (xc_score_deliver, also per delivered message) and the rest (the loop,
# the deliveries' scan).
# Also, per size: the Verilator build of the model a run without --trace
# uses (build_s: wall seconds of the first run, build included, when it
# built; build_MB: peak resident memory of its largest process, GNU time),
# and the wall-clock rate of one lock-step run (sc/s: simulated cycles x
# switches / sim_seconds of the report).
# BENCH_MIN_SIZES overrides the sizes (1024 builds for minutes: not a default).
set -eu
sizes=${BENCH_MIN_SIZES:-"16 64 256"}
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
field() { grep -o "\"$1\":[0-9.]*" "$2" | head -n1 | cut -d: -f2; }
kv() { echo "$2" | grep -o " $1=[0-9.-]*" | cut -d= -f2; }
printf '%-15s %8s %7s | %6s | %6s %6s %7s %7s %6s %6s %7s | %8s %8s | %12s\n' net switches cycles \
    whole rtl golden observe compare score other per_msg build_s build_MB lockstep_sc/s
for n in $sizes; do
    net=butterfly:$n
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
    cg=$(bash "$here/cg_marginal.sh" --net "$net" --l 1 --load back --sim lockstep)
    switches=$(kv elements "$cg")
    rate=$(awk -v c="$(field sim_cycles "$tmp/wall.$n")" -v s="$switches" -v t="$(field sim_seconds "$tmp/wall.$n")" \
        'BEGIN { printf "%.0f", c * s / t }')
    printf '%-15s %8s %7s | %6s | %6s %6s %7s %7s %6s %6s %7s | %8s %8s | %12s\n' "$net" "$switches" \
        $(($(kv to "$cg") - $(kv from "$cg"))) "$(kv whole "$cg")" "$(kv rtl "$cg")" "$(kv golden "$cg")" \
        "$(kv observe "$cg")" "$(kv compare "$cg")" "$(kv score "$cg")" "$(kv other "$cg")" \
        "$(kv score_per_msg "$cg")" "$build" "$mb" "$rate"
done
echo "(whole: the whole program's marginal instructions per switch-cycle during the exchange (the N + log2 N"
echo " cycles from the first injection; tb/bench/cg_marginal.sh --net butterfly:N --l 1 --load back --sim lockstep),"
echo " then its split: rtl xc_dut_tick, golden xc_gm_min_tick, observe xc_dut_observe_regs, compare xc_ls_obs_equal,"
echo " score xc_score_deliver, other the rest (loop, deliveries' scan); per_msg: the scoreboard per delivered message;"
echo " build_s, build_MB: the first run of the size when it built the model (no trace code), wall seconds"
echo " and the peak resident memory of the build's largest process; sc/s: cycles x switches / sim_seconds)"
