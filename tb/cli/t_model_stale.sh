# SPDX-License-Identifier: MIT
# A model whose source changed during its build is out of date afterwards.
# The model cache asks `make -q` whether a model is current
# (sim/harness/xc_model_cache.c), and make compares file dates: a library
# dated at the end of its build looked newer than a Verilog file saved
# while Verilator ran, so the next run used a model of the old source.
# sim/Makefile now dates each library from its build's start.
# The check runs the MIN and router rules of a copy of sim/ and rtl/ (this
# test must not touch the tree other tests build from) with a stand-in
# verilator that saves a source file mid-build, then writes the library:
#  - after such a build, `make -q` says "rebuild" (exit 1);
#  - after a build during which nothing changed, "current" (exit 0), so
#    the first answer is not just "always rebuild";
#  - another Verilator (the stand-in's --version changes) makes it out of
#    date too: its generated code and runtime are those of another version.
. "$XC_TB/lib.sh"
src=$XC_TB/..
mkdir -p tree/gen bin vl_min vl_pn
cp -r "$src/rtl" "$src/sim" tree/
cp "$XC_BUILD/gen/xchg_consts.vh" tree/gen/
: >params.vc
: >vl_pn/xchg_pn_top.v

# the stand-in: with XC_EDIT=FILE it saves FILE as Verilator "runs" (after
# the kernel's coarse file clock has moved on from the build's start),
# then writes the library named by -o into the -Mdir folder
cat >bin/verilator <<'STANDIN'
#!/bin/sh
[ "$1" = --version ] && { echo "Verilator ${XC_VL_VERSION:-5.006}"; exit 0; }
mdir=; lib=; prev=
for a in "$@"; do
    [ "$prev" = -Mdir ] && mdir=$a
    [ "$prev" = -o ] && lib=$a
    prev=$a
done
if [ -n "${XC_EDIT:-}" ]; then sleep 0.1; touch "$XC_EDIT"; fi
sleep 0.1
echo model >"$mdir/$lib"
# without --build (the MIN rule compiles the C++ itself, in groups): the
# makefiles it then reads, with nothing left to do
case " $* " in
*" --build "*) ;;
*) printf '%s:\n' "$lib" >"$mdir/Vxchg_min_dv.mk"; : >"$mdir/Vxchg_min_dv_classes.mk" ;;
esac
STANDIN
chmod +x bin/verilator
export PATH=$PWD/bin:$PATH

# model RULE VL_DIR [make args...]: make's arguments for one model
model() {
    local rule=$1 dir=$2; shift 2
    echo -C tree/sim "$rule" BUILD="$PWD/tree" VL_DIR="$PWD/$dir" "$@"
}
for m in "min vl_min PARAMS=$PWD/params.vc rtl/min/xchg_sw2x2.v" \
         "pn vl_pn PN_TOP=$PWD/vl_pn/xchg_pn_top.v rtl/pn/xchg_pn_saf.v"; do
    set -- $m
    rule=$1 dir=$2 arg=$3 edit=$PWD/tree/$4
    XC_EDIT=$edit make -s $(model "$rule" "$dir" "$arg") >"$rule.log" 2>&1 || { cat "$rule.log"; fail "$rule: stand-in build"; }
    [ -s "$dir/libxchg_$rule.so" ] || fail "$rule: no library after the build"
    make -q --no-print-directory $(model "$rule" "$dir" "$arg") && fail "$rule: $4 saved during the build, yet make -q calls the model current"
    make -s $(model "$rule" "$dir" "$arg") >"$rule.log" 2>&1 || { cat "$rule.log"; fail "$rule: second build"; }
    make -q --no-print-directory $(model "$rule" "$dir" "$arg") || fail "$rule: nothing changed during the second build, yet make -q wants a rebuild"
    echo "$rule: a source saved mid-build makes the model out of date; an untouched build is current"
    XC_VL_VERSION=5.048 make -q --no-print-directory $(model "$rule" "$dir" "$arg") &&
        fail "$rule: built by Verilator 5.006, yet make -q calls the model current for 5.048"
    XC_VL_VERSION=5.048 make -s $(model "$rule" "$dir" "$arg") >"$rule.log" 2>&1 || { cat "$rule.log"; fail "$rule: 5.048 build"; }
    XC_VL_VERSION=5.048 make -q --no-print-directory $(model "$rule" "$dir" "$arg") ||
        fail "$rule: rebuilt by 5.048, yet make -q wants another build"
    echo "$rule: a model another Verilator built is out of date"
done
