# SPDX-License-Identifier: MIT
# tb/run_tests.sh writes JUnit XML that a standard parser (python3's
# xml.etree) reads, with one <testcase> per test it printed, the same
# counts as its summary line, and each failure's own text. Checked on a
# small tree of its own: a cmocka program with two passing cases and one
# failing, one that crashes before any output, a passing and a failing
# script whose output holds XML's special characters.
. "$XC_TB/lib.sh"
mkdir -p tree/tb/cli tree/build/tb
cp "$XC_TB/run_tests.sh" tree/tb/
cat >fake.c <<'EOF'
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
static void adds(void **s) { (void)s; assert_int_equal(2 + 2, 4); }
static void also_adds(void **s) { (void)s; assert_int_equal(1 + 1, 2); }
static void breaks(void **s) { (void)s; assert_int_equal(2 + 2, 5); }
int main(void)
{
    const struct CMUnitTest t[] = {cmocka_unit_test(adds), cmocka_unit_test(breaks),
                                   cmocka_unit_test(also_adds)};
    return cmocka_run_group_tests_name("fake", t, NULL, NULL);
}
EOF
cc -o tree/build/tb/test_fake fake.c -lcmocka || fail "cannot build the cmocka program"
printf '#include <stdlib.h>\nint main(void) { abort(); }\n' >crash.c
cc -o tree/build/tb/test_crash crash.c || fail "cannot build the crashing program"
echo 'echo "all fine"' >tree/tb/cli/t_good.sh
printf '%s\n' 'echo "expected x < y & \"z\" > w"' 'exit 1' >tree/tb/cli/t_bad.sh

env -u TESTS bash tree/tb/run_tests.sh tree/build >run.txt 2>&1 && fail "run_tests.sh exited 0 with failures"
cat run.txt
[ "$(tail -n 1 run.txt)" = "3 passed, 3 failed" ] || fail "summary: $(tail -n 1 run.txt)"
xml=tree/build/test-results.xml
[ -s "$xml" ] || fail "no $xml"
[ -z "$(find tree/build -name '*.tmp')" ] || fail "temporary left"

grep -E '^(PASS|FAIL) ' run.txt >printed.txt
python3 - "$xml" printed.txt <<'EOF' || fail "the JUnit XML does not match the run"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites", root.tag
cases = root.findall("./testsuite/testcase")
failed = [c for c in cases if c.find("failure") is not None]
assert (int(root.get("tests")), int(root.get("failures"))) == (len(cases), len(failed)) == (6, 3), \
    (root.attrib, len(cases), len(failed))
for s in root.findall("testsuite"):
    n, f = len(s.findall("testcase")), len(s.findall("testcase/failure"))
    assert (int(s.get("tests")), int(s.get("failures"))) == (n, f), (s.attrib, n, f)
printed = {tuple(l.rstrip("\n").split(" ", 1)) for l in open(sys.argv[2])}
junit = {("FAIL" if c.find("failure") is not None else "PASS", c.get("name")) for c in cases}
assert printed == junit, (printed, junit)
text = {c.get("name"): c.find("failure").text for c in failed}
assert "0x4 != 0x5" in text["test_fake: breaks"], text
assert 'expected x < y & "z" > w' in text["t_bad"], text
assert any(n.startswith("test_crash (exit ") for n in text), text
assert {s.get("name") for s in root.findall("testsuite")} == {"test_fake", "test_crash", "cli"}
print("ok", len(cases), "testcases,", len(failed), "failures")
EOF

# TESTS= narrows the XML as it narrows the run
TESTS=t_good bash tree/tb/run_tests.sh tree/build >run2.txt 2>&1 || fail "TESTS=t_good failed: $(cat run2.txt)"
python3 -c 'import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
assert (r.get("tests"), r.get("failures")) == ("1", "0"), r.attrib
assert [c.get("name") for c in r.iter("testcase")] == ["t_good"]' "$xml" || fail "TESTS=t_good: wrong XML"
echo ok
