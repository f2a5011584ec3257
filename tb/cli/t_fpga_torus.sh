# SPDX-License-Identifier: MIT
# The host-less torus exchange (rtl/fpga/xchg_fpga_torus.v, the generated
# xchg_pn_top with the te-ni step table in ROM), RTL on Icarus: the C golden
# model runs the same ROM schedule; the on-chip checker passes (twice, done
# at the exact cycle) on several tori, with the routers' block-RAM path
# (Bram = 1) and once without it; a broken ROM word makes it say FAIL;
# the board top shows pass from its pins (LEDs, UART line, button).
. "$XC_TB/lib.sh"
rtl="$XC_TB/../rtl"
# the routers' units and their simulation shells (the top takes the shells without SYNTHESIS)
net_rtl="$(find "$rtl/pn" -name '*.v' | sort) $rtl/dv/xchg_router_dv.v $rtl/dv/xchg_pn_ctrl_dv.v"
# gen NET DIR [HEX]: the ROM image and the network for it; sets defs
gen() {
    mkdir -p "$2"
    expect_exit 0 "$XCHG" run --net "$1" --algo te-ni --tables rom --sim golden --quiet
    expect_exit 0 "$XCHG" rtl-net --net "$1" --algo te-ni --table-hex "$2/bcast.hex"
    steps=$(head -n 1 "$2/bcast.hex" | awk '{print $3}' | tr -d :)
    expect_exit 0 "$XCHG" rtl-net --net "$1" --depth "$steps" --tables broadcast \
        --bcast-init "$PWD/$2/${3:-bcast.hex}" --out "$2/xchg_pn_top.v"
    nodes=$(sed -n 's/.*localparam integer Nodes = \([0-9]*\), NPorts = \([0-9]*\).*/\1/p' "$2/xchg_pn_top.v")
    nports=$(sed -n 's/.*localparam integer Nodes = \([0-9]*\), NPorts = \([0-9]*\).*/\2/p' "$2/xchg_pn_top.v")
    dims=${1#*:}
    defs="-DXCHG_TORUS -DXCHG_TORUS_NODES=$nodes -DXCHG_TORUS_DIM0=${dims##*x} -DXCHG_TORUS_NPORTS=$nports -DXCHG_TORUS_STEPS=$steps"
}
core() { # DIR [DEFINES]: compiles the core bench
    iverilog -g2012 $defs ${2:-} -I"$XC_BUILD/gen" -I"$rtl" -o "$1/t.vvp" "$XC_TB/rtl/xchg_fpga_torus_tb.v" \
        "$rtl/fpga/xchg_fpga_torus.v" "$1/xchg_pn_top.v" $net_rtl || fail "iverilog $1"
}
for net in torus:3x3 torus:2x3 torus:4; do
    d=v_$(echo "$net" | tr : _)
    gen "$net" "$d"
    core "$d"
    vvp -n "$d/t.vvp" >"$d/log" || fail "$net: vvp exit $?: $(cat "$d/log")"
    cat "$d/log"
    grep -q '^PASS torus .*passed twice' "$d/log" || fail "$net"
done
# the routers without block RAM (Bram = 0, the lock-step's path) in the same top
d=v_nobram
gen torus:2x3 "$d"
core "$d" -DXCHG_TORUS_BRAM=0
vvp -n "$d/t.vvp" >"$d/log" || fail "torus:2x3 Bram = 0: vvp exit $?: $(cat "$d/log")"
grep -q '^PASS torus .*passed twice' "$d/log" || fail "torus:2x3 Bram = 0"
# a broken ROM word (a receive slot of step 2) must make the checker fail
d=v_bad
gen torus:3x3 "$d" bad.hex
awk 'NR == 4 { printf "%08x\n", xor(strtonum("0x" $1), 1); next } { print }' "$d/bcast.hex" >"$d/bad.hex"
cmp -s "$d/bcast.hex" "$d/bad.hex" && fail "the ROM word was not changed"
core "$d"
vvp -n "$d/t.vvp" >"$d/failing.log" && fail "a broken ROM word: the bench exited 0"
grep -q '^FAIL torus' "$d/failing.log" || fail "broken ROM word: no FAIL line"
vvp -n "$d/t.vvp" +expect_fail=1 >"$d/log" || fail "broken ROM word, expected: vvp exit $?"
cat "$d/log"
grep -q '^PASS .*detected by the on-chip checker' "$d/log" || fail "broken ROM word not detected"
grep -q 'fail 1' "$d/log" || fail "no fail verdict"
# the board top from its pins
d=v_torus_3x3
gen torus:3x3 "$d"
iverilog -g2012 $defs -I"$XC_BUILD/gen" -I"$rtl" -o "$d/b.vvp" "$XC_TB/rtl/xchg_fpga_board_tb.v" \
    "$rtl/fpga/xchg_fpga_torus_board.v" "$rtl/fpga/xchg_fpga_torus.v" "$rtl/fpga/xchg_uart_tx.v" "$d/xchg_pn_top.v" $net_rtl ||
    fail "iverilog board"
vvp -n "$d/b.vvp" >"$d/blog" || fail "board: vvp exit $?: $(cat "$d/blog")"
cat "$d/blog"
grep -q '^PASS torus board' "$d/blog" || fail "board"
grep -q 'uart: xchg torus 3x3: PASS' "$d/blog" || fail "UART line"
echo ok
