/* SPDX-License-Identifier: MIT */
/* A user's own Verilog: parse FILE[:MODULE], hash, stage, check against a
 * contract (xc_user_rtl.h). */
#define _DEFAULT_SOURCE /* realpath */
#include "xc_user_rtl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xc_fs.h"
#include "xc_model_cache.h"

static int is_ident(const char *s, size_t len)
{
    if (len == 0 || len >= XC_USER_MODULE_CAP || (s[0] >= '0' && s[0] <= '9'))
        return 0;
    for (size_t i = 0; i < len; i++) {
        const char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return 0;
    }
    return 1;
}

/* The file's bytes into *text (malloc'ed, *len bytes). */
static xc_status read_all(const xc_user_rtl *u, char **text, size_t *len, xc_err *err)
{
    struct stat st;
    *text = NULL;
    int fd = open(u->path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &st) != 0) {
        xc_status code = xc_fail(err, XC_EIO, "%s: cannot read %s: %s", u->opt, u->shown, strerror(errno));
        if (fd >= 0)
            close(fd);
        return code;
    }
    if (!S_ISREG(st.st_mode) || st.st_size > XC_USER_FILE_MAX) {
        close(fd);
        return xc_fail(err, XC_EINVAL, "%s: %s is %s; expected a Verilog file of at most %d MiB", u->opt,
                       u->shown, S_ISREG(st.st_mode) ? "too large" : "not a regular file", XC_USER_FILE_MAX >> 20);
    }
    char *buf = malloc((size_t)st.st_size + 1);
    size_t got = 0;
    for (ssize_t n = 1; buf && got < (size_t)st.st_size && n > 0; got += n > 0 ? (size_t)n : 0)
        n = read(fd, buf + got, (size_t)st.st_size - got);
    close(fd);
    if (!buf || got != (size_t)st.st_size) {
        free(buf);
        return xc_fail(err, buf ? XC_EIO : XC_ENOMEM, "%s: cannot read %s", u->opt, u->shown);
    }
    *text = buf;
    *len = got;
    return XC_OK;
}

/* FNV-1a, 64 bits, of the file's bytes and then the module's name. */
static uint64_t hash_of(const char *text, size_t len, const char *module)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 0x100000001b3ull;
    for (const char *p = module; *p; p++)
        h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
    return h;
}

/* MODULE from the file's name: its base name less .v or .sv. */
static xc_status module_of_name(xc_user_rtl *u, xc_err *err)
{
    const char *base = strrchr(u->shown, '/') ? strrchr(u->shown, '/') + 1 : u->shown;
    size_t len = strlen(base);
    if (len > 2 && !strcmp(base + len - 2, ".v"))
        len -= 2;
    else if (len > 3 && !strcmp(base + len - 3, ".sv"))
        len -= 3;
    if (!is_ident(base, len))
        return xc_fail(err, XC_EINVAL, "%s: the file name '%s' is no Verilog module name; name the module: "
                       "FILE:MODULE", u->opt, base);
    memcpy(u->module, base, len);
    u->module[len] = '\0';
    return XC_OK;
}

xc_status xc_user_rtl_parse(const char *opt, const char *spec, xc_user_rtl *u, xc_err *err)
{
    memset(u, 0, sizeof *u);
    u->opt = opt;
    if (!spec || !*spec)
        return xc_fail(err, XC_EINVAL, "%s: expected FILE[:MODULE], a Verilog file and its module", opt);
    char file[XC_USER_PATH_CAP];
    const char *colon = strrchr(spec, ':');
    size_t file_len = strlen(spec);
    if (colon && colon > spec && is_ident(colon + 1, strlen(colon + 1))) {
        file_len = (size_t)(colon - spec);
        memcpy(u->module, colon + 1, strlen(colon + 1) + 1);
    }
    if (file_len >= sizeof file)
        return xc_fail(err, XC_EINVAL, "%s: the file name is longer than %d characters", opt, XC_USER_PATH_CAP - 1);
    memcpy(file, spec, file_len);
    file[file_len] = '\0';
    memcpy(u->shown, file, file_len + 1);
    if (!realpath(file, u->path))
        return xc_fail(err, errno == ENOENT || errno == ENOTDIR ? XC_EINVAL : XC_EIO, "%s: %s: %s", opt, file,
                       strerror(errno));
    char *text = NULL;
    size_t len = 0;
    xc_status st = u->module[0] ? XC_OK : module_of_name(u, err);
    if (st || (st = read_all(u, &text, &len, err)))
        return st;
    u->hash = hash_of(text, len, u->module);
    snprintf(u->key, sizeof u->key, "u%016llx", (unsigned long long)u->hash);
    free(text);
    return XC_OK;
}

xc_status xc_user_rtl_stage(const xc_user_rtl *u, const char *dir, const char *name, xc_err *err)
{
    char to[XC_USER_PATH_CAP + 64];
    if (xc_path(to, sizeof to, "%s/%s", dir, name))
        return xc_fail(err, XC_EINVAL, "%s: the folder %s is too long a path", u->opt, dir);
    char *text;
    size_t len;
    xc_status st = read_all(u, &text, &len, err);
    if (st)
        return st;
    const int changed = hash_of(text, len, u->module) != u->hash;
    const int bad = !changed && (xc_mkdir_p(dir) != 0 || xc_model_put(to, text, len) != 0);
    free(text);
    if (changed)
        return xc_fail(err, XC_EINVAL, "%s: %s changed while xchg ran; run again", u->opt, u->shown);
    return bad ? xc_fail(err, XC_EIO, "cannot write %s", to) : XC_OK;
}

xc_status xc_user_rtl_build_failed(const xc_user_rtl *u, const char *dir, xc_status st, xc_err *err)
{
    char log[XC_USER_PATH_CAP + 32], line[sizeof err->msg];
    if (st == XC_ETOOL && !xc_path(log, sizeof log, "%s/obj/build.log", dir) &&
        xc_user_rtl_first_error(u, log, line, sizeof line) == 0)
        st = xc_fail(err, XC_EINVAL, "%s", line);
    xc_fs_remove_tree(dir);
    return st;
}
