/* SPDX-License-Identifier: MIT */
#include "xc_cli_out.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_fs.h"
#include "xc_partial.h"

int xc_cli_out_tmp(char tmp[XC_OUT_PATH], const char *cmd, const char *opt, const char *path)
{
    if (!*path) {
        tmp[0] = '\0';
        return xc_cli_error(cmd, XC_EINVAL, "%s '': an empty file name (give a file, or - for standard output)", opt);
    }
    if (strlen(path) > XC_OUT_PATH_MAX || xc_fs_tmp_name(tmp, XC_OUT_PATH, path) != 0) {
        tmp[0] = '\0';
        return xc_cli_error(cmd, XC_EINVAL, "%s '%.40s...': %zu characters, at most %d (its temporary name, "
                            "NAME.tmpPID, is written first)", opt, path, strlen(path), XC_OUT_PATH_MAX);
    }
    return 0;
}

int xc_cli_out_open(xc_cli_out *o, const char *cmd, const char *opt, const char *path)
{
    *o = (xc_cli_out){.path = path};
    if (!path)
        return 0;
    if (!strcmp(path, "-")) {
        o->to_stdout = 1;
        o->f = stdout;
        return 0;
    }
    /* a device or a pipe is written in place: renaming a temporary file
     * over /dev/null (as root) would replace the device with a file */
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        o->direct = 1;
        if (!(o->f = fopen(path, "w")))
            return xc_cli_error(cmd, XC_EIO, "%s '%s': cannot open it", opt, path);
        return 0;
    }
    int rc = xc_cli_out_tmp(o->tmp, cmd, opt, path);
    if (rc)
        return rc;
    xc_partial_add(o->tmp, 0); /* a stop signal removes it */
    if (!(o->f = fopen(o->tmp, "w"))) {
        xc_partial_done(o->tmp);
        o->tmp[0] = '\0';
        return xc_cli_error(cmd, XC_EIO, "%s '%s': cannot create the file", opt, path);
    }
    return 0;
}

xc_status xc_cli_out_commit(xc_cli_out *o, const char *opt, xc_err *err)
{
    if (!o->f || o->to_stdout)
        return XC_OK;
    const int bad = xc_fs_close(o->f);
    o->f = NULL;
    if (bad) {
        xc_cli_out_abort(o);
        return xc_fail(err, XC_EWRITE, "%s '%s': write failed", opt, o->path);
    }
    if (o->direct)
        return XC_OK;
    if (rename(o->tmp, o->path)) {
        xc_cli_out_abort(o);
        return xc_fail(err, XC_EWRITE, "%s '%s': cannot rename the finished file into place", opt, o->path);
    }
    xc_partial_done(o->tmp);
    o->tmp[0] = '\0';
    return XC_OK;
}

xc_status xc_cli_out_fail(xc_cli_out *o, const char *opt, xc_status st, xc_err *err)
{
    if (st == XC_EWRITE && err->msg[0])
        ; /* the writer said which file and why (xc_sched_io.c) */
    else if (o->f && ferror(o->f))
        st = xc_fail(err, XC_EWRITE, "%s '%s': write failed", opt, o->path);
    else if (!err->msg[0])
        st = xc_fail(err, st, "%s '%s': failed", opt, o->path ? o->path : "-");
    xc_cli_out_abort(o);
    return st;
}

void xc_cli_out_abort(xc_cli_out *o)
{
    if (o->f && !o->to_stdout)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp[0]) {
        remove(o->tmp);
        xc_partial_done(o->tmp);
    }
    o->tmp[0] = '\0';
}
