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
# BENCH_OWN_SIZES: the butterflies (default "64 256").
set -eu
XCHG=${XCHG:-build/xchg}
here=$(cd "$(dirname "$0")" && pwd)
sizes=${BENCH_OWN_SIZES:-"64 256"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
field() { grep -o "\"$1\":[0-9]*" "$2" | head -n1 | cut -d: -f2; }
# total instructions of `xchg run ARGS --timeout CYCLE` (a stopped run fails: its count is what we want)
total_at() {
    local cycle=$1; shift
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$XCHG" run "$@" --quiet --json \
        --timeout "$cycle" >/dev/null 2>"$tmp/vg.log" || true
    awk '/^totals:/ { print $2; exit }' "$tmp/cg.out"
}
# marginal ELEMENTS FIRSTKEY CYCLESKEY ARGS...: instructions per element-cycle
marginal() {
    local elems=$1 first_key=$2 len_key=$3; shift 3
    "$XCHG" run "$@" --quiet --json >"$tmp/run.json" 2>/dev/null
    grep -q '"pass":true' "$tmp/run.json" || { echo "bench_own: xchg run $* did not pass" >&2; exit 1; }
    local first len a b
    first=$(field "$first_key" "$tmp/run.json")
    len=$(field "$len_key" "$tmp/run.json")
    a=$(total_at "$first" "$@")
    b=$(total_at $((first + len)) "$@")
    awk -v a="$a" -v b="$b" -v c="$len" -v e="$elems" 'BEGIN { printf "%.1f", (b - a) / (c * e) }'
}
printf '%-26s %10s %10s %7s\n' run ours user user/ours
for n in $sizes; do
    logn=0; while [ $((1 << logn)) -lt "$n" ]; do logn=$((logn + 1)); done
    sw=$((n / 2 * logn))
    args="--net butterfly:$n --l 1 --sim lockstep --load back"
    # shellcheck disable=SC2086
    ours=$(marginal "$sw" first_injection_cycle cycles $args)
    # shellcheck disable=SC2086
    user=$(marginal "$sw" first_injection_cycle cycles $args --rtl-switch "$here/../own/switch/alt_sw2x2.v")
    printf '%-26s %10s %10s %7s\n' "butterfly:$n per switch-cycle" "$ours" "$user" \
        "$(awk -v a="$ours" -v b="$user" 'BEGIN { printf "%.2f", b / a }')"
done
args="--net torus:8x8 --algo te-ni --tables broadcast --sim lockstep --load back"
# shellcheck disable=SC2086
ours=$(marginal 64 first_step_cycle steps $args)
# shellcheck disable=SC2086
user=$(marginal 64 first_step_cycle steps $args --rtl-router "$here/../own/router/alt_pn_saf.v")
printf '%-26s %10s %10s %7s\n' "torus:8x8 per router-cycle" "$ours" "$user" \
    "$(awk -v a="$ours" -v b="$user" 'BEGIN { printf "%.2f", b / a }')"
