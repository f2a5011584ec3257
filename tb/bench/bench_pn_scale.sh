# SPDX-License-Identifier: MIT
# Router builds and end-to-end runs at scale: one lock-step run per
# network (total exchange, broadcast table, back-door load; te-dc1 and
# te-dcn: circuit mode, back-door load), under /usr/bin/time -v. Per run:
# the Verilator build's seconds (0 when the model was cached), the C++
# Verilator wrote (MB), the lock-step run's seconds, CPU seconds (user +
# system of the whole command: build and run; on a shared machine the
# figure that says what an idle one would take), wall clock, the peak
# resident memory of the largest process, the load average at the start,
# and whether every message arrived exactly once.
# BENCH_PN_SCALE: the runs, NET:ALGO each (default torus:32x32 te-ni; a
# networks above 1,024 routers take the tiled model, --rtl-model auto);
# BENCH_PN_SCALE_FRESH=1 removes a run's cached model first, so that the
# build is measured. docs/bench.md "Builds and end-to-end runs".
set -eu
runs=${BENCH_PN_SCALE:-"torus:32x32:te-ni"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { grep -o "\"$1\":[0-9a-z.]*" "$2" | head -n1 | cut -d: -f2; }
tv() { grep -F "$1" "$work/time" | sed 's/.*: //'; } # a /usr/bin/time -v line's value
printf '%-12s %-6s %8s %6s %7s %7s %8s %7s %5s %9s %9s %4s\n' net algo build_s cpp_MB run_s cpu_s wall peak_MB \
    load delivered expected ok
for r in $runs; do
    net=${r%:*} algo=${r##*:}
    k=${net#torus:}
    case $algo in # the model's cache folder (sim/harness/xc_dut_pn.c) and the run's options
        te-dc*) key="pn_torus-${k}_*_c*_sf_pn" opts="--load back" ;;
        *) key="pn_torus-${k}_*_sf_bc" opts="--tables broadcast --load back" ;;
    esac
    if [ "${BENCH_PN_SCALE_FRESH:-0}" = 1 ]; then
        rm -rf "${XC_BUILD:?}"/vl/$key
    fi
    load=$(cut -d' ' -f1 /proc/loadavg)
    rc=0
    # shellcheck disable=SC2086 # opts: two or four words
    /usr/bin/time -v -o "$work/time" "$XCHG" run --net "$net" --algo "$algo" $opts --sim lockstep --quiet --json \
        >"$work/out" || rc=$?
    # the C++ of the model (lean variant; a tiled model's block and
    # controller, above 1,024 routers), without Verilator's one-file wrapper
    cpp=0
    for m in lean tile_lean tile_ctl; do
        o=$(echo "${XC_BUILD:?}"/vl/$key/$m/obj)
        [ -d "$o" ] || continue
        b=$(cat "$o"/V*.cpp "$o"/V*.h 2>/dev/null | wc -c)
        a=$(cat "$o"/V*__ALL.cpp 2>/dev/null | wc -c)
        cpp=$((cpp + b - a))
    done
    cpp=$(awk -v b="$cpp" 'BEGIN { printf "%.1f", b / 1e6 }')
    cpu=$(awk -v u="$(tv 'User time')" -v s="$(tv 'System time')" 'BEGIN { printf "%.0f", u + s }')
    mb=$(awk -v k="$(tv 'Maximum resident')" 'BEGIN { printf "%.0f", k / 1024 }')
    ok=no
    [ "$rc" = 0 ] && [ "$(field pass "$work/out")" = true ] && [ "$(field duplicates "$work/out")" = 0 ] &&
        [ "$(field mismatches "$work/out")" = 0 ] &&
        [ "$(field delivered "$work/out")" = "$(field expected "$work/out")" ] && ok=yes
    printf '%-12s %-6s %8.0f %6s %7.1f %7s %8s %7s %5s %9s %9s %4s\n' "$net" "$algo" \
        "$(field build_seconds "$work/out")" "$cpp" "$(field sim_seconds "$work/out")" "$cpu" "$(tv 'Elapsed (wall')" "$mb" "$load" \
        "$(field delivered "$work/out")" "$(field expected "$work/out")" "$ok"
    [ "$ok" = yes ] || { echo "$net $algo FAILED (exit $rc): $(head -c 600 "$work/out")" >&2; exit 1; }
done
echo "(--load back --sim lockstep, te-ni with --tables broadcast, te-dc1/te-dcn circuit mode; build_s 0: cached;"
echo " cpu_s: user + system of build and run; peak_MB: the largest process; load: 1-min average at the start;"
echo " ok: every message delivered exactly once, no mismatch)"
