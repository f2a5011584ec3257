# SPDX-License-Identifier: MIT
# The shared constants reach both C (xchg consts) and Verilog (xchg_consts.vh)
# with the same values: every name and value of the JSON is a `define.
set -eu
"$XCHG" consts --json > consts.json
python3 - "$XC_BUILD/gen/xchg_consts.vh" <<'PY'
import json, re, sys
c = json.load(open("consts.json"))
vh = dict(re.findall(r"`define XCHG_(\w+)[ \t]+(\S+)", open(sys.argv[1]).read()))
names = [k for k in c if k not in ("version", "schema")]
assert len(names) > 40, names
for k in names:
    v = vh.get(k)
    assert v is not None, f"{k} missing from xchg_consts.vh"
    v = int(v.replace("'h", "0x").split("'d")[-1], 0) if not v.startswith("32'h") else int(v[4:], 16)
    assert v == c[k], f"{k}: C {c[k]}, Verilog {v}"
# the flit holds a message word and the step: the layout adds up
assert c["FLIT_W"] == c["FLIT_VALID_BIT"] + 1 == c["FLIT_STEP_LSB"] + c["STEP_W"] + 1
assert c["MSG_W"] == c["FLIT_STEP_LSB"] == c["FLIT_CHK_LSB"] + c["CHK_W"]
assert c["FLIT_CHK_LSB"] == c["FLIT_SRC_LSB"] + c["ADDR_W"] == 2 * c["ADDR_W"]
PY
"$XCHG" consts --bogus 2>err.txt && exit 1 || rc=$?
[ "$rc" = 2 ] && grep -q "unknown option '--bogus'" err.txt

# Register fields (XC_FIELD: NAME_LSB, NAME_W; one-bit fields NAME_BIT):
# every field constant reads the same in Verilog, and the fields of one
# register fit in 32 bits without overlapping.
"$XCHG" consts | awk '$1 ~ /_(LSB|W|BIT)$/ { print $1, $2 }' | while read -r name val; do
    grep -qE "^\`define XCHG_$name +$((val)) " "$XC_BUILD/gen/xchg_consts.vh" \
        || { echo "xchg_consts.vh: $name is not $((val))" >&2; exit 1; }
    echo "$name $((val))"
done >fields.txt
for reg in PARAMS PN_GEOM PN_CGEOM PN_ERR PN_STATUS STATUS CTRL PN_CTRL CS; do
    awk -v reg="$reg" '
        function put(n, lsb, w,   b) {
            if (lsb + w > 32) { print reg ": " n " ends beyond bit 31"; bad = 1 }
            for (b = lsb; b < lsb + w; b++) {
                if (b in owner) { print reg ": " n " overlaps " owner[b] " at bit " b; bad = 1 }
                owner[b] = n
                bits++
            }
        }
        { v[$1] = $2 + 0 }
        END {
            for (n in v) {
                if (index(n, reg "_") != 1) continue
                base = substr(n, 1, length(n) - 4)
                if (n ~ /_LSB$/ && (base "_W") in v) put(n, v[n], v[base "_W"])
                if (n ~ /_BIT$/) put(n, v[n], 1)
            }
            if (bits < 2) { print reg ": fewer than 2 field bits found"; bad = 1 }
            exit bad
        }' fields.txt
done
echo ok

# xchg.core reads the header committed in rtl/gen (a fresh clone has no
# build): it must be the one the build generates from xc_consts.def
cmp "$XC_BUILD/gen/xchg_consts.vh" "$XC_TB/../rtl/gen/xchg_consts.vh" >/dev/null ||
    { echo "rtl/gen/xchg_consts.vh is stale against sw/lib/xc_consts.def: run make fusesoc-files" >&2; exit 1; }
echo "ok rtl/gen/xchg_consts.vh"
