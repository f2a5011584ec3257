# SPDX-License-Identifier: MIT
# Seeded random runs: --l random, --config random and --inject random draw
# from --seed; the same seed gives the same run (byte for byte, apart from
# the timing fields), different seeds differ, a run without --seed prints
# the seed it drew and that seed repeats it. A random fault meets a flit:
# the lock-step stops at its cycle and names its element. Hidden until
# --reveal.
. "$XC_TB/lib.sh"
X=$XCHG
untimed() { sed -E 's/"(sim|build)_seconds":[0-9.]+/"\1_seconds":T/g' "$1"; }
same_run() { # name, then the command: run twice, identical apart from timing
    local name=$1; shift
    "$@" >"$name.1" 2>/dev/null; local a=$?
    "$@" >"$name.2" 2>/dev/null; local b=$?
    [ "$a" = "$b" ] || fail "$name: exit $a then $b"
    [ "$(untimed "$name.1")" = "$(untimed "$name.2")" ] || fail "$name: two runs with one seed differ"
    grep -q '"seed":' "$name.1" || fail "$name: no seed in the JSON"
    echo "ok $name: same seed, same report (exit $a)"
}
same_run l $X run --net omega:16 --l random --seed 42 --sim golden --json --quiet
same_run cfg $X run --net butterfly:8 --config random --seed 42 --sim golden --json --quiet
same_run fault $X run --net butterfly:8 --l random --inject random --seed 9 --reveal --json --quiet
same_run pnfault $X run --net torus:4x4 --algo te-ni --inject random --seed 9 --reveal --json --quiet
[ "$(json_field seed l.1)" = 42 ] || fail "seed not 42: $(cat l.1)"

# different seeds differ: l, configuration and fault
ls=$(for s in 1 2 3 4; do $X run --net omega:16 --l random --seed $s --sim golden --json --quiet |
    grep -o '"l":[0-9]*'; done | sort -u | wc -l)
[ "$ls" = 4 ] || fail "four seeds gave $ls different l"
$X run --net butterfly:16 --config random --seed 1 --sim golden >c1.txt
$X run --net butterfly:16 --config random --seed 2 --sim golden >c2.txt
[ "$(head -1 c1.txt)" != "$(head -1 c2.txt)" ] || fail "two seeds gave one configuration"
grep -q '^PASS' c1.txt || fail "a random configuration failed: $(cat c1.txt)"
echo "ok different seeds differ"

# every drawn l is in range and runs: l < N^(N/2-1) = 2^((N/2-1) log2 N) on butterfly:64
for s in 5 6 7; do
    expect_exit 0 $X run --net butterfly:64 --l random --seed $s --sim golden --json --quiet
    python3 -c "import json,sys; l=json.load(open('out.txt'))['l']; sys.exit(not (0 <= l < 2**(31*6) and l.bit_length() > 150))" ||
        fail "l out of range or not spread: $(json_field l out.txt)"
done
echo "ok butterfly:64 random l in range"

# no --seed: one is drawn and printed, and it repeats the run
$X run --net omega:16 --l random --sim golden >d.txt || fail "drawn seed run failed"
seed=$(sed -n 's/^  seed *\([0-9]*\) .*/\1/p' d.txt)
[ -n "$seed" ] || fail "no seed line: $(cat d.txt)"
$X run --net omega:16 --l random --seed "$seed" --sim golden >d2.txt
[ "$(head -1 d.txt)" = "$(head -1 d2.txt)" ] || fail "seed $seed did not repeat the run"
echo "ok drawn seed $seed printed and repeats the run"

# a random fault is caught where and when it was injected (MIN: every kind over the seeds)
kinds=
for s in 1 2 3 4 5 6 7 8; do
    expect_exit 1 $X run --net butterfly:8 --inject random --seed $s --reveal --json --quiet
    python3 - out.txt <<'PY' || fail "seed $s: $(cat out.txt)"
import json, sys
d = json.load(open(sys.argv[1]))
i, m = d['injections'][0], d['first_mismatch']
assert d['hidden_faults'] == 0 and m is not None
assert (m['cycle'], m['element']) == (i['cycle'], i['element']), (i, m)
PY
    kinds="$kinds $(grep -o '"kind":"[a-z]*"' out.txt | cut -d'"' -f4)"
done
[ "$(echo $kinds | tr ' ' '\n' | sort -u | wc -l)" -ge 3 ] || fail "eight seeds drew too few kinds:$kinds"
echo "ok MIN random faults caught at their cycle and switch:$kinds"
for s in 1 2 3; do
    expect_exit 1 $X run --net torus:4x4 --algo te-ni --inject random --seed $s --reveal --json --quiet
    python3 - out.txt <<'PY' || fail "torus seed $s: $(cat out.txt)"
import json, sys
d = json.load(open(sys.argv[1]))
i, m = d['injections'][0], d['first_mismatch']
assert m['cycle'] == i['cycle'] and m['element'].split('.')[0] == i['element'], (i, m)
PY
done
# half-duplex multinode broadcast: half the nodes are idle in a step; the fault picks a sender
for s in 1 2 3 4 5 6; do
    expect_exit 1 $X run --net ring:6 --algo mnb --duplex half --inject random --seed $s --reveal --json --quiet
    python3 - out.txt <<'PY' || fail "ring mnb seed $s: $(cat out.txt)"
import json, sys
d = json.load(open(sys.argv[1]))
i, m = d['injections'][0], d['first_mismatch']
assert m['cycle'] == i['cycle'] and m['element'].split('.')[0] == i['element'], (i, m)
PY
done
echo "ok router random faults caught at their cycle and node (te-ni, half-duplex mnb)"
# the RTL alone draws the same fault (the draw does not depend on --sim)
a=$($X run --net butterfly:8 --inject random --seed 5 --reveal --json --quiet --sim rtl 2>/dev/null | grep -o '"injections":[^]]*]')
b=$($X run --net butterfly:8 --inject random --seed 5 --reveal --json --quiet 2>/dev/null | grep -o '"injections":[^]]*]')
[ -n "$a" ] && [ "$a" = "$b" ] || fail "--sim rtl drew '$a', lock-step '$b'"
# table mode spaces the waves: the fault still meets a flit
for s in 1 2 3; do
    expect_exit 1 $X run --net butterfly:8 --mode table --inject random --seed $s --reveal --json --quiet
    python3 -c "import json; d = json.load(open('out.txt')); i, m = d['injections'][0], d['first_mismatch']; assert (m['cycle'], m['element']) == (i['cycle'], i['element'])" ||
        fail "table mode seed $s: $(cat out.txt)"
done
echo "ok --sim rtl draws the same fault; table mode faults meet a flit"

# hidden: the symptoms are reported, the fault is not; --reveal names it
expect_exit 1 $X run --net butterfly:8 --inject random --seed 4 --quiet
grep -q 'fault        hidden' out.txt || fail "no hidden-fault line: $(cat out.txt)"
grep -q 'first mismatch  cycle [0-9]*, hidden with the fault' out.txt || fail "no mismatch cycle: $(cat out.txt)"
# the lock-step stops where the fault acts: neither the report nor the
# verdict on stderr names the switch or what it did
! grep -Eq 'element|stage|switch [0-9]|expected' out.txt err.txt || fail "the mismatch names the fault: $(cat out.txt err.txt)"
grep -q 'cycles       not counted: the run stopped at cycle' out.txt || fail "a stopped run's cycles: $(cat out.txt)"
expect_exit 1 $X run --net butterfly:8 --inject random --seed 4 --quiet --json
[ "$(json_field hidden_faults out.txt)" = 1 ] && grep -q '"injections":\[\]' out.txt || fail "JSON shows it: $(cat out.txt)"
grep -q '"first_mismatch":{"cycle":[0-9]*,"element":"hidden",' out.txt || fail "JSON mismatch names it: $(cat out.txt)"
expect_exit 1 $X run --net butterfly:8 --inject random --seed 4 --quiet --reveal
grep -Eq 'fault        (switch|drop|dup|corrupt|port):s[0-9]\.[0-9]@[0-9]+ \(drawn at random, revealed\)' out.txt ||
    fail "not revealed: $(cat out.txt)"
echo "ok hidden until --reveal: $(grep 'fault  ' out.txt)"

# bad input: one line, exit 2
expect_one_line_error "--seed 'x': a whole number" $X run --net butterfly:8 --l random --seed x
expect_one_line_error "--seed '18446744073709551616'" $X run --net butterfly:8 --seed 18446744073709551616
expect_one_line_error "--seed '-3'" $X run --net butterfly:8 --seed -3
expect_one_line_error "needs --inject random" $X run --net butterfly:8 --reveal
expect_one_line_error "allowed on a MIN and on store-and-forward routers, not on a wormhole run" $X run --net torus:8x8 --algo te-dc1 --inject random
expect_one_line_error "need the RTL" $X run --net butterfly:8 --inject random --sim golden
expect_one_line_error "--l randomly: must be an integer" $X run --net butterfly:8 --l randomly
expect_one_line_error "give --l or --config" $X run --net butterfly:8 --l random --config random
echo ok

# docs/debugging.md's "find the hidden fault" exercise: seed 7 on butterfly:8, l = 18
expect_exit 1 $X run --net butterfly:8 --l 18 --inject random --seed 7 --reveal --json --quiet
grep -q '"injections":\[{"kind":"port","element":"s2.2","cycle":75,"fired":true}\]' out.txt || fail "exercise answer: $(cat out.txt)"
grep -q '"first_mismatch":{"cycle":75,"element":"s2.2","detail":"stage 2 switch 2 port 0 (line 4): expected m(5→4)@x0, actual -"}' out.txt ||
    fail "exercise symptom: $(cat out.txt)"
# the answer's evidence in the waves at the marker (cycle 75 = 75 ns = 75000 ps): out1 of s2.2 holds
# m(5→4) in the RTL where the golden model has m(7→5); the switch is straight in both
expect_exit 1 $X run --net butterfly:8 --l 18 --inject random --seed 7 --trace lab/h.fst --quiet
at75() { # fst signal: the value at 75000 ps (cycle 75), as hex
    fst2vcd "$1" | python3 -c '
import sys
want, ident, scope, val, t = sys.argv[1], None, [], None, 0
for line in sys.stdin:
    w = line.split()
    if not w: continue
    if w[0] == "$scope": scope.append(w[2])
    elif w[0] == "$upscope": scope.pop()
    elif w[0] == "$var" and ".".join(scope + [w[4]]).endswith(want): ident = w[3]
    elif w[0][0] == "#": t = int(w[0][1:])
    elif t <= 75000 and ident and w[-1] == ident and w[0][0] == "b": val = int(w[0][1:], 2)
    elif t <= 75000 and ident and len(w) == 1 and w[0][1:] == ident: val = int(w[0][0])
print("%x" % val)' "gen_stage[2].gen_sw[2].u_sw.$2"
}
[ "$(at75 lab/h.fst out1_o | $X gtkw-filter)" = "m(5→4)" ] || fail "RTL s2.2 out1 at 75: $(at75 lab/h.fst out1_o)"
[ "$(at75 lab/h.golden.fst out1_o | $X gtkw-filter)" = "m(7→5)" ] || fail "golden s2.2 out1 at 75"
[ "$(at75 lab/h.fst set_o)$(at75 lab/h.golden.fst set_o)" = 00 ] || fail "s2.2 not straight in both"
echo "ok the exercise's hidden fault is port:s2.2@75, and the waves show what the answer says"

# The golden run that places a random fault takes the run's options less
# what only the RTL takes: with --threads, a user's switch or router, or
# --fcov, --inject random runs (it said "--threads needs the RTL", exit 2)
# and draws the same fault as without them.
expect_exit 1 $X run --net butterfly:8 --inject random --seed 9 --reveal --json --quiet
plain=$(grep -o '"injections":\[[^]]*\]' out.txt)
for extra in "--threads 2" "--rtl-switch $XC_TB/own/switch/alt_sw2x2.v" "--fcov probe.json"; do
    # shellcheck disable=SC2086
    expect_exit 1 $X run --net butterfly:8 --inject random --seed 9 --reveal --json --quiet $extra
    [ "$(grep -o '"injections":\[[^]]*\]' out.txt)" = "$plain" ] || fail "$extra: another fault than $plain"
    echo "ok --inject random with $extra: $plain"
done
expect_exit 1 $X run --net torus:4x4 --algo te-ni --inject random --seed 9 --reveal --json --quiet \
    --rtl-router "$XC_TB/own/router/alt_pn_saf.v"
echo "ok --inject random with --rtl-router"

# The golden run that places a random fault is a session in this process:
# no copy of xchg is forked for it (a fork that runs on without exec and
# starts nothing; the model cache's helpers exec, threads are not
# processes). The command the forked probe once refused (exit 2) runs.
if command -v strace >/dev/null; then
    strace -f -qq -e trace=clone,clone3,fork,vfork,execve -o forks.txt \
        $X run --net butterfly:8 --inject random --threads 2 --sim lockstep --seed 9 --reveal --json --quiet \
        >out.txt 2>err.txt
    rc=$?
    [ $rc = 1 ] || fail "--inject random --threads 2 --sim lockstep: exit $rc: $(cat err.txt)"
    python3 - forks.txt <<'PY' || fail "--inject random forked a copy of xchg for its golden run"
import re, sys
forked, active, pending = set(), set(), {}
for line in open(sys.argv[1]):
    m = re.match(r"(\d+)\s+(?:<\.\.\. )?(clone3?|fork|vfork|execve)(?: resumed>|\()(.*)", line)
    if not m:
        continue
    pid, call, rest = m.groups()
    if rest.endswith("<unfinished ...>"):  # the call resumes on a later line
        pending[pid] = rest
        continue
    rest = pending.pop(pid, "") + rest
    r = re.search(r"= (\d+)\s*$", rest)
    if r and (call in ("fork", "vfork") or (call.startswith("clone") and "CLONE_VM" not in rest)):
        forked.add(r.group(1))  # a new process, not a thread
    if call in ("execve", "vfork") or (call.startswith("clone") and "CLONE_THREAD" not in rest):
        active.add(pid)  # it runs or starts a program
copies = sorted(forked - active)
if copies:
    print("forked copies of xchg:", copies)
sys.exit(1 if copies else 0)
PY
    echo "ok --inject random --threads 2 --sim lockstep runs, its golden run in process"
fi
