# SPDX-License-Identifier: MIT
# --rtl-switch: a user's 2x2 switch, written from the switch contract
# alone (tb/own/switch/alt_sw2x2.v, copied outside the tree), runs in
# every position of butterfly, omega and baseline MINs in all three modes
# and passes the lock-step; its mutants (tb/own/mutants.txt, written by
# tb/own/mutate.sh) fail with the element and cycle
# of the bug; faults inject into it as into ours; a design that breaks the
# contract gets one line naming the port and the width, and leaves nothing
# in the model cache.
. "$XC_TB/lib.sh"
own=$XC_TB/own/switch
mkdir -p mine && cp "$own"/*.v mine/ && sh "$XC_TB/own/mutate.sh" mine switch || fail "tb/own/mutate.sh"
# models of a user's switch on butterfly:8 (no other test builds these)
user_dirs() { ls -d "$XC_BUILD"/vl/min_butterfly_8_u* 2>/dev/null | wc -l; }
hash_of() { grep -o '"hash":"[0-9a-f]*"' out.txt | cut -d'"' -f4; }

# 1. the second implementation passes everywhere, in every mode
for net in butterfly:8 omega:8 baseline:16; do
    for mode in xor table self; do
        expect_exit 0 "$XCHG" run --net "$net" --mode "$mode" --rtl-switch mine/alt_sw2x2.v --json --quiet
        [ "$(json_field pass out.txt)" = true ] || fail "$net $mode: not passed"
        [ "$(json_field mismatches out.txt)" = 0 ] || fail "$net $mode: mismatches"
        grep -q '"user_rtl":{"level":"switch","file":"'"$PWD"'/mine/alt_sw2x2.v","module":"alt_sw2x2"' out.txt ||
            fail "$net $mode: no user_rtl in the report: $(cat out.txt)"
        echo "ok alt_sw2x2 passes $net --mode $mode"
    done
done
# the text report names the user's switch
expect_exit 0 "$XCHG" run --net butterfly:8 --rtl-switch mine/alt_sw2x2.v:alt_sw2x2
grep -q "^  your RTL     mine/alt_sw2x2.v, module alt_sw2x2, in every switch" out.txt ||
    fail "no 'your RTL' line: $(head -n 4 out.txt)"

# 2. mutants: the cycle compare names the element and the cycle
mutant() { # file net first-mismatch-json
    expect_exit 1 "$XCHG" run --net "$2" --rtl-switch "mine/$1" --json --quiet
    grep -q "\"first_mismatch\":{$3" out.txt || fail "$1 on $2: expected $3, got $(cat out.txt)"
    echo "ok $1 on $2 caught: $3"
}
# the wrong step bit: stage 0 reads x0 instead of x2; wave 0 (x = 0) is
# still right everywhere, so the first wave whose bits differ shows it
mutant bad_xor_bit.v butterfly:8 '"cycle":74,"element":"s0.0"'
# a setting held while idle: the scoreboard alone would see nothing (every
# message arrives), the cycle compare sees the setting of an idle switch
mutant bad_held_set.v butterfly:8 '"cycle":81,"element":"s0.0"'
expect_exit 0 "$XCHG" run --net butterfly:8 --rtl-switch mine/bad_held_set.v --sim rtl --json --quiet
[ "$(json_field delivered out.txt)" = 64 ] || fail "bad_held_set: the RTL alone should deliver all 64"
echo "ok bad_held_set passes the scoreboard alone (--sim rtl): only the cycle compare sees it"

# 3. faults act on a user's switch as on ours (the shell rtl/dv/xchg_sw2x2_dv.v)
for f in "--rtl-fault 1.2@75" "--inject drop:s2.1@76" "--inject port:s0.3@73" "--inject corrupt:s1.0@74"; do
    # shellcheck disable=SC2086
    expect_exit 1 "$XCHG" run --net butterfly:8 --l 18 $f --json --quiet
    ours=$(grep -o '"first_mismatch":{[^}]*}' out.txt)
    # shellcheck disable=SC2086
    expect_exit 1 "$XCHG" run --net butterfly:8 --l 18 $f --rtl-switch mine/alt_sw2x2.v --json --quiet
    theirs=$(grep -o '"first_mismatch":{[^}]*}' out.txt)
    [ -n "$ours" ] && [ "$ours" = "$theirs" ] || fail "$f: ours $ours, the user's switch $theirs"
    echo "ok $f: the same first mismatch on ours and on the user's switch: $ours"
done

# 4. cached by content: a second run builds nothing; a changed file is a new model
"$XCHG" run --net butterfly:8 --rtl-switch mine/alt_sw2x2.v --json >out.txt 2>err.txt || fail "rerun"
! grep -q building err.txt || fail "the same file built again: $(cat err.txt)"
h1=$(hash_of)
echo "// a change of its own: $$ $(date +%s%N)" >>mine/alt_sw2x2.v
"$XCHG" run --net butterfly:8 --rtl-switch mine/alt_sw2x2.v --json >out.txt 2>err.txt || fail "changed file"
h2=$(hash_of)
[ -n "$h1" ] && [ "$h1" != "$h2" ] && [ -d "$XC_BUILD/vl/min_butterfly_8_u$h2" ] ||
    fail "a changed file did not make a model of its own ($h1, $h2)"
echo "ok cached by content"

# 5. designs that break the contract: one line, exit 2, nothing cached
n=$(user_dirs)
sed 's/output wire \[`XCHG_FLIT_W-1:0\] out0_o/output wire [31:0] out0_o/' mine/alt_sw2x2.v >mine/narrow.v
sed -i 's/module alt_sw2x2/module narrow/' mine/narrow.v
sed -e 's/module alt_sw2x2/module noset/' -e 's/output wire                    set_o,//' \
    -e 's/assign set_o      = cross_q;//' mine/alt_sw2x2.v >mine/noset.v
sed -e 's/module alt_sw2x2/module extra/' -e 's/input  wire                    flush_i,/&\n  input  wire go_i,/' \
    mine/alt_sw2x2.v >mine/extra.v
sed -e 's/module alt_sw2x2/module syntax/' -e 's/cross_d = 1.b0;/cross_d = ;/' mine/alt_sw2x2.v >mine/syntax.v
printf 'module other(input wire a); endmodule\n' >mine/nomod.v
expect_one_line_error "narrow.v: module narrow: port out0_o is 32 bits wide, the switch contract wants 42 \(XCHG_FLIT_W\)" \
    "$XCHG" run --net butterfly:8 --rtl-switch mine/narrow.v
expect_one_line_error "noset.v: module noset has no port set_o" "$XCHG" run --net butterfly:8 --rtl-switch mine/noset.v
expect_one_line_error "extra.v: module extra: port go_i is not in the switch contract" \
    "$XCHG" run --net butterfly:8 --rtl-switch mine/extra.v
expect_one_line_error "mine/syntax.v:4[0-9]:[0-9]+: .*syntax error" "$XCHG" run --net butterfly:8 --rtl-switch mine/syntax.v
expect_one_line_error "nomod.v: no module nomod in the file" "$XCHG" run --net butterfly:8 --rtl-switch mine/nomod.v
expect_one_line_error "--rtl-switch: mine/none.v: No such file" "$XCHG" run --net butterfly:8 --rtl-switch mine/none.v
expect_one_line_error "--rtl-switch: .* is not a regular file" "$XCHG" run --net butterfly:8 --rtl-switch mine
expect_one_line_error "--rtl-switch needs the RTL" "$XCHG" run --net butterfly:8 --sim golden --rtl-switch mine/alt_sw2x2.v
expect_one_line_error "bad option '--rtl-switch' for a store-and-forward run" \
    "$XCHG" run --net torus:4x4 --algo te-a1 --rtl-switch mine/alt_sw2x2.v
[ "$(user_dirs)" = "$n" ] || fail "a design that failed left a model folder: $(ls -d "$XC_BUILD"/vl/min_*_u*)"
! ls -d "$XC_BUILD"/vl/min_butterfly_8_u*.check* 2>/dev/null || fail "a contract check left its work folder"
echo "ok bad designs: one line each, exit 2, nothing left in the cache"

# 6. from xchg sweep: a case line takes --rtl-switch like any run option
printf -- '--net butterfly:8 --rtl-switch mine/bad_xor_bit.v\n--net omega:8 --mode self --rtl-switch mine/alt_sw2x2.v\n' >cases.txt
expect_exit 1 "$XCHG" sweep cases.txt -j 2 --out sw --quiet
grep -q '"passed":1,"failed":1' sw/summary.json || fail "sweep: $(head -c 300 sw/summary.json)"
echo "ok from xchg sweep"

# 7. a cache folder of its own (as an installed xchg's user cache): the
# contract check finds xchg_consts.vh there too
fresh=$PWD/fresh-cache
XC_BUILD=$fresh "$XCHG" run --net butterfly:2 --rtl-switch mine/alt_sw2x2.v --quiet >out.txt 2>err.txt ||
    fail "a fresh cache folder: $(cat err.txt)"
[ -f "$fresh/gen/xchg_consts.vh" ] || fail "no xchg_consts.vh in the fresh cache"
echo "ok a fresh cache folder"
