#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Paper 001's lower bound on wormhole start-ups, 2 log2 N on an N x N
# torus, is what the pages and `xchg check` call the bound, never the
# algorithm's own count (te-dcn's 8 on torus:8x8 is 2 over the bound of 6);
# the page marks the masters (i = j mod 2^k) and spells out the step labels;
# --explain says "for 2 hops" and spells out its labels too.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v jq >/dev/null || fail "jq is missing (make deps installs it)"

# bound N: 2 log2 N, computed here from N
bound() { local n=$1 l=0; while [ $((1 << l)) -lt "$n" ]; do l=$((l + 1)); done; echo $((2 * l)); }

for c in "4 te-dcn 5" "8 te-dc1 7" "8 te-dcn 8"; do
    read -r N algo own <<<"$c"
    b=$(bound "$N")
    expect_exit 0 "$XCHG" show --net "torus:${N}x$N" --algo "$algo" --json --out "s.json"
    got=$(jq -c '[.bound, .algo_steps, .steps]' s.json)
    [ "$got" = "[$b,$own,$own]" ] || fail "show torus:${N}x$N $algo: [bound, algo_steps, steps] $got, expected [$b,$own,$own]"
    # the masters the page marks: node i N + j is a master when i = j (mod 2)
    jq -e --argjson N "$N" '[.pn.roles | to_entries[] | select((.value > 0) !=
        ((((.key / $N | floor) - (.key % $N)) % 2) == 0))] | length == 0' s.json >/dev/null ||
        fail "show torus:${N}x$N $algo: a node marked master that is not P(i,j) with i = j mod 2, or the reverse"
    expect_exit 0 "$XCHG" schedule --net "torus:${N}x$N" --algo "$algo" --out s.sched
    expect_exit 0 "$XCHG" check s.sched
    over=$((own - b))
    want="$own start-ups, lower bound 2 log2 N start-ups (paper 001) = $b: +$over over the bound"
    [ "$(tail -n1 out.txt)" = "$want" ] || fail "check torus:${N}x$N $algo: '$(tail -n1 out.txt)', expected '$want'"
    expect_exit 0 "$XCHG" check s.sched --json
    got=$(jq -c '[.startups, .bound, .over_bound, .optimal]' out.txt)
    [ "$got" = "[$own,$b,$over,false]" ] || fail "check --json torus:${N}x$N $algo: $got"
    echo "ok torus:${N}x$N $algo: $own start-ups, bound $b"
done

# te-dcn's levels on torus:8x8: n0 and n9 are level-2 masters (i = j mod 4), n2 a level-1 one, n1 a slave
expect_exit 0 "$XCHG" show --net torus:8x8 --algo te-dcn --json --out s.json
[ "$(jq -c '[.pn.roles[0, 9, 2, 1]]' s.json)" = "[2,2,1,0]" ] || fail "te-dcn roles: $(jq -c '[.pn.roles[0, 9, 2, 1]]' s.json)"

# the page at step 3 of torus:8x8 te-dc1: the bound line, the spelled-out label, 32 masters marked
expect_exit 0 "$XCHG" show --net torus:8x8 --algo te-dc1 --out p.html
chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 --user-data-dir="$PWD/profile" \
    --dump-dom "file://$PWD/p.html#step=3" >p.dom 2>p.log || fail "chromium could not load the page"
if grep -a ':CONSOLE' p.log; then fail "console message"; fi
label=$(grep -o '<div id="label"[^<]*' p.dom | sed 's/.*>//')
case $label in
*"s2.p3.step1 (stage 2, phase 3, step 1)"*"te-dc1 takes 7 start-ups (N/4 + 5); lower bound 2 log2 N start-ups (paper 001) = 6: te-dc1 is 1 over it"*) ;;
*) fail "page label: '$label'" ;;
esac
[ "$(grep -o 'data-role="master"' p.dom | wc -l)" = 32 ] || fail "page: $(grep -o 'data-role="master"' p.dom | wc -l) masters marked, expected 32"
[ "$(grep -o 'data-role="slave"' p.dom | wc -l)" = 32 ] || fail "page: slaves not marked"
grep -q 'class="node master"' p.dom || fail "page: masters have no border of their own"

# each worm of the step drawn as one arrow along its whole path: as many as
# the schedule's packets, each path the one its messages' hops (from the
# golden model, in cycle order) took
expect_exit 0 "$XCHG" schedule --net torus:8x8 --algo te-dc1 --json
packets=$(jq '.steps[2].packets' out.txt) hops=$(jq '.steps[2].hops' out.txt)
expect_exit 0 "$XCHG" show --net torus:8x8 --algo te-dc1 --json --out p.json
jq -r '[.frames[3].hops | group_by(.[0])[] | sort_by(.[3]) | ([.[0][1]] + map(.[2])) | map(tostring) | join(" ")] |
       unique[]' p.json >want.paths
grep -o 'class="hop worm" [^>]*data-path="[0-9 ]*"' p.dom | sed 's/.*data-path="//; s/"$//' | sort -u >got.paths
[ "$(wc -l <got.paths)" = "$packets" ] || fail "step 3: $(wc -l <got.paths) worms drawn, the schedule sends $packets packets"
diff want.paths got.paths >/dev/null || fail "step 3: the worms drawn are not the paths the golden model's hops took"
awk -v h="$hops" 'NF != h + 1 { exit 1 }' got.paths || fail "step 3: a worm not of $hops hops"
grep -q 'class="hop"' p.dom && fail "step 3: a per-link arrow drawn for a whole wormhole step"

# --explain: every run of hops in words, every label spelled out
expect_exit 0 "$XCHG" schedule --net torus:4x4 --algo te-dcn --explain --node 0
grep -q ' x[0-9]' out.txt && fail "--explain still writes 'x2' for a run of hops: $(grep -m1 ' x[0-9]' out.txt)"
grep -q 'along port 2 (+ in dimension 1) for 2 hops to n2' out.txt || fail "--explain: no 'for 2 hops'"
grep -q '^step 3 (exchange.step1: exchange stage, step 1):' out.txt || fail "--explain: label not spelled out"
echo "ok page and --explain"
