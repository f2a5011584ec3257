/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the schedule checker's file parser and replay
 * (xc_check_stream), fed the input as a file. */
#include <stdint.h>
#include <stdio.h>

#include "xc_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!size)
        return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    xc_check_result res;
    xc_err err;
    (void)xc_check_stream(f, &res, &err);
    fclose(f);
    return 0;
}
