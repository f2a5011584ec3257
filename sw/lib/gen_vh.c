/* SPDX-License-Identifier: MIT */
/* Writes xc_consts.def as Verilog `defines to stdout, so the RTL reads
 * the same flit layout, modes and register map as the C code. */
#include <stdio.h>

int main(void)
{
    printf("// Generated from sw/lib/xc_consts.def by sw/lib/gen_vh.c: do not edit.\n");
    printf("`ifndef XCHG_CONSTS_VH\n`define XCHG_CONSTS_VH\n");
#define XC_CONST(name, value, doc) \
    printf("`define XCHG_%-20s %ld // %s\n", #name, (long)(value), doc);
#include "xc_consts.def"
#undef XC_CONST
    printf("`endif\n");
    return 0;
}
