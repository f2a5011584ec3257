# SPDX-License-Identifier: MIT
# Helpers for the tb/t_*.sh tests (sourced).
set -u
fail() { echo "FAIL: $*" >&2; exit 1; }

# expect_exit CODE CMD...: runs CMD, checks its exit status, keeps stderr in err.txt
expect_exit() {
    local want=$1; shift
    "$@" >out.txt 2>err.txt
    local rc=$?
    [ "$rc" = "$want" ] || { cat out.txt err.txt >&2; fail "exit $rc, expected $want: $*"; }
}

# expect_one_line_error PATTERN CMD...: exit 2, exactly one stderr line matching PATTERN, no stdout
expect_one_line_error() {
    local pat=$1; shift
    expect_exit 2 "$@"
    [ "$(wc -l <err.txt)" = 1 ] || { cat err.txt >&2; fail "not one line of error: $*"; }
    grep -qE -- "$pat" err.txt || { cat err.txt >&2; fail "error does not mention '$pat': $*"; }
    [ ! -s out.txt ] || fail "output despite bad input: $*"
}

# json_field NAME FILE: the raw value of "NAME": in a one-line JSON object
json_field() { grep -o "\"$1\":[^,}]*" "$2" | head -n1 | cut -d: -f2-; }
