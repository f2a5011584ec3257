# SPDX-License-Identifier: MIT
# The router register map in docs/routers.md matches sw/lib/xc_consts.def
# (through xchg consts), both ways.
. "$XC_TB/lib.sh"
doc="$XC_TB/../docs/routers.md"
"$XCHG" consts | grep '^PN_REG_' | while read -r name addr _; do
    short=${name#PN_REG_}
    want=$(printf '0x%03X' "$addr")
    grep -q "^| $want | $short |" "$doc" || fail "docs/routers.md: no row '| $want | $short |'"
done || exit 1
sed -n '/^## Register map/,/^## /p' "$doc" | grep -oE '^\| 0x[0-9A-F]{3} \| [A-Z_]+ \|' | while read -r _ a _ n _; do
    "$XCHG" consts | grep -qE "^PN_REG_$n +0x0*$(printf '%x' "$a")( |$)" || fail "documented $n $a not in consts"
done || exit 1
# the entry layout too
for f in TE_SEND_V TE_SEND_KEEP TE_RECV_V TE_RECV_STORE TE_RECV_DLV; do
    bit=$("$XCHG" consts | awk -v n=$f '$1 == n { print $2 }')
    grep -q "^| $((bit)) | $f |" "$doc" || fail "docs/routers.md: entry bit $f"
done
echo ok
