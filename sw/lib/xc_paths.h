/* SPDX-License-Identifier: MIT */
/* Where xchg finds what it needs at run time (rtl/, sim/, the flit filter)
 * and where it caches models: the source tree when it runs from its build
 * folder, <prefix>/share/xchg and a user cache when installed. */
#ifndef XC_PATHS_H_
#define XC_PATHS_H_

#include "xc_status.h"

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

/* The folder holding rtl/ and sim/: <prefix>/share/xchg when the running
 * program is <prefix>/bin/xchg and that folder has sim/Makefile, else the
 * source tree xchg was built from (XC_SRC_DIR). Never NULL. */
const char *xc_data_dir(void);

/* 1 when xc_data_dir() is an installed share/xchg, 0 in the source tree. */
int xc_installed(void);

/* The folder models are cached in (under vl/), always absolute (a
 * relative one is taken from the current folder): $XC_BUILD; else the
 * build folder xchg was built into; installed, $XDG_CACHE_HOME/xchg or
 * $HOME/.cache/xchg. "" when xc_build_paths_check refuses it. */
const char *xc_build_dir(void);

/* The longest model cache folder: the cache's own names fit after it. */
enum { XC_BUILD_DIR_MAX = 1000 };

/* What a folder handed to make may hold (it reaches the shell through the
 * recipes): make and sh give none of these a meaning. */
#define XC_PATH_SAFE "letters, digits, non-ASCII characters and ._/+@,-"

/* The first character of path that make or a shell could read as code or
 * cannot carry (a blank, $, `, ;, #, %, :, =, quotes, ...), or NULL. */
const char *xc_path_unsafe(const char *path);

/* Checks the folders a model build hands to make: the model cache
 * (xc_build_dir) and xc_data_dir. XC_EINVAL naming where the folder comes
 * from (XC_BUILD, XDG_CACHE_HOME, HOME, the source or installed folder)
 * and the character refused, or a cache folder over XC_BUILD_DIR_MAX. */
xc_status xc_build_paths_check(xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_PATHS_H_ */
