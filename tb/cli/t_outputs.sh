# SPDX-License-Identifier: MIT
# Every output is part of the verdict: a requested output (--fcov,
# --coverage, the files of xchg sweep) that cannot be written never gives
# PASS or "pass": true. A path no file can have (under a regular file) is
# refused before the run starts: exit 2, one line, nothing run. A write
# that fails on the way (a full disk, simulated with ulimit -f and SIGXFSZ
# ignored, so writes fail with EFBIG): exit 3, one line, no report on
# stdout, neither the file nor its temporary left.
. "$XC_TB/lib.sh"
X=$XCHG
touch afile # a regular file: nothing can be created under it (even by root)

# full_disk KB CMD...: CMD with every write past KB kilobytes failing; its
# stdout and stderr through pipes (which the limit does not touch) into
# out.txt and err.txt; its exit status in rc
full_disk() {
    local kb=$1
    shift
    set -o pipefail
    { (trap '' XFSZ && ulimit -f "$kb" && exec "$@") 2>&3 | cat >out.txt; } 3>&1 | cat >err.txt
    rc=$?
    set +o pipefail
}
# only the files the test made may be left
left_clean() {
    local extra; extra=$(ls -A | grep -vxE 'afile|out.txt|err.txt|cases.txt' || true)
    [ -z "$extra" ] || fail "$1: left behind: $extra"
}
# exit 3, one line matching PATTERN, nothing on stdout, nothing left
wrote_nothing() { # NAME PATTERN
    [ "$rc" = 3 ] || { cat out.txt err.txt >&2; fail "$1: exit $rc, want 3"; }
    [ "$(wc -l <err.txt)" = 1 ] || { cat err.txt >&2; fail "$1: not one line on stderr"; }
    grep -qE -- "$2" err.txt || fail "$1: the line does not say '$2': $(cat err.txt)"
    [ ! -s out.txt ] || fail "$1: a report despite the lost output: $(cat out.txt)"
    left_clean "$1"
    echo "ok $1: $(cat err.txt)"
}

# --fcov
expect_one_line_error "^xchg run: --fcov 'afile/f.json': cannot write it" \
    $X run --net butterfly:8 --sim golden --fcov afile/f.json
left_clean "--fcov afile/f.json"
expect_one_line_error "^xchg run: --fcov 'afile/f.json': cannot write it" \
    $X run --net torus:4x4 --algo te-a1 --sim golden --fcov afile/f.json --json
# butterfly:64's coverage is 4.6 KB, torus:8x8's 7 KB: past a 4 KB limit
full_disk 4 $X run --net butterfly:64 --sim golden --fcov f.json
wrote_nothing "--fcov on a full disk (MIN)" "^xchg run: --fcov 'f.json': cannot write it: File too large"
full_disk 4 $X run --net torus:8x8 --algo te-a1 --sim golden --fcov f.json --json
wrote_nothing "--fcov on a full disk (routers, --json)" "^xchg run: --fcov 'f.json': cannot write it"
# a lock-step run writes it at the close of the models, as the golden one
expect_exit 0 $X run --net butterfly:2 --sim lockstep --quiet # the model, outside the limit
full_disk 0 $X run --net butterfly:2 --sim lockstep --fcov f.json --json --quiet
wrote_nothing "--fcov on a full disk (lock-step)" "^xchg run: --fcov 'f.json': cannot write it"

# --coverage: Verilator's own writer aborts when it cannot open its file and
# never reports a short write; xchg checks both
expect_one_line_error "^xchg run: --coverage 'afile/c.dat': cannot write it" \
    $X run --net butterfly:2 --sim lockstep --coverage afile/c.dat
left_clean "--coverage afile/c.dat"
expect_exit 0 $X run --net butterfly:2 --sim lockstep --coverage warm.dat --quiet # the model, outside the limit
[ "$(stat -c %s warm.dat)" -gt 8192 ] || fail "butterfly:2's coverage is only $(stat -c %s warm.dat) bytes"
rm warm.dat
full_disk 4 $X run --net butterfly:2 --sim lockstep --coverage c.dat --json --quiet
wrote_nothing "--coverage on a full disk" "^xchg run: --coverage 'c.dat': cannot write it"

# xchg sweep: a folder it cannot write in is refused before any case runs;
# case files or a summary that cannot be written: exit 3, one line (one,
# whatever the number of jobs), no further case started
printf -- '--net butterfly:2 --sim golden\n--net butterfly:4 --sim golden\n--net ring:4 --algo te-ni --sim golden\n' >cases.txt
expect_one_line_error "^xchg sweep: --out 'afile/s': cannot write in it" $X sweep cases.txt --out afile/s
left_clean "sweep --out afile/s"
for j in 1 3; do
    full_disk 0 $X sweep cases.txt --out s -j $j
    rm -rf s
    wrote_nothing "sweep -j $j, case files on a full disk" "^xchg sweep: case [0-9]: cannot write its files in 's'"
done
full_disk 1 $X sweep cases.txt --out s --quiet # the case files fit in 1 KB, the summary does not
ls s/case-2.done >/dev/null || fail "sweep: the cases did not run"
rm -rf s
wrote_nothing "sweep, the summary on a full disk" "^xchg sweep: --out 's': cannot write the summary"
