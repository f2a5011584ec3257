#!/bin/sh
# SPDX-License-Identifier: MIT
# make coverage: runs the regression of sim/coverage/cases.txt with
# Verilator coverage builds (--coverage) and functional coverage (--fcov),
# merges the code coverage with verilator_coverage into an lcov info file
# and genhtml's HTML report, and the functional coverage into a markdown
# table (report.py). Usage: regress.sh XCHG OUT   (docs/coverage.md)
set -eu
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
verilator_coverage --write-info "$OUT/coverage.info" "$OUT/merged.dat"
genhtml --quiet --output-directory "$OUT/html" --title "xchg RTL coverage (make coverage)" \
    "$OUT/coverage.info" >"$OUT/genhtml.log" 2>&1 || { tail -n 20 "$OUT/genhtml.log"; exit 1; }
python3 "$HERE/report.py" "$OUT"
echo "html:       $OUT/html/index.html"
echo "functional: $OUT/functional.md"
[ "$failed" = 0 ] || { echo "make coverage: $failed of $n runs did not end as expected"; exit 1; }
