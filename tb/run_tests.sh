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
# <testcase> per test, a <failure> with the failing lines (docs/flow.md).
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
pass=0 fail=0 failed=()
log="$build/test-logs"; mkdir -p "$log"
pattern=${TESTS:-.}
results="$build/test-results.xml" times_tsv="$build/test-times.tsv"
junit=$(mktemp -d)              # the suites as they finish, joined at the end
trap 'kill $(jobs -rp) 2>/dev/null; rm -rf "$junit"' EXIT
started=$(date +%s.%N)

# The tests that take minutes start first, so that the last ones to end
# are short and no core idles at the end (longest first).
slow_first="t_signal_run t_doc_commands t_pn_blocks t_synth t_min_lockstep t_pn_lockstep t_trace_vcd t_cache"

# text as XML character data: markup escaped, control characters (not
# allowed in XML 1.0) dropped
xml_text() { tr -d '\000-\010\013\014\016-\037' | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g'; }
since() { awk -v a="$(date +%s.%N)" -v b="$1" 'BEGIN { printf "%.3f", a - b }'; } # seconds since $1
# user + sys seconds of the children, from the second line of bash's `times`
cpu_of() { awk 'NR == 2 { s = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] } printf "%.2f", s }' "$1"; }

suite_begin() { # NAME: cases recorded from now on belong to suite NAME
    suite=$1 suite_tests=0 suite_fail=0 suite_time=0
    : >"$junit/cases"
}
suite_end() {
    local n; n=$(find "$junit" -name 'suite.*' | wc -l)
    { printf '  <testsuite name="%s" tests="%d" failures="%d" errors="0" time="%s">\n' \
          "$(echo "$suite" | xml_text)" "$suite_tests" "$suite_fail" "$suite_time"
      cat "$junit/cases"
      echo '  </testsuite>'; } >"$junit/suite.$(printf '%04d' "$n")"
}

record() { # name status [failure text] [seconds]
    suite_tests=$((suite_tests + 1))
    local time=${4:+ time=\"$4\"}
    if [ "$2" = 0 ]; then
        pass=$((pass + 1)); echo "PASS $1"
        printf '    <testcase classname="%s" name="%s"%s/>\n' "$suite" "$(echo "$1" | xml_text)" "$time" >>"$junit/cases"
    else
        fail=$((fail + 1)); failed+=("$1"); echo "FAIL $1"
        suite_fail=$((suite_fail + 1))
        local text=${3:-failed}
        { printf '    <testcase classname="%s" name="%s"%s>\n' "$suite" "$(echo "$1" | xml_text)" "$time"
          printf '      <failure message="%s">' "$(echo "$text" | head -n 1 | xml_text)"
          echo "$text" | xml_text
          echo '</failure>'
          echo '    </testcase>'; } >>"$junit/cases"
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
    local i=$1 out="$log/${names[$1]}.log" t0 rc work
    t0=$(date +%s.%N)
    if [ "${kinds[$i]}" = unit ]; then
        (CMOCKA_MESSAGE_OUTPUT=TAP "${paths[$i]}"; rc=$?; times >"$junit/times.$i"; exit $rc) >"$out" 2>&1
        rc=$?
    else
        work=$(mktemp -d)      # each script runs in its own scratch folder
        (cd "$work" && bash "${paths[$i]}"; rc=$?; times >"$junit/times.$i"; exit $rc) >"$out" 2>&1
        rc=$?
        rm -rf "$work"
    fi
    echo "$rc $(since "$t0") $(cpu_of "$junit/times.$i")" >"$junit/done.$i.tmp"
    mv "$junit/done.$i.tmp" "$junit/done.$i"
}

report_unit() { # I RC SECONDS: one suite of the program's cases
    local name=${names[$1]} rc=$2 out="$log/${names[$1]}.log" n=0 line c
    suite_begin "$name"
    suite_time=$3
    while read -r line; do
        case "$line" in
            "ok "*) record "$name: ${line#ok * - }" 0; n=$((n + 1)) ;;
            "not ok "*) c=${line#not ok * - }
                        record "$name: $c" 1 "$(tap_failure "$out" "$c")"; n=$((n + 1)) ;;
        esac
    done <"$out"
    if [ "$n" = 0 ] || { [ "$rc" != 0 ] && ! grep -q '^not ok' "$out"; }; then
        record "$name (exit $rc, see $out)" 1 "$(printf 'exit %s\n' "$rc"; tail -n 30 "$out")"
    fi
    suite_end
}

report_cli() { # I RC SECONDS: one case of the "cli" suite
    local name=${names[$1]} rc=$2 out="$log/${names[$1]}.log"
    record "$name" "$rc" "$(printf 'exit %s\n' "$rc"; tail -n 30 "$out")" "$3"
    suite_time=$(awk -v a="$suite_time" -v b="$3" 'BEGIN { printf "%.3f", a + b }')
    [ "$rc" = 0 ] || tail -n 15 "$out" | sed 's/^/    | /'
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
suite_end

{ echo '<?xml version="1.0" encoding="UTF-8"?>'
  printf '<testsuites name="xchg" tests="%d" failures="%d" errors="0" time="%s">\n' \
      $((pass + fail)) "$fail" "$(since "$started")"
  cat "$junit"/suite.* 2>/dev/null
  echo '</testsuites>'; } >"$results.tmp" && mv "$results.tmp" "$results"
{ printf 'test\twall_s\tcpu_s\n'; cat "$junit/times"; } >"$times_tsv.tmp" && mv "$times_tsv.tmp" "$times_tsv"

echo
echo "JUnit XML: $results"
awk -F '\t' -v j="$jobs" -v w="$(since "$started")" '{ c += $3 }
    END { printf "times: %s s wall with %d jobs, %.0f s CPU in the tests (build/test-times.tsv)\n", w, j, c }' "$junit/times"
if [ "$fail" != 0 ]; then printf 'failed: %s\n' "${failed[@]}"; fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
