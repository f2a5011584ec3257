#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Wormhole total exchange (paper 001) on the routers in circuit mode, in
# lock-step with the golden model: torus:8x8 and torus:16x16 (256
# routers, the long case kept out of make test), te-dc1 and te-dcn,
# ts = 100. Checks what tb/cli/t_wh_lockstep.sh checks (delivered once,
# cycles = 1 + the wormhole model's, flit-hops) and prints a markdown
# table for docs/wormhole.md. XC_WH_BENCH_NETS overrides the networks.
. "$(dirname "$0")/common.sh"
table_head net algo load "start-ups (Table 1)" "cycles (1 + model)" flit-hops "transmission (Table 1)" \
    "rearranged per node (Table 1)" "peak buffer" "slots used / built" "list entries max" "bus cycles" "build s" "run s"
for net in ${XC_WH_BENCH_NETS:-torus:8x8 torus:16x16}; do
    for a in te-dc1 te-dcn; do
        "$XCHG" schedule --net "$net" --algo "$a" --ts 100 --json --out /dev/null >"$work/s.json"
        s=$(date +%s.%N)
        rc=0
        # 16x16: the back door (loading 0.7 M bus words front door in lock-step takes ~25 min)
        load=front; [ "$net" = torus:16x16 ] && load=back
        "$XCHG" run --net "$net" --algo "$a" --ts 100 --load $load --json --quiet >"$work/r.json" 2>"$work/err.txt" || rc=$?
        e=$(date +%s.%N)
        f="$work/r.json"
        [ "$rc" = 0 ] && grep -q '"pass":true' "$f" || { echo "FAIL $net $a: $(cat "$work/err.txt")"; exit 1; }
        [ "$(j cycles "$f")" = $(($(j cycles "$work/s.json") + 1)) ] || { echo "FAIL $net $a: cycles"; exit 1; }
        [ "$(j flit_hops "$f")" = "$(j flit_hops "$work/s.json")" ] || { echo "FAIL $net $a: flit-hops"; exit 1; }
        printf '| %s | %s | %s | %s (%s) | %s (1 + %s) | %s | %s (%s) | %s (%s) | %s | %s / %s | %s | %s | %.0f | %.0f |\n' \
            "$net" "$a" "$load" "$(j startups "$f")" "$(grep -o '"table1":{"startups":[0-9]*' "$f" | grep -o '[0-9]*$')" \
            "$(j cycles "$f")" "$(j cycles "$work/s.json")" "$(j flit_hops "$f")" \
            "$(j transmission "$f")" "$(grep -o '"transmission":[0-9.]*,"rearrangement' "$f" | grep -o '[0-9.]*')" \
            "$(j rearranged_per_node "$f")" "$(grep -o '"rearrangement":[0-9.]*' "$f" | grep -o '[0-9.]*$')" \
            "$(j peak_buffer "$f")" "$(j slots_used "$f")" "$(j slots "$f")" "$(j list_max "$f")" \
            "$(( $(j config_cycles "$f") + $(j message_cycles "$f") + $(j control_cycles "$f") ))" \
            "$(j build_seconds "$f")" "$(echo "$e - $s - $(j build_seconds "$f")" | bc)"
    done
done
