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

/* Formats a path into out (cap bytes): 0, or -1 with errno ENAMETOOLONG
 * and out "" when it does not fit whole. Every path xchg builds goes
 * through here: a path cut to its buffer names another file (a temporary
 * name equal to its target, two configurations in one cache folder). */
int xc_path(char *out, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The temporary name of path for this process, "PATH.tmpPID", into out:
 * 0, or -1 (ENAMETOOLONG) when it does not fit whole, so that it never
 * equals path or another process's temporary name. */
int xc_fs_tmp_name(char *out, size_t cap, const char *path);

/* Closes f, a file written to: 0, or the error number of a write error
 * (one ferror saw, or the flush of fclose; EIO where errno does not say).
 * The one way every writer here learns that its file is incomplete. */
int xc_fs_close(FILE *f);

/* Finishes a file written under the temporary name tmp: closes f (a
 * write error seen by ferror or fclose fails it) and renames tmp to path.
 * On failure tmp is removed. 0 on success, -1 (errno set) on failure. */
int xc_fs_close_rename(FILE *f, const char *tmp, const char *path);

#endif /* XC_FS_H_ */
