/* SPDX-License-Identifier: MIT */
#include "xc_status.h"

#include <stdio.h>

xc_status xc_fail(xc_err *err, xc_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

int xc_exit_code(xc_status st)
{
    switch (st) {
    case XC_OK: return 0;
    case XC_ECHECK: return 1;
    case XC_EINVAL:
    case XC_ERANGE:
    case XC_EIO: return 2;
    default: return 3; /* out of memory, a tool failed: not the user's input */
    }
}
