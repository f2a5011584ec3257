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

/* Replaces the file at path with len bytes of text unless it holds exactly
 * those already, so that make's timestamps see only real changes. 0 on
 * success, -1 when it cannot be written. */
int xc_write_if_changed(const char *path, const char *text, size_t len);

#endif /* XC_FS_H_ */
