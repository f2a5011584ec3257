# SPDX-License-Identifier: MIT
# SIGINT and SIGTERM during a traced run (not a build: t_cache covers
# those): the run stops within seconds with one line on stderr, exits
# 128 + the signal, and leaves no file in the trace's folder (no FST, no
# golden FST, no .hier temporary, no .gtkw/.tcl, no vectors). Each run is
# frozen (SIGSTOP) once its trace is open, signalled, then let go
# (SIGCONT), so the signal lands mid-run however fast the machine is.
# Last, a disk that fills under the RTL's trace: exit 3, one line, nothing
# left (the FST writer's mapped temporaries fail with SIGBUS there); the
# same for VCD traces (--trace FILE.vcd), the golden model's too.
. "$XC_TB/lib.sh"

# stop_mid_run SIG NAME WAIT_FILE ARGS...: runs xchg run ARGS in w_NAME/,
# waits for WAIT_FILE (relative to w_NAME/; a pattern such as NAME.tmp*)
# to exist (+WAIT_FILE: to hold data, for a VCD that exists from the
# start), then signals it
stop_mid_run() {
    local sig=$1 name=$2 wait_file=${3#+} test=-e
    [ "$3" = "$wait_file" ] || test=-s
    shift 3
    local dir=w_$name
    rm -rf "$dir" && mkdir "$dir"
    (cd "$dir" && exec env --default-signal=INT,TERM "$XCHG" run "$@" --quiet >../$name.out 2>../$name.err) &
    local pid=$! i
    there() { local f; f=$(compgen -G "$dir/$wait_file" | head -n 1); [ -n "$f" ] && [ $test "$f" ]; }
    for i in $(seq 6000); do there && break; kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    kill -STOP $pid 2>/dev/null || fail "$name: the run ended before it could be signalled ($(cat $name.err))"
    there || { kill -9 $pid; fail "$name: no $wait_file after 600 s"; } # not left frozen
    ls -A "$dir" >$name.before
    kill -s "$sig" $pid
    kill -CONT $pid
    for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "$name: still running 10 s after SIG$sig"; }
    wait $pid
    local rc=$?
    [ "$rc" = $((128 + $(kill -l "$sig"))) ] || fail "$name: exit $rc after SIG$sig, want $((128 + $(kill -l "$sig")))"
    [ "$(wc -l <$name.err)" = 1 ] || fail "$name: not one line on stderr: $(cat $name.err)"
    grep -q "^xchg run: stopped by SIG$sig; the unfinished output files were removed$" $name.err ||
        fail "$name: stderr: $(cat $name.err)"
    [ -z "$(ls -A "$dir")" ] || fail "$name: left behind: $(ls -A "$dir") (before the signal: $(tr '\n' ' ' <$name.before))"
    echo "ok SIG$sig $name: exit $rc, removed $(tr '\n' ' ' <$name.before)"
}

# warm ARGS...: xchg run ARGS once, to the end, in a scratch folder: the
# model is built before the runs that are signalled or given a small disk
# (a build can take minutes on a loaded machine: not part of their waits)
warm() { rm -rf warm && mkdir warm && (cd warm && "$XCHG" run "$@" --quiet >/dev/null 2>&1); rm -rf warm; }
warm --net torus:8x8 --algo te-ni --sim lockstep --trace t.fst
warm --net torus:8x8 --algo te-ni --sim lockstep --trace t.vcd
warm --net torus:8x8 --algo te-dc1 --trace t.vcd

# Traces are written under NAME.tmpPID.EXT and renamed when whole (a kill
# leaves no cut trace under the real name): the runs wait for those.
# golden only: the golden FST is open (its .hier) from the start of the run
stop_mid_run INT min_golden 't.golden.tmp*.fst.hier' --net butterfly:256 --sim golden --trace t.fst
stop_mid_run TERM pn_golden 't.golden.tmp*.fst.hier' --net torus:16x16 --algo te-ni --sim golden --trace t.fst
# with vectors too: their temporaries and the folder the run made go as well
stop_mid_run INT pn_golden_vectors 'v/bus.hex.tmp*' --net torus:8x8 --algo te-ni --sim golden --trace t.fst --vectors v
# lock-step: the RTL's FST opens once the model is loaded (built above)
stop_mid_run INT pn_lockstep 't.tmp*.fst.hier' --net torus:8x8 --algo te-ni --sim lockstep --trace t.fst
stop_mid_run TERM pn_rtl 't.tmp*.fst.hier' --net torus:8x8 --algo te-ni --sim rtl --trace t.fst
# VCD: the RTL's trace once Verilator's writer has flushed into it
stop_mid_run INT min_golden_vcd 't.golden.tmp*.vcd' --net butterfly:256 --sim golden --trace t.vcd
stop_mid_run TERM pn_lockstep_vcd '+t.tmp*.vcd' --net torus:8x8 --algo te-ni --sim lockstep --trace t.vcd
stop_mid_run INT wh_vcd '+t.tmp*.vcd' --net torus:8x8 --algo te-dc1 --trace t.vcd

# a full disk under the RTL's trace (the bad-input catalogue covers the
# golden model's, which needs no Verilator model): exit 3, one line, nothing left
full_disk() { # NAME KB TRACE ARGS...
    local name=$1 kb=$2 trace=$3
    shift 3
    # the traced model first, with room: the limit is for the run's trace,
    # not for a model build (which would fail with exit 3 for another reason)
    warm "$@" --trace "$trace"
    rm -rf "w_$name" && mkdir "w_$name"
    (cd "w_$name" && trap '' XFSZ && ulimit -f "$kb" && exec "$XCHG" run "$@" --trace "$trace" --quiet >/dev/null 2>../$name.err)
    local rc=$?
    [ "$rc" = 3 ] || fail "$name: exit $rc on a full disk, want 3: $(cat $name.err)"
    grep -q "build" $name.err && fail "$name: the model build failed, not the trace: $(cat $name.err)"
    [ "$(wc -l <$name.err)" = 1 ] || fail "$name: not one line: $(cat $name.err)"
    [ -z "$(ls -A "w_$name")" ] || fail "$name: left behind: $(ls -A "w_$name")"
    echo "ok $name: exit 3: $(cat $name.err)"
}
full_disk min_rtl_full 8 t.fst --net butterfly:8 --l 18 --sim rtl
# (the limit below the RTL's FST of the run: 27 KB since one lane per
# single-port router, 30+ KB before)
full_disk pn_lockstep_full 16 t.fst --net torus:4x4 --algo te-a1
# VCD: Verilator's writer would abort; the shim's file cuts the trace instead
full_disk min_rtl_full_vcd 64 t.vcd --net butterfly:8 --l 18 --sim rtl
full_disk min_golden_full_vcd 8 t.vcd --net butterfly:8 --l 18 --sim golden
full_disk pn_lockstep_full_vcd 300 t.vcd --net torus:4x4 --algo te-a1
full_disk wh_full_vcd 100 t.vcd --net torus:8x8 --algo te-dc1
