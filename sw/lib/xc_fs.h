/* SPDX-License-Identifier: MIT */
/* Small file-system helpers for the host side (CLI and harness). */
#ifndef XC_FS_H_
#define XC_FS_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

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

/* The file at path, NUL-terminated, up to max bytes (a longer file is an
 * error: NULL, errno EFBIG), its length without the NUL in *len unless len
 * is NULL (the file may hold NUL bytes); free() it. NULL (errno set) when
 * it cannot be opened or read, or memory runs out. */
char *xc_fs_read_max(const char *path, size_t max, size_t *len);

/* The whole file at path: xc_fs_read_max without a limit. */
char *xc_fs_read(const char *path, size_t *len);

/* rm -rf path: removes path and everything below it, without following
 * symbolic links; what cannot be removed is left (a clean-up, best
 * effort: nothing is reported). */
void xc_fs_remove_tree(const char *path);

#ifdef __cplusplus
}
#endif

#endif /* XC_FS_H_ */
