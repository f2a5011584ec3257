#!/bin/sh
# SPDX-License-Identifier: MIT
# Writes the mutants of tb/own/mutants.txt: sh tb/own/mutate.sh OUTDIR
# [FOLDER]. Each mutant is its base design (one correct file in tb/own)
# with the spec's lines replaced, its module renamed to its own name and
# its header comment the spec's "about" lines, written as OUTDIR/NAME.v
# (under a temporary name, renamed when complete). FOLDER (switch, router,
# noc) keeps only the mutants of that folder. The spec is read as text:
# no line of it is run. Bad input: one line on stderr, exit 2, no file left.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
spec=$here/mutants.txt
usage="usage: mutate.sh OUTDIR [switch|router|noc]"
[ $# -ge 1 ] && [ $# -le 2 ] && [ -n "$1" ] || { echo "$usage" >&2; exit 2; }
out=$1
folder=${2:-}
case $folder in '' | switch | router | noc) ;; *) echo "mutate.sh: folder '$folder': allowed: switch, router, noc" >&2; exit 2 ;; esac
[ -d "$out" ] || { echo "mutate.sh: $out: not a folder" >&2; exit 2; }

# awk writes each mutant to OUTDIR/.NAME.v.tmp and prints its NAME once
# the file is complete; the names are checked to be Verilog identifiers.
list=$(awk -v spec="$spec" -v out="$out" -v own="$here" -v folder="$folder" '
function die(msg) { printf "mutate.sh: %s:%d: %s\n", spec, nr, msg > "/dev/stderr"; bad = 1; exit 2 }
function flush(   i, n, k, line, base, seen, hdr, f, wrote) {
    if (name == "") return
    if (folder != "" && index(basepath, folder "/") != 1) { name = ""; return }
    f = own "/" basepath
    n = 0
    while ((k = (getline line < f)) > 0) lines[++n] = line
    close(f)
    if (k < 0 || n == 0) die("mutant " name ": no file tb/own/" basepath)
    base = basepath; sub(/.*\//, "", base); sub(/\.v$/, "", base)
    for (e = 1; e <= ne; e++) {
        seen = 0
        for (i = 1; i <= n; i++) if (lines[i] == old[e]) { seen++; at[e] = i }
        if (seen != 1) { nr = oldnr[e]; die("the line is in tb/own/" basepath " " seen " times, not once") }
    }
    tmp = out "/." name ".v.tmp"
    printf "%s\n", lines[1] > tmp                    # the SPDX line
    for (i = 1; i <= nabout; i++) printf "// %s\n", about[i] > tmp
    printf "// (written by tb/own/mutate.sh from tb/own/%s, tb/own/mutants.txt)\n", basepath > tmp
    hdr = 1
    wrote = 0
    for (i = 2; i <= n; i++) {
        if (hdr && lines[i] ~ /^\/\//) continue       # the base design: its own header
        hdr = 0
        line = lines[i]
        if (line ~ ("^module " base "([ #(]|$)")) { sub("^module " base, "module " name, line); wrote++ }
        k = 0
        for (e = 1; e <= ne; e++) if (at[e] == i) k = e
        if (!k) { printf "%s\n", line > tmp; continue }
        for (j = 1; j <= nnew[k]; j++) printf "%s\n", new[k, j] > tmp
    }
    close(tmp)
    if (wrote != 1) { nr = namenr; die("no line \"module " base "\" in tb/own/" basepath) }
    print name
    name = ""
}
{ nr = NR }
/^#/ || /^[ \t]*$/ { next }
$1 == "mutant" {
    flush()
    if (NF != 3 || $2 !~ /^[A-Za-z_][A-Za-z0-9_]*$/ || $3 !~ /^(switch|router|noc)\/[A-Za-z0-9_]+\.v$/)
        die("expected \"mutant NAME FOLDER/BASE.v\" (NAME a Verilog identifier, FOLDER switch, router or noc)")
    if ($2 in done) die("mutant " $2 " twice")
    done[$2] = 1
    started = 1; name = $2; basepath = $3; namenr = NR; ne = 0; nabout = 0; delete at; delete lines
    next
}
!started { die("a line before the first \"mutant\"") }
/^about / { about[++nabout] = substr($0, 7); next }
/^- / { old[++ne] = substr($0, 3); oldnr[ne] = NR; nnew[ne] = 0; next }
/^-$/ { old[++ne] = ""; oldnr[ne] = NR; nnew[ne] = 0; next }
/^\+ / || /^\+$/ {
    if (ne == 0) die("a \"+\" line without its \"-\" line")
    new[ne, ++nnew[ne]] = substr($0, 3)
    next
}
{ die("expected mutant, about, \"- LINE\" or \"+ LINE\"") }
END { if (!bad) flush() }
' "$spec") || {
    rm -f "$out"/.*.v.tmp
    exit 2
}
for name in $list; do
    mv -f -- "$out/.$name.v.tmp" "$out/$name.v"
done
