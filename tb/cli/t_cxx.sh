# SPDX-License-Identifier: MIT
# C and C++ programs link against the installed library (make install
# PREFIX=…), shared and static, with nothing but pkg-config: every
# installed header sits under include/xchg/, is included as
# <xchg/xc_….h>, declares its functions extern "C" and holds nothing C++
# refuses, so one C++ program includes them all (g++ -std=c++11 -Wall
# -Wextra -pedantic -Werror) and one C program too (-std=c11 -pedantic);
# each links with `pkg-config --libs xchg` (libxchg.so, found at run time
# through the RPATH the .pc file gives, without LD_LIBRARY_PATH) and with
# the static libxchg.a (`pkg-config --variable=static_libs xchg`), and
# runs the library's code (a topology and its status bound, the UTF-8
# check of the JUnit writer, a bad spec refused). Then make uninstall
# leaves the prefix empty.
# Without extern "C" the C++ link fails on mangled names.
. "$XC_TB/lib.sh"
root=$(cd "$XC_TB/.." && pwd)
prefix=$PWD/inst
expect_exit 0 make -s -C "$root" install PREFIX="$prefix" BUILD="$XC_BUILD"
for f in lib/libxchg.so lib/libxchg.so.0 lib/libxchg.a lib/pkgconfig/xchg.pc include/xchg/xc_topo.h; do
    [ -e "$prefix/$f" ] || fail "not installed: $f"
done
ls "$prefix"/lib/libxc.* "$prefix"/include/*.h 2>/dev/null && fail "the old library name or flat headers installed"
n=0
for h in "$prefix"/include/xchg/*.h; do
    grep -q 'extern "C"' "$h" || fail "installed ${h##*/} has no extern \"C\""
    echo "#include <xchg/${h##*/}>"
    n=$((n + 1))
done >includes.h
[ "$n" -ge 50 ] || fail "only $n headers installed"
# one body, for C and for C++ (cstdio/stdio.h: both have printf)
cat >body.h <<'C'
int main(void)
{
    xc_net net;
    xc_err err;
    if (xc_topo_parse("torus:4x4", &net, &err) != XC_OK)
        return 1;
    printf("%s: %u nodes, status of node 0 = %llu\n", net.spec, (unsigned)net.nodes,
           (unsigned long long)xc_bound_status(&net, 0));
    if (xc_topo_parse("torus:1x", &net, &err) == XC_OK)
        return 1; /* a bad spec is refused */
    const unsigned char euro[] = {0xe2, 0x82, 0xac}, bad[] = {0xff};
    uint32_t cp = 0, unused = 0;
    const size_t len = xc_utf8_char(euro, 3, &cp);
    printf("utf8 %zu U+%04X, %zu\n", len, (unsigned)cp, xc_utf8_char(bad, 1, &unused));
    return 0;
}
C
{ cat includes.h; echo '#include <cstdio>'; echo 'using std::printf;'; cat body.h; } >prog.cpp
{ cat includes.h; echo '#include <stdio.h>'; cat body.h; } >prog.c
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
unset LD_LIBRARY_PATH
cflags=$(pkg-config --cflags xchg) libs=$(pkg-config --libs xchg) static=$(pkg-config --variable=static_libs xchg)
build() { # NAME COMPILER ARGS...: builds, runs, checks the output
    local name=$1
    shift
    "$@" 2>"$name.err" || fail "$name does not build against the installed library: $(head -n 5 "$name.err")"
    ./"$name" >"$name.txt" || fail "$name failed: $(cat "$name.txt")"
    # status of a node of a 4x4 torus: two rings of 4, each 0+1+2+1, times 4 (t_install: the same in C)
    grep -qx 'torus:4x4: 16 nodes, status of node 0 = 32' "$name.txt" || fail "$name: wrong output: $(cat "$name.txt")"
    grep -qx 'utf8 3 U+20AC, 0' "$name.txt" || fail "$name: utf8: $(cat "$name.txt")"
}
build prog_cxx g++ -std=c++11 -Wall -Wextra -pedantic -Werror -o prog_cxx prog.cpp $cflags $libs
build prog_c cc -std=c11 -Wall -Wextra -pedantic -Werror -o prog_c prog.c $cflags $libs
build prog_cxx_static g++ -std=c++11 -Wall -Wextra -pedantic -Werror -o prog_cxx_static prog.cpp $cflags $static
build prog_c_static cc -std=c11 -Wall -Wextra -pedantic -Werror -o prog_c_static prog.c $cflags $static
# shared: the installed library, found through the RPATH; static: none
for p in prog_c prog_cxx; do
    so=$(ldd $p | awk '$1 == "libxchg.so.0" {print $3}')
    [ -n "$so" ] && [ "$(realpath "$so")" = "$(realpath "$prefix/lib/libxchg.so.0")" ] ||
        fail "$p does not load the installed libxchg.so: $(ldd $p | grep xchg)"
    readelf -d $p | grep -E 'R(UN)?PATH' | grep -q "$prefix/lib" || fail "$p has no RPATH to $prefix/lib"
done
for p in prog_c_static prog_cxx_static; do
    ldd $p | grep -q libxchg && fail "$p loads libxchg.so: it was to link libxchg.a"
done
echo "ok C and C++ programs include all $n headers as <xchg/…>, link shared (RPATH, no LD_LIBRARY_PATH) and static, and run"

# uninstall removes exactly what install put: the prefix is empty again
expect_exit 0 make -s -C "$root" uninstall PREFIX="$prefix" BUILD="$XC_BUILD"
[ ! -e "$prefix" ] || [ -z "$(find "$prefix" -mindepth 1 | head -n 5)" ] ||
    fail "uninstall left: $(find "$prefix" -mindepth 1 | head -n 5)"
# ... and nothing else: a file of another package in a shared folder stays
mkdir -p "$prefix/include" "$prefix/share/man/man1" && echo other >"$prefix/include/other.h" && echo other >"$prefix/share/man/man1/other.1"
expect_exit 0 make -s -C "$root" install PREFIX="$prefix" BUILD="$XC_BUILD"
expect_exit 0 make -s -C "$root" uninstall PREFIX="$prefix" BUILD="$XC_BUILD"
[ "$(cd "$prefix" && find . -type f | sort | tr '\n' ' ')" = "./include/other.h ./share/man/man1/other.1 " ] ||
    fail "uninstall with other files: $(cd "$prefix" && find . | sort | head)"
echo "ok make uninstall removes what install put, and only that"
