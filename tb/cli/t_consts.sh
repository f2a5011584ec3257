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
