#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Wormhole total exchange on N x N tori (paper 001): te-dc1 and te-dcn
# measured (checker) beside the paper's Table 1, ts = 100, 1 flit per
# message, then `xchg compare` on torus:16x16. Markdown tables for
# docs/wormhole.md.
. "$(dirname "$0")/common.sh"
table_head net algo "start-ups (paper)" "transmission, messages (paper)" "rearranged per node (paper)" \
    "peak buffer, messages" flit-hops "cycles, ts=100" "gen+check+golden s"
for n in 4 8 16 32 64; do
    for a in te-dc1 te-dcn; do
        [ "$a" = te-dc1 ] && [ "$n" = 4 ] && { echo "| torus:4x4 | te-dc1 | not defined (N >= 8) | | | | | | |"; continue; }
        g=""; [ "$n" = 64 ] && g=--no-golden
        s=$(date +%s.%N)
        "$XCHG" schedule --net "torus:${n}x${n}" --algo "$a" $g --json >"$work/r.json"
        e=$(date +%s.%N)
        f="$work/r.json"
        printf '| torus:%sx%s | %s | %s (%s) | %s (%s) | %s (%s) | %s | %s | %s | %.2f |\n' "$n" "$n" "$a" \
            "$(j startups "$f")" "$(j startups_paper "$f")" "$(j transmission_msgs "$f")" "$(j transmission_paper "$f")" \
            "$(j rearranged_per_node "$f")" "$(j rearrangement_paper "$f")" "$(j peak_buffer_msgs "$f")" \
            "$(j flit_hops "$f")" "$(j cycles "$f")" "$(echo "$e - $s" | bc)"
    done
done
echo
"$XCHG" compare --net torus:16x16
