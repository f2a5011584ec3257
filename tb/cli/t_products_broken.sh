# SPDX-License-Identifier: MIT
# The checker rejects broken versions of real schedules (exit 1, one line
# naming step, node, port and message) and accepts the originals.
set -u
fails=0
broken() { # expected-substring file
    "$XCHG" check "$2" >out.txt 2>err.txt
    rc=$?
    if [ "$rc" != 1 ] || ! grep -q -- "$1" err.txt || ! grep -q "step [0-9]*" err.txt; then
        echo "FAIL ($rc) $2: want '$1'"; cat err.txt; fails=$((fails + 1))
    else
        echo "ok $2: $(cat err.txt)"
    fi
}
"$XCHG" schedule --net torus:4x4 --algo te-a1 --out a1.txt >/dev/null
"$XCHG" schedule --net ring:7 --algo mnb --duplex half --out mnb.txt >/dev/null
"$XCHG" check a1.txt >/dev/null && "$XCHG" check mnb.txt >/dev/null || { echo "originals fail"; exit 1; }
# 1. wrong adjacency: the first send goes out on another port
awk '!d && /^s /{$3 = ($3 + 1) % 4; d = 1} {print}' a1.txt >adj.txt
broken "adjacency\|lost\|no link" adj.txt
# 2. port model: a second send by the same node in step 1 (single-port)
awk '{print} /^t 1$/{print "s 0 0 2"}' a1.txt >port.txt
broken "single-port\|second" port.txt
# 3. slot overwrite: the first stored arrival goes into slot 1 (still full)
awk '!d && /^r / && $4 !~ /^d/{$4 = 1; d = 1} {print}' a1.txt >slot.txt
broken "overwritten" slot.txt
# 4. lost message: drop the first receive
awk '!d && /^r /{d = 1; next} {print}' a1.txt >lost.txt
broken "lost\|never received" lost.txt
# 5. duplicate delivery: the last step of the broadcast replayed
last=$(grep -n '^t ' mnb.txt | tail -1 | cut -d: -f1)
steps=$(grep -c '^t ' mnb.txt)
{ head -n $(( $(wc -l <mnb.txt) - 1 )) mnb.txt | sed -n "1,$((last - 1))p"
  echo "t $steps"; sed -n "$((last + 1)),\$p" mnb.txt | grep -v '^end'
  sed -n "$((last + 1)),\$p" mnb.txt | grep -v '^end' | grep -v '^t ' >tail.txt; echo "t $((steps + 1))"
  awk '/^c /{print} /^r /{split($4, a, "d"); print "r", $2, $3, "d" (a[2] + 100)}' tail.txt
  echo "end $((steps + 1)) 107"; } >dup.txt
broken "duplicate\|half duplex\|empty slot" dup.txt
# 6. half duplex: a node that receives in a step also sends (copy of slot 0)
awk '{print} /^t 2$/{getline; print; split($0, a, " "); if (a[1] == "c") {n = (a[2] + 1) % 7; print "c", n, 0, 0}}' mnb.txt >half.txt
broken "half duplex\|single-port\|second" half.txt
[ "$fails" = 0 ]
