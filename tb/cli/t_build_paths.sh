# SPDX-License-Identifier: MIT
# No user string is ever code: the folders a model build hands to make
# (XC_BUILD, an installed xchg's $XDG_CACHE_HOME / $HOME cache, the folder
# holding sim/) reach make as BUILD=, VL_DIR= and -C, and make expands
# $(...) in them and hands them to the shell in its recipes. A folder with
# a character make or the shell could read as code, or cannot carry, is
# refused before anything is built or written: exit 2, one line naming
# where it came from; the marker a planted command would create never
# appears. The variables make reads from the environment do not reach it.
# A relative XC_BUILD and a folder of unusual but allowed characters build.
. "$XC_TB/lib.sh"
here=$PWD
marker=$here/MARKER
# each value plants a command (or a character make or sh takes apart)
bad=("a\$(shell touch $marker)b" "a\`touch $marker\`b" "a;touch $marker;b" "a#b" "a%b" "a:b" "a b"
     "a\$(touch $marker)b" "a
b")
names=('$(shell)' backtick ';' '#' '%' ':' space '$(...)' newline)

# only out.txt and err.txt (of expect_exit) may be left in the scratch folder
left_clean() {
    local extra; extra=$(ls -A | grep -vxE 'out.txt|err.txt|inst|ok.sh' || true)
    [ -z "$extra" ] || fail "$1: left behind: $extra"
    [ ! -e "$marker" ] || fail "$1: the planted command ran"
}

for i in "${!bad[@]}"; do
    XC_BUILD="$here/${bad[$i]}" expect_one_line_error '^xchg run: XC_BUILD: .*letters, digits, non-ASCII characters and \._/\+@,-' \
        "$XCHG" run --net butterfly:2 --sim lockstep
    left_clean "XC_BUILD with ${names[$i]}"
    # the same for the routers, and for --sim rtl with a back-door load folder
    XC_BUILD="$here/${bad[$i]}" expect_one_line_error '^xchg run: XC_BUILD: ' \
        "$XCHG" run --net ring:4 --algo te-ni --sim rtl --load back
    left_clean "XC_BUILD with ${names[$i]}, routers"
done
echo "ok XC_BUILD: ${names[*]} refused, nothing ran, nothing left"

# An installed xchg (<prefix>/bin/xchg beside <prefix>/share/xchg/sim/Makefile)
# caches models in $XDG_CACHE_HOME/xchg, else $HOME/.cache/xchg; nothing is
# built before the check, so the program, sim/Makefile and the constants
# header it copies into the cache are all it needs.
install_at() { # PREFIX
    mkdir -p "$1/bin" "$1/share/xchg/sim" "$1/share/xchg/gen" && cp "$XCHG" "$1/bin/xchg" &&
        cp "$XC_TB/../sim/Makefile" "$1/share/xchg/sim/" &&
        cp "$XC_BUILD/gen/xchg_consts.vh" "$1/share/xchg/gen/" || fail "cannot lay out $1"
}
install_at "$here/inst"
for i in "${!bad[@]}"; do
    (unset XC_BUILD; XDG_CACHE_HOME="$here/${bad[$i]}" expect_one_line_error \
        '^xchg run: XDG_CACHE_HOME \(the model cache \$XDG_CACHE_HOME/xchg\): .*\._/\+@,-' \
        "$here/inst/bin/xchg" run --net butterfly:2 --sim lockstep) || exit 1
    left_clean "XDG_CACHE_HOME with ${names[$i]}"
    (unset XC_BUILD XDG_CACHE_HOME; HOME="$here/${bad[$i]}" expect_one_line_error \
        '^xchg run: HOME \(the model cache \$HOME/.cache/xchg\): ' \
        "$here/inst/bin/xchg" run --net butterfly:2 --sim lockstep) || exit 1
    left_clean "HOME with ${names[$i]}"
done
echo "ok installed: XDG_CACHE_HOME and HOME with ${names[*]} refused"

# the installed share/xchg itself (the prefix, or a checkout's own path:
# the same check on the folder that holds sim/)
for i in 0 1 6; do
    p="$here/p${bad[$i]}"
    install_at "$p"
    (unset XC_BUILD; XDG_CACHE_HOME="$here/cache" expect_one_line_error \
        '^xchg run: the installed share/xchg folder: ' "$p/bin/xchg" run --net butterfly:2 --sim lockstep) || exit 1
    rm -rf "$here/$(echo "p${bad[$i]}" | cut -d/ -f1)" # the planted path holds slashes
    left_clean "a prefix with ${names[$i]}"
done
echo "ok installed under a prefix with \$(shell), a backtick or a space: refused"

# Honest paths build. The shared model cache under another name: a
# relative XC_BUILD, and one through a folder of every allowed kind of
# character (a link to the same cache, so the model is up to date and make
# only checks it).
rel=$(realpath --relative-to=. "$XC_BUILD")
XC_BUILD=$rel expect_exit 0 "$XCHG" run --net butterfly:2 --sim lockstep --json --quiet
[ "$(json_field pass out.txt)" = true ] || fail "relative XC_BUILD=$rel: $(cat out.txt err.txt)"
odd="$here/Odd.é_+@,-9"
ln -s "$XC_BUILD" "$odd"
XC_BUILD=$odd expect_exit 0 "$XCHG" run --net butterfly:2 --sim lockstep --json --quiet
[ "$(json_field pass out.txt)" = true ] || fail "XC_BUILD=$odd: $(cat out.txt err.txt)"
rm "$odd"
echo "ok a relative XC_BUILD ($rel) and $odd build and pass"

# make's variables from the environment: each would be expanded (and run
# its command) by sim/Makefile, or by make itself (MAKEFLAGS, MAKEFILES)
poison="\$(shell touch $marker)"
env PARAMS="$poison" PN_TOP="$poison" COVERAGE="$poison" THREADS="$poison" XFLAGS="$poison" \
    TRACE_FLAGS_0="$poison" VFLAGS="$poison" CCACHE_DIR="$poison" MAKEFLAGS="X=$poison" \
    MAKEFILES="$poison" GNUMAKEFLAGS="X=$poison" MFLAGS="X=$poison" \
    "$XCHG" run --net butterfly:2 --sim lockstep --json --quiet >out.txt 2>err.txt ||
    fail "a run with make's variables in the environment: $(cat out.txt err.txt)"
[ "$(json_field pass out.txt)" = true ] || fail "poisoned environment: $(cat out.txt err.txt)"
left_clean "make's variables in the environment"
echo "ok make's variables in the environment are not read"

# The guards of the class, in the source:
src=$XC_TB/../sim/harness/xc_model_cache.c
mk=$XC_TB/../sim/Makefile
# 1. make's command line gets a NAME=path only through make_var, which
#    refuses what xc_path_unsafe finds; the one other NAME=%s is XFLAGS,
#    whose words passed the --verilator-flags allowlist.
sets=$(grep -nE '"[A-Za-z_%]*=%s"' "$src" | grep -vE '"%s=%s", name, path|"XFLAGS=%s", v->flags' || true)
[ -z "$sets" ] || fail "a make variable built outside make_var: $sets"
sed -n '/^static int make_var/,/^}/p' "$src" | grep -q 'xc_path_unsafe(path)' || fail "make_var does not check"
for v in BUILD VL_DIR; do
    grep -q "make_var([a-z_]*, sizeof [a-z_]*, \"$v\"" "$src" || fail "$v= is not made by make_var"
done
grep -q 'xc_status st = xc_build_paths_check(err);' "$src" || fail "xc_model_get does not check the folders"
# 2. every variable sim/Makefile takes from the environment (?=, a first
#    +=, a name it reads but never sets) is on the list the build's
#    environment is cleaned of
list=$(sed -n '/^static const char \*const make_env\[\]/,/};/p' "$src")
setnames=$(grep -oE '^(export )?[A-Za-z_][A-Za-z0-9_]* *(\?|\+|:)?=' "$mk" | sed -E 's/^export //; s/ *[?+:]?=$//' | sort -u)
want=$(grep -oE '^(export )?[A-Z_][A-Z0-9_]* *\?=' "$mk" | sed -E 's/^export //; s/ *\?=$//')
for v in $(grep -oE '^[A-Z_][A-Z0-9_]* *(\+|:)?=' "$mk" | awk '{ n = $1; sub(/ *[+:]?=$/, "", n);
           if (!(n in seen)) { seen[n] = 1; if ($0 ~ /\+=$/) print n } }'); do want="$want $v"; done
for v in $(grep -oE '\$\([A-Z_][A-Z0-9_]*\)' "$mk" | tr -d '$()' | sort -u); do
    echo "$setnames" | grep -qx "$v" || want="$want $v"
done
# names built from another ($(TRACE_FLAGS_$(TRACE))): each value xchg passes
for t in $(grep -oE '"TRACE=[A-Za-z0-9]+"' "$src" | tr -d '"' | cut -d= -f2); do
    echo "$setnames" | grep -qx "TRACE_FLAGS_$t" || want="$want TRACE_FLAGS_$t"
done
for v in $want MAKEFLAGS MAKEFILES; do
    echo "$list" | grep -q "\"$v\"" || fail "sim/Makefile reads $v from the environment: add it to make_env"
done
echo "ok the source: NAME=path only through make_var; make_env covers sim/Makefile ($(echo $want | wc -w) names)"
