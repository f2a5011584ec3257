/* SPDX-License-Identifier: MIT */
/* placeholder, filled below */
#include "xc_cli.h"
int xc_cmd_compare(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return xc_cli_error("compare", XC_EINVAL, "not yet");
}
