/* SPDX-License-Identifier: MIT */
/* nftw() is outside strict POSIX 2008: ask for it. */
#define _XOPEN_SOURCE 700
#include "xc_fs.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int xc_mkdir_p(const char *dir)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
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
    snprintf(buf, sizeof buf, "%.*s", (int)(slash - path), path);
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

char *xc_fs_read_text(const char *path, size_t max, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(max + 1);
    size_t n = buf ? fread(buf, 1, max, f) : 0;
    fclose(f);
    if (buf)
        buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(path);
    return 0; /* go on with the rest */
}

void xc_fs_remove_tree(const char *path) { nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS); }
