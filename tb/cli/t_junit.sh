# SPDX-License-Identifier: MIT
# tb/run_tests.sh writes JUnit XML (through xchg junit) that a standard
# parser (python3's xml.etree) reads, with one <testcase> per test it
# printed, the same counts as its summary line, and each failure's own
# text. Checked on a small tree of its own: a cmocka program with two
# passing cases and one failing, one that crashes before any output, a
# passing and a failing script whose output holds XML's special
# characters, one whose log holds every byte 0..255, one killed by a
# signal and one past TEST_TIMEOUT (errors, not failures; the timed-out
# test's own child is stopped too). Then xchg sweep: a case line with
# every byte a case may hold still gives well-formed junit.xml and JSON.
. "$XC_TB/lib.sh"
mkdir -p tree/tb/cli tree/build/tb
cp "$XC_TB/run_tests.sh" tree/tb/
ln -s "$XCHG" tree/build/xchg
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
printf '%s\n' "python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)) + \"\\nend é\".encode())'" \
    'exit 1' >tree/tb/cli/t_bytes.sh
echo 'kill -SEGV $$' >tree/tb/cli/t_killed.sh
printf '%s\n' 'sleep 300 &' 'echo $! >"$XC_BUILD/hang.pid"' 'wait' >tree/tb/cli/t_hang.sh
# a suite of a test's own (as t_cocotb leaves cocotb's) in $XC_RESULTS
printf '%s\n' 'mkdir -p "$XC_RESULTS/s/c" && echo extra >"$XC_RESULTS/s/name"' \
    'echo one >"$XC_RESULTS/s/c/name" && echo pass >"$XC_RESULTS/s/c/result"' >tree/tb/cli/t_extra.sh

env -u TESTS TEST_TIMEOUT=10 bash tree/tb/run_tests.sh tree/build >run.txt 2>&1 && fail "run_tests.sh exited 0 with failures"
cat run.txt
[ "$(tail -n 1 run.txt)" = "5 passed, 6 failed" ] || fail "summary: $(tail -n 1 run.txt)"
hang=$(cat tree/build/hang.pid) || fail "t_hang did not start"
gone() { ! kill -0 "$1" 2>/dev/null || [ "$(ps -o stat= -p "$1" | cut -c1)" = Z ]; } # dead, or a zombie
for _ in $(seq 50); do gone "$hang" && break; sleep 0.1; done
gone "$hang" || { kill "$hang"; fail "the timed-out test's child still runs 5 s after the run"; }
xml=tree/build/test-results.xml
[ -s "$xml" ] || fail "no $xml"
[ -z "$(find tree/build -name '*.tmp')" ] || fail "temporary left"

grep -aE "^(PASS|FAIL) " run.txt >printed.txt
python3 - "$xml" printed.txt <<'EOF' || fail "the JUnit XML does not match the run"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites", root.tag
cases = root.findall("./testsuite/testcase")
failed = [c for c in cases if c.find("failure") is not None]
errors = [c for c in cases if c.find("error") is not None]
assert (int(root.get("tests")), int(root.get("failures")), int(root.get("errors"))) == \
    (len(cases), len(failed), len(errors)) == (11, 3, 3), (root.attrib, len(cases), len(failed), len(errors))
for s in root.findall("testsuite"):
    n, f, e = len(s.findall("testcase")), len(s.findall("testcase/failure")), len(s.findall("testcase/error"))
    assert (int(s.get("tests")), int(s.get("failures")), int(s.get("errors"))) == (n, f, e), (s.attrib, n, f, e)
printed = {tuple(l.rstrip("\n").split(" ", 1)) for l in open(sys.argv[2])}
junit = {("FAIL" if c.find("failure") is not None or c.find("error") is not None else "PASS",
          ("extra: " if c.get("classname") == "extra" else "") + c.get("name")) for c in cases}
assert printed == junit, (printed, junit)
text = {c.get("name"): c.find("failure").text for c in failed}
assert "0x4 != 0x5" in text["test_fake: breaks"], text
assert 'expected x < y & "z" > w' in text["t_bad"], text
# every byte: invalid UTF-8 and controls XML forbids as \xNN, the rest kept
want = "".join(chr(b) if b in (9, 10) or 32 <= b < 127 else "\\x%02x" % b for b in range(256))
assert want + "\nend é" in text["t_bytes"].replace("\r", "\\x0d"), text["t_bytes"][:300]
err = {c.get("name"): c.find("error").get("message") for c in errors}
assert err["test_crash"].startswith("killed by signal 6 (SIGABRT)"), err
assert err["t_killed"] == "killed by signal 11 (SIGSEGV)", err
assert err["t_hang"] == "timed out after 10 s (TEST_TIMEOUT)", err
assert {s.get("name") for s in root.findall("testsuite")} == {"test_fake", "test_crash", "cli", "extra"}
# what ran, where: the command and the simulator version as properties
props = {p.get("name"): p.get("value") for p in root.find("testsuite").find("properties")}
assert "tb/run_tests.sh" in props["command"] and props["simulator_version"], props
cmds = [p.get("value") for c in cases for p in c.iter("property") if p.get("name") == "command"]
assert any(v.endswith("tb/cli/t_bytes.sh") for v in cmds), cmds
print("ok", len(cases), "testcases,", len(failed), "failures,", len(errors), "errors")
EOF

# TESTS= narrows the XML as it narrows the run
TESTS=t_good bash tree/tb/run_tests.sh tree/build >run2.txt 2>&1 || fail "TESTS=t_good failed: $(cat run2.txt)"
python3 -c 'import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
assert (r.get("tests"), r.get("failures")) == ("1", "0"), r.attrib
assert [c.get("name") for c in r.iter("testcase")] == ["t_good"]' "$xml" || fail "TESTS=t_good: wrong XML"
echo "ok TESTS=t_good"

# xchg junit's bad input: one line naming the file and what is allowed,
# exit 2, no output file
mkdir -p res/s/c && echo passed >res/s/c/result
expect_one_line_error "res/s/c/result: 'passed' is not one of pass, failure, error, skipped" \
    "$XCHG" junit --out r.xml res
expect_one_line_error "want one folder DIR" "$XCHG" junit
expect_one_line_error "DIR 'nowhere': cannot read it" "$XCHG" junit nowhere
[ -z "$(ls r.xml* 2>/dev/null)" ] || fail "xchg junit left $(ls r.xml*)"
echo pass >res/s/c/result
expect_exit 0 "$XCHG" junit --out r.xml res
grep -q '<testcase classname="s" name="c"/>' r.xml || fail "xchg junit: $(cat r.xml)"
echo "ok xchg junit: bad input refused, a good folder written"

# xchg sweep through the same writer: a case line with every byte a case
# line can hold (not NUL or a line end; not ' " \ ` $, which the case
# file refuses, or #, which starts a comment) is one error (bad input to
# xchg run), the lock-step case with a hidden fault one failure; each
# testcase named by its line, not its index, with its command and seed
python3 - <<'PY'
skip = set(b"\0\n'\"\\`$#")
line = bytes(b for b in range(256) if b not in skip)
open("cases.txt", "wb").write(b"--net butterfly:8 --l 18 --sim golden\n--net butterfly:8 --sim golden --l " + line +
                              b"\n--net butterfly:8 --inject random --seed 7\n")
PY
expect_exit 1 "$XCHG" sweep cases.txt -j 1 --out sweep
grep -q '3 cases, 1 passed, 1 failed, 1 errors' out.txt || fail "sweep: $(cat out.txt)"
python3 - <<'PY' || fail "the sweep's junit.xml or summary.json"
import json, xml.etree.ElementTree as ET
d = json.load(open("sweep/summary.json"))
assert (d["passed"], d["failed"], d["errors"]) == (1, 1, 1), d
# as the JSON string holds them (invalid UTF-8 as the text \xNN) and as the
# XML does (also the control characters XML 1.0 forbids, and DEL)
lines = [l.strip(b" \t\r") for l in open("cases.txt", "rb").read().split(b"\n")[:3]]
as_json = lambda l: "".join(chr(b) if b < 128 else "\\x%02x" % b for b in l)
as_xml = lambda l: "".join(chr(b) if b in (9, 10, 13) or 32 <= b < 127 else "\\x%02x" % b for b in l)
assert [r["args"] for r in d["results"]] == [as_json(l) for l in lines], d["results"][1]["args"]
s = ET.parse("sweep/junit.xml").getroot().find("testsuite")
assert (s.get("tests"), s.get("failures"), s.get("errors")) == ("3", "1", "1"), s.attrib
tc = s.findall("testcase")
assert [c.get("name") for c in tc] == [as_xml(l) for l in lines], [c.get("name") for c in tc]
assert tc[1].find("error") is not None and tc[2].find("failure") is not None
props = {p.get("name"): p.get("value") for p in tc[2].iter("property")}
assert props["seed"] == "7" and props["command"] == "xchg run --net butterfly:8 --inject random --seed 7", props
assert any(p.get("name") == "simulator_version" for p in s.find("properties")), "no simulator version"
print("ok sweep: every byte of a case line, 1 failure and 1 error counted, names from the lines")
PY

# a case whose run was killed (its .done file names the signal, as the
# case runner writes it) is an error that names the signal
printf 'exit 3\nseconds 0.5\nsignal 11\n' >sweep/case-0.done
expect_exit 1 "$XCHG" sweep cases.txt --merge --out sweep
python3 - <<'PY' || fail "a killed case in junit.xml"
import xml.etree.ElementTree as ET
c = ET.parse("sweep/junit.xml").getroot().find("testsuite/testcase")
e = c.find("error")
assert e is not None and e.get("message").startswith("killed by signal 11 ("), ET.tostring(c)
PY
echo "ok sweep: a case killed by a signal is an error naming it"
echo ok
