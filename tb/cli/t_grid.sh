# SPDX-License-Identifier: MIT
# The grids of docs/teaching.md: `xchg schedule --grid` (node x step:
# T transmits, R receives, B both, . idle) against paper 002's transmit
# patterns and against the sentences of --explain; `xchg bound --grid`
# (status and eccentricity of every node of a 2-D network) against the
# closed-form statuses of `bound --json` and the diameter.
. "$XC_TB/lib.sh"
X=$XCHG

# the grid's rows: "nV  CELLS" -> CELLS, one line per node
rows() { awk '/^n[0-9]+ /{print $2}' "$1"; }
# column t (1-based) of the rows in file $1
column() { rows "$1" | cut -c"$2" | tr -d '\n'; }

# 1. odd ring, half duplex (002 §3.2.2): in every step one node idles and the
# others alternate transmit/receive; the pattern of n steps runs twice
expect_exit 0 $X schedule --net ring:7 --algo mnb --duplex half --grid
cp out.txt g7.txt
head -1 g7.txt | grep -q '^node x step: T transmits, R receives, B both, . idle$' || fail "legend"
[ "$(rows g7.txt | wc -l)" = 7 ] || fail "ring:7: not 7 rows"
for t in $(seq 1 14); do
    c=$(column g7.txt "$t")
    [ "$(tr -cd . <<<"$c" | wc -c)" = 1 ] && [ "$(tr -cd T <<<"$c" | wc -c)" = 3 ] &&
        [ "$(tr -cd R <<<"$c" | wc -c)" = 3 ] || fail "ring:7 step $t: column $c"
    [ "$t" -gt 7 ] || [ "$c" = "$(column g7.txt $((t + 7)))" ] || fail "ring:7: step $t and $((t + 7)) differ"
done
# 2. even ring, half duplex (§3.2.1): even positions transmit in odd steps
expect_exit 0 $X schedule --net ring:6 --algo mnb --duplex half --grid
[ "$(rows out.txt | head -1)" = "TRTRTRTRTR" ] && [ "$(rows out.txt | sed -n 2p)" = "RTRTRTRTRT" ] ||
    fail "ring:6 half: $(rows out.txt | head -2 | tr '\n' ' ')"
# full duplex: every node transmits and receives in every step
expect_exit 0 $X schedule --net ring:6 --algo mnb --grid
[ "$(rows out.txt | tr -d 'B\n')" = "" ] || fail "ring:6 full: not all B"
echo "ok: mnb grids follow paper 002's patterns"

# 3. the grid agrees with the sentences of --explain, cell by cell
for args in "torus:4x3 mnb-product" "torus:3x3 te-ni" "ring:5 mnb --duplex half"; do
    set -- $args
    expect_exit 0 $X schedule --net $1 --algo $2 "${@:3}" --grid
    rows out.txt >grid.txt
    expect_exit 0 $X schedule --net $1 --algo $2 "${@:3}" --explain
    n=$(wc -l <grid.txt)
    awk -v n="$n" '/^step /{t++} /^  n[0-9]+ sends /{s = substr($1, 2) + 0; r = $0; sub(/.* to n/, "", r); r += 0
         c[s, t] = c[s, t] ~ /R|B/ ? "B" : "T"; c[r, t] = c[r, t] ~ /T|B/ ? "B" : "R"}
         END {for (v = 0; v < n; v++) {line = ""; for (k = 1; k <= t; k++) line = line ((v, k) in c ? c[v, k] : ".")
              print line}}' out.txt | diff - grid.txt >/dev/null || fail "$args: grid and sentences differ"
done
expect_exit 0 $X schedule --net ring:7 --algo mnb --duplex half --grid --node 3
[ "$(rows out.txt)" = "$(rows g7.txt | sed -n 4p)" ] || fail "--grid --node 3: not row 3"
echo "ok: grids match the sentences"

# 4. bound --grid: BFS status per node = Theorem 1's, eccentricity max = diameter;
# a ring or path is one row, a 3-D network one grid per value of dimension 0
for net in mesh:3x5 torus:4x4 ring:6*path:4 ghc:3x4 ring:7 path:5 torus:3x3x3 mesh:2x3x4 hypercube:4; do
    expect_exit 0 $X bound --net "$net" --json
    want=$(jq -c '.status' out.txt) diam=$(jq '.diameter' out.txt) sum=$(jq '.status_sum' out.txt)
    expect_exit 0 $X bound --net "$net" --grid
    got=$(awk '/^status/{s = 1; next} /^sum/{s = 0} s && /^  [0-9]/{for (i = 2; i <= NF; i++) printf "%s%s", (n++ ? "," : "["), $i}
               END {print "]"}' out.txt)
    [ "$got" = "$want" ] || fail "$net: grid $got, bound --json $want"
    ecc=$(awk '/^eccentricity/{s = 1; next} s && /^  [0-9]/{for (i = 2; i <= NF; i++) if ($i > m) m = $i} END {print m}' out.txt)
    [ "$ecc" = "$diam" ] || fail "$net: largest eccentricity $ecc, diameter $diam"
    grep -q "^sum $sum = " out.txt || fail "$net: sum line"
done
expect_exit 0 $X bound --net mesh:2x3x4 --grid
[ "$(grep -c '^  where dimension 0 = [01]:$' out.txt)" = 4 ] || fail "mesh:2x3x4: not one status and one eccentricity grid per value of dimension 0"
echo "ok: bound --grid"

# 5. bad input: one line, exit 2
expect_one_line_error "leave out --json" $X bound --net torus:4x4 --grid --json
expect_one_line_error "up to 64 rows and columns" $X bound --net torus:65x3 --grid
expect_one_line_error "256 nodes.*up to 64" $X schedule --net torus:16x16 --algo mnb --grid
expect_one_line_error "--node '7': a node of ring:7 \(0..6\)" $X schedule --net ring:7 --algo mnb --grid --node 7
echo "ok: bad input"
