# SPDX-License-Identifier: MIT
# The model cache (sim/harness/xc_model_cache.c) under parallel and killed
# builds, on butterfly:4 in a cache of its own:
#  - two first runs at once: one builds, the other waits; both pass and
#    leave one good model;
#  - a build killed with SIGKILL (xchg and every process of the build) early,
#    during a real C++ compile, with an object or the .so left 0 bytes long
#    (a g++ stand-in stops right there), and xchg alone killed: the next run
#    says the earlier build did not finish, rebuilds and passes;
#  - SIGINT and SIGTERM to xchg alone: it stops the build within seconds,
#    ends by that signal, and leaves no process, no work folder, no stamp,
#    no back-door load folder (--load back); SIGTERM likewise during a
#    router model's build (torus:2x2).
. "$XC_TB/lib.sh"
net=butterfly:4
b=$PWD/b                                   # a cache of our own: no other test's model is touched
mkdir -p "$b/gen" bin
cp "$XC_BUILD/gen/xchg_consts.vh" "$b/gen/"
export XC_BUILD=$b
# no ccache (sim/Makefile): a rebuild must really compile, for the kills
# below to land in a C++ compile and for the g++ stand-in to be the compiler
export CCACHE_DISABLE=1
dir=$b/vl/min_butterfly_4

# a g++ that, when told to, leaves its output empty (as a compiler or
# linker killed mid-write does) and waits there to be killed
real=$(command -v g++)
cat >bin/g++ <<EOF
#!/bin/sh
out=; prev=
for a in "\$@"; do [ "\$prev" = -o ] && out=\$a; prev=\$a; done
case "\${XC_STALL:-}:\$out" in
compile:*.o | link:*.so) : >"\$out"; touch "$PWD/stalled"; exec sleep 300 ;;
esac
exec "$real" "\$@"
EOF
chmod +x bin/g++
export PATH=$PWD/bin:$PATH

desc() { local c; for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do echo "$c"; desc "$c"; done; }
has_proc() { local p; for p in $(desc "$1"); do [ "$(ps -o comm= -p "$p" 2>/dev/null)" = "$2" ] && return 0; done; return 1; }
# until CMD... succeeds (600 s at most: on a loaded machine a whole build
# took over a minute to reach its link)
until_true() { local i; for i in $(seq 6000); do "$@" && return 0; sleep 0.1; done; fail "timed out: $*"; }

run_args=()                                # more options of the next runs
start() { # start NAME [env...]: xchg run in the background (SIGINT deliverable), pid in $pid
    local name=$1; shift
    rm -f stalled
    env --default-signal=INT,TERM "$@" "$XCHG" run --net $net --sim lockstep --json "${run_args[@]}" >"$name.out" 2>"$name.err" &
    pid=$!
}
passes() { # passes NAME: the run's exit status was 0 and its report says pass
    [ "$(json_field pass "$1.out")" = true ] || { cat "$1.err" >&2; fail "$1: no pass: $(cat "$1.out")"; }
}
good_model() { # one complete model, nothing half-written beside it
    [ -s "$dir/stamp" ] || fail "no stamp after a good build"
    [ -s "$dir/libxchg_min.so" ] || fail "no model"
    [ -z "$(find "$dir" -name '*.tmp*')" ] || fail "temporaries left: $(find "$dir" -name '*.tmp*')"
}
killed_build() { # the state a killed build leaves: no stamp
    [ ! -e "$dir/stamp" ] || fail "stamp present after a killed build"
}
rebuilds() { # rebuilds NAME: the next run notices, rebuilds and passes
    start "$1"; wait "$pid"; local rc=$?
    [ "$rc" = 0 ] || { cat "$1.err" >&2; fail "$1: exit $rc"; }
    passes "$1"
    grep -q "did not finish: rebuilding" "$1.err" || fail "$1: no rebuild note: $(cat "$1.err")"
    good_model
    echo "ok $1"
}
kill_all() { kill -9 "$pid" $(desc "$pid") 2>/dev/null; wait "$pid" 2>/dev/null; }

# 1. two first runs at once
start first1; p1=$pid
start first2; p2=$pid
wait "$p1" || fail "first1: exit $?"
wait "$p2" || fail "first2: exit $?"
passes first1; passes first2
[ "$(cat first1.err first2.err | grep -c 'building the Verilator model')" = 1 ] ||
    fail "not exactly one build: $(cat first1.err first2.err)"
grep -q "waiting for another build" first1.err first2.err || fail "no run waited for the other"
good_model
echo "ok two first runs at once: one build, both pass"
expect_exit 0 "$XCHG" run --net $net --sim lockstep --json
[ ! -s err.txt ] || fail "a cached model was rebuilt: $(cat err.txt)"

# 2. SIGKILL at several points
rm -f "$dir/stamp"                          # no stamp: the next run builds from scratch
start early
until_true has_proc "$pid" make
kill_all; killed_build
rebuilds after-early-kill

touch "$dir/obj/params.vc"                  # as after a source change: rebuilt in place
start compile
until_true has_proc "$pid" cc1plus
sleep 0.5; kill_all; killed_build
rebuilds after-compile-kill

rm -f "$dir/stamp"
start stall-o XC_STALL=compile
until_true test -e stalled
[ -n "$(find "$dir/obj" -name '*.o' -size 0)" ] || fail "no 0-byte object to poison the cache"
kill_all; killed_build
rebuilds after-empty-object

rm -f "$dir/stamp"
start stall-so XC_STALL=link
until_true test -e stalled
[ -f "$dir/obj/libxchg_min.so" ] && [ ! -s "$dir/obj/libxchg_min.so" ] || fail "no 0-byte .so"
kill_all; killed_build
rebuilds after-empty-so

# xchg alone: its build lives on and keeps the lock until it is gone
rm -f "$dir/stamp"
start alone
until_true has_proc "$pid" cc1plus
kill -9 "$pid"; wait "$pid" 2>/dev/null
rebuilds after-xchg-killed

# 3. SIGINT and SIGTERM to xchg alone stop the build cleanly, and the
# back-door load folder written before the build goes too
no_load_left() { # no_load_left WHAT: build/load holds no run's folder
    [ -z "$(ls -A "$b/load" 2>/dev/null)" ] || fail "$1: load folder left: $(ls "$b/load")"
}
run_args=(--load back)
for sig in INT TERM; do
    rm -f "$dir/stamp"
    start "sig$sig" XC_STALL=compile
    until_true test -e stalled
    procs=$(desc "$pid")
    kill -s $sig "$pid"
    for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && fail "SIG$sig: xchg still running after 10 s"
    wait "$pid"; rc=$?
    [ "$rc" = $((128 + $(kill -l $sig))) ] || fail "SIG$sig: exit $rc, not death by the signal"
    for p in $procs; do kill -0 "$p" 2>/dev/null && fail "SIG$sig: build process $p left running"; done
    [ ! -e "$dir/obj" ] || fail "SIG$sig: half-built work folder left: $(ls "$dir/obj")"
    killed_build
    no_load_left "SIG$sig"
    echo "ok SIG$sig stops the build"
done
# the same for a router model (torus:2x2), stopped at its first compile
net="torus:2x2 --algo te-ni"
start pn-term XC_STALL=compile
until_true test -e stalled
kill -s TERM "$pid"; wait "$pid"; rc=$?
[ "$rc" = $((128 + 15)) ] || fail "router SIGTERM: exit $rc, not death by the signal"
[ -z "$(ls -d "$b"/vl/pn_*/obj 2>/dev/null)" ] || fail "router SIGTERM: half-built work folder left"
no_load_left "router SIGTERM"
echo "ok SIGTERM stops a router build, its load folder removed"
net=butterfly:4
start after-signals; wait "$pid" || fail "after-signals: exit $?"
passes after-signals; good_model
echo "ok rebuilt after the signals"
