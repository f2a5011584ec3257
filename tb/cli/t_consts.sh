# SPDX-License-Identifier: MIT
# The shared constants reach both C (xchg consts) and Verilog (xchg_consts.vh)
# with the same values.
set -eu
"$XCHG" consts --json | grep -q '"FLIT_W":41'
grep -q '`define XCHG_FLIT_W *41' "$XC_BUILD/gen/xchg_consts.vh"
"$XCHG" consts --bogus 2>err.txt && exit 1 || rc=$?
[ "$rc" = 2 ] && grep -q "unknown option '--bogus'" err.txt

