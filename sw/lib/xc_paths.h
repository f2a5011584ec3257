/* SPDX-License-Identifier: MIT */
/* Where xchg finds what it needs at run time (rtl/, sim/, the flit filter)
 * and where it caches models: the source tree when it runs from its build
 * folder, <prefix>/share/xchg and a user cache when installed. */
#ifndef XC_PATHS_H_
#define XC_PATHS_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxc */
#endif

/* The folder holding rtl/ and sim/: <prefix>/share/xchg when the running
 * program is <prefix>/bin/xchg and that folder has sim/Makefile, else the
 * source tree xchg was built from (XC_SRC_DIR). Never NULL. */
const char *xc_data_dir(void);

/* 1 when xc_data_dir() is an installed share/xchg, 0 in the source tree. */
int xc_installed(void);

#ifdef __cplusplus
}
#endif

#endif /* XC_PATHS_H_ */
