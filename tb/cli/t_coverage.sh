# SPDX-License-Identifier: MIT
# Coverage (docs/coverage.md): xchg run --coverage FILE.dat builds a
# Verilator coverage model in a cache folder of its own and writes the
# counts at the end; --fcov FILE.json counts the protocol's functional
# bins from what the run observed; sim/coverage/report.py merges them.
# Small models only: butterfly:2 and ring:4 coverage builds.
. "$XC_TB/lib.sh"
X=$XCHG
py() { python3 -c "$@"; }

# ---- code coverage of a MIN: its own cached model, the counts written ----
expect_exit 0 $X run --net butterfly:2 --coverage c/b2.dat --fcov c/b2.json --json --quiet
[ "$(json_field pass out.txt)" = true ] || fail "butterfly:2 coverage run: $(cat out.txt)"
[ -s c/b2.dat ] || fail "no coverage data"
[ -z "$(ls c/b2.dat.tmp* 2>/dev/null)" ] || fail "temporary file left: $(ls c/b2.dat.tmp*)"
head -n1 c/b2.dat | grep -q '^# SystemC::Coverage-3' || fail "not verilator coverage data: $(head -c 80 c/b2.dat)"
d=$XC_BUILD/vl/min_butterfly_2/cov
[ -s "$d/libxchg_min.so" ] && [ -s "$d/stamp" ] || fail "no coverage model in $d"
grep -q -- '--coverage' "$d/obj/Vxchg_min_dv.mk" 2>/dev/null || grep -q 'VM_COVERAGE = 1' "$d"/obj/*.mk ||
    fail "the model in $d is not a coverage build"
# points of the switch's lines and toggles, some hit: (file, kind, count)
py '
import re, sys
hit = {}
for line in open("c/b2.dat", errors="replace"):
    m = re.match(r"^C .(.*). (\d+)$", line.rstrip("\n"))
    if not m: continue
    f = dict(kv.split("\x02", 1) for kv in m.group(1).split("\x01") if "\x02" in kv)
    if f.get("f", "").endswith("rtl/min/xchg_sw2x2.v"):
        k = f["page"].split("/")[0]
        hit.setdefault(k, [0, 0])[int(m.group(2)) > 0] += 1
print(hit)
assert hit.get("v_line", [0, 0])[1] > 0 and hit.get("v_toggle", [0, 0])[1] > 0, hit
' >pts.txt || fail "no hit line and toggle points of rtl/min/xchg_sw2x2.v: $(cat pts.txt)"
echo "ok butterfly:2 --coverage: $d, xchg_sw2x2.v points [missed, hit] $(cat pts.txt)"
# lcov's format from Verilator's tool: the switch's source is in it
verilator_coverage --write-info c/b2.info c/b2.dat >/dev/null || fail "verilator_coverage --write-info"
grep -q '^SF:.*rtl/min/xchg_sw2x2.v$' c/b2.info || fail "no SF: line of xchg_sw2x2.v in the info file"
echo "ok verilator_coverage --write-info names rtl/min/xchg_sw2x2.v"

# ---- a product network: the lean coverage model beside the lean one ----
expect_exit 0 $X run --net ring:4 --algo te-a1 --coverage c/r4.dat --fcov c/r4.json --json --quiet
[ -s c/r4.dat ] || fail "ring:4: no coverage data"
ls -d "$XC_BUILD"/vl/pn_ring-4_*/lean_cov >/dev/null 2>&1 || fail "ring:4: no lean_cov cache folder"
grep -q 'rtl/pn/xchg_router.v' c/r4.dat || fail "ring:4: no router points"
echo "ok ring:4 --coverage: $(ls -d "$XC_BUILD"/vl/pn_ring-4_*/lean_cov | sed "s|$XC_BUILD/||")"

# ---- functional coverage of a MIN: exactly the states the exchange sets ----
# xor mode, l = 0 (M = 0): stage k of butterfly:8 crosses at step x iff
# bit 2-k of x is 1, on every switch; the other bin of each (stage, step)
# stays empty. A broken collection (wrong level, setting or step) fails.
expect_exit 0 $X run --net butterfly:8 --sim golden --fcov c/g8.json --quiet
py '
import json
f = json.load(open("c/g8.json"))
assert f["schema"] == "xchg-fcov/1" and f["family"] == "min" and f["net"] == "butterfly:8", f
for k in range(3):
    for x in range(8):
        cross = (x >> (2 - k)) & 1
        s, c = f["step_straight"][k][x], f["step_cross"][k][x]
        assert (c > 0) == bool(cross) and (s > 0) == (not cross), (k, x, s, c)
        assert s + c == 4, (k, x, s, c)   # four switches, one flit pair each
    assert all(v == 4 for v in f["switch_straight"][k] + f["switch_cross"][k]), f
' || fail "butterfly:8 functional bins: $(cat c/g8.json)"
echo "ok butterfly:8 --fcov: stage k crosses exactly at the steps with bit 2-k set"
# the broken RTL (switch s1.2 flipped from cycle 1, --sim rtl): its own
# observation counts, so s1.2's steps swap bins
expect_exit 1 $X run --net butterfly:8 --sim rtl --rtl-fault 1.2 --fcov c/f8.json --json --quiet
py '
import json
g, f = json.load(open("c/g8.json")), json.load(open("c/f8.json"))
assert f["step_cross"][1] != g["step_cross"][1], (f["step_cross"][1], g["step_cross"][1])
assert f["step_cross"][0] == g["step_cross"][0], "stage 0 is not broken"
' || fail "the broken switch does not show in the functional coverage"
echo "ok --rtl-fault 1.2: the RTL-observed bins of stage 1 differ, stage 0 does not"

# ---- router error codes: every code the broken-table runs reach is counted
# and shows in report.py's table ----
mkdir -p r/fcov r/runs
cp c/r4.json r/fcov/pn_ring4.json
brk() { # name net break
    expect_exit 1 $X run --net "$2" --algo te-a1 --sim golden --break-table "$3" --fcov "r/fcov/$1.json" --json --quiet
    cp out.txt "r/runs/$1.json"
    code=$(grep -o '"first_router_error":{[^}]*}' out.txt | grep -o '"code":[0-9]*' | cut -d: -f2)
    [ -n "$code" ] || fail "$1: no router error"
    py "import json,sys; e = json.load(open(\"r/fcov/$1.json\"))[\"errors\"]; sys.exit(\"$code\" not in e)" ||
        fail "$1: code $code not in the functional coverage: $(grep errors "r/fcov/$1.json")"
    codes="$codes $code"
}
codes=
brk pn_b_norecv torus:4x4 norecv:n5@3
brk pn_b_overwrite torus:4x4 overwrite:n5@1
brk pn_b_model torus:4x4 model:n5@2
brk pn_b_nolink mesh:4x4 nolink:n0@1
cp c/r4.dat r/merged.dat
python3 "$XC_TB/../sim/coverage/report.py" r >report.txt || fail "report.py: $(cat report.txt)"
grep -qE '^line: +[0-9.]+ %' report.txt && grep -qE '^toggle: +[0-9.]+ %' report.txt || fail "figures: $(cat report.txt)"
for code in $codes; do
    grep -qE "^\| $code \| [^|]+ \| [^|]*pn_b_" r/functional.md || fail "code $code not reached in the table"
done
grep -q '^| 3 | send from an empty slot | not reached |' r/functional.md || fail "unreached code not listed"
grep -q '^| ring:4 | 1 | 0 | ' r/functional.md || fail "no port rows of ring:4"
echo "ok router codes$codes reached, counted and in the table; $(grep functional report.txt)"

# ---- make coverage's report: the design only, a line hit when any point
# on it was, branches, the runs ranked (a run that adds nothing named) ----
R=$XC_TB/../sim/coverage/report.py
mkdir -p k/dat k/fcov k/runs
cp c/b2.dat k/dat/b2.dat
cp c/b2.dat k/dat/b2_again.dat # the same points again: adds nothing
cp c/r4.dat k/dat/r4.dat
verilator_coverage --write k/merged.dat k/dat/*.dat || fail "verilator_coverage --write"
python3 "$R" k >k.txt || fail "report.py: $(cat k.txt)"
py '
import json, re
s = json.load(open("k/summary.json"))
assert s["add_nothing"] == ["b2_again"], s["add_nothing"]
assert s["by_file"] and all(f.startswith("rtl/") and not f.startswith("rtl/dv/") for f in s["by_file"]), s["by_file"]
assert "rtl/dv/xchg_min_dv.v" in s["excluded"] and "rtl/dv/xchg_router_dv.v" in s["excluded"], s["excluded"]
assert any(e.startswith("build/vl/") and e.endswith("xchg_pn_top.v") for e in s["excluded"]), s["excluded"]
assert "rtl/xchg_wire_to.vh" not in s["by_file"], "the elaboration-only function has points"
assert s["branch"][1] > 0 and s["line"][1] > 0 and s["toggle"][1] > 0, s
# coverage.info: the design files only; a line counts as hit when any of
# its line or branch points was
want = {}
for line in open("k/merged.dat", errors="replace"):
    m = re.match(r"^C .(.*). (\d+)$", line.rstrip("\n"))
    if not m: continue
    f = dict(kv.split("\x02", 1) for kv in m.group(1).split("\x01") if "\x02" in kv)
    if "/rtl/dv/" in f["f"] or "/rtl/" not in f["f"] or f["page"].split("/")[0] not in ("v_line", "v_branch"):
        continue
    key = (f["f"], int(f["l"]))
    want[key] = want.get(key, False) or int(m.group(2)) > 0
got, sf = {}, None
for line in open("k/coverage.info"):
    if line.startswith("SF:"): sf = line[3:].strip()
    if line.startswith("DA:"):
        ln, count = line[3:].split(",")
        got[(sf, int(ln))] = int(count) > 0
assert got == want, sorted(set(got.items()) ^ set(want.items()))[:5]
' || fail "report.py: the design's figures, info file or ranking"
grep -q '^| b2_again | [0-9]* | 0 | 0 |$' k/functional.md || fail "ranking table: $(grep b2_again k/functional.md)"
grep -qE '^branch: +[0-9.]+ %' k.txt && grep -qx 'add nothing: b2_again' k.txt || fail "report.py prints: $(cat k.txt)"
echo "ok report.py: design only ($(sed -n 's/^line: *//p' k.txt) line), lines hit by any point, b2_again adds nothing"

# ---- docs/coverage.md states the figures make coverage wrote last
# (sim/coverage/summary.json, a copy of build/coverage/summary.json) ----
D=$XC_TB/../docs/coverage.md
python3 "$R" --lines "$XC_TB/../sim/coverage/summary.json" >want.txt || fail "report.py --lines"
sed -n '/^### The figures/,/^### /p' "$D" | sed -n '/^```text$/,/^```$/p' |
    grep -E '^(line|branch|toggle|add nothing):|^functional: +([0-9]|-)' >got.txt
diff want.txt got.txt >figs.diff || fail "docs/coverage.md's figures differ from sim/coverage/summary.json: $(cat figs.diff)"
py '
import json, sys
s = json.load(open(sys.argv[1]))
def pct(v): return f"{100.0 * v[0] / v[1]:.1f} %" if v[1] else "-"
names = ("line", "branch", "toggle")
want = ["| " + f + " | " + " | ".join(pct(k.get(n, [0, 0])) for n in names) + " |" for f, k in sorted(s["by_file"].items())]
got = [l.rstrip("\n") for l in open(sys.argv[2]) if l.startswith("| rtl/")]
assert got == want, (got, want)
' "$XC_TB/../sim/coverage/summary.json" "$D" || fail "docs/coverage.md's table by file differs from the summary"
echo "ok docs/coverage.md states sim/coverage/summary.json: $(head -n1 want.txt)"

# ---- bad input: one line, exit 2, nothing written ----
expect_one_line_error "must end in .dat" $X run --net butterfly:2 --coverage c/x.cov
expect_one_line_error "must end in .json" $X run --net butterfly:2 --fcov c/x.txt
expect_one_line_error "need the RTL" $X run --net butterfly:2 --sim golden --coverage c/x.dat
[ ! -e c/x.dat ] && [ ! -e c/x.cov ] || fail "a file written despite bad input"
echo "ok bad --coverage / --fcov refused"
