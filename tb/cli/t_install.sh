# SPDX-License-Identifier: MIT
# make install PREFIX=…: the installed xchg runs a lock-step exchange from
# another folder, building its model from PREFIX/share/xchg (not from the
# source tree) into the user cache ($XDG_CACHE_HOME/xchg); its .gtkw files
# name the installed flit filter, which runs; every command has its man
# page, and they render. Programs built against the installed library:
# t_cxx (C and C++, shared and static, and make uninstall).
. "$XC_TB/lib.sh"
root=$(cd "$XC_TB/.." && pwd)
prefix=$PWD/inst
expect_exit 0 make -s -C "$root" install PREFIX="$prefix" BUILD="$XC_BUILD"
for f in bin/xchg lib/libxchg.so lib/libxchg.so.0 lib/libxchg.a lib/pkgconfig/xchg.pc include/xchg/xc_topo.h \
         include/xchg/xc_consts.def share/man/man1/xchg.1 share/man/man1/xchg-run.1 \
         share/xchg/sim/Makefile share/xchg/sim/xchg_pn.vlt share/xchg/sim/xchg_pn.vc share/xchg/sim/shim/xchg_min_shim.cpp share/xchg/rtl/min/xchg_sw2x2.v \
         share/xchg/sim/wave/xchg-flit-filter share/xchg/gen/xchg_consts.vh; do
    [ -e "$prefix/$f" ] || fail "not installed: $f"
done
echo "ok installed"

# the installed binary, from elsewhere, with the default cache
mkdir -p elsewhere && cd elsewhere
(
    unset XC_BUILD
    export XDG_CACHE_HOME=$PWD/cache
    expect_exit 0 "$prefix/bin/xchg" run --net butterfly:4 --sim lockstep --json
    [ "$(json_field pass out.txt)" = true ] || fail "installed run: $(cat out.txt)"
    m=cache/xchg/vl/min_butterfly_4
    [ -s $m/stamp ] && [ -s $m/libxchg_min.so ] || fail "no model in the user cache"
    grep -q "\"$prefix/share/xchg/rtl/min/xchg_sw2x2.v\"" $m/obj/Vxchg_min_dv__verFiles.dat ||
        fail "the model was not built from the installed RTL"
    grep -q "\"$root/" $m/obj/Vxchg_min_dv__verFiles.dat && fail "the model read the source tree"
    expect_exit 0 "$prefix/bin/xchg" run --net butterfly:4 --sim lockstep --trace w.fst --quiet
    grep -q "$prefix/share/xchg/sim/wave/xchg-flit-filter" w.gtkw || fail ".gtkw does not name the installed filter"
    [ "$(echo 0 | "$prefix/share/xchg/sim/wave/xchg-flit-filter")" = "$(echo 0 | "$XCHG" gtkw-filter)" ] ||
        fail "the installed flit filter does not run"
    # routers: their Verilator configuration (sim/xchg_pn.vlt) is installed too
    expect_exit 0 "$prefix/bin/xchg" run --net ring:4 --algo te-ni --sim lockstep --json
    [ "$(json_field pass out.txt)" = true ] || fail "installed router run: $(cat out.txt)"
    # a user's network: the noc shim is installed too
    cp "$XC_TB/own/noc/xbar_noc.v" .
    expect_exit 0 "$prefix/bin/xchg" run --net complete:4 --algo te-a1 --rtl-noc xbar_noc.v --json
    [ "$(json_field pass out.txt)" = true ] || fail "installed --rtl-noc run: $(cat out.txt)"
    # a user's switch: its `include "xchg_consts.vh"` from the installed tree
    cp "$XC_TB/own/switch/alt_sw2x2.v" .
    expect_exit 0 "$prefix/bin/xchg" run --net butterfly:4 --rtl-switch alt_sw2x2.v --json
    [ "$(json_field pass out.txt)" = true ] || fail "installed --rtl-switch run: $(cat out.txt)"
    u=$(ls -d cache/xchg/vl/min_butterfly_4_u*) || fail "no model of the user's switch in the user cache"
    ! grep -q "\"$root/" "$u"/obj/*__verFiles.dat || fail "the user's switch model read the source tree"
) || exit 1
echo "ok installed run from another folder, model in \$XDG_CACHE_HOME/xchg"

man -l "$prefix/share/man/man1/xchg.1" >man.txt 2>&1 || fail "man -l xchg.1: $(cat man.txt)"
grep -q "xchg - verify and teach" man.txt || fail "xchg.1: $(head man.txt)"
grep -q "XDG_CACHE_HOME" man.txt || fail "xchg.1 has no ENVIRONMENT section"
MANPATH=$prefix/share/man man xchg-run >man-run.txt 2>&1 || fail "man xchg-run"
grep -q -- "--net" man-run.txt || fail "xchg-run.1 lacks the run options"
# a page for every command the binary lists
cmds=$("$prefix/bin/xchg" --help | awk '/^commands:/ {f = 1; next} f && /^  [a-z]/ {print $1} f && /^$/ {exit}')
[ "$(echo "$cmds" | wc -w)" -ge 16 ] || fail "xchg --help lists only: $cmds"
for c in $cmds; do
    [ -s "$prefix/share/man/man1/xchg-$c.1" ] || fail "no man page for xchg $c"
done
MANPATH=$prefix/share/man man xchg-sweep >man-sweep.txt 2>&1 && grep -q -- "--jobs\|-j" man-sweep.txt || fail "man xchg-sweep"
MANPATH=$prefix/share/man man xchg-show >man-show.txt 2>&1 && grep -q -- "--net" man-show.txt || fail "man xchg-show"
echo "ok man pages, one for each of the $(echo "$cmds" | wc -w) commands"

