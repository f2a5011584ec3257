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

# doc_regmap DOC PREFIX: the register map of DOC (its "## Register map"
# section, rows "| 0xADR | NAME |") and the PREFIX* registers of `xchg
# consts` (sw/lib/xc_consts.def) name the same registers at the same
# addresses, both ways, so the document cannot drift from the hardware.
doc_regmap() {
    local doc=$1 pre=$2
    "$XCHG" consts | grep "^$pre" | while read -r name addr _; do
        row="| $(printf '0x%03X' "$addr") | ${name#"$pre"} |"
        grep -q "^$row" "$doc" || fail "docs/${doc##*/}: no row '$row'"
    done || exit 1
    sed -n '/^## Register map/,/^## /p' "$doc" | grep -oE '^\| 0x[0-9A-F]{3} \| [A-Z_]+ \|' | while read -r _ a _ n _; do
        "$XCHG" consts | grep -qE "^$pre$n +0x0*$(printf '%x' "$a")( |$)" || fail "documented $n $a not in consts"
    done || exit 1
}

# rtl_bench NAME WANT FILE...: compiles a Verilog bench with its design
# files (Icarus; includes from build/gen, rtl and tb/rtl), runs it into NAME.log,
# shows the log and fails unless a line starts with WANT ("PASS xchg_x",
# or "FAIL xchg_x" when the bench must catch a broken design).
rtl_bench() {
    local name=$1 want=$2
    shift 2
    iverilog -g2012 -I"$XC_BUILD/gen" -I"$XC_TB/../rtl" -I"$XC_TB/rtl" -o "$name.vvp" "$@" || fail "iverilog $name"
    vvp -n "$name.vvp" >"$name.log" 2>&1
    cat "$name.log"
    grep -q "^$want" "$name.log" || fail "$name: no '$want' line: $(tail -n 2 "$name.log")"
}

# need TARGET: runs `make TARGET` of the top Makefile once its turn comes
# (pydeps: the Python venv build/venv; slurm-deps: the Slurm packages), so
# that make test installs them only for the tests that use them; a lock
# makes parallel tests wait for one install instead of racing.
need() {
    flock "$XC_BUILD/.need.lock" make -s -C "$XC_TB/.." BUILD="$XC_BUILD" "$1" >"need-$1.log" 2>&1 ||
        fail "make $1: $(tail -n 5 "need-$1.log")"
}

# page_dom PAGE[#HASH] OUT: the DOM of a page in the test's folder after its
# script ran (headless Chromium) into OUT; fails when it does not load or
# the page reports an error in its #errors element
page_dom() {
    chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" --dump-dom "file://$PWD/$1" \
        2>/dev/null >"$2" || fail "chromium could not load $1"
    ! grep -q '<div id="errors">' "$2" || fail "$1: the page reported an error: $(grep -o '<div id="errors">[^<]*' "$2")"
}

# rtl_model_same ARGS...: `xchg run ARGS` passes lock-step with the flat and
# the tiled router model (--rtl-model), each report names the model that
# ran, and both report the same cycles, steps, deliveries and errors
# (tb/cli/t_rtl_model*.sh)
rtl_model_same() {
    local m k
    for m in flat tiled; do
        expect_exit 0 "$XCHG" run "$@" --rtl-model $m --json --quiet
        [ "$(json_field pass out.txt)" = true ] && [ "$(json_field mismatches out.txt)" = 0 ] || fail "$m $*: $(cat out.txt)"
        grep -q "\"rtl_model\":\"$m\"" out.txt || fail "--rtl-model $m $*: the report does not say rtl_model $m"
        for k in cycles steps delivered expected duplicates router_errors; do json_field $k out.txt; done >"$m.fig"
    done
    cmp -s flat.fig tiled.fig || fail "$*: flat $(tr '\n' ' ' <flat.fig), tiled $(tr '\n' ' ' <tiled.fig)"
    echo "ok $* flat = tiled: $(tr '\n' ' ' <tiled.fig)"
}
