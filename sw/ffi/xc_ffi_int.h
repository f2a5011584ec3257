/* SPDX-License-Identifier: MIT */
/* What the flat API's files share (not installed). */
#ifndef XC_FFI_INT_H_
#define XC_FFI_INT_H_

#include "xc_ffi.h"
#include "xc_hal.h"

/* Copies a status's reason into the caller's buffer; returns st. */
int xc_ffi_fail(int st, const char *msg, char *err, size_t errlen);

/* A firmware run on hal for arg (a handle), at most max_polls STATUS reads. */
typedef xc_status (*xc_ffi_fw)(xc_hal *hal, void *arg, unsigned long max_polls, xc_err *err);

/* Runs fw with a HAL whose accesses are the caller's callbacks: 0, the
 * firmware's code, or XC_EINVAL when a callback is missing (reason in err). */
int xc_ffi_run_fw(xc_ffi_fw fw, void *arg, xc_ffi_write_fn write, xc_ffi_read_fn read, void *ctx,
                  unsigned long max_polls, char *err, size_t errlen);

/* The value of name in a table of names and values (n entries); -1 when absent. */
typedef struct xc_ffi_named {
    const char *name;
    long long value;
} xc_ffi_named;
long long xc_ffi_lookup(const xc_ffi_named *t, size_t n, const char *name);

#endif /* XC_FFI_INT_H_ */
