# SPDX-License-Identifier: MIT
# Replays every input in tb/fuzz/regress/ (crashes, hangs and memory bombs
# found by fuzzing or by hand, docs/robustness.md) through the plain CLI, the
# way a user would give it: each must end within 10 s and 1 GB with exit 0 and
# nothing on stderr, or exit 1 or 2 and exactly one line; never a crash.
# The file name's prefix says which fuzz target it belongs to:
#   sched-*   a schedule file:            xchg check FILE
#   wh-*      byte 0 ts (255: none), then a wormhole file: xchg check --ts TS
#   spec-*    a network description:      xchg bound --net TEXT, xchg latin --net TEXT --l 0
#   values-*  byte 0 the MIN (N = 2^(1 + (b & 15) % 10), wiring (b >> 4) % 5),
#             byte 1 the option (% 3: --l, --config, --inject), then its value
set -u
dir=$XC_TB/fuzz/regress
fails=0 n=0
# 1 GB of address space; not under ASan, whose shadow memory reserves terabytes
vlimit=1048576
[ -n "${XC_SANITIZED:-}" ] && vlimit=unlimited
wirings=(butterfly omega baseline rbaseline cube)

# expect NAME ARGS...: runs xchg ARGS under the limits and checks the outcome
expect() {
    local name=$1
    shift
    ( ulimit -v "$vlimit"; exec timeout -k 1 10 "$XCHG" "$@" ) >out.txt 2>err.txt
    local rc=$? lines
    lines=$(wc -l <err.txt)
    n=$((n + 1))
    if { [ "$rc" = 0 ] && [ "$lines" = 0 ]; } || { { [ "$rc" = 1 ] || [ "$rc" = 2 ]; } && [ "$lines" = 1 ]; }; then
        echo "ok   $name: exit $rc $(head -c 160 err.txt)"
    else
        echo "FAIL $name: exit $rc, $lines lines: $(head -c 300 err.txt | tr '\n' '|')"
        fails=$((fails + 1))
    fi
}

byte() { # FILE OFFSET: the unsigned value of one byte
    od -An -tu1 -j "$2" -N1 "$1" | tr -d ' '
}

for f in "$dir"/*; do
    [ -f "$f" ] || continue
    name=$(basename "$f")
    case "$name" in
    sched-*) expect "$name" check "$f" ;;
    wh-*)
        ts=$(byte "$f" 0)
        tail -c +2 "$f" >input.wh
        if [ "$ts" = 255 ]; then expect "$name" check input.wh; else expect "$name" check --ts "$ts" input.wh; fi
        ;;
    spec-*)
        text=$(tr -d '\000' <"$f")
        expect "$name (bound)" bound --net "$text"
        expect "$name (latin)" latin --net "$text" --l 0
        ;;
    values-*)
        b0=$(byte "$f" 0) b1=$(byte "$f" 1)
        net="${wirings[$(((b0 >> 4) % 5))]}:$((1 << (1 + (b0 & 15) % 10)))"
        text=$(tail -c +3 "$f" | tr -d '\000')
        case $((b1 % 3)) in
        0) expect "$name" latin --net "$net" --l "$text" ;;
        1) expect "$name" latin --net "$net" --config "$text" ;;
        *) XC_BUILD=/dev/null/x expect "$name" run --net "$net" --sim rtl --inject "$text" ;;
        esac
        ;;
    *) echo "FAIL $name: unknown prefix (sched-, wh-, spec-, values-)"; fails=$((fails + 1)) ;;
    esac
done
echo "$n replays, $fails failed"
[ "$n" -gt 0 ] && [ "$fails" = 0 ]
