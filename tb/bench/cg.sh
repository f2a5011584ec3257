#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Instruction counts of one `xchg run` from callgrind: exact and the same
# on a loaded machine, unlike times. Runs xchg once under valgrind and
# prints the run's simulated cycles, then the inclusive instruction count
# of each named function ("-" when it did not run), one line:
#   tb/bench/cg.sh "xc_dut_pn_tick xc_gm_pn_tick" --net torus:8x8 --sim lockstep ...
#   -> 268 19020000 3120000
# Fails (exit 1, the run's output on stderr) when the run does not pass.
# Functions are matched by name in the inclusive list of callgrind_annotate
# (a static function's name is enough: it must not be inlined).
set -eu
XCHG=${XCHG:-build/xchg}
fns=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$XCHG" run "$@" --quiet --json \
    >"$work/run.json" 2>"$work/vg.log" || true
grep -q '"pass":true' "$work/run.json" || { echo "cg.sh: xchg run $* did not pass:" >&2; cat "$work/run.json" "$work/vg.log" >&2; exit 1; }
callgrind_annotate --inclusive=yes --threshold=100 "$work/cg.out" >"$work/ann.txt" 2>/dev/null
line=$(grep -o '"sim_cycles":[0-9]*' "$work/run.json" | cut -d: -f2)
for fn in $fns; do
    line="$line $(awk -v fn="$fn" '
        !done && match($0, "^ *[0-9,]+ +[(][ 0-9.]+%[)] +[^ ]*:" fn "( |$)") {
            n = $1; gsub(",", "", n); printf "%s", n; done = 1 }
        END { if (!done) printf "-" }' "$work/ann.txt")"
done
echo "$line"
