#!/bin/sh
# SPDX-License-Identifier: MIT
# The one-way rule (docs/architecture.md), checked on what the compiler
# and the linker saw rather than on what the sources spell:
#   sw/layer_check.sh LAYER BASE "DIR..." "ARCHIVE..." OBJECT...
# - every header an object read (its dependency file, OBJECT with .d for
#   .o, as -MMD writes it, paths relative to BASE, where the compiler
#   ran) lies in one of DIR... (the layer's own folder and those of the
#   layers below it): a quoted relative include ("../golden/x.h") compiles,
#   since the compiler looks beside the source first, but is refused here;
# - no symbol an object leaves undefined is defined in one of ARCHIVE...
#   (the layers LAYER may not use, one archive each, named after its
#   layer): a hand-written prototype of a function above compiles, and
#   links when every layer is in the link, but is refused here.
# One line per violation on stderr; exit 1 if any, 0 otherwise.
set -u
layer=$1 base=$2 dirs=$3 foreign=$4
shift 4
allowed=$(for d in $dirs; do realpath -m "$d"; done)
bad=0
for o in "$@"; do
    dep=${o%.o}.d
    if [ ! -f "$dep" ]; then
        echo "layer $layer: ${o##*/} has no dependency file (built without -MMD?)" >&2
        bad=1
        continue
    fi
    # the first rule of the .d file: "OBJ: SOURCE HEADER...", continued
    # lines joined; each header resolved from where the compiler ran
    hdrs=$(awk '{ c = sub(/\\$/, ""); print; if (!c) exit }' "$dep" |
           tr ' ' '\n' | sed -n '1d; /\.c$/d; /./p')
    [ -n "$hdrs" ] || continue
    out=$(cd "$base" && realpath -m $hdrs | sort -u | while read -r h; do
        d=${h%/*}
        printf '%s\n' "$allowed" | grep -qxF "$d" || echo "$h"
    done)
    for h in $out; do
        echo "layer $layer: ${o##*/} includes $h, outside its layer and the layers below" >&2
        bad=1
    done
done
# symbols: every global the foreign archives define (archive named after
# its layer), then every undefined reference of the objects; nm -A in
# POSIX format prints "FILE: NAME TYPE ..." and "LIB.a[MEMBER]: NAME ..."
if [ -n "$foreign" ] && [ $# -gt 0 ]; then
    defs=$(mktemp) || exit 2
    nm -A -g --defined-only --format=posix $foreign >"$defs" 2>/dev/null
    hits=$(nm -A -u --format=posix "$@" 2>/dev/null | awk -v defs="$defs" '
        BEGIN {
            while ((getline l < defs) > 0) {
                split(l, f, " "); a = f[1]; sub(/\[.*/, "", a); sub(/:$/, "", a)
                n = split(a, p, "/"); def[f[2]] = p[n]
            }
        }
        $2 in def { o = $1; sub(/:$/, "", o); k = split(o, q, "/"); print q[k], $2, def[$2] }')
    rm -f "$defs"
    if [ -n "$hits" ]; then
        printf '%s\n' "$hits" | while read -r o sym from; do
            echo "layer $layer: $o takes $sym from ${from%.a}, a layer it may not use" >&2
        done
        bad=1
    fi
fi
exit $bad
