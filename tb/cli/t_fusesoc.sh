# SPDX-License-Identifier: MIT
# xchg.core as a user meets it, with real FuseSoC (from `make pydeps`,
# build/venv): a git clone of this tree's last commit in the scratch folder,
# never built, added with `fusesoc library add`; every target then runs on
# Verilator and on Icarus: the lint targets without a warning, the sim
# targets replaying the committed golden vectors (PASS), sim_router on the
# network top the core's generator writes with the clone's own xchg (built
# by the generator: nothing generated is committed but what make
# fusesoc-files writes). A clone with one unused signal fails lint on it;
# one with a damaged vector file fails sim on both simulators; a generator
# whose xchg fails fails sim_router. The committed files the core needs are
# those that `make fusesoc-files` writes from this build (otherwise they
# are stale).
. "$XC_TB/lib.sh"
root=$(cd "$XC_TB/.." && pwd)
need pydeps
fusesoc=$XC_BUILD/venv/bin/fusesoc
# FuseSoC reads ~/.config and writes ~/.cache: here, only the scratch folder's
export XDG_CONFIG_HOME=$PWD/xdg/config XDG_CACHE_HOME=$PWD/xdg/cache XDG_DATA_HOME=$PWD/xdg/data
# FuseSoC's make runs as a user's would, printing its commands (not silent
# under make -s); the generator finds no xchg but the clone's
tree_xchg=$XCHG
unset MAKEFLAGS MFLAGS MAKELEVEL XCHG

git clone -q "$root" xchg || fail "git clone $root"
[ ! -e xchg/build ] || fail "the clone has a build folder"
expect_exit 0 "$fusesoc" library add xchg "$PWD/xchg"
grep -q "^location = $PWD/xchg\$" fusesoc.conf || fail "library add: $(cat fusesoc.conf)"

# run TARGET TOOL WANT [DIR]: fusesoc run in DIR (its fusesoc.conf) exits WANT.
# --tool after the core: a flow option (before it, FuseSoC ignores it for
# a flow target)
run() {
    local t=$1 tool=$2 want=$3 dir=${4:-.}
    (cd "$dir" && "$fusesoc" run --target "$t" xchg:xchg:rtl --tool "$tool") >out.txt 2>err.txt
    local rc=$?
    [ "$rc" = "$want" ] || { tail -n 30 out.txt err.txt >&2; fail "fusesoc run --target $t xchg:xchg:rtl --tool $tool: exit $rc, expected $want"; }
}

for t in lint lint_router; do
    run $t verilator 0
    grep -q '^verilator -f ' out.txt || fail "$t: verilator did not run: $(tail -n 3 out.txt)"
    ! grep -q '%Warning' out.txt err.txt || fail "$t: verilator warns: $(grep -m3 '%Warning' out.txt err.txt)"
    echo "ok fusesoc $t on verilator"
    run $t icarus 0
    grep -q '^iverilog .*-Wall' out.txt || fail "$t: iverilog did not run: $(tail -n 3 out.txt)"
    ! grep -qi 'warning' out.txt err.txt || fail "$t: iverilog warns: $(grep -m3 -i warning out.txt err.txt)"
    echo "ok fusesoc $t on icarus"
done
for tool in icarus verilator; do
    run sim $tool 0
    grep -q '^PASS butterfly:8: 87 cycles replayed, every output equal' out.txt || fail "sim $tool: $(tail -n 3 out.txt)"
    echo "ok fusesoc sim on $tool replays butterfly:8"
    run sim_router $tool 0
    grep -q '^PASS hypercube:2: 51 cycles replayed, every output equal' out.txt || fail "sim_router $tool: $(tail -n 3 out.txt)"
    echo "ok fusesoc sim_router on $tool replays hypercube:2"
done
[ -x xchg/build/xchg ] || fail "the generator did not build the clone's xchg"
[ -z "$(cd xchg && git status --porcelain --untracked-files=all -- tb rtl)" ] ||
    fail "the generator wrote into the clone's sources: $(cd xchg && git status --porcelain -- tb rtl | head -n 3)"
echo "ok fusesoc's generator writes the network top with the clone's xchg"
# every target described (FuseSoC 2.4.7's `core show` prints "<No
# description>" unless the text holds the word "description": read the file)
"$XC_BUILD/venv/bin/python" - xchg/xchg.core <<'PY' || fail "xchg.core: a target without a description"
import sys, yaml
targets = yaml.safe_load(open(sys.argv[1]))["targets"]
assert {"lint", "lint_router", "sim", "sim_router"} <= set(targets), sorted(targets)
for name, t in targets.items():
    assert name == "default" or len(t.get("description", "")) >= 20, name
PY
echo "ok fusesoc targets described"

# a flaw caught: one unused signal fails lint (a second clone, added in
# a folder of its own)
git clone -q "$root" bad/xchg || fail "git clone $root"
(cd bad && "$fusesoc" library add xchg "$PWD/xchg" >/dev/null 2>&1) || fail "library add bad/xchg"
cp bad/xchg/rtl/min/xchg_sw2x2.v sw2x2.v
sed -i 's/^endmodule/  wire stray_q;\nendmodule/' bad/xchg/rtl/min/xchg_sw2x2.v
run lint verilator 1 bad
grep -q "UNUSED" out.txt err.txt || fail "lint failed, but not on the unused signal: $(tail err.txt)"
echo "ok fusesoc lint fails on an unused signal"
# ... and one damaged flit in each vector file fails the sims
cp sw2x2.v bad/xchg/rtl/min/xchg_sw2x2.v
sed -i '60s/^./f/' bad/xchg/tb/fusesoc/min/obs.hex
sed -i '47s/^./f/' bad/xchg/tb/fusesoc/router/obs.hex
export XCHG=$tree_xchg # (the bad clone's generator takes this build's xchg)
for tool in icarus verilator; do
    run sim $tool 1 bad
    grep -q '^FAIL butterfly:8' out.txt || fail "sim $tool, damaged vectors: $(tail -n 3 out.txt)"
    run sim_router $tool 1 bad
    grep -q '^FAIL hypercube:2' out.txt || fail "sim_router $tool, damaged vectors: $(tail -n 3 out.txt)"
    echo "ok fusesoc sims on $tool fail on damaged vectors"
done
# a generator whose xchg fails: sim_router fails, naming the generator
XCHG=false run sim_router icarus 1 bad
grep -q 'xchg_pn_top' err.txt || fail "sim_router with a failing generator: $(tail -n 3 err.txt)"
echo "ok fusesoc sim_router fails when its generator does"

# the committed header and vectors are today's: what this build makes
make -s -C "$root" BUILD="$XC_BUILD" FUSESOC_OUT="$PWD/fresh" fusesoc-files >make.log 2>&1 ||
    fail "make fusesoc-files: $(tail -n 5 make.log)"
vectors() { (cd "$1" && find tb/fusesoc/min tb/fusesoc/router -type f | sort); }
for f in rtl/gen/xchg_consts.vh $(vectors fresh); do
    cmp -s "fresh/$f" "xchg/$f" || fail "$f is stale against this build: run make fusesoc-files"
done
[ "$(vectors fresh)" = "$(vectors xchg)" ] || fail "tb/fusesoc/min and router hold other files than make fusesoc-files writes"
echo "ok the core's generated files are current"
