/* SPDX-License-Identifier: MIT */
/* What the flat API's files share (not installed). */
#ifndef XC_FFI_INT_H_
#define XC_FFI_INT_H_

#include "xc_ffi.h"
#include "xc_hal.h"

/* Copies a status's reason into the caller's buffer; returns st. */
int xc_ffi_fail(int st, const char *msg, char *err, size_t errlen);

/* A HAL whose accesses are the caller's callbacks. */
xc_hal xc_ffi_hal(xc_ffi_write_fn write, xc_ffi_read_fn read, void *ctx);

/* The value of name in a table of names and values (n entries); -1 when absent. */
typedef struct xc_ffi_named {
    const char *name;
    long long value;
} xc_ffi_named;
long long xc_ffi_lookup(const xc_ffi_named *t, size_t n, const char *name);

#endif /* XC_FFI_INT_H_ */
