#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Instructions per router-cycle of one product-network run, from callgrind
# (exact whatever the machine's load): one run under valgrind, then the
# inclusive instruction count of each function divided by the run's
# simulated cycles x routers.
#   tb/bench/cg_pn.sh NET SIM [xchg run options...]
# prints: net sim cycles routers rtl golden observe compare lockstep
# ("-" where the function did not run: rtl with --sim golden, ...).
# lockstep is cycle() of sim/harness/xc_lockstep_pn.c: everything one
# clock cycle costs (both models, observe, compare, scoreboard).
set -eu
XCHG=${XCHG:-build/xchg}
net=$1 sim=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$XCHG" run --net "$net" --sim "$sim" \
    --quiet --json "$@" >"$work/run.json" 2>"$work/vg.log" || { cat "$work/vg.log" >&2; exit 1; }
grep -q '"pass":true' "$work/run.json" || { echo "cg_pn: $net $sim did not pass" >&2; exit 1; }
cycles=$(grep -o '"sim_cycles":[0-9]*' "$work/run.json" | cut -d: -f2)
nodes=$(echo "$net" | awk -F'[:x]' '{ n = 1; for (i = 2; i <= NF; i++) n *= $i; print n }') # torus:AxB
callgrind_annotate --inclusive=yes --threshold=100 "$work/cg.out" 2>/dev/null >"$work/ann.txt"
per() { # function name -> instructions per router-cycle, or -: the first
         # line of the inclusive list that names it
    awk -v fn="$1" -v d="$((cycles * nodes))" '
        !done && match($0, "^ *[0-9,]+ +[(][ 0-9.]+%[)] +[^ ]*:" fn "( |$)") {
            n = $1; gsub(",", "", n); printf "%.0f", n / d; done = 1 }
        END { if (!done) printf "-" }' "$work/ann.txt"
}
printf '%s %s %s %s %s %s %s %s %s\n' "$net" "$sim" "$cycles" "$nodes" "$(per xc_dut_pn_tick)" \
    "$(per xc_gm_pn_tick)" "$(per xc_dut_pn_observe)" "$(per xc_pn_obs_diff)" "$(per cycle)"
