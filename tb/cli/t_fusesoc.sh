# SPDX-License-Identifier: MIT
# xchg.core with real FuseSoC (from `make pydeps`, build/venv): the lint
# targets (verilator --lint-only -Wall) pass on the RTL and fail on a copy
# with one unused signal; the Icarus sim target replays golden vectors
# (PASS) and fails on a damaged vector file (the bench's $fatal).
. "$XC_TB/lib.sh"
root=$(cd "$XC_TB/.." && pwd)
need pydeps
fusesoc=$XC_BUILD/venv/bin/fusesoc
[ "$root/build" = "$(cd "$XC_BUILD" && pwd)" ] || fail "xchg.core reads build/gen: XC_BUILD must be $root/build"
for t in lint lint_router; do
    expect_exit 0 "$fusesoc" --cores-root "$root" run --target $t xchg:xchg:rtl
    echo "ok fusesoc $t"
done

# a tree of our own: the same core and RTL, one flaw or one vector folder
copy() { mkdir -p "$1/build" "$1/tb"; cp -R "$root/xchg.core" "$root/rtl" "$1/"; cp -R "$root/tb/rtl" "$1/tb/"
         cp -R "$XC_BUILD/gen" "$1/build/"; }
copy bad
sed -i 's/^endmodule/  wire stray_q;\nendmodule/' bad/rtl/min/xchg_sw2x2.v
expect_exit 1 "$fusesoc" --cores-root bad run --target lint xchg:xchg:rtl
grep -q "UNUSED" out.txt err.txt || fail "lint failed, but not on the unused signal: $(tail err.txt)"
echo "ok fusesoc lint fails on an unused signal"

copy t
expect_exit 0 "$XCHG" run --net butterfly:8 --l 18 --sim golden --vectors t/build/fusesoc/vectors --quiet
expect_exit 0 "$fusesoc" --cores-root t run --target sim xchg:xchg:rtl --vectors="$PWD/t/build/fusesoc/vectors"
grep -q '^PASS butterfly:8: 87 cycles replayed' out.txt || fail "sim: $(tail out.txt)"
echo "ok fusesoc sim (Icarus) replays the vectors"
sed -i '60s/^./f/' t/build/fusesoc/vectors/obs.hex
expect_exit 1 "$fusesoc" --cores-root t run --target sim xchg:xchg:rtl --vectors="$PWD/t/build/fusesoc/vectors"
grep -q '^FAIL butterfly:8' out.txt || fail "damaged vectors: $(tail out.txt)"
echo "ok fusesoc sim fails on damaged vectors"
