# SPDX-License-Identifier: MIT
# --trace FILE.vcd (issue 13): the RTL's waves from a model Verilated with
# --trace (a cache configuration of its own), the golden model's as
# FILE.golden.vcd under the same names and times, and FILE.gtkw/.tcl that
# open them; on a MIN, on the routers and on a wormhole run, with and
# without --trace-window. Every VCD is read by a strict parser
# (tb/vcd_check.py) and by GTKWave's vcd2fst; the RTL's and the golden
# model's agree change by change (tb/wave_cmp.py); a run traced as VCD and
# the same run traced as FST carry the same value changes on every signal;
# a broken run's waves part just after the mismatch marker; any other
# file name is refused. (Full disks and signals: t_signal_run.)
. "$XC_TB/lib.sh"
cmp_waves() { python3 "$XC_TB/wave_cmp.py" "$@"; }

# parses FILE: the strict reader, then GTKWave's (vcd2fst must read it whole)
parses() {
    python3 "$XC_TB/vcd_check.py" "$1" >"$1.check" || fail "$1 does not parse: $(cat "$1.check")"
    vcd2fst "$1" "$1.fst" >/dev/null 2>&1 && [ -s "$1.fst" ] || fail "$1: vcd2fst cannot read it"
    [ "$(fst2vcd "$1.fst" 2>/dev/null | grep -c '^\$var')" = "$(grep -c '^ *\$var' "$1")" ] ||
        fail "$1: vcd2fst lost signals"
    rm -f "$1.fst"
}

# traced NAME FROM ARGS...: the run as VCD and as FST, in NAME/; checks
# the files, the VCD's parse, RTL against golden from FROM ps, and VCD
# against FST (RTL and golden) value change for value change
traced() {
    local name=$1 from=$2 golden=1
    shift 2
    case "$*" in *te-dc*) golden=0 ;; esac # wormhole runs: RTL waves only
    expect_exit 0 "$XCHG" run "$@" --trace "$name/t.vcd" --quiet
    expect_exit 0 "$XCHG" run "$@" --trace "$name/f/t.fst" --quiet
    [ -s "$name/t.gtkw" ] && [ -s "$name/t.tcl" ] || fail "$name: no save file: $(ls "$name")"
    grep -qx '\[dumpfile\] "t.vcd"' "$name/t.gtkw" || fail "$name: save file does not open t.vcd"
    grep -qx '\[\*\] one clock cycle = 1 ns: the rising edge of cycle c at c ns' "$name/t.gtkw" ||
        fail "$name: no time scale in the save file"
    parses "$name/t.vcd"
    cmp_waves --same "$name/t.vcd" "$name/f/t.fst" >"$name.same" ||
        { cat "$name.same" >&2; fail "$name: the RTL's VCD and FST differ"; }
    local what="RTL VCD = FST ($(tail -1 "$name.same"))"
    if [ $golden = 1 ]; then
        parses "$name/t.golden.vcd"
        cmp_waves "$name/t.vcd" "$name/t.golden.vcd" "$from" >"$name.cmp" ||
            { cat "$name.cmp" >&2; fail "$name: the RTL's and the golden model's VCD differ"; }
        cmp_waves --same "$name/t.golden.vcd" "$name/f/t.golden.fst" >"$name.gsame" ||
            { cat "$name.gsame" >&2; fail "$name: the golden model's VCD and FST differ"; }
        what="$what; golden = RTL ($(tail -1 "$name.cmp")); golden VCD = FST"
    else
        [ ! -e "$name/t.golden.vcd" ] || fail "$name: a wormhole run wrote golden waves"
    fi
    echo "ok $name: $what"
}
traced min 1000 --net butterfly:8 --l 18
traced min_window 5000 --net butterfly:8 --l 18 --trace-window 5:40
traced pn 1000 --net torus:4x4 --algo te-a1
traced pn_window 10000 --net torus:4x4 --algo te-a1 --trace-window 10:60
traced wh 1000 --net torus:8x8 --algo te-dc1 --trace-window 1:300

# the window: nothing outside cycles 5..40 (edges 4.8 ns .. 40.5 ns)
for f in min_window/t.vcd min_window/t.golden.vcd; do
    awk '/^#/ {t = substr($1, 2) + 0; if (t < 4800 || t > 40500) bad = t} END {exit bad != ""}' "$f" ||
        fail "$f: a time outside the window"
done
echo "ok --trace-window 5:40: every time in the VCDs is in 4800..40500 ps"

# its own cache configuration, beside the FST one
[ -s "$XC_BUILD/vl/min_butterfly_8_vcd/libxchg_min.so" ] || fail "no min_butterfly_8_vcd model"
ls "$XC_BUILD"/vl/pn_*/vcd/libxchg_pn.so >/dev/null 2>&1 || fail "no pn_*/vcd model"
echo "ok VCD models cached apart (min_butterfly_8_vcd, pn_*/vcd)"

# a broken switch: the two VCDs part just after the marker at 75 ns
expect_exit 1 "$XCHG" run --net butterfly:8 --l 18 --rtl-fault 1.2@75 --trace fm/t.vcd --quiet
if cmp_waves fm/t.vcd fm/t.golden.vcd 1000 >fm.cmp; then fail "the VCDs of a broken MIN run compare equal"; fi
grep -q 'at 76000, golden' fm.cmp || { cat fm.cmp >&2; fail "MIN: first difference not at the edge after the marker"; }
grep -qx 'gtkwave::setMarker 75000' fm/t.tcl || fail "MIN: marker not at 75 ns: $(cat fm/t.tcl)"
echo "ok a broken MIN run's VCDs differ from 76 ns, marker at 75 ns"
# a router that drops a flit: the links part at the marker's cycle
first=$("$XCHG" run --net torus:4x4 --algo te-ni --sim golden --json --quiet | grep -o '"first_step_cycle":[0-9]*' | cut -d: -f2)
c=$((first + 4))
expect_exit 1 "$XCHG" run --net torus:4x4 --algo te-ni --inject "drop:n5@$c" --trace fp/t.vcd --quiet
cmp_waves --first fp/t.vcd fp/t.golden.vcd 1000 >fp.cmp || fail "the VCDs of a broken router run compare equal"
grep -qx "gtkwave::setMarker $((c * 1000))" fp/t.tcl || fail "routers: marker not at $c ns: $(cat fp/t.tcl)"
t=$(sed -n 's/^first difference at \([0-9]*\): .*/\1/p' fp.cmp)
# link_flit of cycle c shows from the edge that starts it, (c-1) ns
[ "$t" = $(((c - 1) * 1000)) ] && grep -q 'u_n5\.' fp.cmp ||
    { cat fp.cmp >&2; fail "routers: first difference not at n5 from $((c - 1)) ns"; }
echo "ok a flit dropped at n5 in cycle $c: the router VCDs part at $t ps on n5, marker at $((c * 1000))"

# any other name: one line naming the option and the allowed names, exit 2, nothing written
for bad in t.txt t.VCD t.fst.gz t.vcd.txt; do
    expect_one_line_error "^xchg run: --trace 'b/$bad': the file name must end in .fst or .vcd$" \
        "$XCHG" run --net butterfly:8 --trace "b/$bad"
    [ ! -e b ] || fail "--trace b/$bad left $(ls -A b)"
done
echo "ok --trace with another extension is refused"
