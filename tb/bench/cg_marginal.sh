#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Whole-program marginal instructions per element-cycle (router-cycle on
# router networks, switch-cycle on MINs) of one `xchg run`: the run is
# made twice under `valgrind --tool=callgrind`, stopped by --timeout at
# cycle FROM and at cycle TO, and the difference of the two runs' whole
# program counts (everything: models, compare, scoreboard, the loop, the
# library calls) is divided by (TO - FROM) x elements. What a run costs
# before FROM (start-up, loading) and after its stop (verdict, report) is
# the same in both runs and cancels. Beside it the split by part
# (inclusive counts of the part's functions, the same difference) and
# `other`, the whole minus the parts; the scoreboard also per delivered
# message (the deliveries between the two cuts).
#
#   tb/bench/cg_marginal.sh [-f FROM] [-t TO] XCHG-RUN-ARGS...
#   tb/bench/cg_marginal.sh --net torus:16x16 --algo te-ni --tables broadcast --load back --sim lockstep
#   -> torus:16x16 elements=256 from=7 to=2066 whole=312.5 rtl=... golden=... observe=...
#      compare=... score=... other=... delivered=... score_per_msg=...
#
# FROM and TO are cycles, or `first` (the first step's cycle, or a MIN's
# first injection), `end` (first + the run's exchange cycles), each with
# an optional +K or -K: the defaults are first and end, the exchange. A
# golden-only run (no valgrind) of the same arguments finds them.
# CG_TOP=n also prints the n functions of largest marginal self cost,
# per element-cycle. Fails (exit 1) when a cut falls outside the run.
set -eu
XCHG=${XCHG:-build/xchg}
from=first to=end
while [ $# -gt 0 ]; do
    case $1 in
    -f) from=$2; shift 2 ;;
    -t) to=$2; shift 2 ;;
    *) break ;;
    esac
done
for c in "$from" "$to"; do
    [[ $c =~ ^(first|end|[0-9]+)([+-][0-9]+)?$ ]] ||
        { echo "cg_marginal.sh: cut '$c': give a cycle, first or end, with an optional +K or -K" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { grep -o "\"$1\":[0-9.]*" "$2" | head -n1 | cut -d: -f2; }
net=
prev=
probe=() # the arguments without --sim and the options only an RTL run takes
rtl_only='--sim --coverage --threads --verilator-flags --plusarg'
for a in "$@"; do
    [ "$prev" = --net ] && net=$a
    case " $rtl_only " in
    *" ${a%%=*} "* | *" $prev "*) ;;
    *) probe+=("$a") ;;
    esac
    prev=$a
done
# the elements of the network: routers, or a MIN's N/2 x log2 N switches
case $net in
torus:* | mesh:* | ring:*)
    elems=1
    for d in $(echo "${net#*:}" | tr x ' '); do elems=$((elems * d)); done
    kind=pn ;;
hypercube:*) elems=$((1 << ${net#*:})); kind=pn ;;
*:*)
    n=${net#*:} logn=0
    while [ $((1 << logn)) -lt "$n" ]; do logn=$((logn + 1)); done
    elems=$((n / 2 * logn)); kind=min ;;
*) echo "cg_marginal.sh: give the network as --net NAME:SIZE (torus:16x16, butterfly:256, ...)" >&2; exit 2 ;;
esac
# where the exchange starts and how long it is, from a golden-only run
# (the same cycles: lock-step runs both models on the same edges)
"$XCHG" run "${probe[@]}" --sim golden --quiet --json >"$work/probe.json" 2>/dev/null || true
first=$(field first_step_cycle "$work/probe.json")
[ -n "$first" ] || first=$(field first_injection_cycle "$work/probe.json")
len=$(field cycles "$work/probe.json")
[ -n "$first" ] && [ -n "$len" ] || { echo "cg_marginal.sh: xchg run ${probe[*]} --sim golden gave no first cycle" >&2; exit 1; }
at_cycle() { # first+K, end-K or a number -> the cycle
    local base=${1%%[+-]*} off=${1#"${1%%[+-]*}"}
    case $base in first) base=$first ;; end) base=$((first + len)) ;; esac
    echo $((base ${off:-+0}))
}
a=$(at_cycle "$from") b=$(at_cycle "$to")
[ "$a" -lt "$b" ] || { echo "cg_marginal.sh: -f $from (cycle $a) must come before -t $to (cycle $b)" >&2; exit 2; }
if [ $kind = pn ]; then
    parts="rtl=xc_dut_pn_tick golden=xc_gm_pn_tick observe=xc_dut_pn_observe
           compare=xc_pn_obs_same+xc_pn_obs_diff+xc_pn_obs_unpack score=xc_score_deliver"
else
    parts="rtl=xc_dut_tick golden=xc_gm_min_tick observe=xc_dut_observe_regs compare=xc_ls_obs_equal
           score=xc_score_deliver+xc_min_wire"
fi
for stop in "$a" "$b"; do
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.$stop" "$XCHG" run "$@" --quiet --json \
        --timeout "$stop" >"$work/run.$stop" 2>"$work/vg.$stop" || true
    [ "$(field sim_cycles "$work/run.$stop")" = "$stop" ] || {
        echo "cg_marginal.sh: the run did not stop at cycle $stop (it ends before?):" >&2
        cat "$work/run.$stop" "$work/vg.$stop" >&2; exit 1; }
    # from $work: run inside the source tree, it lists a function twice
    (cd "$work" && callgrind_annotate --inclusive=yes --auto=no --threshold=100 "cg.$stop" >"inc.$stop" 2>/dev/null &&
        callgrind_annotate --auto=no --threshold=100 "cg.$stop" >"self.$stop" 2>/dev/null)
done
count() { # file fn1+fn2...: the summed inclusive counts of those functions,
          # or of all (ALL). A function's entry that names its object ("[...]")
          # holds it all; those without are the code inlined from other files.
    awk -v fns="+$2+" '{ f = $0; sub(/ \[.*/, "", f); sub(/^ *[0-9,]+ +\([ 0-9.]+%\) +[^:]*:/, "", f) }
        (fns == "+ALL+" && /PROGRAM TOTALS/) || (index(fns, "+" f "+") && / \[/) { gsub(",", "", $1); v += $1 }
        END { printf "%.0f", v }' "$1"
}
d=$(((b - a) * elems))
per() { awk -v x="$1" -v y="$2" -v d="$d" 'BEGIN { printf "%.1f", (y - x) / d }'; }
whole=$(per "$(count "$work/inc.$a" ALL)" "$(count "$work/inc.$b" ALL)")
line="$net elements=$elems from=$a to=$b whole=$whole"
rest=$whole
for p in $parts; do
    x=$(per "$(count "$work/inc.$a" "${p#*=}")" "$(count "$work/inc.$b" "${p#*=}")")
    line="$line ${p%%=*}=$x"
    rest=$(awk -v r="$rest" -v x="$x" 'BEGIN { printf "%.1f", r - x }')
    [ "${p%%=*}" = score ] && score=$x
done
msgs=$(($(field delivered "$work/run.$b") - $(field delivered "$work/run.$a")))
line="$line other=$rest delivered=$msgs"
[ "$msgs" -gt 0 ] && line="$line score_per_msg=$(awk -v s="$score" -v d="$d" -v m="$msgs" 'BEGIN { printf "%.1f", s * d / m }')"
echo "$line"
if [ "${CG_TOP:-0}" -gt 0 ]; then
    self() { awk '/^ *[0-9,]+ +\(/ && !/PROGRAM TOTALS/ { n = $1; gsub(",", "", n); f = $0; sub(/ \[.*/, "", f)
        sub(/^ *[0-9,]+ +\([ 0-9.]+%\) +[^:]*:/, "", f); v[f] += n }
        END { for (f in v) print f "\t" v[f] }' "$1" | sort -t "$tab" -k1,1; }
    tab=$(printf '\t')
    join -t "$tab" -a 2 -e 0 -o 0,1.2,2.2 <(self "$work/self.$a") <(self "$work/self.$b") |
        awk -F "$tab" -v d="$d" '{ printf "%10.1f  %s\n", ($3 - $2) / d, $1 }' | sort -rn | head -n "$CG_TOP"
fi
