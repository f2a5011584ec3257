# SPDX-License-Identifier: MIT
# MIN lock-step cost, from instruction counts (exact on a loaded machine):
# one `xchg run --net butterfly:N --l 1 --sim lockstep --load back` under
# callgrind, collecting only inside the per-cycle functions: the RTL
# (xc_dut_tick: the Verilated eval), the golden model (xc_gm_min_tick),
# observe (xc_dut_observe_regs; the flits are read in place) and compare
# (xc_ls_obs_equal). Per switch-cycle = instructions / (cycles x switches)
# with cycles = the exchange, N + log2 N: the few idle cycles of the run
# (identification, configuration, polls) are counted in the numerator
# only, so the figure is an upper bound for the exchange. Also the
# one-time Verilator build of each size (build_s, peak_MB).
# BENCH_MIN_SIZES overrides the sizes.
set -eu
sizes=${BENCH_MIN_SIZES:-"16 64 256"}
fns="xc_dut_tick xc_gm_min_tick xc_dut_observe_regs xc_ls_obs_equal"
toggles=$(for f in $fns; do printf -- '--toggle-collect=%s ' "$f"; done)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-15s %8s %8s %8s %8s %8s %8s %8s %9s\n' net switches cycles rtl golden observe compare total build_s
for n in $sizes; do
    net=butterfly:$n
    logn=0; while [ $((1 << logn)) -lt "$n" ]; do logn=$((logn + 1)); done
    t0=$(date +%s.%N)
    "$XCHG" run --net "$net" --l 1 --sim rtl --load back --quiet --json >/dev/null   # builds on first use
    build=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$n" $toggles \
        "$XCHG" run --net "$net" --l 1 --sim lockstep --load back --quiet --json >"$tmp/run.$n" 2>"$tmp/vg.$n"
    grep -q '"pass":true' "$tmp/run.$n" || { cat "$tmp/run.$n" >&2; exit 1; }
    cycles=$((n + logn))
    switches=$((n / 2 * logn))
    # (from $tmp: run inside the source tree it lists each function twice)
    (cd "$tmp" && callgrind_annotate --inclusive=yes --auto=no "cg.$n" >"ann.$n" 2>/dev/null)
    per() { # per switch-cycle instructions of one function (summed over the
            # files its inlined code comes from)
        awk -v f="$1" -v d=$((cycles * switches)) '
            $0 ~ ":" f "( |$)" { gsub(",", "", $1); v += $1 }
            END { printf "%.1f", v / d }' "$tmp/ann.$n"
    }
    rtl=$(per xc_dut_tick); gold=$(per xc_gm_min_tick); obs=$(per xc_dut_observe_regs); cmp=$(per xc_ls_obs_equal)
    # the total is exact: callgrind collected nothing outside these functions
    total=$(awk -v d=$((cycles * switches)) '/PROGRAM TOTALS/ { gsub(",", "", $1); printf "%.1f", $1 / d }' "$tmp/ann.$n")
    printf '%-15s %8s %8s %8s %8s %8s %8s %8s %9s\n' "$net" "$switches" "$cycles" "$rtl" "$gold" "$obs" "$cmp" "$total" "$build"
done
echo "(instructions per switch-cycle during the exchange, --load back, XOR method, l = 1;"
echo " build_s: first run of the size, the Verilator build included when not cached)"
