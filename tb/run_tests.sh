#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every test and ends with one line "N passed, N failed".
#  - build/tb/test_* are cmocka programs: each of their cases counts (TAP).
#  - tb/t_*.sh are CLI and RTL tests: each script counts once.
# TESTS=pattern runs only the tests whose name matches (a grep -E pattern).
# TEST_JOBS=N runs N tests at once (default: the number of cores, nproc);
# TEST_JOBS=1 runs them one after another. Each test has its own scratch
# folder and log, and the Verilator models they share are built once under
# a lock (sim/harness/xc_model_cache.c), so parallel tests do not meet.
# Whatever the order they finish in, the PASS/FAIL lines come in the same
# order (the cmocka programs, then the scripts, by name).
# The same results go to build/test-results.xml as JUnit XML: one
# <testsuite> per cmocka program and one "cli" suite for the scripts, one
# <testcase> per test, a <failure> with the failing lines, an <error> for
# a test killed by a signal or by the time limit (docs/flow.md). The
# runner files each result as a folder and `xchg junit` writes the XML
# (the writer of xchg sweep's junit.xml too), so no byte of a log can
# break it.
# TEST_TIMEOUT=S stops a test after S seconds (default 1800; 0: no limit):
# the test and every process it started, reported as an error.
# build/test-times.tsv has each test's wall and CPU seconds (user + sys of
# everything it ran): CPU seconds do not grow with the machine's load.
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
export XCHG="$build/xchg" XC_BUILD="$build" XC_TB="$here"
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in
    '' | *[!0-9]* | 0*) echo "run_tests.sh: TEST_JOBS='$jobs': want a whole number of jobs, 1 or more" >&2; exit 2 ;;
esac
limit=${TEST_TIMEOUT:-1800}
case $limit in
    '' | *[!0-9]* | 0?*) echo "run_tests.sh: TEST_TIMEOUT='$limit': want whole seconds (0: no limit)" >&2; exit 2 ;;
esac
pass=0 fail=0 failed=()
log="$build/test-logs"; mkdir -p "$log"
pattern=${TESTS:-.}
results="$build/test-results.xml" times_tsv="$build/test-times.tsv"
junit=$(mktemp -d)              # the tests' state; $junit/res: the results for xchg junit
# a stopped run stops its tests: each runs under `timeout` in a process
# group of its own, which a signal to that timeout ends as a whole
trap 'kill $(cat "$junit"/pid.* 2>/dev/null) $(jobs -rp) 2>/dev/null; rm -rf "$junit"' EXIT
started=$(date +%s.%N)

# The tests that take minutes start first, so that the last ones to end
# are short and no core idles at the end (longest first).
slow_first="t_signal_run t_doc_commands t_pn_blocks t_synth t_min_lockstep t_pn_lockstep t_trace_vcd t_cache"

since() { awk -v a="$(date +%s.%N)" -v b="$1" 'BEGIN { printf "%.3f", a - b }'; } # seconds since $1
# user + sys seconds of the children, from the second line of bash's `times`
cpu_of() { awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] } printf "%.2f", s }' "$1"; }

# The results folder (xchg junit --help): one sub-folder per suite, one
# per case in it, one file per field, so any byte of a log reaches the
# XML writer as it is.
res="$junit/res" suites=0
mkdir -p "$res/props"
printf 'xchg' >"$res/name"
printf '%s' "TESTS='$pattern' TEST_JOBS=$jobs TEST_TIMEOUT=$limit tb/run_tests.sh $build" >"$res/props/command"
{ verilator --version 2>/dev/null || echo none; } | head -n 1 >"$res/props/simulator_version"
{ iverilog -V 2>/dev/null || echo none; } | head -n 1 >"$res/props/icarus_version"

suite_begin() { # NAME: cases recorded from now on belong to suite NAME
    suites=$((suites + 1)) suite_cases=0
    suite_dir="$res/S$(printf '%04d' "$suites")"
    mkdir -p "$suite_dir" && printf '%s' "$1" >"$suite_dir/name"
}

# record NAME STATUS [MESSAGE [TEXT-FILE [SECONDS [COMMAND]]]]: STATUS 0
# pass, 1 failure, 2 error (a crash, a timeout); TEXT-FILE holds the
# failure's lines.
record() {
    local d
    suite_cases=$((suite_cases + 1))
    d="$suite_dir/C$(printf '%05d' "$suite_cases")"
    mkdir -p "$d"
    printf '%s' "$1" >"$d/name"
    [ -z "${5:-}" ] || printf '%s' "$5" >"$d/time"
    [ -z "${6:-}" ] || { mkdir -p "$d/props" && printf '%s' "$6" >"$d/props/command"; }
    if [ "$2" = 0 ]; then
        pass=$((pass + 1)); echo "PASS $1"; echo pass >"$d/result"
        return
    fi
    fail=$((fail + 1)); failed+=("$1"); echo "FAIL $1"
    if [ "$2" = 1 ]; then echo failure >"$d/result"; else echo error >"$d/result"; fi
    printf '%s' "${3:-failed}" >"$d/message"
    [ -z "${4:-}" ] || cp "$4" "$d/output"
}

# why RC SECONDS: the first line of a failure from an exit status, and
# the status for record (2: killed by a signal or the time limit)
why() {
    if [ "$limit" != 0 ] && { [ "$1" = 124 ] || { [ "$1" = 137 ] && awk -v t="$2" -v l="$limit" 'BEGIN { exit !(t >= l) }'; }; }; then
        echo "2 timed out after $limit s (TEST_TIMEOUT)"
    elif [ "$1" -gt 128 ]; then
        echo "2 killed by signal $(($1 - 128)) (SIG$(kill -l "$(($1 - 128))" 2>/dev/null))"
    else
        echo "1 exit $1"
    fi
}

# the "# ..." lines cmocka prints after "not ok N - case" (its messages)
tap_failure() { # log case
    awk -v c="$2" '/^not ok [0-9]+ - / && substr($0, index($0, " - ") + 3) == c { on = 1; next }
                   on && /^(not )?ok / { exit }
                   on && /^# / && !/^# not ok - / { print substr($0, 3) }' "$1"
}

# The tests to run, in the order they are reported: kinds[i] (unit or
# cli), names[i], paths[i].
kinds=() names=() paths=()
add_test() { # kind path
    local name; name=$(basename "$2" .sh)
    echo "$name" | grep -qE "$pattern" || return 0
    kinds+=("$1") names+=("$name") paths+=("$2")
}
for bin in "$build"/tb/test_*; do [ -x "$bin" ] && add_test unit "$bin"; done
for t in "$here"/cli/t_*.sh; do [ -f "$t" ] && add_test cli "$t"; done

# run_job I: runs test I (its output to its log), then leaves
# $junit/done.I: "exit-status wall-seconds cpu-seconds", written whole
run_job() {
    local i=$1 out="$log/${names[$1]}.log" t0 rc
    t0=$(date +%s.%N)
    local cmd=(env CMOCKA_MESSAGE_OUTPUT=TAP "${paths[$i]}") work=.
    if [ "${kinds[$i]}" = cli ]; then
        work=$(mktemp -d)      # each script runs in its own scratch folder
        cmd=(bash "${paths[$i]}")
    fi
    # timeout's pid in pid.I while it runs: the EXIT trap stops it.
    # XC_RESULTS: a folder where a test may leave suites of its own in
    # xchg junit's layout (t_cocotb: cocotb's results), merged after it
    mkdir -p "$junit/extra.$i"
    (export XC_RESULTS="$junit/extra.$i"; cd "$work" && { timeout -k 10 "$limit" "${cmd[@]}" </dev/null &
                     echo $! >"$junit/pid.$i"; wait $!; }
     rc=$?; rm -f "$junit/pid.$i"; times >"$junit/times.$i"; exit $rc) >"$out" 2>&1
    rc=$?
    [ "$work" = . ] || rm -rf "$work"
    echo "$rc $(since "$t0") $(cpu_of "$junit/times.$i")" >"$junit/done.$i.tmp"
    mv "$junit/done.$i.tmp" "$junit/done.$i"
}

report_unit() { # I RC SECONDS: one suite of the program's cases
    local name=${names[$1]} rc=$2 out="$log/${names[$1]}.log" n=0 line c st msg
    suite_begin "$name"
    printf '%s' "$3" >"$suite_dir/time"
    while read -r line; do
        case "$line" in
            "ok "*) record "$name: ${line#ok * - }" 0; n=$((n + 1)) ;;
            "not ok "*) c=${line#not ok * - }
                        tap_failure "$out" "$c" >"$junit/text"
                        record "$name: $c" 1 "$(head -n 1 "$junit/text")" "$junit/text" "" "${paths[$1]}"
                        n=$((n + 1)) ;;
        esac
    done <"$out"
    # no case, or an exit that no case explains (a crash, a timeout, an
    # exit before the cases): one case named after the program
    if [ "$n" = 0 ] || { [ "$rc" != 0 ] && { [ "$rc" -gt 128 ] || [ "$rc" = 124 ] || ! grep -q '^not ok' "$out"; }; }; then
        read -r st msg <<<"$(why "$rc" "$3")"
        { echo "$msg"; tail -n 30 "$out"; } >"$junit/text"
        record "$name" "$st" "$msg (log: $out)" "$junit/text" "" "${paths[$1]}"
    fi
}

report_cli() { # I RC SECONDS: one case of the "cli" suite
    local name=${names[$1]} rc=$2 out="$log/${names[$1]}.log" st=0 msg=
    if [ "$rc" != 0 ]; then
        read -r st msg <<<"$(why "$rc" "$3")"
        { echo "$msg"; tail -n 30 "$out"; } >"$junit/text"
    fi
    record "$name" "$st" "$msg" "$junit/text" "$3" "bash ${paths[$1]}"
    [ "$rc" = 0 ] || tail -n 15 "$out" | awk '{ print "    | " $0 }' # a line end even after a log's last byte
}

# merge_extra I: the suites test I left in $XC_RESULTS join the results,
# each case counted and printed as "PASS|FAIL SUITE: CASE"
merge_extra() {
    local d c name r
    for d in "$junit/extra.$1"/*/; do
        [ -d "$d" ] || continue
        suites=$((suites + 1))
        mv "$d" "$res/S$(printf '%04d' "$suites")" || continue
        d="$res/S$(printf '%04d' "$suites")"
        for c in "$d"/*/; do
            [ -f "$c/result" ] || continue
            name="$(cat "$d/name" 2>/dev/null): $(cat "$c/name" 2>/dev/null)"
            read -r r <"$c/result"
            if [ "$r" = pass ] || [ "$r" = skipped ]; then pass=$((pass + 1)); echo "PASS $name"
            else fail=$((fail + 1)); failed+=("$name"); echo "FAIL $name"; fi
        done
    done
}

# Reports, in order, every test from $next on that has ended.
next=0
report_ready() {
    local rc wall cpu
    while [ "$next" -lt "${#names[@]}" ] && [ -e "$junit/done.$next" ]; do
        read -r rc wall cpu <"$junit/done.$next"
        if [ "${kinds[$next]}" = unit ]; then
            report_unit "$next" "$rc" "$wall"
        else
            [ "$next" -gt 0 ] && [ "${kinds[$((next - 1))]}" = cli ] || suite_begin cli
            report_cli "$next" "$rc" "$wall"
        fi
        merge_extra "$next"
        printf '%s\t%s\t%s\n' "${names[$next]}" "$wall" "$cpu" >>"$junit/times"
        next=$((next + 1))
    done
}

# the order in which the tests start, in parallel: the cmocka programs
# (seconds in all: the first lines print at once), the slow scripts, the rest
launch_order() {
    local i s
    if [ "$jobs" -gt 1 ]; then
        for i in "${!names[@]}"; do [ "${kinds[$i]}" = unit ] && echo "$i"; done
        for s in $slow_first; do
            for i in "${!names[@]}"; do [ "${names[$i]}" = "$s" ] && echo "$i"; done
        done
    fi
    for i in "${!names[@]}"; do
        [ "$jobs" -gt 1 ] && { [ "${kinds[$i]}" = unit ] && continue
                               case " $slow_first " in *" ${names[$i]} "*) continue ;; esac; }
        echo "$i"
    done
}

: >"$junit/times"
for i in $(launch_order); do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; report_ready; done
    run_job "$i" &
done
while [ "$(jobs -rp | wc -l)" -gt 0 ]; do wait -n; report_ready; done
wait
report_ready
# the "cli" suite, empty when no script ran (as the serial runner wrote it)
if [ "${#names[@]}" = 0 ] || [ "${kinds[$((${#names[@]} - 1))]}" != cli ]; then suite_begin cli; fi
since "$started" >"$res/time"
if ! "$build/xchg" junit --out "$results" "$res"; then
    rm -f "$results"   # no stale results for a CI server to read
    echo "run_tests.sh: no JUnit XML: $build/xchg junit failed (make xchg builds it)"
    fail=$((fail + 1)) failed+=("(the JUnit XML)")
fi
{ printf 'test\twall_s\tcpu_s\n'; cat "$junit/times"; } >"$times_tsv.tmp" && mv "$times_tsv.tmp" "$times_tsv"

echo
echo "JUnit XML: $results"
awk -F '\t' -v j="$jobs" -v w="$(since "$started")" '{ c += $3 }
    END { printf "times: %s s wall with %d jobs, %.0f s CPU in the tests (build/test-times.tsv)\n", w, j, c }' "$junit/times"
if [ "$fail" != 0 ]; then printf 'failed: %s\n' "${failed[@]}"; fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
