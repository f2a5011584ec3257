#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# One version (docs/flow.md#version): VERSION holds it, and the binary, the
# man pages, xchg.core and the pkg-config file all say the same; the
# pkg-config file is relocatable (its prefix follows the file).
. "$XC_TB/lib.sh"
root=$(cd "$XC_TB/.." && pwd)
v=$(cat "$root/VERSION")
echo "$v" | grep -qE '^[0-9]+\.[0-9]+\.[0-9]+$' || fail "VERSION: '$v' is not MAJOR.MINOR.PATCH"
[ "$(wc -l <"$root/VERSION")" = 1 ] || fail "VERSION: want one line"

expect_exit 0 "$XCHG" --version
[ "$(cat out.txt)" = "xchg $v" ] || fail "xchg --version says '$(cat out.txt)', VERSION says $v"

grep -qx "name: xchg:xchg:rtl:$v" "$root/xchg.core" || fail "xchg.core: $(grep '^name:' "$root/xchg.core"), VERSION says $v"

# the man pages: help2man writes the version into the .TH line
expect_exit 0 make -s -C "$root" BUILD="$XC_BUILD" man
grep -q "^\.TH XCHG \"1\" \"[^\"]*\" \"xchg $v\"" "$XC_BUILD/man/xchg.1" ||
    fail "xchg.1: $(grep '^\.TH' "$XC_BUILD/man/xchg.1"), VERSION says $v"
grep -q "\"xchg-run $v\"" "$XC_BUILD/man/xchg-run.1" || fail "xchg-run.1: $(grep '^\.TH' "$XC_BUILD/man/xchg-run.1")"

# the pkg-config file, placed in one prefix and then moved to another
expect_exit 0 make -s -C "$root/sw" BUILD="$XC_BUILD" "$XC_BUILD/xchg.pc"
mkdir -p a/lib/pkgconfig a/include/xchg
cp "$XC_BUILD/xchg.pc" a/lib/pkgconfig/
grep -q @ a/lib/pkgconfig/xchg.pc && fail "xchg.pc keeps a placeholder: $(grep @ a/lib/pkgconfig/xchg.pc)"
[ "$(PKG_CONFIG_PATH=$PWD/a/lib/pkgconfig pkg-config --modversion xchg)" = "$v" ] ||
    fail "xchg.pc: version $(PKG_CONFIG_PATH=$PWD/a/lib/pkgconfig pkg-config --modversion xchg), VERSION says $v"
mv a b
libdir=$(PKG_CONFIG_PATH=$PWD/b/lib/pkgconfig pkg-config --variable=libdir xchg)
[ "$(cd "$libdir" 2>/dev/null && pwd -P)" = "$(cd b/lib && pwd -P)" ] ||
    fail "xchg.pc is not relocatable: libdir '$libdir' after moving the prefix to $PWD/b"
echo "PASS t_version $v"
