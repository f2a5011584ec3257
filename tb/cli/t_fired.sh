# SPDX-License-Identifier: MIT
# A fault either fires or the run says so (MIN, store-and-forward and
# wormhole routers): every injection is
# reported fired (it changed a flit, a setting or a port of its switch) or
# never fired, in the text report and in the JSON's injections[]; a cycle
# outside the exchange (before the first injection, after the last
# delivery) is refused, exit 2 and one line naming the run's cycle range,
# unless --inject-anywhere; xchg sweep counts the faults detected, fired
# but tolerated, and never fired. On butterfly:8 (l = 1) wave x passes
# stage k at cycle f + x + k + 1, f the first injection's cycle.
. "$XC_TB/lib.sh"
X=$XCHG
f=$("$X" run --net butterfly:8 --l 1 --sim golden --json --quiet | grep -o '"first_injection_cycle":[0-9]*' | cut -d: -f2)
[ -n "$f" ] || fail "no first_injection_cycle"
last=$((f + 10)) # wave 7 leaves stage 2: the last delivery

# refused PATTERN CMD...: exit 2, one line matching PATTERN, no report (a
# note that the model is being built, or waited for, by another test is
# not the run's: the doc test drops it too)
refused() {
    local pat=$1; shift
    expect_exit 2 "$@"
    grep -vE '^xchg: (building the Verilator model|an earlier build did not finish|waiting for another build)' \
        err.txt >err1.txt
    [ "$(wc -l <err1.txt)" = 1 ] || { cat err.txt >&2; fail "not one line of error: $*"; }
    grep -qE -- "$pat" err1.txt || { cat err.txt >&2; fail "error does not mention '$pat': $*"; }
    [ ! -s out.txt ] || fail "a report despite the refusal: $*"
}
# during the table load: refused, naming the range
refused "drop:s2.1@10: cycle 10 is outside the exchange, cycles $f\.\.$last " \
    "$X" run --net butterfly:8 --l 1 --inject drop:s2.1@10 --json --quiet
# after the last delivery: refused too; the last delivery's cycle is not
refused "cycles $f\.\.$last " "$X" run --net butterfly:8 --l 1 --inject "drop:s2.3@$((last + 1))"
expect_exit 1 "$X" run --net butterfly:8 --l 1 --inject "drop:s2.3@$last" --json --quiet
# --inject-anywhere runs it, and says it never fired
expect_exit 0 "$X" run --net butterfly:8 --l 1 --inject drop:s2.1@10 --inject-anywhere --json --quiet
grep -q '"injections":\[{"kind":"drop","element":"s2.1","cycle":10,"fired":false}\]' out.txt ||
    fail "table-load drop not reported as never fired: $(cat out.txt)"
[ "$(json_field faults_fired out.txt)" = 0 ] && [ "$(json_field faults_injected out.txt)" = 1 ] ||
    fail "fault counts: $(cat out.txt)"

# in the exchange, on a switch no flit crosses at that cycle: passes, never fired
expect_exit 0 "$X" run --net butterfly:8 --l 1 --inject "drop:s2.3@$((f + 1))"
grep -q "^  injection    drop:s2.3@$((f + 1)) never fired" out.txt || fail "text: $(cat out.txt)"
grep -q '^PASS' out.txt || fail "not PASS: $(cat out.txt)"
# one that meets a flit: fired, detected
expect_exit 1 "$X" run --net butterfly:8 --l 1 --inject "drop:s2.3@$last" --inject "dup:s2.0@$((f + 1))" --json --quiet
grep -q "\"injections\":\[{\"kind\":\"drop\",\"element\":\"s2.3\",\"cycle\":$last,\"fired\":true},{\"kind\":\"dup\",\"element\":\"s2.0\",\"cycle\":$((f + 1)),\"fired\":false}\]" out.txt ||
    fail "fired flags: $(cat out.txt)"
[ "$(json_field faults_fired out.txt)" = 1 ] || fail "faults_fired: $(cat out.txt)"
expect_exit 1 "$X" run --net butterfly:8 --l 1 --inject "drop:s2.3@$last"
grep -q "^  injection    drop:s2.3@$last fired" out.txt || fail "text: $(cat out.txt)"
# a switch fault on an idle switch changes its setting: fired; without the
# golden model nothing checks the setting, so the run passes (tolerated)
expect_exit 0 "$X" run --net butterfly:8 --l 1 --sim rtl --inject "switch:s2.3@$((f + 1))" --json --quiet
grep -q '"fired":true' out.txt || fail "switch fault on an idle switch: $(cat out.txt)"

# a hidden fault: counts only, no line naming it
expect_exit 1 "$X" run --net butterfly:8 --l 1 --sim rtl --inject random --seed 7
! grep -q '^  injection' out.txt || fail "a hidden fault named: $(cat out.txt)"
expect_exit 1 "$X" run --net butterfly:8 --l 1 --sim rtl --inject random --seed 7 --json --quiet
grep -q '"faults_injected":1,"faults_fired":1,.*"injections":\[\]' out.txt || fail "hidden fault JSON: $(cat out.txt)"

# store and forward (torus:4x4, te-a1): the steps run from the first step
# s, one cycle each; a flit leaves a router only then
s=$("$X" run --net torus:4x4 --algo te-a1 --sim golden --json --quiet | grep -o '"first_step_cycle":[0-9]*' | cut -d: -f2)
steps=$("$X" run --net torus:4x4 --algo te-a1 --sim golden --json --quiet | grep -o '"steps":[0-9]*' | cut -d: -f2)
[ -n "$s" ] && [ -n "$steps" ] || fail "no first_step_cycle or steps"
e=$((s + steps - 1))
expect_exit 0 "$X" run --net torus:4x4 --algo te-a1 --inject dup:n3@5 --inject-anywhere --json --quiet
grep -q '"injections":\[{"kind":"dup","element":"n3","cycle":5,"fired":false}\]' out.txt || fail "sf before: $(cat out.txt)"
refused "dup:n3@5: cycle 5 is outside the exchange, cycles $s\.\.$e " \
    "$X" run --net torus:4x4 --algo te-a1 --inject dup:n3@5
refused "cycles $s\.\.$e " "$X" run --net torus:4x4 --algo te-a1 --inject "dup:n3@$((e + 1))"
expect_exit 1 "$X" run --net torus:4x4 --algo te-a1 --inject "dup:n3@$e"
grep -q "^  injection    dup:n3@$e fired" out.txt || fail "sf last step: $(cat out.txt)"
expect_exit 1 "$X" run --net torus:4x4 --algo te-a1 --inject "drop:n5@$((s + 10))" --inject "dup:n3@$((e + 1))" \
    --inject-anywhere --json --quiet
grep -q "\"fired\":true},{\"kind\":\"dup\",\"element\":\"n3\",\"cycle\":$((e + 1)),\"fired\":false}" out.txt ||
    fail "sf fired flags: $(cat out.txt)"

# wormhole (torus:4x4, te-dcn, circuit mode): the exchange runs from the
# first step s for the cycles the firmware counts (the start cycle
# included); step 1's worm leaves n5 at s + ts + 6 (ts = 100 start-up
# cycles, then the header's hops), and nothing leaves it at s + 256
j=$("$X" run --net torus:4x4 --algo te-dcn --sim golden --json --quiet)
s=$(echo "$j" | grep -o '"first_step_cycle":[0-9]*' | cut -d: -f2)
cyc=$(echo "$j" | grep -o '"cycles":[0-9]*' | head -n1 | cut -d: -f2)
[ -n "$s" ] && [ -n "$cyc" ] || fail "wormhole: no first_step_cycle or cycles"
e=$((s + cyc - 2)) w=$((s + 106))
refused "drop:n5@3: cycle 3 is outside the exchange, cycles $s\.\.$e " \
    "$X" run --net torus:4x4 --algo te-dcn --inject drop:n5@3
refused "cycles $s\.\.$e " "$X" run --net torus:4x4 --algo te-dcn --sim rtl --inject "drop:n5@$((e + 1))"
expect_exit 1 "$X" run --net torus:4x4 --algo te-dcn --inject drop:n5@3 --inject "drop:n5@$w" --inject-anywhere \
    --json --quiet
grep -q "\"faults_injected\":2,\"faults_fired\":1,.*\"injections\":\[{\"kind\":\"drop\",\"element\":\"n5\",\"cycle\":3,\"fired\":false},{\"kind\":\"drop\",\"element\":\"n5\",\"cycle\":$w,\"fired\":true}\]" out.txt ||
    fail "wormhole fired flags: $(cat out.txt)"
expect_exit 0 "$X" run --net torus:4x4 --algo te-dcn --sim rtl --inject "drop:n5@$((s + 256))"
grep -q "^  injection    drop:n5@$((s + 256)) never fired" out.txt && grep -q '^PASS' out.txt ||
    fail "wormhole never fired: $(cat out.txt)"

# the sweep's summary: 1 detected, 1 tolerated, 2 never fired (one in a run
# that failed for another fault)
cat >cases.txt <<EOF
--net butterfly:8 --l 1 --inject drop:s2.3@$last --inject dup:s2.0@$((f + 1))
--net butterfly:8 --l 1 --sim rtl --inject switch:s2.3@$((f + 1))
--net butterfly:8 --l 1 --inject drop:s2.3@$((f + 1))
--net butterfly:8 --l 1
EOF
expect_exit 1 "$X" sweep cases.txt --out sw
grep -q '^xchg sweep: faults: 1 detected, 1 fired but tolerated, 2 never fired$' out.txt || fail "sweep: $(cat out.txt)"
python3 - <<'PY' || fail "summary.json fault counts"
import json
d = json.load(open("sw/summary.json"))
assert (d["faults_detected"], d["faults_tolerated"], d["faults_never_fired"]) == (1, 1, 2), d
PY
echo ok
