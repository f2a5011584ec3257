# SPDX-License-Identifier: MIT
# What the bench scripts share (sourced; not itself a bench, which
# tb/bench.sh finds as bench_*.sh): strict mode, the xchg binary, a work
# folder removed on exit, a number out of a one-line JSON report, the
# head of a markdown table.
set -eu
XCHG=${XCHG:-build/xchg}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# j NAME FILE: the number of the first "NAME": in a one-line JSON report
j() { grep -o "\"$1\":[0-9.]*" "$2" | head -n1 | cut -d: -f2; }

# table_head COLUMN...: a markdown table's header row and its rule
table_head() {
    printf '| %s ' "$@"
    echo '|'
    printf '| --- %.0s' "$@"
    echo '|'
}
