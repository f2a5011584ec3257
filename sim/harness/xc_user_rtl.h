/* SPDX-License-Identifier: MIT */
/* A user's own Verilog (--rtl-switch, --rtl-router, --rtl-noc FILE[:MODULE]):
 * the file anywhere on disk, its module checked against a contract before
 * any model is built, and the model cached by the content of the file
 * (docs/own-rtl.md). Errors are values: the CLI prints them. */
#ifndef XC_USER_RTL_H_
#define XC_USER_RTL_H_

#include <stddef.h>
#include <stdint.h>

#include "xc_status.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
    XC_USER_PATH_CAP   = 4096, /* the file's absolute path, NUL included */
    XC_USER_MODULE_CAP = 64,   /* a module name, NUL included */
    XC_USER_FILE_MAX   = 16 << 20, /* bytes of a user's file */
};

/* The name of the staged copy of a user's file in a build folder. */
#define XC_USER_STAGED "user.v"

typedef struct xc_user_rtl {
    const char *opt;                  /* the option it came from, for messages */
    char path[XC_USER_PATH_CAP];      /* the file, absolute (reports) */
    char shown[XC_USER_PATH_CAP];     /* the file as the user wrote it (messages) */
    char module[XC_USER_MODULE_CAP];  /* MODULE, or the file's name without .v/.sv */
    uint64_t hash;                    /* of the file's bytes and the module name */
    char key[20];                     /* "u" and 16 hex digits of hash: a cache folder's part */
} xc_user_rtl;

/* Parses "FILE[:MODULE]" given to option opt (e.g. "--rtl-switch") and
 * hashes the file. MODULE is the text after the last ':' when it is a
 * Verilog identifier (letters, digits, _; not starting with a digit);
 * otherwise the whole text is the file. XC_EINVAL, with one line naming
 * opt and what is allowed, for: an empty spec, a file that does not exist
 * or is not a regular file, larger than XC_USER_FILE_MAX, or a bad module
 * name; XC_EIO when it cannot be read. */
xc_status xc_user_rtl_parse(const char *opt, const char *spec, xc_user_rtl *u, xc_err *err);

/* Writes the user's file into dir/name (temporary name, renamed when
 * complete) for a build: the build never reads the user's own path, so
 * no user text reaches make or a shell, and the cache holds what was
 * built. XC_EIO on a failed write (nothing left behind). */
xc_status xc_user_rtl_stage(const xc_user_rtl *u, const char *dir, const char *name, xc_err *err);

/* One port or parameter of a contract. */
typedef struct xc_user_port {
    const char *name;   /* clk_i, ... */
    char dir;           /* 'i' input, 'o' output, 'p' parameter */
    unsigned width;     /* bits (ports); 0: any width (parameters) */
    const char *what;   /* how the contract writes the width: "XCHG_FLIT_W", "2", "N*W" */
} xc_user_port;

typedef struct xc_user_contract {
    const char *level;                 /* "switch", "router", "noc": for messages */
    const xc_user_port *ports;         /* every port and parameter of the contract */
    size_t n_ports;
    const char *const *gparams;        /* "-GLogN=3", ...: the parameters of the check, NULL-terminated */
} xc_user_contract;

/* Elaborates the user's module alone (verilator --xml-only, run with argv,
 * no shell, in the folder model_dir.check<pid> beside the model's cache
 * folder, removed again; xchg_consts.vh on its include path) and checks
 * it against c:
 * the module exists, every port of the contract is there with its
 * direction and width, no port beyond it, every parameter declared.
 * XC_EINVAL with one line for the first breach ("my_sw.v: module my_sw:
 * port out0_o is 32 bits wide, the switch contract wants 64
 * (XCHG_FLIT_W)"), or Verilator's first error with its file and line;
 * XC_ETOOL when Verilator cannot be started. */
xc_status xc_user_rtl_check(const xc_user_rtl *u, const xc_user_contract *c, const char *model_dir,
                            xc_err *err);

/* A user's model that failed to build (st, from xc_model_get): removes its
 * cache folder dir whole, and when Verilator's log dir/obj/build.log names
 * an error in the user's file, returns XC_EINVAL with that error's line
 * (with the user's file and line); else st with err as it was. */
xc_status xc_user_rtl_build_failed(const xc_user_rtl *u, const char *dir, xc_status st, xc_err *err);

/* Verilator's first error in a build log, as one line "FILE:LINE: text"
 * (the user's file named by its own path, not the staged copy's), into
 * line (cap bytes). 0 when found, -1 when the log holds none. */
int xc_user_rtl_first_error(const xc_user_rtl *u, const char *log, char *line, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* XC_USER_RTL_H_ */
