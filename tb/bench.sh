#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make bench: runs every tb/bench/bench_*.sh in turn. Each prints its own
# table (from one run, on this machine). Never part of make test.
# BENCHES=pattern runs only the benches whose name matches (grep -E), e.g.
# BENCHES='bench_(pn|min)' make bench.
set -eu
build=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
export XCHG="$build/xchg" XC_BUILD="$build" XC_TB="$here"
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
for b in "$here"/bench/bench_*.sh; do
    [ -f "$b" ] || continue
    basename "$b" .sh | grep -qE "${BENCHES:-.}" || continue
    echo
    echo "== $(basename "$b" .sh)"
    bash "$b"
done
