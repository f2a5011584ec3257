# SPDX-License-Identifier: MIT
# --tables rom: one model per configuration in the shared cache, but each
# run's own ROM image: the run writes it into its back-door folder and
# names it with +xchg_rom=FILE (sim/harness/xc_dut_pn.h), no process-wide
# descriptor, so parallel runs never read each other's image or one being
# rewritten, and no image file is left behind. (Only te-ni is node-invariant on the
# networks xchg builds, so runs that share a ROM model today run the same
# schedule; the image is private to the run whatever it holds.)
. "$XC_TB/lib.sh"
net=ring:8
run_rom() { "$XCHG" run --net $net --algo te-ni --tables rom --json --quiet "$@"; }
run_rom >first.json 2>first.err || { cat first.err >&2; fail "first run: exit $?"; }
dir=$(dirname "$(find "$XC_BUILD/vl" -path "*pn_ring-8_*_rom*" -name xchg_pn_top.v | head -n1)")
grep -q 'BcastInit("")' "$dir/xchg_pn_top.v" || fail "the ROM top names an image of its own: $(grep -o 'BcastInit([^)]*)' "$dir/xchg_pn_top.v")"
! grep -rq '/proc/self/fd' "$dir/xchg_pn_top.v" "$XC_TB/../rtl/dv" || fail "a model reads a descriptor by number"
# four at once, then one of them golden-only beside two lock-step runs
for i in 1 2 3 4; do run_rom >r$i.json 2>r$i.err & done
wait
run_rom --sim golden >r5.json 2>r5.err & run_rom >r6.json 2>r6.err & run_rom --sim rtl >r7.json 2>r7.err &
wait
for i in 1 2 3 4 5 6 7; do
    [ "$(json_field pass r$i.json)" = true ] || fail "run $i: $(cat r$i.err r$i.json)"
    [ ! -s r$i.err ] || fail "run $i wrote to stderr: $(cat r$i.err)"
done
# (an image of a run still going on, in a test beside this one, is not
# left behind)
for f in $(find "$XC_BUILD/vl" "$XC_BUILD/load" -name 'bcast_rom*' 2>/dev/null); do
    p=${f%/bcast_rom*}
    p=${p##*/}
    kill -0 "$p" 2>/dev/null || [ ! -e "$f" ] || fail "ROM images left behind: $f"
done
echo "ok 7 parallel ROM runs pass, each with its own image, none left behind"
