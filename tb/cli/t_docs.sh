# SPDX-License-Identifier: MIT
# The register map in docs/min-hw.md matches sw/lib/xc_consts.def (through
# xchg consts), so the document cannot drift from the hardware.
. "$XC_TB/lib.sh"
doc="$XC_TB/../docs/min-hw.md"
"$XCHG" consts | grep '^REG_' | while read -r name addr _; do
    short=${name#REG_}
    want=$(printf '0x%03X' "$addr")
    grep -q "^| $want | $short |" "$doc" || fail "docs/min-hw.md: no row '| $want | $short |'"
done || exit 1
# and every documented register exists
grep -oE '^\| 0x[0-9A-F]{3} \| [A-Z_]+ \|' "$doc" | while read -r _ a _ n _; do
    "$XCHG" consts | grep -qE "^REG_$n +0x0*$(printf '%x' "$a")( |$)" || fail "documented $n $a not in consts"
done || exit 1
echo ok
