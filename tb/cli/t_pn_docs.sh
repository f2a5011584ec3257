# SPDX-License-Identifier: MIT
# The router register map in docs/routers.md matches sw/lib/xc_consts.def
# (through xchg consts), both ways.
. "$XC_TB/lib.sh"
doc="$XC_TB/../docs/routers.md"
doc_regmap "$doc" PN_REG_
# the entry layout too
for f in TE_SEND_V TE_SEND_KEEP TE_RECV_V TE_RECV_STORE TE_RECV_DLV; do
    bit=$("$XCHG" consts | awk -v n=$f '$1 == n { print $2 }')
    grep -q "^| $((bit)) | $f |" "$doc" || fail "docs/routers.md: entry bit $f"
done
echo ok
