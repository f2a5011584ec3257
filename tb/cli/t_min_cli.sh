# SPDX-License-Identifier: MIT
# The MIN commands: the paper's Example 2 through the CLI, l at any size,
# and bad input refused with exit 2, one line, and no file left behind.
. "$XC_TB/lib.sh"
X=$XCHG

# Example 2, l = 18 and l = 235, as JSON
expect_exit 0 $X latin --net butterfly:8 --l 18 --json
grep -q '"permutations":\[\[0,2,4,6,5,7,1,3\],\[2,0,6,4,7,5,3,1\]' out.txt || fail "P^18: $(cat out.txt)"
grep -q '"configs":\[\["000","000","010","010"\],\["001","001","011","011"\]' out.txt || fail "S^18"
grep -q '"latin":true' out.txt || fail "latin flag"
expect_exit 0 $X latin --net butterfly:8 --l 235
grep -q '^x=5 *71430652 *101 110 000 110$' out.txt || fail "P^235 x=5: $(cat out.txt)"
# Theorem 2 from the CLI: the second matrix of S^18 gives l = 18, x = 1
expect_exit 0 $X latin --net butterfly:8 --config 001,001,011,011 --json
grep -q '"l":18,"x_given":1' out.txt || fail "Theorem 2"

# l of 75 bits (N = 32) and of 5,110 bits (N = 1024), in hex and decimal
expect_exit 0 $X latin --net butterfly:32 --l 0x7ffffffffffffffffff --json
expect_exit 0 $X latin --net butterfly:32 --l 37778931862957161709567 --json  # 2^75 - 1
expect_one_line_error 'below N\^\(N/2-1\) = 2\^75' $X latin --net butterfly:32 --l 37778931862957161709568
big="0x3$(printf 'f%.0s' $(seq 1277))"
expect_exit 0 $X latin --net omega:1024 --l "$big" --json
grep -q '"latin":true}$' out.txt || fail "N = 1024 square"
# the largest l of N = 256 (1,016 bits), through the whole golden run
expect_exit 0 $X run --net cube:256 --l "0x$(printf 'f%.0s' $(seq 254))" --sim golden --json --quiet
[ "$(json_field pass out.txt)" = true ] && [ "$(json_field cycles out.txt)" = 264 ] || fail "N = 256 run"
expect_one_line_error '2\^5110' $X latin --net omega:1024 --l "0x7$(printf 'f%.0s' $(seq 1277))"

# bad input: exit 2, one line naming the input
expect_one_line_error 'power of two' $X run --net butterfly:6
expect_one_line_error 'power of two' $X run --net butterfly:0
expect_one_line_error 'power of two' $X run --net butterfly:2048
expect_one_line_error 'power of two' $X latin --net omega:99999999999999999999999 --l 0
expect_one_line_error "unknown network 'benes'" $X run --net benes:8
expect_one_line_error 'TOPOLOGY:N' $X run --net butterfly
expect_one_line_error 'N must be a number' $X run --net butterfly:8x
expect_one_line_error "--mode 'fast'" $X run --net butterfly:8 --mode fast
expect_one_line_error "--sim 'spice'" $X run --net butterfly:8 --sim spice
expect_one_line_error "--algo 'te-a1'" $X run --net butterfly:8 --algo te-a1
expect_one_line_error 'below N\^\(N/2-1\) = 2\^9' $X run --net butterfly:8 --l 512
expect_one_line_error "--l -1" $X latin --net butterfly:8 --l -1
expect_one_line_error "--l 0x" $X latin --net butterfly:8 --l 0x
expect_one_line_error "--l 1e3" $X latin --net butterfly:8 --l 1e3
expect_one_line_error '--config' $X latin --net butterfly:8 --config 001,001,011
expect_one_line_error 'not both' $X latin --net butterfly:8 --l 1 --config 001,001,011,011
expect_one_line_error "--rtl-fault '3.0'" $X run --net butterfly:8 --rtl-fault 3.0
expect_one_line_error "--rtl-fault '1.4'" $X run --net butterfly:8 --rtl-fault 1.4
expect_one_line_error "--rtl-fault '1.1@0'" $X run --net butterfly:8 --rtl-fault 1.1@0
expect_one_line_error "--timeout" $X run --net butterfly:8 --timeout 0
expect_one_line_error "unknown command" $X frobnicate
expect_one_line_error "bad option '--bogus'" $X run --net butterfly:8 --bogus
# no partial output file on bad input
expect_one_line_error "^xchg run: --trace .t.txt.: the file name must end in .fst or .vcd$" $X run --net butterfly:8 --trace t.txt
[ ! -e t.txt ] || fail "file left behind"
expect_one_line_error "power of two" $X run --net butterfly:6 --trace t.fst
[ ! -e t.fst ] || fail "trace left behind on bad input"
expect_one_line_error "cannot" $X run --net butterfly:8 --trace /proc/no/t.fst
expect_one_line_error "--trace-window '9:3'" $X run --net butterfly:8 --trace t.fst --trace-window 9:3
[ ! -e t.fst ] || fail "trace left behind"
expect_one_line_error "--trace-window 'x'" $X run --net butterfly:8 --trace t.fst --trace-window x
# the golden model alone writes only its own waves
expect_exit 0 $X run --net butterfly:8 --sim golden --trace g/t.fst --quiet
[ -s g/t.golden.fst ] && [ ! -e g/t.fst ] && [ -s g/t.gtkw ] || fail "golden-only trace files: $(ls g)"
# help works and exits 0
expect_exit 0 $X run --help
expect_exit 0 $X latin --help
echo ok
