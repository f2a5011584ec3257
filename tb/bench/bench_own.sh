# SPDX-License-Identifier: MIT
# What the harness costs around a user's element against around ours
# (docs/own-rtl.md): whole-program instructions per element-cycle of the
# exchange, from two callgrind runs of the same command stopped by
# --timeout at the exchange's first cycle and at its last, the difference
# of their program totals over (cycles x elements) between. Everything the
# process does in those cycles counts: the Verilated model, the golden
# model, the compare, the scoreboard, the driver loop.
#   MIN: butterfly:N, --load back, ours and tb/own/switch/alt_sw2x2.v
#        (per switch-cycle, switches = N/2 log2 N)
#   routers: torus:8x8 te-ni, broadcast table, --load back, ours and
#        tb/own/router/alt_pn_saf.v (per router-cycle)
# Beside each total, the harness alone: the total less the RTL's share
# (the Verilated model's eval, xc_dut_tick / xc_dut_pn_tick inclusive),
# which must not grow when the element is a user's: the compare, golden
# model and scoreboard are the same code whoever wrote the RTL.
# BENCH_OWN_SIZES: the butterflies (default "64 256").
set -eu
XCHG=${XCHG:-build/xchg}
here=$(cd "$(dirname "$0")" && pwd)
sizes=${BENCH_OWN_SIZES:-"64 256"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
field() { grep -o "\"$1\":[0-9]*" "$2" | head -n1 | cut -d: -f2; }
# "TOTAL RTL": the program's instructions and the RTL function's (inclusive)
# in `xchg run ARGS --timeout CYCLE` (a stopped run fails: its counts are
# what we want)
counts_at() {
    local cycle=$1 fn=$2; shift 2
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$XCHG" run "$@" --quiet --json \
        --timeout "$cycle" >/dev/null 2>"$tmp/vg.log" || true
    (cd "$tmp" && callgrind_annotate --inclusive=yes --auto=no --threshold=100 cg.out 2>/dev/null) |
        awk -v fn="$fn" '/PROGRAM TOTALS/ { t = $1 } match($0, ":" fn "( |$)") && !r { r = $1 }
                         END { gsub(",", "", t); gsub(",", "", r); print t, r + 0 }'
}
# marginal FN ELEMENTS FIRSTKEY CYCLESKEY ARGS...: "TOTAL HARNESS" instructions
# per element-cycle, the harness being the total less FN (the RTL)
marginal() {
    local fn=$1 elems=$2 first_key=$3 len_key=$4; shift 4
    "$XCHG" run "$@" --quiet --json >"$tmp/run.json" 2>/dev/null
    grep -q '"pass":true' "$tmp/run.json" || { echo "bench_own: xchg run $* did not pass" >&2; exit 1; }
    local first len a b
    first=$(field "$first_key" "$tmp/run.json")
    len=$(field "$len_key" "$tmp/run.json")
    a=$(counts_at "$first" "$fn" "$@")
    b=$(counts_at $((first + len)) "$fn" "$@")
    echo "$a $b" | awk -v c="$len" -v e="$elems" \
        '{ printf "%.1f %.1f", ($3 - $1) / (c * e), (($3 - $4) - ($1 - $2)) / (c * e) }'
}
row() { # label "ours-total ours-harness" "user-total user-harness"
    set -- "$1" $2 $3
    printf '%-26s %8s %8s %8s %8s %7s\n' "$1" "$2" "$3" "$4" "$5" "$(awk -v a="$3" -v b="$5" 'BEGIN { printf "%.2f", b / a }')"
}
printf '%-26s %8s %8s %8s %8s %7s\n' "per element-cycle" ours harness user harness harness:user/ours
for n in $sizes; do
    logn=0; while [ $((1 << logn)) -lt "$n" ]; do logn=$((logn + 1)); done
    sw=$((n / 2 * logn))
    args="--net butterfly:$n --l 1 --sim lockstep --load back"
    # shellcheck disable=SC2086
    ours=$(marginal xc_dut_tick "$sw" first_injection_cycle cycles $args)
    # shellcheck disable=SC2086
    user=$(marginal xc_dut_tick "$sw" first_injection_cycle cycles $args --rtl-switch "$here/../own/switch/alt_sw2x2.v")
    row "butterfly:$n, switch" "$ours" "$user"
done
args="--net torus:8x8 --algo te-ni --tables broadcast --sim lockstep --load back"
# shellcheck disable=SC2086
ours=$(marginal xc_dut_pn_tick 64 first_step_cycle steps $args)
# shellcheck disable=SC2086
user=$(marginal xc_dut_pn_tick 64 first_step_cycle steps $args --rtl-router "$here/../own/router/alt_pn_saf.v")
row "torus:8x8, router" "$ours" "$user"
