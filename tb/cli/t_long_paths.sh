# SPDX-License-Identifier: MIT
# Every path a program builds is checked, never cut to its buffer: a cut
# temporary name equal to its target opened the user's file in place and
# removed it on a write error; cut cache or golden-trace names pointed two
# writers at one file. Each writer is given 4,095- and 4,096-character
# output paths (4,095 is the longest the kernel takes) naming a file the
# user already has: exit 2, one line, the file untouched, nothing else
# made (with every write failing past 4 KB, as on a full disk, so that an
# in-place write would show). Then a grep of the source for the pattern.
. "$XC_TB/lib.sh"
X=$XCHG
# long LEN SUFFIX: creates the folders of a relative path of exactly LEN
# characters ending in SUFFIX (components of at most 200) and prints it
long() {
    local len=$1 suffix=$2 p="" seg
    seg=$(printf 'd%.0s' $(seq 199))
    while [ $((${#p} + 200 + ${#suffix} + 1)) -lt "$len" ]; do p="$p$seg/"; done
    local rest=$((len - ${#p} - ${#suffix}))
    p="$p$(printf 'f%.0s' $(seq "$rest"))$suffix"
    mkdir -p "$(dirname "$p")"
    printf '%s' "$p"
}
full_disk() { ( trap '' XFSZ && ulimit -f 4 && exec "$@" ) >out.txt 2>err.txt; }
check_writer() { # LEN SUFFIX NAME ARGS... (the path is appended)
    local len=$1 suffix=$2 name=$3
    shift 3
    local p; p=$(long "$len" "$suffix")
    [ "${#p}" = "$len" ] || fail "the test's path is ${#p} characters, not $len"
    [ "$len" -lt 4096 ] && echo precious >"$p" # the user's file, where the kernel allows one
    local before; before=$(find . -not -name out.txt -not -name err.txt | sort)
    full_disk $X "$@" "$p"
    local rc=$?
    [ "$rc" = 2 ] || { cat out.txt err.txt >&2; fail "$name, $len characters: exit $rc, want 2"; }
    [ "$(wc -l <err.txt)" = 1 ] || { cat err.txt >&2; fail "$name, $len characters: not one line"; }
    [ ! -s out.txt ] || fail "$name, $len characters: output: $(head -c 300 out.txt)"
    if [ "$len" -lt 4096 ]; then
        [ "$(cat "$p")" = precious ] || fail "$name, $len characters: the user's file changed or went"
    fi
    [ "$(find . -not -name out.txt -not -name err.txt | sort)" = "$before" ] ||
        fail "$name, $len characters: made $(find . -newer "$XC_TB/lib.sh" | head -n 3)"
    echo "ok $name, a $len-character path: $(head -c 150 err.txt)"
    rm -rf d* f* 2>/dev/null
}

for len in 4095 4096; do
    check_writer $len .out "schedule --out" schedule --net torus:4x4 --algo te-a1 --out
    check_writer $len .v "rtl-net --out" rtl-net --net ring:4 --out
    check_writer $len .svg "compare --svg" compare --net torus:4x4 --svg
    check_writer $len .svg "draw --out" draw --net butterfly:8 --out
    check_writer $len .html "show --out" show --net butterfly:8 --out
    check_writer $len .fst "run --trace" run --net butterfly:8 --sim golden --trace
    check_writer $len .json "run --fcov" run --net butterfly:8 --sim golden --fcov
    check_writer $len .dat "run --coverage" run --net butterfly:2 --sim lockstep --coverage
    check_writer $len /v "run --vectors" run --net butterfly:8 --sim golden --vectors
    check_writer $len /s "sweep --out" sweep "$XC_TB/sweep_cases.txt" --out
done
# the lengths where the temporary name used to be cut to the target's own
# name or to another writer's (4,087 .. 4,094): refused, not shortened
for len in 4083 4087 4090 4094; do
    check_writer $len .out "schedule --out" schedule --net ring:4 --algo te-ni --out
done
# the model cache folder: at most 1,000 characters, so that its own names fit
XC_BUILD=/tmp/$(printf 'c%.0s' $(seq 996)) expect_one_line_error 'XC_BUILD: the model cache folder is longer than 1000' \
    $X run --net butterfly:2 --sim lockstep
echo "ok a 1,001-character XC_BUILD: $(cat err.txt)"
# and the longest name that is taken is written whole
p=$(long 4081 .out)
expect_exit 0 $X schedule --net ring:4 --algo te-ni --out "$p"
[ -s "$p" ] && [ -z "$(ls "$(dirname "$p")" | grep -v "^$(basename "$p")$")" ] ||
    fail "a 4,081-character --out: not written, or a temporary left"
rm -rf d*
echo "ok a 4,081-character --out is written"

# The pattern, in the source: no snprintf builds a path (a format with a
# folder separator, a file extension or a temporary suffix); paths go
# through xc_path / xc_fs_tmp_name, which refuse what does not fit.
src=$XC_TB/..
hits=$(find "$src/sw" "$src/sim" -name '*.c' -o -name '*.h' -o -name '*.cpp' | sort | xargs perl -e '
    undef $/;
    for my $f (@ARGV) {
        open my $h, "<", $f or next; my $t = <$h>; close $h;
        while ($t =~ /\bv?snprintf\s*\(([^;]*?)(?:"((?:[^"\\]|\\.)*)"|(tails\[))/gs) {
            my $fmt = defined $2 ? $2 : "(a format from a table)";
            my $line = 1 + (substr($t, 0, $-[0]) =~ tr/\n//);
            print "$f:$line: $fmt\n" if !defined $2 or $fmt =~ m{%s/|/%s|%s\.[a-z]|%\.\*s\.|\.tmp|^/};
        }
    }')
[ -z "$hits" ] || fail "a path built with snprintf (use xc_path): $hits"
echo "ok no snprintf builds a path in sw/ or sim/"
