/* SPDX-License-Identifier: MIT */
#include "xc_fs.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int xc_path(char *out, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int n = cap ? vsnprintf(out, cap, fmt, ap) : -1;
    va_end(ap);
    if (n >= 0 && (size_t)n < cap)
        return 0;
    if (cap)
        out[0] = '\0';
    errno = ENAMETOOLONG;
    return -1;
}

int xc_fs_tmp_name(char *out, size_t cap, const char *path)
{
    return xc_path(out, cap, "%s.tmp%ld", path, (long)getpid());
}

int xc_mkdir_p(const char *dir)
{
    char buf[4096];
    if (!*dir) { /* no folder at all: not the current one */
        errno = ENOENT;
        return -1;
    }
    if (xc_path(buf, sizeof buf, "%s", dir) != 0)
        return -1;
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = c;
            if (!c)
                return 0;
        }
    }
}

int xc_mkdir_for(const char *path)
{
    char buf[4096];
    const char *slash = strrchr(path, '/');
    if (!slash || slash == path)
        return 0;
    if (xc_path(buf, sizeof buf, "%.*s", (int)(slash - path), path) != 0)
        return -1;
    return xc_mkdir_p(buf);
}

int xc_fs_close(FILE *f)
{
    int bad = ferror(f);
    errno = 0;
    bad |= fclose(f) != 0;
    return bad ? (errno ? errno : EIO) : 0;
}

int xc_fs_close_rename(FILE *f, const char *tmp, const char *path)
{
    int e = xc_fs_close(f);
    if (e || rename(tmp, path) != 0) {
        e = e ? e : errno;
        remove(tmp);
        errno = e;
        return -1;
    }
    return 0;
}
