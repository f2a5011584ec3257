/* SPDX-License-Identifier: MIT */
#include "xc_paths.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef XC_SRC_DIR
#define XC_SRC_DIR "."
#endif

static char data_dir[4096];
static int installed = -1; /* not yet looked up */

/* <prefix>/bin/xchg -> <prefix>/share/xchg, when it holds sim/Makefile */
static int find_share(char *out, size_t cap)
{
    char exe[4096], probe[4200];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return 0;
    exe[n] = '\0';
    for (int up = 0; up < 2; up++) { /* strip the file name, then bin/ */
        char *slash = strrchr(exe, '/');
        if (!slash)
            return 0;
        *slash = '\0';
    }
    snprintf(probe, sizeof probe, "%s/share/xchg/sim/Makefile", exe);
    if (access(probe, R_OK) != 0)
        return 0;
    return snprintf(out, cap, "%s/share/xchg", exe) < (int)cap;
}

static void look_up(void)
{
    if (installed >= 0)
        return;
    installed = find_share(data_dir, sizeof data_dir);
    if (!installed)
        snprintf(data_dir, sizeof data_dir, "%s", XC_SRC_DIR);
}

const char *xc_data_dir(void)
{
    look_up();
    return data_dir;
}

int xc_installed(void)
{
    look_up();
    return installed;
}
