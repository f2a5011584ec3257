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

/* The next strict decimal number of *p (digits only, at most 2^32 - 1),
 * *p moved past it: 1, or 0 when there is none or it is too big. */
static int number(const char **p, uint64_t *v)
{
    char digits[12];
    size_t n = strspn(*p, "0123456789");
    if (n == 0 || n >= sizeof digits)
        return 0;
    memcpy(digits, *p, n);
    digits[n] = '\0';
    *p += n;
    return xc_num_u64(digits, UINT32_MAX, v) == XC_OK;
}

/* WHERE@CYCLE: "s<stage>.<switch>@<cycle>", nothing else. */
static int where(const char *p, uint64_t *s, uint64_t *h, uint64_t *c)
{
    return *p++ == 's' && number(&p, s) && *p++ == '.' && number(&p, h) && *p++ == '@' && number(&p, c) && !*p;
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
                       "corrupt or port", text);
    uint64_t s, h, c;
    if (!where(colon + 1, &s, &h, &c) || c < 1)
        return xc_fail(err, XC_EINVAL,
                       "--inject '%s': WHERE@CYCLE must be s<stage>.<switch>@<cycle>, cycle >= 1",
                       shown);
    if (s >= m->log_n || h >= m->n_lines / 2)
        return xc_fail(err, XC_EINVAL, "--inject '%s': no switch s%u.%u (stages 0..%u, switches 0..%u)",
                       text, (unsigned)s, (unsigned)h, m->log_n - 1, m->n_lines / 2 - 1);
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
