/* SPDX-License-Identifier: MIT */
/* Small file-system helpers for the host side (CLI and harness). */
#ifndef XC_FS_H_
#define XC_FS_H_

/* Creates dir and its parents, like mkdir -p. 0 on success, -1 (errno
 * set) on failure. Prints nothing. */
int xc_mkdir_p(const char *dir);

/* Creates the folder that path (a file) will live in. */
int xc_mkdir_for(const char *path);

#include <stddef.h>


#endif /* XC_FS_H_ */
