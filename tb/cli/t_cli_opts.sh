# SPDX-License-Identifier: MIT
# The command line as a whole (issue 11, issue 14 items 6-7): --help wins
# in any order and shows the whole run page, --opt=value equals --opt value,
# duplicates are refused, numbers are strict, echoed values stay on one
# line, bare xchg is short, --version, exit codes documented. Golden-model
# runs only: no model is built.
. "$XC_TB/lib.sh"
X=$XCHG

# --help / -h anywhere, before or after anything, even bad options: exit 0, the whole page
expect_exit 0 $X run --help
cp out.txt page.txt
for args in "--algo te-a1 --help" "--net torus:4x4 --help" "--bogus --help" "--net torus:4x4 --algo te-dc1 -h" \
            "--help --net butterfly:8 --timeout x" "--net torus:4x4 --algo te-a1 --l 3 --help" "--net --help"; do
    expect_exit 0 $X run $args
    cmp -s out.txt page.txt || fail "xchg run $args --help: not the whole run page"
done
for word in butterfly:8 torus:4x4 te-dc1 te-dcn --tables --port --ts --bad-circuit --mode --rtl-fault \
            --load --break-table --vectors "3 the environment failed"; do
    grep -q -- "$word" page.txt || fail "run --help does not cover '$word'"
done
for c in latin draw run sweep bound schedule check compare gtkw-filter rtl-net rtl-params consts junit version; do
    expect_exit 0 $X $c --help
    grep -q '^exit status: 0' out.txt || fail "$c --help: no exit status line"
    expect_exit 0 $X $c --bogus -h
    [ -s out.txt ] || fail "$c --bogus -h: no page"
done
expect_exit 0 $X --help
grep -q '^3 the environment failed' out.txt || fail "xchg --help: exit status 3 undocumented"
grep -q '| 3 | the environment failed' "$XC_TB/../README.md" || fail "README: exit status 3 undocumented"

# bare xchg: a short usage on stderr, exit 2
expect_exit 2 $X
[ ! -s out.txt ] && [ "$(wc -l <err.txt)" -le 5 ] || fail "bare xchg: $(wc -l <err.txt) lines"

# --version and xchg version agree; the JSON reports carry it
expect_exit 0 $X --version
v=$(cat out.txt)
echo "$v" | grep -qE '^xchg [0-9]+\.[0-9]+\.[0-9]+$' || fail "--version: '$v'"
expect_exit 0 $X version
[ "$(cat out.txt)" = "$v" ] || fail "xchg version differs from --version"
expect_exit 0 $X bound --net ring:4 --json
[ "$(json_field version out.txt)" = "\"${v#xchg }\"" ] || fail "bound --json: version $(json_field version out.txt)"
expect_one_line_error "takes no arguments" $X version 2

# --opt=value is --opt value (same report, byte for byte)
untimed() { sed -E 's/[0-9.e+]+ (s|message hops\/s)\b|"[a-z_]*(seconds|second|rss_kb)":[0-9.]+//g'; }
same() { # two argument lists for one command give the same stdout (times aside)
    "$X" $1 2>/dev/null | untimed >a.txt; "$X" $2 2>/dev/null | untimed >b.txt
    cmp -s a.txt b.txt && [ -s a.txt ] || fail "'$1' and '$2' differ"
}
same "run --net butterfly:8 --l 18 --sim golden --quiet" "run --net=butterfly:8 --l=18 --sim=golden --quiet"
same "run --net torus:4x4 --algo te-a1 --sim golden --quiet" "run --net=torus:4x4 --algo=te-a1 --sim=golden --quiet"
same "run --net torus:4x4 --algo te-dcn --ts 7 --sim golden --quiet" "run --algo=te-dcn --ts=7 --net=torus:4x4 --sim=golden --quiet"
same "bound --net torus:4x4" "bound --net=torus:4x4"
same "schedule --net torus:4x4 --algo te-ni --out -" "schedule --net=torus:4x4 --algo=te-ni --out=-"
same "schedule --net torus:8x8 --algo te-dcn --ts 5 --out -" "schedule --net=torus:8x8 --algo=te-dcn --ts=5 --out=-"
same "compare --net torus:8x8 --ts 1,100" "compare --net=torus:8x8 --ts=1,100"
same "latin --net omega:8 --l 5" "latin --net=omega:8 --l=5"
same "draw --net omega:8 --l 5 --x 3" "draw --net=omega:8 --l=5 --x=3"
same "rtl-net --net ring:4" "rtl-net --net=ring:4"
same "rtl-params --net cube:16 --format yosys" "rtl-params --net=cube:16 --format=yosys"
"$X" schedule --net torus:4x4 --algo te-a1 --out a1.txt >/dev/null || fail "schedule --out"
same "check a1.txt --json --ts 5" "check --ts=5 a1.txt --json"

# a duplicate option: one line naming it, exit 2 (--inject may repeat)
expect_one_line_error "--net given twice" $X run --net butterfly:8 --net=omega:8 --sim golden
expect_one_line_error "--sim given twice" $X run --net torus:4x4 --algo te-a1 --sim golden --sim rtl
expect_one_line_error "--ts given twice" $X run --net torus:4x4 --algo te-dcn --ts 1 --ts 1 --sim golden
expect_one_line_error "--json given twice" $X latin --net butterfly:8 --json --json
expect_one_line_error "--net given twice" $X bound --net ring:4 --net ring:4
expect_one_line_error "--algo given twice" $X schedule --net ring:4 --algo te-a1 --algo te-ni
expect_one_line_error "--ts given twice" $X check a1.txt --ts 1 --ts 2
expect_one_line_error "--ts given twice" $X compare --net torus:8x8 --ts 1 --ts 2
expect_one_line_error "--x given twice" $X draw --net omega:8 --x 1 --x 2
expect_one_line_error "--out given twice" $X rtl-net --net ring:4 --out a.v --out b.v
expect_one_line_error "--format given twice" $X rtl-params --net cube:8 --format yosys --format yosys
expect_one_line_error "--json given twice" $X consts --json --json
[ ! -e a.v ] && [ ! -e b.v ] || fail "rtl-net wrote a file despite bad input"

expect_one_line_error "unknown option '--bogus'" $X gtkw-filter --bogus
expect_one_line_error "unexpected argument 'x'" $X gtkw-filter x

# a missing value is named
expect_one_line_error "--net needs a value" $X run --net
expect_one_line_error "--ts needs a value" $X schedule --net torus:8x8 --algo te-dcn --ts

# strict numbers: no sign, no blanks, no wrap, no exponent
for t in 0 -5 +5 " 5" "5 " 1e3 0x10 99999999999999999999999999999 1000000000001; do
    expect_one_line_error "--timeout '" $X run --net butterfly:8 --sim golden --timeout "$t"
done
for ts in 0 +1 1000001 4294967297 " 1"; do
    expect_one_line_error "--ts '" $X run --net torus:4x4 --algo te-dcn --ts "$ts" --sim golden
done
expect_one_line_error "--inject 'drop:n4294967296@4'" $X run --net torus:4x4 --algo te-a1 --inject drop:n4294967296@4
expect_one_line_error "--inject 'drop:n\+1@4'" $X run --net torus:4x4 --algo te-a1 --inject drop:n+1@4
expect_one_line_error "--inject 'drop:n1@ 4'" $X run --net torus:4x4 --algo te-a1 --inject "drop:n1@ 4"
expect_one_line_error "--inject 'switch:s4294967296.1@40'" $X run --net butterfly:8 --inject switch:s4294967296.1@40
expect_one_line_error "--inject 'drop:s0.\+1@40'" $X run --net butterfly:8 --inject drop:s0.+1@40
expect_one_line_error "N must be a number" $X run --net butterfly:+8
expect_one_line_error "power of two" $X run --net butterfly:18446744073709551624
expect_one_line_error "--rtl-fault '4294967296.0'" $X run --net butterfly:8 --rtl-fault 4294967296.0
expect_one_line_error "--bad-circuit 'n18446744073709551617@1'" $X run --net torus:4x4 --algo te-dcn --bad-circuit n18446744073709551617@1
expect_one_line_error "--trace-window '1:18446744073709551616'" $X run --net butterfly:8 --trace t.fst --trace-window 1:18446744073709551616
expect_one_line_error "--ts '-1'" $X check a1.txt --ts -1
expect_one_line_error "--msg-flits '4097'" $X schedule --net torus:8x8 --algo te-dcn --msg-flits 4097
expect_one_line_error "--x ' 1'" $X draw --net omega:8 --x " 1"
expect_one_line_error "--slots '\+4'" $X rtl-net --net ring:4 --slots +4
expect_one_line_error "--ts '1,1'" $X compare --net torus:8x8 --ts 1,1

# control characters in a value are escaped: the error stays one line
nl=$'\n'; cr=$'\r'
expect_one_line_error 'butterfly:8\\nx' $X run --net "butterfly:8${nl}x"
expect_one_line_error 'te-a1\\r' $X run --net torus:4x4 --algo "te-a1${cr}"
expect_one_line_error '\\n' $X bound --net "ring:4${nl}${nl}"
expect_one_line_error '\\x1b' $X schedule --net ring:4 --algo $'\x1b[31mred'
expect_one_line_error 'unknown command' $X "run${nl}x"

# a write that fails midway (a full disk, simulated with ulimit -f): exit 3,
# one line, no file and no temporary file left
full_disk() { ( trap '' XFSZ; ulimit -f 4; exec "$@" ) >out.txt 2>err.txt; }
for cmd in "schedule --net torus:8x8 --algo te-a1 --out f.out" "schedule --net torus:16x16 --algo te-dcn --out f.out" \
           "compare --net torus:8x8 --svg f.out" "rtl-net --net torus:8x8 --out f.out" "draw --net butterfly:64 --out f.svg"; do
    full_disk $X $cmd
    rc=$?
    [ "$rc" = 3 ] && [ "$(wc -l <err.txt)" = 1 ] || { cat err.txt >&2; fail "full disk, $cmd: exit $rc"; }
    grep -q "write failed\|cannot write" err.txt || fail "full disk, $cmd: $(cat err.txt)"
    ! ls f.* >/dev/null 2>&1 || fail "full disk, $cmd: left $(ls f.*)"
done

# the option a run family does not take is refused with the family named
expect_one_line_error "bad option '--port' for a MIN run" $X run --net butterfly:8 --port multi
expect_one_line_error "bad option '--l' for a store-and-forward run" $X run --net torus:4x4 --algo te-a1 --l 3
expect_one_line_error "bad option '--mode' for a wormhole run" $X run --net torus:4x4 --algo te-dc1 --mode xor
# --load: accepted for every family; a MIN has no back door yet
expect_exit 0 $X run --net butterfly:8 --sim golden --load front --json --quiet
grep -q '"load":"front"' out.txt || fail "MIN --load front not reported"
expect_one_line_error "--vectors replays the bus" $X run --net butterfly:8 --load back --vectors v
expect_one_line_error "--load 'side'" $X run --net butterfly:8 --load side
echo ok
