/* SPDX-License-Identifier: MIT */
#include "xc_inject.h"

#include <stdio.h>
#include <string.h>

#include "xc_consts.h"

static const struct {
    const char *name;
    int kind;
} kinds[] = {
    {"switch", XC_FAULT_SWITCH}, {"drop", XC_FAULT_DROP},       {"dup", XC_FAULT_DUP},
    {"corrupt", XC_FAULT_CORRUPT}, {"port", XC_FAULT_PORT},
};

const char *xc_inject_kind_name(int kind)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].kind == kind)
            return kinds[i].name;
    return NULL;
}

xc_status xc_inject_parse(xc_inject *inj, const char *text, const xc_min *m, xc_err *err)
{
    const char *colon = strchr(text, ':');
    inj->kind = 0;
    for (size_t i = 0; colon && i < sizeof kinds / sizeof kinds[0]; i++)
        if (strlen(kinds[i].name) == (size_t)(colon - text) &&
            !strncmp(text, kinds[i].name, (size_t)(colon - text)))
            inj->kind = kinds[i].kind;
    if (!inj->kind)
        return xc_fail(err, XC_EINVAL,
                       "--inject '%s': expected KIND:WHERE@CYCLE with KIND switch, drop, dup, "
                       "corrupt or port", text);
    unsigned s, h;
    long c;
    int n = -1;
    if (strchr(colon, '-') || sscanf(colon + 1, "s%u.%u@%ld%n", &s, &h, &c, &n) != 3 || n < 0 ||
        colon[1 + n] != '\0' || c < 1)
        return xc_fail(err, XC_EINVAL,
                       "--inject '%s': WHERE@CYCLE must be s<stage>.<switch>@<cycle>, cycle >= 1",
                       text);
    if (s >= m->log_n || h >= m->n_lines / 2)
        return xc_fail(err, XC_EINVAL, "--inject '%s': no switch s%u.%u (stages 0..%u, switches 0..%u)",
                       text, s, h, m->log_n - 1, m->n_lines / 2 - 1);
    inj->stage = s;
    inj->sw = h;
    inj->cycle = c;
    return XC_OK;
}

int xc_inject_plusargs(const xc_inject *inj, unsigned slot, char args[4][64])
{
    snprintf(args[0], 64, "+xchg_f%u_kind=%d", slot, inj->kind);
    snprintf(args[1], 64, "+xchg_f%u_stage=%u", slot, inj->stage);
    snprintf(args[2], 64, "+xchg_f%u_switch=%u", slot, inj->sw);
    if (inj->cycle < 0)
        return 3;
    snprintf(args[3], 64, "+xchg_f%u_cycle=%ld", slot, inj->cycle);
    return 4;
}
