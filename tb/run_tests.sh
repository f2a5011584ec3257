#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs every test and ends with one line "N passed, N failed".
#  - build/tb/test_* are cmocka programs: each of their cases counts (TAP).
#  - tb/t_*.sh are CLI and RTL tests: each script counts once.
# TESTS=pattern runs only the tests whose name matches (a grep -E pattern).
set -u
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
export XCHG="$build/xchg" XC_BUILD="$build" XC_TB="$here"
pass=0 fail=0 failed=()
log="$build/test-logs"; mkdir -p "$log"
pattern=${TESTS:-.}

record() { # name status
    if [ "$2" = 0 ]; then pass=$((pass + 1)); echo "PASS $1";
    else fail=$((fail + 1)); failed+=("$1"); echo "FAIL $1"; fi
}

for bin in "$build"/tb/test_*; do
    [ -x "$bin" ] || continue
    name=$(basename "$bin")
    echo "$name" | grep -qE "$pattern" || continue
    out="$log/$name.log"
    CMOCKA_MESSAGE_OUTPUT=TAP "$bin" >"$out" 2>&1
    rc=$?
    n=0
    while read -r line; do
        case "$line" in
            "ok "*) record "$name: ${line#ok * - }" 0; n=$((n + 1)) ;;
            "not ok "*) record "$name: ${line#not ok * - }" 1; n=$((n + 1)) ;;
        esac
    done <"$out"
    if [ "$n" = 0 ] || { [ "$rc" != 0 ] && ! grep -q '^not ok' "$out"; }; then
        record "$name (exit $rc, see $out)" 1
    fi
done

for t in "$here"/cli/t_*.sh; do
    [ -f "$t" ] || continue
    name=$(basename "$t" .sh)
    echo "$name" | grep -qE "$pattern" || continue
    out="$log/$name.log"
    work=$(mktemp -d)          # each script runs in its own scratch folder
    (cd "$work" && bash "$t") >"$out" 2>&1
    rc=$?
    rm -rf "$work"
    record "$name" "$rc"
    [ "$rc" = 0 ] || tail -n 15 "$out" | sed 's/^/    | /'
done

echo
if [ "$fail" != 0 ]; then printf 'failed: %s\n' "${failed[@]}"; fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
