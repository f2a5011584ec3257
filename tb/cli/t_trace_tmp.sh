# SPDX-License-Identifier: MIT
# Traces are written under a temporary name (NAME.tmpPID.EXT, the golden
# model's NAME.golden.tmpPID.EXT) and renamed only once read back whole: a
# kill no handler sees (SIGKILL, the OOM killer) leaves temporaries, never
# a cut trace under the name the user asked for, and the next traced run in
# that folder removes the temporaries of processes that are gone (not those
# of a run still going).
. "$XC_TB/lib.sh"
X=$XCHG
# kill_mid_trace EXT: a golden butterfly:1024 run, SIGKILLed once its trace is open
kill_mid_trace() {
    local ext=$1
    ("$X" run --net butterfly:1024 --sim golden --trace "k.$ext" --quiet >/dev/null 2>&1) &
    local pid=$! i
    for i in $(seq 1500); do [ -n "$(compgen -G "k.golden.tmp*.$ext")" ] && break; sleep 0.02; done
    [ -n "$(compgen -G "k.golden.tmp*.$ext")" ] || { kill -9 $pid; fail "$ext: no temporary trace after 30 s"; }
    kill -9 $pid
    wait $pid 2>/dev/null
    ls k.golden.$ext k.$ext 2>/dev/null && fail "$ext: a trace under its real name after SIGKILL"
    [ -n "$(compgen -G "k.golden.tmp*.$ext")" ] || fail "$ext: the temporary went too"
    echo "ok $ext: SIGKILL left only $(ls | grep tmp | tr '\n' ' ')"
}
for ext in fst vcd; do
    kill_mid_trace $ext
    # a temporary of a live process (this shell's) stays: it may be a run going on
    touch "k.golden.tmp$$.$ext"
    expect_exit 0 "$X" run --net butterfly:8 --sim golden --trace "k.$ext" --quiet
    [ -s "k.golden.$ext" ] && [ -s k.gtkw ] || fail "$ext: the next run wrote no trace: $(ls)"
    left=$(ls | grep '\.tmp' || true)
    [ "$left" = "k.golden.tmp$$.$ext" ] || fail "$ext: temporaries after the next run: '$left'"
    rm -f k.*
    echo "ok $ext: the next run removed the dead run's temporaries and kept a live one's"
done

# a finished run leaves the traces under their names and no temporary
expect_exit 0 "$X" run --net torus:4x4 --algo te-ni --sim golden --trace d/p.fst --quiet
[ -s d/p.golden.fst ] && [ -z "$(ls d | grep tmp)" ] || fail "after a run: $(ls d)"
echo "ok a finished run: $(ls d | tr '\n' ' ')"
