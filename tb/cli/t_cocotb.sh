# SPDX-License-Identifier: MIT
# The cocotb 1.8.1 path (tb/cocotb, cocotb from make pydeps, for Debian's
# Verilator 5.006) runs tb/cocotb2's MIN bench: libxchg's firmware drives
# xchg_min_top over its configuration bus through the flat API (no C
# structure copied into Python), on Icarus and on Verilator, and Python
# checks every delivery: it passes on butterfly:8 and omega:16 (every
# message delivered once, intact, at its destination), and fails when a
# plusarg breaks a switch. The passing runs' cocotb results join make
# test's build/test-results.xml.
. "$XC_TB/lib.sh"
root=$(cd "$XC_TB/.." && pwd)
need pydeps
cocotb() { # SIM NET L [PLUSARGS]: make cocotb; its results XML in res.xml
    make -s -C "$root" cocotb BUILD="$XC_BUILD" SIM="$1" NET="$2" L="$3" PLUSARGS="${4:-}" >log.txt 2>&1
    local rc=$?
    cp "$XC_BUILD/cocotb/results_$1.xml" res.xml 2>/dev/null || fail "$1 $2: no results XML: $(tail log.txt)"
    return $rc
}
# merge SIM NET: cocotb's results (res.xml) into the runner's results
# (tb/run_tests.sh's XC_RESULTS, in xchg junit's layout), so that
# build/test-results.xml has each cocotb test, written by the one writer
merge() {
    [ -n "${XC_RESULTS:-}" ] || return 0
    python3 "$XC_TB/junit_merge.py" res.xml "$XC_RESULTS/cocotb-$1-${2//:/_}" "cocotb $1 $2" "$1" ||
        fail "$1 $2: cannot merge res.xml"
}
verdict() { # the cocotb results XML: "tests failures"
    python3 -c 'import sys, xml.etree.ElementTree as E
c = E.parse(sys.argv[1]).getroot().findall(".//testcase")
print(len(c), sum(x.find("failure") is not None for x in c))' res.xml
}
for sim in icarus verilator; do
    cocotb $sim butterfly:8 18 || fail "$sim: $(tail -n 20 log.txt)"
    [ "$(verdict)" = "1 0" ] || fail "$sim: results $(verdict)"
    merge $sim butterfly:8
    grep -q "butterfly:8 xor: firmware 87 bus cycles .* 64 of 64 messages delivered once, intact" log.txt ||
        fail "$sim: $(tail log.txt)"
    echo "ok cocotb on $sim: butterfly:8 driven by libxchg's firmware"
    cocotb $sim butterfly:8 18 "+xchg_f0_kind=1 +xchg_f0_stage=1 +xchg_f0_switch=2" && fail "$sim: a broken switch passed"
    [ "$(verdict)" = "1 1" ] || fail "$sim: results with a fault $(verdict)"
    grep -q "deliveries: 16 bad deliveries, 16 of 64 messages missing" log.txt || fail "$sim: no bad delivery reported"
    echo "ok cocotb on $sim: a broken switch fails"
done
cocotb icarus omega:16 5 || fail "omega:16: $(tail -n 20 log.txt)"
grep -q "omega:16 xor: firmware 288 bus cycles .* 256 of 256 messages delivered once, intact" log.txt ||
    fail "omega:16: $(tail log.txt)"
merge icarus omega:16
echo "ok cocotb on icarus: omega:16 (the network's parameters reach the RTL)"
