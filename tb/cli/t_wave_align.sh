# SPDX-License-Identifier: MIT
# The waves of a lock-step run (issue 13): the golden model's trace and the
# RTL's agree value change by value change, at the same times, on a MIN
# and on the routers (tb/wave_cmp.py reads both through GTKWave's
# fst2vcd); the golden writer writes a value only when it changes; one
# clock cycle is 1 ns (the rising edge of cycle c at c ns), said in the
# save file; the save file names its trace relative to itself, so the
# folder can be moved. A run with a broken switch must make the
# comparison fail right after the mismatch marker.
. "$XC_TB/lib.sh"
cmp_waves() { python3 "$XC_TB/wave_cmp.py" "$@"; }

# agree: NAME ARGS... a passing lock-step run whose two traces agree from 1 ns on
agree() {
    local name=$1; shift
    expect_exit 0 "$XCHG" run "$@" --trace "$name/t.fst" --quiet
    cmp_waves "$name/t.fst" "$name/t.golden.fst" 1000 >"$name.cmp" || { cat "$name.cmp" >&2; fail "$name: the traces differ"; }
    grep -q ', 0 differences$' "$name.cmp" || fail "$name: $(tail -1 "$name.cmp")"
    fst2vcd "$name/t.golden.fst" | grep -A1 '^\$timescale' | grep -q '1ps' || fail "$name: golden timescale not 1 ps"
    # the clock's rising edges at whole nanoseconds, one a cycle
    fst2vcd "$name/t.golden.fst" | awk '/^#/ {t = substr($1, 2)} /^1!$/ {if (t % 1000) bad = 1; n++} END {exit bad || n < 10}' ||
        fail "$name: golden clock edges not at c ns"
    echo "ok $name: $(tail -1 "$name.cmp")"
}
agree min --net butterfly:8 --l 18
agree pn --net torus:4x4 --algo te-a1
agree ring --net ring:8 --algo te-ni --tables broadcast

# a broken switch: the traces differ, the first difference just after the marker at 75 ns
expect_exit 1 "$XCHG" run --net butterfly:8 --l 18 --rtl-fault 1.2@75 --trace f/t.fst --quiet
if cmp_waves f/t.fst f/t.golden.fst 1000 >f.cmp; then fail "traces of a broken run compare equal"; fi
grep -q 'at 76000, golden' f.cmp || { cat f.cmp >&2; fail "first difference not at the edge after the marker"; }
grep -qx 'gtkwave::setMarker 75000' f/t.tcl || fail "marker not at 75 ns: $(cat f/t.tcl)"
grep -q '^\*-[0-9.]* 75000 ' f/t.gtkw || fail "save file marker not at 75 ns"
echo "ok a broken run's traces differ from 76 ns, marker at 75 ns"

# the time scale is said; the trace is named relative to the save file
grep -qx '\[\*\] one clock cycle = 1 ns: the rising edge of cycle c at c ns' f/t.gtkw || fail "no time scale line"
grep -qx '\[dumpfile\] "t.fst"' f/t.gtkw || fail "dumpfile not relative: $(grep dumpfile f/t.gtkw)"
grep -qx '\[savefile\] "t.gtkw"' f/t.gtkw || fail "savefile not relative: $(grep savefile f/t.gtkw)"
mkdir -p moved/deeper && mv f moved/deeper/
d=$(sed -n 's/^\[dumpfile\] "\(.*\)"$/\1/p' moved/deeper/f/t.gtkw)
[ -s "moved/deeper/f/$d" ] || fail "after a move the save file's trace $d is not beside it"
echo "ok save file names its trace relative to itself"
