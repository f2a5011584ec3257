#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make synth: Yosys (synth_ice40), nextpnr-ice40 and icepack for each
# design, then gate-level replay: the netlist Yosys wrote, simulated on
# Icarus Verilog with Yosys's ice40/cells_sim.v, against the golden
# vectors, next to the RTL. Prints one table row per design.
#   constraints/synth.sh BUILD [DESIGN ...]
# DESIGN (default: all of them):
#   board:NET:L        rtl/fpga/xchg_fpga_min_board.v for the iCEBreaker (iCE40UP5K,
#                      12 MHz): the host-less exchange, placed, routed, timed,
#                      packed; its core's netlist replayed against the golden
#                      deliveries, the board netlist checked from its pins
#   min_top:NET:L      rtl/min/xchg_min_top.v (the bus-driven MIN the host runs):
#                      synthesized only (its observation ports need more pins
#                      than any package has), its netlist replays the full
#                      golden bus vectors
#   pn_top:NET/ALGO/TABLES[/bram]  the generated network of routers (xchg_pn_top,
#                      rtl/pn/*.v: xchg_router and its units, xchg_pn_ctrl) of that run:
#                      synthesized only, its netlist replays the golden vectors;
#                      bram: its routers' block-RAM path (Bram = 1; single-port
#                      broadcast tables only, e.g. te-ni/broadcast). A second
#                      line gives the LUTs per router: the top's less the
#                      controller's (synthesized alone), divided by the nodes
#   torus:AxB | torus:N rtl/fpga/xchg_fpga_torus_board.v for the iCEBreaker: the
#                      host-less exchange on a torus of routers (te-ni, its
#                      step table a ROM written by `xchg rtl-net --table-hex`),
#                      placed, routed, timed, packed; the netlists of its core
#                      and of the board simulated as the RTL is. Options after
#                      the net, each after a '/': hx8k (the iCE40-HX8K
#                      Breakout Board instead), nobram (routers without block
#                      RAM: xchg_pn_top's Bram = 0)
set -u
build=$(cd "${1:-build}" && pwd); shift || true
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
xchg="$build/xchg"
designs=${*:-"board:butterfly:8:18 board:omega:16:7 min_top:butterfly:8:18 pn_top:ring:4/te-a1/pernode pn_top:ring:4/te-ni/broadcast/bram torus:6 torus:4x4/hx8k"}
out="$build/synth"
mkdir -p "$out"
cells="$(yosys-config --datdir 2>/dev/null || echo /usr/share/yosys)/ice40/cells_sim.v"
[ -f "$cells" ] || { echo "synth: cannot find Yosys's ice40/cells_sim.v"; exit 2; }
rtl="$root/rtl"
# the routers: synthesis reads the units only; the RTL replays add the
# simulation shells (rtl/dv), which the generated top takes without SYNTHESIS
pn_syn=$(find "$rtl/pn" -name '*.v' | sort | tr '\n' ' ')
pn_dv="$rtl/dv/xchg_router_dv.v $rtl/dv/xchg_pn_ctrl_dv.v"
fails=0

# vh NAME: the value of `define XV_NAME in the vectors of the current design
vh() { grep "define XV_$1 " "$d/vec/vectors.vh" | awk '{print $3}'; }

# yosys_run TOP PARAMS OUT.json|- OUT_syn.v FILES...: synth_ice40, stats in $d/TOP.stat
# ($yosys_pre: commands to run before synth_ice40)
yosys_run() {
    local top=$1 params=$2 json=$3 netlist=$4; shift 4
    local jopt=""; [ "$json" = - ] || jopt="-json $json"
    yosys -q -l "$d/$top.yosys.log" -p "read_verilog -sv -DSYNTHESIS -I$rtl -I$build/gen $*;
        ${params:+chparam $params $top;} ${yosys_pre:-} synth_ice40 -top $top $jopt; rename -top $top;
        write_verilog -noattr $netlist; tee -o $d/$top.stat stat" >/dev/null 2>&1
}
count() { awk -v c="$1" '$1 ~ c { n += $2 } END { print n + 0 }' "$2"; }

# pnr STAT: the cell counts of a board design, then nextpnr-ice40 for the
# iCEBreaker and icepack; sets lut, ff, bram, fmax, fits ("no (N/5280 LC)"
# when placement fails for size)
pnr() {
    lut=$(count '^SB_LUT4$' "$1") ff=$(count '^SB_DFF' "$1") bram=$(count '^SB_RAM40_4K' "$1")
    if nextpnr-ice40 $pnr_dev --pcf "$pcf" \
           --json "$d/board.json" --asc "$d/board.asc" --freq $target -q -l "$d/nextpnr.log" \
           >/dev/null 2>&1 && icepack "$d/board.asc" "$d/board.bin"; then
        fmax=$(grep 'Max frequency for clock' "$d/nextpnr.log" | tail -n 1 | sed 's/.*: \([0-9.]*\) MHz.*/\1/')
        lc=$(grep 'ICESTORM_LC:' "$d/nextpnr.log" | tail -n 1 | awk '{print $3}' | tr -d /)
        fits=yes
        awk -v f="$fmax" -v t="$target" 'BEGIN { exit !(f >= t) }' || fits="no (timing)"
        lut="$lut ($lc LC)"
    else
        fits=no
        lc=$(grep -o 'ICESTORM_LC: *[0-9]*/ *[0-9]*' "$d/nextpnr.log" 2>/dev/null | tail -n 1 | tr -d ' ')
        [ -n "$lc" ] && fits="no (${lc#ICESTORM_LC:} LC)"
    fi
}

# per_router TOP.v BRAM: xchg_pn_ctrl alone with the parameters of the
# generated top; sets per_line, the LUTs and FFs per router (the top's
# less the controller's, divided by the nodes) and the controller's
per_router() {
    local np sw dp nodes
    read -r nodes np sw dp < <(sed -n 's/.*localparam integer Nodes = \([0-9]*\), NPorts = \([0-9]*\), Slots = [0-9]*, SlotW = \([0-9]*\), Depth = \([0-9]*\);.*/\1 \2 \3 \4/p' "$1")
    per_line="    per router: ? (controller not synthesized)"
    yosys_run xchg_pn_ctrl "-set Nodes $nodes -set NPorts $np -set SlotW $sw -set Depth $dp -set Ahead $2" - \
        "$d/ctrl_syn.v" "$rtl/pn/xchg_pn_ctrl.v" "$rtl/pn/xchg_pn_dec.v" || return 0
    local cl cf
    cl=$(count '^SB_LUT4$' "$d/xchg_pn_ctrl.stat") cf=$(count '^SB_DFF' "$d/xchg_pn_ctrl.stat")
    per_line=$(awk -v l="$lut" -v f="$ff" -v cl="$cl" -v cf="$cf" -v n="$nodes" 'BEGIN {
        printf "    per router: %d LUTs, %d FFs ((%d - %d controller LUTs) / %d nodes; controller %d FFs)",
               (l - cl) / n + 0.5, (f - cf) / n + 0.5, l, cl, n, cf }')
}

# sim NAME TB DEFINES FILES...: compiles and runs a bench, prints PASS or FAIL
sim() {
    local name=$1 tb=$2 defs=$3; shift 3
    if iverilog -g2012 $defs -DNO_ICE40_DEFAULT_ASSIGNMENTS -I"$build/gen" -I"$d/vec" -I"$rtl" -I"$root/tb/rtl" \
           -o "$d/$name.vvp" "$root/tb/rtl/$tb" "$@" >"$d/$name.iverilog.log" 2>&1 &&
       vvp -n "$d/$name.vvp" +vectors="$d/vec" >"$d/$name.log" 2>&1 &&
       grep -q '^PASS' "$d/$name.log"; then echo PASS
    else echo FAIL; fi
}

# replay NAME TB DEFINES NETLIST FILES...: a bench on the RTL (FILES) and
# on the netlist Yosys wrote (DEFINES and -DXCHG_GATE); sets rtl_r, gate_r
replay() {
    local name=$1 tb=$2 defs=$3 netlist=$4; shift 4
    rtl_r=$(sim "${name}_rtl" "$tb" "$defs" "$@")
    gate_r=$(sim "${name}_gate" "$tb" "$defs -DXCHG_GATE" "$netlist" "$cells")
}

# replay_board CORE_TB DEFINES SHELL CORE_FILES...: the board bench on the
# board's $files and the core's bench on CORE_FILES, both with the
# simulation SHELL; rtl_r and gate_r say PASS where both benches pass
replay_board() {
    local tb=$1 defs=$2 shell=$3 r2 g2; shift 3
    replay board xchg_fpga_board_tb.v "$defs" "$d/board_syn.v" $files $shell
    r2=$rtl_r g2=$gate_r
    replay core "$tb" "$defs" "$d/core_syn.v" "$@" $shell
    [ "$r2" = PASS ] || rtl_r=FAIL
    [ "$g2" = PASS ] || gate_r=FAIL
}

fmt='%-20s %-16s %-18s %-15s %5s %5s %8s %6s %-5s %s\n'
printf "$fmt" design network device "LUTs (LCs)" FFs BRAMs "Fmax MHz" target fits "replay RTL / gate-level"
set -f   # designs like pn_top:ring:4*complete:3/mnb are not file patterns
for des in $designs; do
    kind=${des%%:*}
    if [ "$kind" = pn_top ]; then
        IFS=/ read -r net algo tables popt <<<"${des#*:}"
        label="$net $algo${popt:+ $popt}"
        d="$out/pn_$(echo "$net" | tr ':*' '__')_$algo${popt:+_$popt}"
        golden=(--net "$net" --algo "$algo" --tables "${tables:-pernode}")
    elif [ "$kind" = torus ]; then
        IFS=/ read -r net topts <<<"$des"
        label="$net te-ni"
        d="$out/torus_$(echo "${des#*:}" | tr ':*/' '___')"
        golden=(--net "$net" --algo te-ni --tables rom)   # no --vectors with a ROM
    else
        IFS=: read -r topo n l <<<"${des#*:}"
        d="$out/${kind}_${topo}_$n"
        golden=(--net "$topo:$n" --l "$l" --mode xor)
        label="$topo:$n"
    fi
    rm -rf "$d"; mkdir -p "$d"
    vec=(--vectors "$d/vec"); [ "$kind" = torus ] && vec=()
    if ! "$xchg" run "${golden[@]}" --sim golden "${vec[@]}" --quiet >"$d/golden.log" 2>&1; then
        echo "synth: $des: the golden run failed: $(tail -n 1 "$d/golden.log")"; fails=$((fails + 1)); continue
    fi
    min_params=""
    if [ "$kind" != torus ]; then
        wiring=$(vh WIRING) route=$(vh ROUTEBITS) cfg0=$(vh CFG0) logn=$(vh LOGN) topology=$(vh TOPOLOGY)
        min_params="-set LogN $logn -set Wiring $wiring -set RouteBits $route"
    fi
    core_rtl="$rtl/min/xchg_banyan.v $rtl/min/xchg_sw2x2.v"
    min_dv="$rtl/dv/xchg_min_faults.v $rtl/dv/xchg_sw2x2_dv.v" # the RTL replays simulate the fault slots' shell too
    lut=- ff=- bram=- fmax=- target=- fits=- rtl_r=- gate_r=- yosys_pre="" per_line=""
    pnr_dev="--up5k --package sg48" pcf="$here/icebreaker/icebreaker.pcf"
    case $kind in
    board)
        name=xchg_fpga_min_board device=iCE40UP5K-SG48 target=12
        files="$rtl/fpga/xchg_fpga_min_board.v $rtl/fpga/xchg_fpga_min.v $rtl/fpga/xchg_uart_tx.v $core_rtl"
        if yosys_run xchg_fpga_min_board "$min_params -set Cfg0 $cfg0" "$d/board.json" "$d/board_syn.v" $files &&
           yosys_run xchg_fpga_min "$min_params -set Cfg0 $cfg0" - "$d/core_syn.v" "$rtl/fpga/xchg_fpga_min.v" $core_rtl; then
            pnr "$d/xchg_fpga_min_board.stat"
            replay_board xchg_fpga_min_tb.v "" "$min_dv" "$rtl/fpga/xchg_fpga_min.v" $core_rtl
        else
            fits="no (yosys)"
        fi ;;
    min_top)
        name=xchg_min_top device="iCE40 (synth only)"
        files="$rtl/min/xchg_min_top.v $rtl/min/xchg_msg_mem.v $core_rtl"
        if yosys_run xchg_min_top "$min_params -set Topology $topology" "$d/min.json" "$d/min_syn.v" $files; then
            st="$d/xchg_min_top.stat"
            lut=$(count '^SB_LUT4$' "$st") ff=$(count '^SB_DFF' "$st") bram=$(count '^SB_RAM40_4K' "$st")
            fits="n/a"
            replay min xchg_min_replay_tb.v "" "$d/min_syn.v" $files $min_dv
        else
            fits="no (yosys)"
        fi ;;
    pn_top)
        name=xchg_pn_top device="iCE40 (synth only)" pbram=0 pdefs=""
        case ${popt:-} in
        "") ;;
        bram) pbram=1 pdefs=-DXCHG_PN_BRAM ;;
        *) echo "synth: unknown option '$popt' in '$des' (bram)"; exit 2 ;;
        esac
        files="$d/vec/xchg_pn_top.v $pn_syn"
        if yosys_run xchg_pn_top "-set Bram $pbram" - "$d/pn_syn.v" $files; then
            st="$d/xchg_pn_top.stat"
            lut=$(count '^SB_LUT4$' "$st") ff=$(count '^SB_DFF' "$st") bram=$(count '^SB_RAM40_4K' "$st")
            fits="n/a"
            per_router "$d/vec/xchg_pn_top.v" "$pbram"
            replay pn xchg_pn_replay_tb.v "$pdefs" "$d/pn_syn.v" $files $pn_dv
        else
            fits="no (yosys)"
        fi ;;
    torus)
        # the step table as a ROM image, from the same schedule as the golden
        # run; the network generated for it (docs/fpga.md)
        name=xchg_fpga_torus_board device=iCE40UP5K-SG48 target=12 brd="" tbram=1
        for o in ${topts//\// }; do
            case $o in
            hx8k) device=iCE40HX8K-CT256 pnr_dev="--hx8k --package ct256"
                  pcf="$here/hx8k-breakout/hx8k-breakout.pcf" brd="-set LedActiveLow 0" label="$label hx8k" ;;
            nobram) tbram=0 label="$label nobram" ;;
            *) echo "synth: unknown option '$o' in '$des' (hx8k, nobram)"; exit 2 ;;
            esac
        done
        "$xchg" rtl-net --net "$net" --algo te-ni --table-hex "$d/bcast.hex" >/dev/null &&
        steps=$(head -n 1 "$d/bcast.hex" | awk '{print $3}' | tr -d :) &&
        "$xchg" rtl-net --net "$net" --depth "$steps" --tables broadcast --bcast-init "$d/bcast.hex" \
            --out "$d/xchg_pn_top.v" || { echo "synth: $des: xchg rtl-net failed"; fails=$((fails + 1)); continue; }
        nodes=$(sed -n 's/.*localparam integer Nodes = \([0-9]*\), NPorts = \([0-9]*\).*/\1/p' "$d/xchg_pn_top.v")
        nports=$(sed -n 's/.*localparam integer Nodes = \([0-9]*\), NPorts = \([0-9]*\).*/\2/p' "$d/xchg_pn_top.v")
        dims=${net#*:}; dim0=${dims##*x}   # the last size has stride 1 (sw/pn/xc_topo.c)
        # Yosys 0.23's fsm_extract walks each router's error register (first_q)
        # with its ~40 control bits for many minutes: keep it a register
        yosys_pre="hierarchy -top xchg_fpga_torus_board; setattr -set fsm_encoding \"none\" w:first_q;"
        tparams="-set Nodes $nodes -set Dim0 $dim0 -set NPorts $nports -set Steps $steps -set Bram $tbram"
        tdefs="-DXCHG_TORUS -DXCHG_TORUS_NODES=$nodes -DXCHG_TORUS_DIM0=$dim0 -DXCHG_TORUS_NPORTS=$nports -DXCHG_TORUS_STEPS=$steps"
        tdefs="$tdefs -DXCHG_TORUS_BRAM=$tbram${brd:+ -DXCHG_BOARD_LED_HIGH}"
        net_rtl="$d/xchg_pn_top.v $pn_syn"
        files="$rtl/fpga/xchg_fpga_torus_board.v $rtl/fpga/xchg_fpga_torus.v $rtl/fpga/xchg_uart_tx.v $net_rtl"
        if yosys_run xchg_fpga_torus_board "$tparams $brd" "$d/board.json" "$d/board_syn.v" $files &&
           yosys_pre=${yosys_pre/_board/} yosys_run xchg_fpga_torus "$tparams" - "$d/core_syn.v" "$rtl/fpga/xchg_fpga_torus.v" $net_rtl; then
            pnr "$d/xchg_fpga_torus_board.stat"
            replay_board xchg_fpga_torus_tb.v "$tdefs" "$pn_dv" "$rtl/fpga/xchg_fpga_torus.v" $net_rtl
        else
            fits="no (yosys)"
        fi ;;
    *) echo "synth: unknown design kind '$kind' in '$des' (board, min_top, pn_top or torus)"; exit 2 ;;
    esac
    printf "$fmt" "$name" "$label" "$device" "$lut" "$ff" "$bram" "$fmax" "$target" "$fits" \
        "$rtl_r / $gate_r"
    [ "$kind" = pn_top ] && [ -n "${per_line:-}" ] && echo "$per_line"
    if [ "$rtl_r" != PASS ] || [ "$gate_r" != PASS ] || [ "${fits%% *}" = no ]; then
        fails=$((fails + 1))
        for f in "$d"/*.log; do
            grep -q '^FAIL' "$f" 2>/dev/null && sed 's/^/    | /' "$f"
        done
    fi
done
echo "synth: logs, netlists and bitstreams in $out"
[ "$fails" = 0 ] || { echo "synth: $fails designs failed"; exit 1; }
