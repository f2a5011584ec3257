#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Cross-simulator check (make xsim): each MIN case runs once in lock-step
# (Verilator RTL against the golden model, every cycle), which also writes
# the golden vectors; Icarus Verilog then replays the same vectors on the
# same RTL (tb/rtl/xchg_min_replay_tb.v). Both compare every output of every
# cycle with the golden model, so any difference between Verilator and
# Icarus fails the case. Prints a table; exit 1 if any case fails.
# The same for product networks of routers (tb/rtl/xchg_pn_replay_tb.v, on the
# network top the run generated).
#   tb/xsim.sh BUILD [CASE ...]     (default: the lists below)
# CASE: TOPOLOGY:N:MODE:L for a MIN (butterfly:8:xor:18), or
#       NET/ALGO/TABLES for a product network (torus:4x4/te-a1/pernode)
set -u
set -f   # cases like ring:4*complete:3/mnb are not file patterns
build=$(cd "${1:-build}" && pwd); shift || true
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
xchg="$build/xchg"
export XC_BUILD="$build"
cases=${*:-"torus:4x4/te-a1/pernode torus:4x4/te-ni/broadcast hypercube:4/te-a2/pernode
  mesh:3x3/te-a1/pernode ring:4*complete:3/mnb/pernode
  butterfly:2:xor:0 butterfly:4:xor:3 butterfly:8:xor:18 butterfly:8:table:235
  butterfly:16:self:0 omega:16:xor:7 baseline:32:table:5 rbaseline:32:xor:11
  cube:32:self:0 omega:64:xor:63 cube:64:table:1"}
# routers: the units (rtl/pn) and their simulation shells (rtl/dv)
pn_rtl="$(find "$root/rtl/pn" -name '*.v' | sort) $root/rtl/dv/xchg_router_dv.v $root/rtl/dv/xchg_pn_ctrl_dv.v"
min_rtl="$root/rtl/min/xchg_min_top.v $root/rtl/min/xchg_banyan.v $root/rtl/min/xchg_sw2x2.v $root/rtl/min/xchg_msg_mem.v $root/rtl/dv/xchg_min_faults.v $root/rtl/dv/xchg_sw2x2_dv.v"
out="$build/xsim"
mkdir -p "$out"
pass=0 fail=0
fmt='%-20s %-18s %7s  %-22s %-22s %s\n'
printf "$fmt" network "mode / algo" cycles "verilator (lock-step)" "icarus (replay)" verdict
for c in $cases; do
    case $c in
    */*)  # a product network
        IFS=/ read -r net algo tables <<<"$c"
        tables=${tables:-pernode}
        mode="$algo $tables" dir="$out/pn_$(echo "$net" | tr ':*' '__')_${algo}_$tables"
        rm -rf "$dir"
        "$xchg" run --net "$net" --algo "$algo" --tables "$tables" --sim lockstep \
            --vectors "$dir" --json --quiet >"$out/run.json" 2>"$out/run.err"
        rc=$?
        tb=xchg_pn_replay_tb.v rtl_files="$dir/xchg_pn_top.v $pn_rtl" ;;
    *)
        IFS=: read -r topo n mode l <<<"$c"
        net="$topo:$n" dir="$out/${topo}_${n}_${mode}_$l"
        rm -rf "$dir"
        "$xchg" run --net "$net" --mode "$mode" --l "$l" --sim lockstep --vectors "$dir" --json --quiet \
            >"$out/run.json" 2>"$out/run.err"
        rc=$?
        mode="$mode l=$l" tb=xchg_min_replay_tb.v rtl_files=$min_rtl ;;
    esac
    vl="FAIL (exit $rc)"
    grep -q '"mismatches":0,' "$out/run.json" && [ "$rc" = 0 ] && vl="PASS"
    cyc=$(grep -o '"sim_cycles":[0-9]*' "$out/run.json" | cut -d: -f2)
    iv="FAIL (no vectors)"
    if [ -f "$dir/vectors.vh" ]; then
        if iverilog -g2012 -I"$build/gen" -I"$dir" -I"$root/rtl" -I"$here/rtl" -o "$dir/replay.vvp" \
               "$here/rtl/$tb" $rtl_files >"$dir/iverilog.log" 2>&1; then
            vvp -n "$dir/replay.vvp" +vectors="$dir" +max_report=4 >"$dir/replay.log" 2>&1
            vrc=$?   # the bench ends with $fatal on FAIL: both the exit and the line count
            if [ "$vrc" = 0 ] && grep -q '^PASS' "$dir/replay.log"; then iv=PASS; else iv="FAIL (exit $vrc)"; fi
        else
            iv="FAIL (compile)"
        fi
    fi
    verdict=FAIL
    [ "$vl" = PASS ] && [ "$iv" = PASS ] && verdict=agree
    printf "$fmt" "$net" "$mode" "${cyc:-?}" "$vl" "$iv" "$verdict"
    if [ "$verdict" = agree ]; then
        pass=$((pass + 1))
        rm -f "$dir/obs.hex" "$dir/replay.vvp"   # the big files; keep the logs
    else
        fail=$((fail + 1))
        [ "$vl" = PASS ] || sed 's/^/    | /' "$out/run.err"
        [ -f "$dir/replay.log" ] && grep -v '^VCD' "$dir/replay.log" | sed 's/^/    | /'
        [ -f "$dir/iverilog.log" ] && sed 's/^/    | /' "$dir/iverilog.log"
    fi
done
echo "xsim: $pass cases agree, $fail differ"
[ "$fail" = 0 ]
