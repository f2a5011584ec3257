#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every test and ends with one line "N passed, N failed".
#  - build/tb/test_* are cmocka programs: each of their cases counts (TAP).
#  - tb/t_*.sh are CLI and RTL tests: each script counts once.
# TESTS=pattern runs only the tests whose name matches (a grep -E pattern).
# The same results go to build/test-results.xml as JUnit XML: one
# <testsuite> per cmocka program and one "cli" suite for the scripts, one
# <testcase> per test, a <failure> with the failing lines (docs/flow.md).
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
export XCHG="$build/xchg" XC_BUILD="$build" XC_TB="$here"
pass=0 fail=0 failed=()
log="$build/test-logs"; mkdir -p "$log"
pattern=${TESTS:-.}
results="$build/test-results.xml"
junit=$(mktemp -d)              # the suites as they finish, joined at the end
trap 'rm -rf "$junit"' EXIT
started=$(date +%s.%N)

# text as XML character data: markup escaped, control characters (not
# allowed in XML 1.0) dropped
xml_text() { tr -d '\000-\010\013\014\016-\037' | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e 's/"/\&quot;/g'; }
since() { awk -v a="$(date +%s.%N)" -v b="$1" 'BEGIN { printf "%.3f", a - b }'; } # seconds since $1

suite_begin() { # NAME: cases recorded from now on belong to suite NAME
    suite=$1 suite_tests=0 suite_fail=0 suite_t0=$(date +%s.%N)
    : >"$junit/cases"
}
suite_end() {
    local n; n=$(find "$junit" -name 'suite.*' | wc -l)
    { printf '  <testsuite name="%s" tests="%d" failures="%d" errors="0" time="%s">\n' \
          "$(echo "$suite" | xml_text)" "$suite_tests" "$suite_fail" "$(since "$suite_t0")"
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

for bin in "$build"/tb/test_*; do
    [ -x "$bin" ] || continue
    name=$(basename "$bin")
    echo "$name" | grep -qE "$pattern" || continue
    out="$log/$name.log"
    suite_begin "$name"
    CMOCKA_MESSAGE_OUTPUT=TAP "$bin" >"$out" 2>&1
    rc=$?
    n=0
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
done

suite_begin cli
for t in "$here"/cli/t_*.sh; do
    [ -f "$t" ] || continue
    name=$(basename "$t" .sh)
    echo "$name" | grep -qE "$pattern" || continue
    out="$log/$name.log"
    work=$(mktemp -d)          # each script runs in its own scratch folder
    t0=$(date +%s.%N)
    (cd "$work" && bash "$t") >"$out" 2>&1
    rc=$?
    rm -rf "$work"
    record "$name" "$rc" "$(printf 'exit %s\n' "$rc"; tail -n 30 "$out")" "$(since "$t0")"
    [ "$rc" = 0 ] || tail -n 15 "$out" | sed 's/^/    | /'
done
suite_end

{ echo '<?xml version="1.0" encoding="UTF-8"?>'
  printf '<testsuites name="xchg" tests="%d" failures="%d" errors="0" time="%s">\n' \
      $((pass + fail)) "$fail" "$(since "$started")"
  cat "$junit"/suite.*
  echo '</testsuites>'; } >"$results.tmp" && mv "$results.tmp" "$results"

echo
echo "JUnit XML: $results"
if [ "$fail" != 0 ]; then printf 'failed: %s\n' "${failed[@]}"; fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
