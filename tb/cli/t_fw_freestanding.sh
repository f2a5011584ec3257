#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The firmware (sw/fw) builds freestanding: no libc header in its include
# chain, no libc call reachable from any of its entry points
# (make -C sw fw-freestanding). And the check can fail: a firmware file
# that includes <stdio.h>, or one that calls calloc, breaks the build.
. "$XC_TB/lib.sh"
sw="$XC_TB/../sw"
fw() { make -s -C "$sw" fw-freestanding BUILD="$PWD/b" "$@" >make.txt 2>&1; }
fw || { cat make.txt; fail "the firmware does not build freestanding"; }
for f in xc_cp_min_exchange xc_cp_pn_run xc_cp_pn_go xc_cp_wh_run xc_fail; do
    nm b/fw/firmware.elf | grep -q " T $f\$" || fail "$f missing from the freestanding image"
done
# a libc header anywhere in the chain: the compile fails
printf '#include "xc_cp_pn.h"\n#include <stdio.h>\nint xc_bad(void) { return 0; }\n' >bad_header.c
fw FW_EXTRA="$PWD/bad_header.c" && fail "a firmware file including <stdio.h> built freestanding"
grep -q 'stdio.h' make.txt || { cat make.txt; fail "the failure does not name stdio.h"; }
# a libc call the firmware reaches: the link fails
printf '#include <stddef.h>\nvoid *calloc(size_t, size_t);\n__attribute__((used, retain)) void *xc_bad(void) { return calloc(1, 1); }\n' >bad_call.c
fw FW_EXTRA="$PWD/bad_call.c" && fail "a firmware file calling calloc linked without libc"
grep -q "undefined reference to .calloc" make.txt || { cat make.txt; fail "the failure does not name calloc"; }
echo "PASS t_fw_freestanding"
