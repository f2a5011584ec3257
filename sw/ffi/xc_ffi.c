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

xc_hal xc_ffi_hal(xc_ffi_write_fn write, xc_ffi_read_fn read, void *ctx)
{
    /* halted stays NULL: the caller bounds a run with max_polls */
    return (xc_hal){.ctx = ctx, .write = write, .read = read};
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
