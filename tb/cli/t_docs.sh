# SPDX-License-Identifier: MIT
# The register map in docs/min-hw.md matches sw/lib/xc_consts.def (through
# xchg consts), so the document cannot drift from the hardware.
. "$XC_TB/lib.sh"
doc_regmap "$XC_TB/../docs/min-hw.md" REG_
echo ok
