/* SPDX-License-Identifier: MIT */
/* One result code for the whole library. Library code returns these and
 * fills an xc_err with a one-line reason; only the CLI prints. */
#ifndef XC_STATUS_H_
#define XC_STATUS_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdarg.h>

typedef enum xc_status {
    XC_OK = 0,        /* success */
    XC_EINVAL,        /* bad input from the user: CLI exits 2 */
    XC_ERANGE,        /* a number outside its allowed range: CLI exits 2 */
    XC_ENOMEM,        /* out of memory */
    XC_EIO,           /* a file could not be read or written */
    XC_ECHECK,        /* a check failed (mismatch, lost message): CLI exits 1 */
    XC_ETOOL,         /* an external tool (verilator, make) failed */
    XC_EWRITE,        /* an output opened fine but could not be written out (disk
                         full, I/O error): an environment failure, CLI exits 3 */
} xc_status;

/* A one-line reason to go with a non-OK status (room for the paths a
 * run's line names: a session's back-door folder, a model's files). */
typedef struct xc_err {
    char msg[1200];
} xc_err;

/* Formats msg into err (if err is not NULL) and returns code. */
xc_status xc_fail(xc_err *err, xc_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The process exit status the CLI uses for a code: 0, 1, 2 or 3. */
int xc_exit_code(xc_status st);

#ifdef __cplusplus
}
#endif

#endif /* XC_STATUS_H_ */
