/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the wormhole schedule reader, checker and golden cycle
 * model (xc_golden_wh_check_stream). The first byte picks ts: 0xff no golden
 * model, else ts = byte (the golden model's cost grows with ts). */
#include <stdint.h>
#include <stdio.h>

#include "xc_golden_wh.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    long ts = data[0] == 0xff ? -1 : data[0];
    FILE *f = fmemopen((void *)(data + 1), size - 1, "r");
    if (!f)
        return 0;
    xc_wh_file_info info;
    xc_wh_metrics m;
    uint64_t golden;
    xc_err err;
    (void)xc_golden_wh_check_stream(f, ts, &info, &m, &golden, &err);
    fclose(f);
    return 0;
}
