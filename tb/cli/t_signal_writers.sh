# SPDX-License-Identifier: MIT
# One stop handler for every writer: SIGINT, SIGTERM, SIGHUP (a dropped ssh
# session), SIGQUIT, SIGXCPU (a CI's CPU limit) and SIGPIPE stop
# `schedule --out`, `run --trace` and `sweep` with one
# line naming the signal, exit 128 + N, and no file left behind (no
# NAME.tmpPID of hundreds of MB, as there was, a new one each time). Each
# command is frozen (SIGSTOP) once its temporary file exists, signalled,
# then let go (SIGCONT), so the signal lands mid-write however fast the
# machine is. SIGPIPE with nothing unfinished (`xchg ... --out - | head`)
# ends the command silently, as without a handler.
. "$XC_TB/lib.sh"
X=$XCHG

# stop SIG NAME CMD WAIT ARGS...: runs xchg CMD ARGS in w_NAME/, waits for a
# file matching WAIT there, then signals it; checks status, line, folder
stop() {
    local sig=$1 name=$2 cmd=$3 wait=$4
    shift 4
    local dir=w_$name
    rm -rf "$dir" && mkdir "$dir"
    (cd "$dir" && exec env --default-signal=INT,TERM,HUP,QUIT,XCPU,PIPE "$X" "$cmd" "$@" >../$name.out 2>../$name.err) &
    local pid=$! i
    for i in $(seq 3000); do [ -n "$(compgen -G "$dir/$wait")" ] && break; kill -0 $pid 2>/dev/null || break; sleep 0.02; done
    kill -STOP $pid 2>/dev/null || fail "$name: it ended before it could be signalled ($(cat $name.err))"
    [ -n "$(compgen -G "$dir/$wait")" ] || { kill -9 $pid; fail "$name: no $wait after 60 s"; }
    local before; before=$(ls -A "$dir" | tr '\n' ' ')
    [ -n "${RUN_FIRST:-}" ] && run_first "$sig" $pid
    kill -s "$sig" $pid
    kill -CONT $pid
    for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "$name: still running 10 s after SIG$sig"; }
    wait $pid
    local rc=$? want=$((128 + $(kill -l "$sig")))
    [ "$rc" = "$want" ] || fail "$name: exit $rc after SIG$sig, want $want ($(cat $name.err))"
    [ "$(wc -l <$name.err)" = 1 ] || fail "$name: not one line on stderr: $(cat $name.err)"
    grep -qE "^xchg $cmd: stopped by SIG$sig; the unfinished (output|case) files were removed$" $name.err ||
        fail "$name: stderr: $(cat $name.err)"
    [ -z "$(ls -A "$dir")" ] || fail "$name: left behind: $(ls -A "$dir") (before the signal: $before)"
    echo "ok SIG$sig $name: exit $rc, removed $before"
    rm -rf "$dir"
}

# run_first SIG PID: the stop reaches a sweep's case's run before the
# case (the order a signal to a process group may take): signals the run
# alone and waits until its case has ended, while the sweep (PID) is frozen
run_first() {
    local case_pid run_pid i
    case_pid=$(pgrep -P "$2") && run_pid=$(pgrep -P "$case_pid") || fail "run_first: no case and run under $2"
    kill -s "$1" "$run_pid"
    # a zombie's state is Z, then flags (ZN: niced, as a CI job may be)
    for i in $(seq 600); do [[ "$(ps -o stat= -p "$case_pid")" == Z* ]] && return; sleep 0.1; done
    fail "run_first: the case did not end 60 s after its run"
}

for sig in INT TERM HUP QUIT XCPU PIPE; do
    stop $sig "schedule_$sig" schedule 'f.sched.tmp*' --net torus:32x32 --algo te-a1 --out f.sched
done
stop XCPU run_trace run 't.golden.tmp*.fst.hier' --net butterfly:256 --sim golden --trace t.fst --quiet
# a sweep passes the signal on to its cases, which remove their files
printf -- '--net torus:32x32 --algo te-ni --sim golden\n--net torus:32x32 --algo te-a1 --sim golden\n' >slow.txt # 20 s each
stop HUP sweep sweep 's/.case-*.tmp' "$PWD/slow.txt" --out s -j 2
stop QUIT sweep_quit sweep 's/.case-*.tmp' "$PWD/slow.txt" --out s
RUN_FIRST=1 stop TERM sweep_run_first sweep 's/.case-*.tmp' "$PWD/slow.txt" --out s

# SIGPIPE with nothing unfinished: the reader went away, the command ends
# silently with the status of a SIGPIPE (141), as it would without a handler
set -o pipefail
"$X" schedule --net torus:16x16 --algo te-a1 --out - 2>pipe.err | head -c 10 >/dev/null
rc=$?
set +o pipefail
[ "$rc" = 141 ] || fail "schedule --out - | head: exit $rc, want 141"
[ ! -s pipe.err ] || fail "schedule --out - | head: stderr: $(cat pipe.err)"
echo "ok SIGPIPE on stdout alone: exit 141, nothing on stderr"
