/* SPDX-License-Identifier: MIT */
#include "xc_inject.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "xc_consts.h"
#include "xc_num.h"

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

/* The digits between p and the first stop character (or the end) as a
 * number 0..max, strictly (xc_num: no blank, sign or wrap); *p moves past
 * them. -1 when they are not such a number. */
static int field(const char **p, char stop, uint64_t max, uint64_t *v)
{
    char buf[24];
    const char *e = stop ? strchr(*p, stop) : *p + strlen(*p);
    if (!e || (size_t)(e - *p) >= sizeof buf)
        return -1;
    memcpy(buf, *p, (size_t)(e - *p));
    buf[e - *p] = 0;
    if (xc_num_u64(buf, max, v) != XC_OK)
        return -1;
    *p = stop ? e + 1 : e;
    return 0;
}

xc_status xc_inject_parse(xc_inject *inj, const char *text, const xc_min *m, xc_err *err)
{
    char shown[80];
    xc_num_escape(text, shown, sizeof shown);
    const char *colon = strchr(text, ':');
    inj->kind = 0;
    for (size_t i = 0; colon && i < sizeof kinds / sizeof kinds[0]; i++)
        if (strlen(kinds[i].name) == (size_t)(colon - text) &&
            !strncmp(text, kinds[i].name, (size_t)(colon - text)))
            inj->kind = kinds[i].kind;
    if (!inj->kind)
        return xc_fail(err, XC_EINVAL,
                       "--inject '%s': expected KIND:WHERE@CYCLE with KIND switch, drop, dup, "
                       "corrupt or port", shown);
    uint64_t s, h, c;
    const char *p = colon + 1;
    if (*p++ != 's' || field(&p, '.', UINT32_MAX, &s) || field(&p, '@', UINT32_MAX, &h) ||
        field(&p, 0, LONG_MAX, &c) || c < 1)
        return xc_fail(err, XC_EINVAL,
                       "--inject '%s': WHERE@CYCLE must be s<stage>.<switch>@<cycle>, cycle >= 1",
                       shown);
    if (s >= m->log_n || h >= m->n_lines / 2)
        return xc_fail(err, XC_EINVAL, "--inject '%s': no switch s%llu.%llu (stages 0..%u, switches 0..%u)",
                       shown, (unsigned long long)s, (unsigned long long)h, m->log_n - 1, m->n_lines / 2 - 1);
    inj->stage = (unsigned)s;
    inj->sw = (unsigned)h;
    inj->cycle = (long)c;
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
