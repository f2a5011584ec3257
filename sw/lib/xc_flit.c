/* SPDX-License-Identifier: MIT */
#include "xc_flit.h"

#include <stdio.h>

char *xc_flit_str(xc_flit f, char *out, size_t cap)
{
    if (!xc_flit_valid(f))
        snprintf(out, cap, "%s", f ? "-(junk)" : "-");
    else
        snprintf(out, cap, "m(%u\u2192%u)@x%u%s", xc_flit_src(f), xc_flit_dst(f), xc_flit_step(f),
                 xc_flit_intact(f) ? "" : "!chk");
    return out;
}

char *xc_flit_label(xc_flit f, char *out, size_t cap)
{
    if (!xc_flit_valid(f))
        snprintf(out, cap, "-");
    else
        snprintf(out, cap, "m(%u\u2192%u)%s", xc_flit_src(f), xc_flit_dst(f),
                 xc_flit_intact(f) ? "" : "!");
    return out;
}
