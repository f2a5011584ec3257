# SPDX-License-Identifier: MIT
# C++ programs link against the installed library (make install PREFIX=…):
# every installed header declares its functions extern "C" and holds
# nothing C++ refuses, so one C++ program includes them all (g++
# -std=c++11 -Wall -Wextra -pedantic -Werror), links with pkg-config and
# runs the library's code (a topology and its status bound, the UTF-8
# check of the JUnit writer). Without extern "C" the link fails on
# mangled names.
. "$XC_TB/lib.sh"
root=$(cd "$XC_TB/.." && pwd)
prefix=$PWD/inst
expect_exit 0 make -s -C "$root" install PREFIX="$prefix" BUILD="$XC_BUILD"
n=0
for h in "$prefix"/include/xchg/*.h; do
    grep -q 'extern "C"' "$h" || fail "installed ${h##*/} has no extern \"C\""
    echo "#include \"${h##*/}\""
    n=$((n + 1))
done >prog.cpp
[ "$n" -ge 50 ] || fail "only $n headers installed"
cat >>prog.cpp <<'CPP'
#include <cstdio>
int main()
{
    xc_net net;
    xc_err err;
    if (xc_topo_parse("torus:4x4", &net, &err) != XC_OK)
        return 1;
    std::printf("%s: %u nodes, status of node 0 = %llu\n", net.spec, (unsigned)net.nodes,
                (unsigned long long)xc_bound_status(&net, 0));
    const unsigned char euro[] = {0xe2, 0x82, 0xac}, bad[] = {0xff};
    uint32_t cp = 0, unused = 0;
    const size_t len = xc_utf8_char(euro, 3, &cp);
    std::printf("utf8 %zu U+%04X, %zu\n", len, (unsigned)cp, xc_utf8_char(bad, 1, &unused));
    return 0;
}
CPP
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
g++ -std=c++11 -Wall -Wextra -pedantic -Werror -o prog prog.cpp $(pkg-config --cflags --libs xchg) 2>cxx.txt ||
    fail "the C++ program does not build against the installed library: $(head -n 5 cxx.txt)"
LD_LIBRARY_PATH=$prefix/lib ./prog >out.txt || fail "the C++ program failed: $(cat out.txt)"
cat out.txt
# status of a node of a 4x4 torus: two rings of 4, each 0+1+2+1, times 4 (t_install: the same in C)
grep -qx 'torus:4x4: 16 nodes, status of node 0 = 32' out.txt || fail "wrong output: $(cat out.txt)"
grep -qx 'utf8 3 U+20AC, 0' out.txt || fail "utf8: $(cat out.txt)"
echo "ok a C++ program includes all $n installed headers, links and runs"
