/* SPDX-License-Identifier: MIT */
/* nftw() is outside strict POSIX 2008: ask for it. */
#define _XOPEN_SOURCE 700
#include "xc_fs.h"

#include <errno.h>
#include <ftw.h>
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

char *xc_fs_read_max(const char *path, size_t max, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap);
    int big = 0;
    while (buf && !big && (got = fread(buf + n, 1, cap - 1 - n, f)) > 0) {
        big = (n += got) > max;
        if (!big && n + 1 == cap) {
            char *b = realloc(buf, cap *= 2);
            if (!b)
                free(buf);
            buf = b;
        }
    }
    const int bad = ferror(f) || big;
    fclose(f);
    if (!buf || bad) { /* out of memory, too long, or a read error: no partial text */
        const int e = !buf ? ENOMEM : big ? EFBIG : EIO;
        free(buf);
        errno = e;
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

char *xc_fs_read(const char *path, size_t *len) { return xc_fs_read_max(path, (size_t)-1 / 2, len); }

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(path);
    return 0; /* go on with the rest */
}

void xc_fs_remove_tree(const char *path) { nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS); }
