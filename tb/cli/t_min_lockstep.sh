# SPDX-License-Identifier: MIT
# RTL in lock-step with the golden model, every cycle compared: every
# topology, N = 2 .. 64, in the XOR, table and self-routing modes. Each run
# must deliver all N^2 messages exactly once with no mismatch, and the
# pipelined modes must take exactly N + log2 N cycles.
. "$XC_TB/lib.sh"
configs="butterfly:2 butterfly:4 butterfly:8 butterfly:16 butterfly:32 butterfly:64
         omega:8 omega:64 baseline:8 baseline:64 rbaseline:8 rbaseline:64 cube:8 cube:64"
for net in $configs; do
    n=${net#*:}
    logn=0; while [ $((1 << logn)) -lt "$n" ]; do logn=$((logn + 1)); done
    for mode in xor table self; do
        expect_exit 0 "$XCHG" run --net "$net" --l $((n > 2 ? n - 1 : 0)) --mode "$mode" --sim lockstep --json --quiet
        r=out.txt
        [ "$(json_field pass $r)" = true ] || fail "$net $mode: $(cat $r)"
        [ "$(json_field delivered $r)" = $((n * n)) ] || fail "$net $mode delivered: $(cat $r)"
        [ "$(json_field mismatches $r)" = 0 ] || fail "$net $mode mismatches"
        if [ "$mode" != table ]; then
            [ "$(json_field cycles $r)" = $((n + logn)) ] || fail "$net $mode cycles: $(cat $r)"
        fi
        echo "ok $net $mode cycles=$(json_field cycles $r)"
    done
done
