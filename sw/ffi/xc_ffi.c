/* SPDX-License-Identifier: MIT */
/* The flat API's shared pieces: constants by name, errors, the HAL. */
#include <string.h>

#include "xc_consts.h"
#include "xc_ffi_int.h"

int xc_ffi_fail(int st, const char *msg, char *err, size_t errlen)
{
    if (err && errlen) {
        strncpy(err, msg, errlen - 1);
        err[errlen - 1] = '\0';
    }
    return st;
}

int xc_ffi_run_fw(xc_ffi_fw fw, void *arg, xc_ffi_write_fn write, xc_ffi_read_fn read, void *ctx,
                  unsigned long max_polls, char *err, size_t errlen)
{
    if (!write || !read)
        return xc_ffi_fail(XC_EINVAL, "write and read callbacks are required", err, errlen);
    /* halted stays NULL: the caller bounds a run with max_polls */
    xc_hal hal = {.ctx = ctx, .write = write, .read = read};
    xc_err e = {""};
    const xc_status st = fw(&hal, arg, max_polls, &e);
    return st ? xc_ffi_fail(st, e.msg, err, errlen) : 0;
}

long long xc_ffi_lookup(const xc_ffi_named *t, size_t n, const char *name)
{
    for (size_t i = 0; name && i < n; i++)
        if (strcmp(t[i].name, name) == 0)
            return t[i].value;
    return -1;
}

/* every XC_CONST and XC_FIELD of the definitions, by the name the .vh
 * file gives after XCHG_ */
#define XC_CONST(name, value, doc) {#name, (long long)(value)},
static const xc_ffi_named consts[] = {
#include "xc_consts.def"
};
#undef XC_CONST

long long xc_ffi_const(const char *name)
{
    return xc_ffi_lookup(consts, sizeof consts / sizeof consts[0], name);
}
