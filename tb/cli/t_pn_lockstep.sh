# SPDX-License-Identifier: MIT
# Product-network routers in lock-step with the golden model, every link and
# every delivery compared each cycle, tables loaded over the bus (front
# door). Each run must deliver every message exactly once, take exactly the
# schedule's steps + 1 cycle of start-up, and broadcast tables must shrink
# the table memory by the factor n.
. "$XC_TB/lib.sh"
run() { # expected-messages ARGS...
    local want=$1; shift
    local sim=--sim=lockstep # unless the caller picks one (an option is given once)
    case " $* " in *" --sim "*) sim= ;; esac
    expect_exit 0 "$XCHG" run "$@" $sim --json --quiet
    local r=out.txt steps
    [ "$(json_field pass $r)" = true ] || fail "$*: $(cat $r)"
    [ "$(json_field mismatches $r)" = 0 ] || fail "$* mismatches"
    [ "$(json_field delivered $r)" = "$want" ] || fail "$* delivered: $(cat $r)"
    [ "$(json_field duplicates $r)" = 0 ] || fail "$* duplicates"
    steps=$(json_field steps $r)
    [ "$(json_field cycles $r)" = $((steps + 1)) ] || fail "$* cycles != steps + 1: $(cat $r)"
    [ "$(json_field config_cycles $r)" -gt 0 ] || fail "$* no table loaded over the bus"
    echo "ok $* steps=$steps cycles=$(json_field cycles $r) table_bits=$(json_field table_bits $r)"
}
for net in torus:4x4:16 torus:3x5:15 hypercube:4:16 ghc:3x4:12 ring:8:8 mesh:4x4:16; do
    n=${net##*:}; net=${net%:*}
    run $((n * (n - 1))) --net "$net" --algo te-a1
    case $net in mesh:*) continue ;; esac       # te-ni needs a Cayley graph
    run $((n * (n - 1))) --net "$net" --algo te-ni
    pernode=$(json_field table_bits out.txt)
    run $((n * (n - 1))) --net "$net" --algo te-ni --tables broadcast
    bcast=$(json_field table_bits out.txt)
    [ $((bcast * n)) = "$pernode" ] || fail "$net broadcast $bcast bits x $n != per-node $pernode"
    [ "$(json_field config_cycles out.txt)" -lt "$pernode" ] || fail "$net broadcast bus cycles"
    echo "ok $net broadcast table $bcast bits = per-node $pernode / $n"
done
# te-ni is refused on a mesh (not a Cayley graph), with one line
expect_one_line_error "Cayley" "$XCHG" run --net mesh:4x4 --algo te-ni
run 240 --net torus:4x4 --algo te-a2 --port multi
[ "$(json_field steps out.txt)" = 8 ] || fail "te-a2 torus:4x4 takes 8 steps"
for net in torus:4x4:16 ring:5:5; do
    n=${net##*:}; net=${net%:*}
    run $((n * (n - 1))) --net "$net" --algo mnb
    run $((n * (n - 1))) --net "$net" --algo mnb --duplex half
done
# the golden model and the RTL alone agree with the lock-step
run 240 --net torus:4x4 --algo te-ni --sim golden
run 240 --net torus:4x4 --algo te-ni --sim rtl
# the broadcast table as a ROM image (BcastInit, $readmemh at start), as an
# FPGA top would hold it: no table bus cycles, same run
expect_exit 0 "$XCHG" run --net ring:8 --algo te-ni --tables rom --json --quiet
[ "$(json_field pass out.txt)" = true ] && [ "$(json_field config_cycles out.txt)" = 0 ] &&
    [ "$(json_field delivered out.txt)" = 56 ] && [ "$(json_field cycles out.txt)" = 17 ] || fail "rom: $(cat out.txt)"
echo "ok ring:8 te-ni from a ROM broadcast table, 0 table bus cycles"
