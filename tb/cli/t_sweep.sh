# SPDX-License-Identifier: MIT
# xchg sweep: a case file run with two local jobs, case by case (as a job
# array would) and merged; the summary and the JUnit XML agree with the
# runs; each case's report is the report xchg run writes for that line;
# exit 0 only when every case passed; a SIGINT or SIGTERM stops every case
# and leaves no temporary file; bad input is one line, exit 2.
. "$XC_TB/lib.sh"
X=$XCHG
cp "$XC_TB/sweep_cases.txt" cases.txt # shared with tb/slurm/t_slurm.sh
strip() { # a summary without its timing fields
    python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    r.pop("seconds")
    if r["report"]:
        for k in ("sim_seconds", "build_seconds"): r["report"].pop(k, None)
print(json.dumps(d, sort_keys=True))' "$1"
}
expect_exit 1 $X sweep cases.txt -j 2 --out local
grep -q '^xchg sweep: 4 cases, 3 passed, 1 failed, 0 errors; local/summary.json, local/junit.xml$' out.txt ||
    fail "tally: $(cat out.txt)"
python3 - local cases.txt "$X" <<'PY' || fail "summary"
import json, subprocess, sys, xml.etree.ElementTree as ET
out, cases, x = sys.argv[1:]
d = json.load(open(f'{out}/summary.json'))
assert d['schema'] == 'xchg-sweep/1' and d['cases'] == 4 and not d['pass'], d
assert [r['verdict'] for r in d['results']] == ['pass', 'pass', 'pass', 'fail'], d
assert [r['line'] for r in d['results']] == [3, 4, 5, 6]
assert d['results'][0]['args'] == '--net butterfly:8 --l random --seed 3'
assert 'RTL differs from the golden model at cycle 75' in d['results'][3]['message']
# each case's report is what xchg run writes for its line
untimed = lambda r: {k: v for k, v in r.items() if not k.endswith('_seconds')}
for r in d['results']:
    p = subprocess.run([x, 'run'] + r['args'].split() + ['--json', '--quiet'], capture_output=True, text=True)
    assert p.returncode == r['exit'], (r, p.returncode)
    assert untimed(json.loads(p.stdout)) == untimed(r['report']), r['case']
    assert untimed(json.loads(open(f"{out}/case-{r['case']}.json").read())) == untimed(r['report'])
# the JUnit XML a standard parser reads: 4 tests, 1 failure, named by their lines
s = ET.parse(f'{out}/junit.xml').getroot().find('testsuite')
assert (s.get('tests'), s.get('failures'), s.get('errors')) == ('4', '1', '0'), s.attrib
tc = s.findall('testcase')
assert [t.find('failure') is not None for t in tc] == [False, False, False, True]
assert tc[2].get('name') == '--net torus:4x4 --algo te-a1 --sim golden'  # its line, not its index
PY
ls -a local | grep -q tmp && fail "temporary files left: $(ls -a local)"
echo "ok -j 2: 3 passed, 1 failed; reports equal direct runs; JUnit parsed"

# the same cases one by one (a job array's tasks), then --merge: the same summary
for i in 3 1 0 2; do
    want=0; [ $i = 3 ] && want=1
    expect_exit $want $X sweep cases.txt --case $i --out bycase
done
[ ! -e bycase/summary.json ] || fail "--case merged"
expect_exit 1 $X sweep cases.txt --merge --out bycase
[ "$(strip local/summary.json)" = "$(strip bycase/summary.json)" ] || fail "--case + --merge differs from -j 2"
echo "ok --case 0..3 then --merge equals the -j 2 summary"

# a case that did not run is missing, and fails the sweep
rm bycase/case-2.done
expect_exit 1 $X sweep cases.txt --merge --out bycase
python3 -c "import json; d = json.load(open('bycase/summary.json')); assert d['results'][2]['verdict'] == 'missing' and d['errors'] == 1" ||
    fail "missing case: $(cat bycase/summary.json)"
echo "ok a case that did not run counts as an error"

# all pass: exit 0
grep -v inject cases.txt >good.txt
expect_exit 0 $X sweep good.txt --jobs 3 --out good --quiet
[ "$(cat out.txt)" = "xchg sweep: 3 cases, 3 passed, 0 failed, 0 errors; good/summary.json, good/junit.xml" ] ||
    fail "quiet tally: $(cat out.txt)"
echo "ok every case passed: exit 0"

# Ctrl-C (SIGINT to the whole process group, as a terminal sends it) and
# SIGTERM to the sweep alone, while two cases run: the sweep stops every
# case, waits for them, says so in one line, exits 128 + the signal, and
# leaves no .case-*.tmp file and no process behind
stop_sweep() { # SIG TARGET(group|sweep) NAME
    local sig=$1 target=$2 dir=stop_$3 i
    printf -- '--net torus:32x32 --algo te-ni --sim golden\n%.0s' 1 2 3 4 >slow.txt
    rm -rf "$dir"
    setsid env --default-signal=INT,TERM "$X" sweep slow.txt -j 2 --out "$dir" >"$dir.out" 2>"$dir.err" &
    local pid=$!
    for i in $(seq 600); do [ "$(ls -a "$dir" 2>/dev/null | grep -c '^\.case-.*\.tmp$')" -ge 4 ] && break; sleep 0.05; done
    [ "$(ls -a "$dir" | grep -c '^\.case-.*\.tmp$')" -ge 4 ] || fail "$3: the cases did not start: $(ls -a "$dir")"
    if [ "$target" = group ]; then kill -s "$sig" -- -$pid; else kill -s "$sig" $pid; fi
    for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    kill -0 $pid 2>/dev/null && fail "$3: the sweep still runs 10 s after SIG$sig"
    wait $pid
    local rc=$?
    [ $rc = $((128 + $(kill -l "$sig"))) ] || fail "$3: exit $rc after SIG$sig"
    [ "$(cat "$dir.err")" = "xchg sweep: stopped by SIG$sig; the unfinished case files were removed" ] ||
        fail "$3: stderr: $(cat "$dir.err")"
    ls -a "$dir" | grep -q 'tmp' && fail "$3: left behind: $(ls -a "$dir" | tr '\n' ' ')"
    pgrep -f "out $dir" >/dev/null && fail "$3: cases still running after the sweep ended"
    echo "ok SIG$sig to the $target: exit $rc, no temporary file, no case left running"
}
stop_sweep INT group int
stop_sweep TERM sweep term

# bad input: one line, exit 2
printf -- '--net butterfly:8 --l "3"\n' >quote.txt
printf -- '--net butterfly:8 --json\n' >json.txt
printf -- 'xchg run --net butterfly:8\n' >xchg.txt
printf -- '# nothing\n\n' >empty.txt
expect_one_line_error "CASES 'nope.txt': cannot read it" $X sweep nope.txt
expect_one_line_error "empty.txt': no cases" $X sweep empty.txt
expect_one_line_error "quote.txt:1: '\"' is not allowed" $X sweep quote.txt
expect_one_line_error "json.txt:1: '--json': the sweep adds --json and --quiet itself" $X sweep json.txt
expect_one_line_error "xchg.txt:1: a case holds only the arguments of xchg run" $X sweep xchg.txt
expect_one_line_error "--case '4': a case number 0 .. 3" $X sweep cases.txt --case 4
expect_one_line_error "--jobs '0': a number of jobs, 1 .. 256" $X sweep cases.txt -j 0
expect_one_line_error "--jobs 'x'" $X sweep cases.txt --jobs x
expect_one_line_error "give one of --jobs, --case, --slurm, --merge" $X sweep cases.txt -j 2 --case 1
expect_one_line_error "expected one case file" $X sweep cases.txt good.txt
# what a Slurm job asks for, checked before anything is written or submitted
for bad in "--time 0" "--time 1:60" "--time 2-24" "--time 1h" "--mem 0" "--mem 4X" "--mem 4GB" \
    "--cpus-per-task 0" "--cpus-per-task 1025" "--max-running 0" "--max-running x"; do
    expect_one_line_error "${bad% *} '${bad#* }': " $X sweep cases.txt --slurm $bad --out slurmbad
    [ -e slurmbad ] && fail "$bad: slurmbad/ was made"
done
expect_one_line_error "--mem: only with --slurm" $X sweep cases.txt -j 2 --mem 1G
expect_one_line_error "give one of --jobs, --case, --slurm, --merge, --build-only" $X sweep cases.txt --slurm --build-only
expect_one_line_error "expected one case file" $X sweep
# a bad run option inside a case is that case's error (exit 2), not the sweep's
printf -- '--net butterfly:8 --mode nonsense\n' >badrun.txt
expect_exit 1 $X sweep badrun.txt --out badrun
python3 -c "import json; r = json.load(open('badrun/summary.json'))['results'][0]; assert r['verdict'] == 'error' and r['exit'] == 2 and 'nonsense' in r['message'] and r['report'] is None" ||
    fail "bad run: $(cat badrun/summary.json)"
python3 -c "import xml.etree.ElementTree as E; s = E.parse('badrun/junit.xml').getroot()[0]; assert s.get('errors') == '1'" ||
    fail "bad run junit"

# --build-only: every case's model built or found up to date, nothing run or written
expect_exit 0 $X run --net torus:4x4 --algo te-a1 --sim golden --build-only
$X run --net butterfly:8 --build-only --json >built.json 2>built.err; rc=$?
[ $rc = 0 ] && [ ! -s built.json ] && grep -q -- '--build-only: the model .*libxchg_min.so is ready; not run' built.err ||
    fail "run --build-only: exit $rc: $(cat built.json built.err)"
mkdir buildonly && cd buildonly
$X sweep ../cases.txt --build-only >out.txt 2>err.txt; rc=$?
[ $rc = 0 ] && grep -qx 'xchg sweep: the models of 4 cases are ready' out.txt || fail "sweep --build-only: exit $rc"
[ "$(ls)" = "$(printf 'err.txt\nout.txt')" ] || fail "sweep --build-only wrote files: $(ls)"
cd ..
echo ok
