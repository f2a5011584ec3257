#!/bin/sh
# SPDX-License-Identifier: MIT
# vl_unity.sh DIR PREFIX FAST_CAP SLOW_CAP: groups the C++ files Verilator
# wrote into DIR (its PREFIX_classes.mk lists them) into a few files that
# each #include a group, and writes their names to DIR/unity.fast and
# DIR/unity.slow, for make's VM_CLASSES_FAST and VM_CLASSES_SLOW (sim/Makefile
# `min`). Fast-path files go in groups of at most FAST_CAP bytes (about
# even, largest first into the lightest group), set-up files (the symbol
# table, constructors, the settle code) in groups of at most SLOW_CAP.
# Each group starts with the model's headers, PREFIX__pch_f.h (fast) or
# PREFIX__pch_s.h (set-up), which sim/vl_unity.mk precompiles once each.
#
# Why: every generated file includes the model's symbol-table and root
# headers, which hold a line per switch: at butterfly:1024 (5,120 switches)
# 3.2 MB that the C++ compiler read again for each of 77 files, about 3
# CPU-seconds a file, more than the code of most files took; in groups
# they are read a dozen times, precompiled twice (docs/bench.md, MIN).
# Verilator's own one-file build (VM_PARALLEL_BUILDS=0) is the same idea
# with one group, which leaves a core idle and compiles the set-up code
# at the fast path's optimisation.
set -eu
dir=$1 prefix=$2 fast_cap=$3 slow_cap=$4
cd "$dir"
# a precompiled header of an earlier build would stand for the new headers
rm -f "$prefix"__pch_*.h.gch

# The files of the make variables named in $@ (PREFIX_classes.mk: a line
# "VAR += \" and then one file a line, tab-indented)
list() {
    awk -v want=" $* " '/^[A-Z_]+ \+= \\$/ { v = $1; next }
                        /^\t/ { if (index(want, " " v " ")) print $1 }' "${prefix}_classes.mk"
}

# group KIND CAP FILE...: writes PREFIX__unity_KIND<i>.cpp (to a temporary
# name, renamed when complete) and prints their names
group() {
    kind=$1 cap=$2
    shift 2
    # the headers every generated file includes first (a precompiled
    # header must be a file's first include)
    printf '#include "verilated.h"\n#include "verilated_dpi.h"\n#include "%s__Syms.h"\n' "$prefix" \
        >"${prefix}__pch_$kind.h.tmp"
    mv -f "${prefix}__pch_$kind.h.tmp" "${prefix}__pch_$kind.h"
    for f in "$@"; do printf '%s %s\n' "$(wc -c <"$f.cpp")" "$f"; done | sort -rn |
        awk -v cap="$cap" -v kind="$kind" -v prefix="$prefix" '
        { size[NR] = $1; name[NR] = $2; total += $1 }
        END {
            n = int((total + cap - 1) / cap)
            if (n < 1) n = 1
            for (i = 1; i <= NR; i++) {
                g = 0
                for (j = 1; j < n; j++) if (load[j] < load[g]) g = j
                load[g] += size[i]
                if (text[g] == "") text[g] = "#include \"" prefix "__pch_" kind ".h\"\n"
                text[g] = text[g] "#include \"" name[i] ".cpp\"\n"
            }
            for (g = 0; g < n; g++) {
                if (text[g] == "") text[g] = "#include \"" prefix "__pch_" kind ".h\"\n"
                out = prefix "__unity_" kind g
                printf "%s", text[g] > (out ".cpp.tmp")
                close(out ".cpp.tmp")
                if (system("mv -f " out ".cpp.tmp " out ".cpp") != 0) exit 1
                printf "%s ", out
            }
        }'
}

group f "$fast_cap" $(list VM_CLASSES_FAST VM_SUPPORT_FAST) >unity.fast.tmp
group s "$slow_cap" $(list VM_CLASSES_SLOW VM_SUPPORT_SLOW) >unity.slow.tmp
mv -f unity.fast.tmp unity.fast
mv -f unity.slow.tmp unity.slow
