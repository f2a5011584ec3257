# SPDX-License-Identifier: MIT
# Two golden-model runs under valgrind memcheck (docs/robustness.md): a MIN
# exchange and a product-network total exchange. Any invalid read or write,
# use of an uninitialised value, or definitely lost block fails the test.
set -u
fails=0
vg() {
    valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
        "$XCHG" "$@" >out.txt 2>err.txt
    local rc=$?
    if [ "$rc" != 0 ]; then
        echo "FAIL (exit $rc): xchg $*"; head -40 err.txt; fails=$((fails + 1))
    else
        echo "ok: xchg $* ($(tail -1 out.txt))"
    fi
}
vg run --net butterfly:8 --l 18 --sim golden
vg run --net torus:4x4 --algo te-a1 --sim golden
[ "$fails" = 0 ]
