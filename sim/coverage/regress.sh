#!/bin/sh
# SPDX-License-Identifier: MIT
# make coverage: runs the regression of sim/coverage/cases.txt with
# Verilator coverage builds (--coverage) and functional coverage (--fcov),
# merges the code coverage with verilator_coverage; report.py keeps the
# design's points (not the shells of rtl/dv, not the generated network
# tops), writes them as an lcov info file for genhtml's HTML report (lines
# and branches), ranks the runs (verilator_coverage --rank), merges the
# functional coverage into a markdown table and writes OUT/summary.json,
# the figures docs/coverage.md states (sim/coverage/summary.json is the
# copy the docs were written from). Usage: regress.sh XCHG OUT
set -eu
start=$(date +%s)
XCHG=$1
OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
rm -rf "$OUT"
mkdir -p "$OUT/dat" "$OUT/fcov" "$OUT/runs"
failed=0
n=0
# FIRST in an argument: the cycle step 1 starts (a golden run of the same
# network, algorithm and options, without --sim and --inject)
first_cycle() {
    base=$(printf '%s\n' "$@" | sed -e '/^--inject$/,+1d' -e '/^--sim$/,+1d' | tr '\n' ' ')
    # shellcheck disable=SC2086
    "$XCHG" run $base --sim golden --json --quiet 2>/dev/null | grep -o '"first_step_cycle":[0-9]*' | cut -d: -f2
}
while read -r name want args; do
    case $name in '#'* | '') continue ;; esac
    case $args in
    *FIRST*)
        # shellcheck disable=SC2086
        f=$(first_cycle $args)
        k=$(printf '%s' "$args" | sed -nE 's/.*FIRST\+([0-9]+).*/\1/p')
        args=$(printf '%s' "$args" | sed "s/FIRST+$k/$((f + k))/")
        ;;
    esac
    n=$((n + 1))
    set +e
    # shellcheck disable=SC2086
    "$XCHG" run $args --coverage "$OUT/dat/$name.dat" --fcov "$OUT/fcov/$name.json" --json --quiet \
        >"$OUT/runs/$name.json" 2>"$OUT/runs/$name.err"
    rc=$?
    set -e
    if [ "$rc" = "$want" ] && [ -s "$OUT/dat/$name.dat" ] && [ -s "$OUT/fcov/$name.json" ]; then
        echo "ok   $name (exit $rc): xchg run $args"
    else
        echo "FAIL $name: exit $rc, wanted $want: xchg run $args"
        sed 's/^/     /' "$OUT/runs/$name.err"
        failed=$((failed + 1))
    fi
done <"$HERE/cases.txt"

verilator_coverage --write "$OUT/merged.dat" "$OUT"/dat/*.dat
python3 "$HERE/report.py" "$OUT"
genhtml --quiet --rc lcov_branch_coverage=1 --output-directory "$OUT/html" \
    --title "xchg RTL coverage of the design (make coverage)" \
    "$OUT/coverage.info" >"$OUT/genhtml.log" 2>&1 || { tail -n 20 "$OUT/genhtml.log"; exit 1; }
echo "ranking:    $OUT/functional.md (verilator_coverage --rank of each run's design points)"
echo "summary:    $OUT/summary.json, $(( ($(date +%s) - start + 30) / 60 )) min"
echo "html:       $OUT/html/index.html"
echo "functional: $OUT/functional.md"
[ "$failed" = 0 ] || { echo "make coverage: $failed of $n runs did not end as expected"; exit 1; }
