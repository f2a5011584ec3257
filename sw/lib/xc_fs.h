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
#include <stdio.h>

/* Closes f, a file written to: 0, or the error number of a write error
 * (one ferror saw, or the flush of fclose; EIO where errno does not say).
 * The one way every writer here learns that its file is incomplete. */
int xc_fs_close(FILE *f);

/* Finishes a file written under the temporary name tmp: closes f (a
 * write error seen by ferror or fclose fails it) and renames tmp to path.
 * On failure tmp is removed. 0 on success, -1 (errno set) on failure. */
int xc_fs_close_rename(FILE *f, const char *tmp, const char *path);

/* The first max bytes of a file, NUL-terminated, in a malloc'ed buffer
 * (*len: the bytes read, if len is not NULL); NULL when it cannot be
 * opened or memory runs out. */
char *xc_fs_read_text(const char *path, size_t max, size_t *len);

/* rm -rf path: removes path and everything below it, without following
 * symbolic links; what cannot be removed is left (a clean-up, best
 * effort: nothing is reported). */
void xc_fs_remove_tree(const char *path);

#endif /* XC_FS_H_ */
