# SPDX-License-Identifier: MIT
# xchg run / rtl-net on product networks: bad input (exit 2, one line
# naming the input), the MIN path untouched, lint-clean generated tops, and
# the ROM image of a broadcast table for an FPGA top.
. "$XC_TB/lib.sh"
expect_one_line_error "torux" "$XCHG" run --net torux:4x4 --algo te-a1
expect_one_line_error "--algo is required" "$XCHG" run --net torus:4x4
expect_one_line_error "--algo 'latin'" "$XCHG" run --net torus:4x4 --algo latin
expect_one_line_error "--tables 'flash'" "$XCHG" run --net torus:4x4 --algo te-ni --tables flash
expect_one_line_error "not node-invariant" "$XCHG" run --net torus:4x4 --algo te-a1 --tables broadcast
expect_one_line_error "te-a2 is a multiport" "$XCHG" run --net torus:4x4 --algo te-a2 --port single
expect_one_line_error "at most 16384" "$XCHG" run --net torus:256x128 --algo te-ni --sim golden
expect_one_line_error "--sim 'x'" "$XCHG" run --net ring:4 --algo te-ni --sim x
expect_one_line_error "must end in .fst or .vcd" "$XCHG" run --net ring:4 --algo te-ni --trace a.gtkw
expect_one_line_error "--net SPEC is required" "$XCHG" rtl-net
expect_one_line_error "--depth '0'" "$XCHG" rtl-net --net ring:4 --depth 0
# the MIN still runs as before
expect_exit 0 "$XCHG" run --net butterfly:8 --l 18 --json --quiet
grep -q '"net":"butterfly:8","algo":"latin"' out.txt || fail "MIN run changed"
# the generated top is lint clean, a path end's missing link included
expect_exit 0 "$XCHG" rtl-net --net mesh:2x3*complete:3 --depth 8 --out xchg_pn_top.v
lint_top() { # lints xchg_pn_top.v with the router RTL, as simulation and as synthesis read it
    verilator --lint-only -Wall -I"$XC_BUILD/gen" -I"$rtl" --top-module xchg_pn_top "$rtl/xchg.vlt" \
        $(find "$rtl/pn" -name '*.v' | sort) "$rtl/dv/xchg_router_dv.v" "$rtl/dv/xchg_pn_ctrl_dv.v" \
        xchg_pn_top.v >lint.txt 2>&1 &&
    verilator --lint-only -Wall -DSYNTHESIS -I"$XC_BUILD/gen" -I"$rtl" --top-module xchg_pn_top "$rtl/xchg.vlt" \
        $(find "$rtl/pn" -name '*.v' | sort) xchg_pn_top.v >>lint.txt 2>&1
}
rtl="$XC_TB/../rtl"
lint_top || { cat lint.txt; fail "lint"; }
echo ok
# a ROM image of a node-invariant schedule for an FPGA top: the words the
# firmware would write over the bus, and a top that reads them at start
expect_exit 0 "$XCHG" rtl-net --net torus:4x4 --depth 32 --tables broadcast --algo te-ni \
    --table-hex rom.hex --bcast-init rom.hex --out xchg_pn_top.v
head -n1 rom.hex | grep -q '^// STEPS 32: broadcast step table of te-ni on torus:4x4, 2 bus words per step' ||
    fail "rom.hex header: $(head -n1 rom.hex)"
[ "$(grep -vc '^//' rom.hex)" = 64 ] || fail "rom.hex: expected 32 steps x 2 words"
grep -q 'BcastInit("rom.hex")' xchg_pn_top.v || fail "top does not name the ROM image"
lint_top || { cat lint.txt; fail "ROM top lint"; }
expect_one_line_error "not node-invariant" "$XCHG" rtl-net --net torus:4x4 --algo te-a1 --table-hex x.hex
expect_one_line_error "go together" "$XCHG" rtl-net --net torus:4x4 --table-hex x.hex
echo ok rom
