# SPDX-License-Identifier: MIT
# --plusarg +NAME[=VALUE] reaches the Verilated model
# (VerilatedContext::commandArgs): the simulation shells answer
# +xchg_verbose[=LEVEL] ($test$plusargs / $value$plusargs) with notes on
# stderr. The plain models of butterfly:8 and torus:4x4 te-a1, which other
# tests build too: no build of its own.
. "$XC_TB/lib.sh"
X=$XCHG

# without the plusarg: silent
expect_exit 0 $X run --net butterfly:8 --l 18 --sim rtl --quiet
! grep -q xchg_min_dv err.txt || fail "notes without +xchg_verbose: $(cat err.txt)"
# level 1 ($test$plusargs): the shell's parameters, nothing per cycle
expect_exit 0 $X run --net butterfly:8 --l 18 --sim rtl --plusarg +xchg_verbose --quiet
grep -qx 'xchg_min_dv: +xchg_verbose=1: LogN=3 Topology=0, 8 inputs' err.txt || fail "level 1: $(cat err.txt)"
[ "$(grep -c 'delivered' err.txt)" = 0 ] || fail "level 1 printed deliveries"
# level 2 ($value$plusargs): also one line per change of the delivered
# count, ending at all 64 messages; stdout (the report) untouched
expect_exit 0 $X run --net butterfly:8 --l 18 --sim rtl --plusarg +xchg_verbose=2 --json --quiet
grep -q 'xchg_min_dv: +xchg_verbose=2:' err.txt || fail "level 2: $(cat err.txt)"
tail -n1 err.txt | grep -qE '^xchg_min_dv: cycle [0-9]+: 64 delivered$' || fail "level 2 last line: $(tail -n1 err.txt)"
python3 -c 'import json,sys; json.load(open("out.txt"))' || fail "the JSON report is not JSON any more"
echo "ok butterfly:8 +xchg_verbose and +xchg_verbose=2 reach the model ($(grep -c delivered err.txt) delivery notes)"
# several plusargs, with the fault slots' own: all reach the model
expect_exit 1 $X run --net butterfly:8 --l 18 --sim rtl --rtl-fault 1.2@75 --plusarg +xchg_verbose=1 \
    --plusarg +unused_by_the_model=7 --json --quiet
grep -q 'xchg_min_dv: +xchg_verbose=1' err.txt || fail "with a fault: $(cat err.txt)"
[ "$(json_field misrouted out.txt)" != 0 ] || fail "the fault's plusargs were lost"
echo "ok user plusargs beside the fault slots' plusargs"

# the routers' controller shell: one note per step
expect_exit 0 $X run --net torus:4x4 --algo te-a1 --sim rtl --plusarg +xchg_verbose=2 --quiet
grep -q 'xchg_pn_ctrl_dv: +xchg_verbose=2: Nodes=16 NPorts=4' err.txt || fail "routers: $(cat err.txt)"
steps=$(grep -c 'xchg_pn_ctrl_dv: cycle [0-9]*: step [0-9]*' err.txt)
[ "$steps" -ge 2 ] || fail "routers: $steps step notes"
echo "ok torus:4x4 +xchg_verbose=2: $steps step notes"

# bad input: one line, exit 2
for bad in "xchg_verbose" "+" "+a b" "+x;id" "+=3"; do
    expect_one_line_error "expected \+NAME" $X run --net butterfly:8 --plusarg "$bad"
done
expect_one_line_error "at most 8" $X run --net butterfly:8 --plusarg +a --plusarg +b --plusarg +c --plusarg +d \
    --plusarg +e --plusarg +f --plusarg +g --plusarg +h --plusarg +i
expect_one_line_error "need the RTL" $X run --net butterfly:8 --sim golden --plusarg +xchg_verbose
echo "ok bad --plusarg refused in one line"
