# SPDX-License-Identifier: MIT
# xchg grade: a folder of 10 submissions (the contract's switch written
# again, its mutants, and designs that break the contract or the build)
# graded on butterfly:16 in all three modes, two runs at a time; the table,
# grade.json and junit.xml give each one its known verdict, and a broken
# submission does not stop the rest.
. "$XC_TB/lib.sh"
own=$XC_TB/own/switch
mkdir subs mut && sh "$XC_TB/own/mutate.sh" mut switch || fail "tb/own/mutate.sh"
# five passing: the second implementation under five names (each its own model)
for s in ann bob cyd dee eve; do
    sed "s/module alt_sw2x2/module $s/" "$own/alt_sw2x2.v" >"subs/$s.v"
done
sed 's/module bad_xor_bit/module fay/' mut/bad_xor_bit.v >subs/fay.v                # fail: xor step bit
sed 's/module bad_held_set/module gus/' mut/bad_held_set.v >subs/gus.v              # fail: held setting
sed -e 's/module alt_sw2x2/module hal/' -e 's/output wire                    conflict_o/output wire [1:0]              conflict_o/' \
    "$own/alt_sw2x2.v" >subs/hal.v                                                  # error: a port's width
sed -e 's/module alt_sw2x2/module ivy/' -e 's/assign set_o      = cross_q;/assign set_o = cross_q/' \
    "$own/alt_sw2x2.v" >subs/ivy.v                                                  # error: syntax
sed -e 's/module alt_sw2x2/module jon/' -e 's/^  always @\* begin/  initial $fatal(1, "jon gives up");\n&/' \
    "$own/alt_sw2x2.v" >subs/jon.v                                                  # error: the model stops itself
expect_exit 1 "$XCHG" grade subs --net butterfly:16 -j 2 --out g
cat out.txt
want() { # file verdict pattern-of-the-row
    grep -qE "^  $1\.v +$2 +$3" out.txt || fail "$1: expected $2 $3, got: $(grep "^  $1\.v" out.txt)"
}
for s in ann bob cyd dee eve; do want "$s" pass '20 +-$'; done
want fay fail '- +xor: RTL differs from the golden model at cycle [0-9]+, s0\.0: stage 0 switch 0'
want gus fail '- +xor: RTL differs from the golden model at cycle [0-9]+, s0\.0'
want hal error '- +xor: (.*/)?subs/hal\.v: module hal: port conflict_o is 2 bits wide, the switch contract wants 1'
want ivy error '- +xor: (.*/)?subs/ivy\.v:[0-9]+:[0-9]+: .*syntax error'
want jon error '- +xor: the model stopped: .*jon gives up'
grep -q "^passed 5 of 10 " out.txt || fail "tally: $(tail -n 1 out.txt)"
python3 - <<'PY' || fail "grade.json or junit.xml"
import json, xml.etree.ElementTree as ET
g = json.load(open("g/grade.json"))
assert g["schema"] == "xchg-grade/1" and g["net"] == "butterfly:16", g
assert g["modes"] == ["xor", "table", "self"] and g["submissions"] == 10 and g["passed"] == 5, g
v = {r["file"]: r["verdict"] for r in g["results"]}
assert v == {**{s + ".v": "pass" for s in "ann bob cyd dee eve".split()}, "fay.v": "fail", "gus.v": "fail",
             "hal.v": "error", "ivy.v": "error", "jon.v": "error"}, v
assert all((r["cycles"] == 20) == (r["verdict"] == "pass") for r in g["results"]), g
suites = ET.parse("g/junit.xml").getroot()
cases = suites.findall(".//testcase")
assert len(cases) == 30, len(cases)
bad = [c for c in cases if c.find("failure") is not None or c.find("error") is not None]
assert len(bad) >= 5 * 1 and len(bad) <= 5 * 3, len(bad)
PY
# every submission ran in a model of its own; the broken ones left none
ok_models=$(ls -d "$XC_BUILD"/vl/min_butterfly_16_u* | wc -l)
[ "$ok_models" -ge 7 ] || fail "expected a model per buildable submission, found $ok_models"
# --json: the same verdicts on stdout, nothing else there
expect_exit 1 "$XCHG" grade subs --net butterfly:16 --modes xor -j 2 --out g2 --json
python3 -c 'import json,sys; g=json.load(open("out.txt")); assert g["passed"] == 5 and g["modes"] == ["xor"], g' ||
    fail "--json: $(head -c 300 out.txt)"
# bad input
expect_one_line_error "expected one folder" "$XCHG" grade --net butterfly:16
expect_one_line_error "--net is required" "$XCHG" grade subs
expect_one_line_error "--modes 'xor,fast'" "$XCHG" grade subs --net butterfly:16 --modes xor,fast
mkdir empty
expect_one_line_error "no submissions" "$XCHG" grade empty --net butterfly:16
echo "ok grade: 10 submissions, each its verdict"
