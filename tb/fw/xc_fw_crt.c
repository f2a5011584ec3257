/* SPDX-License-Identifier: MIT */
/* The smallest platform the firmware needs, for the freestanding build
 * check (make -C sw fw-freestanding, tb/cli/t_fw_freestanding.sh): the four
 * memory functions a freestanding C compiler may call, and an entry point
 * that reaches every firmware entry, so that the linker keeps them and
 * fails on any libc function they call. Never run. */
#include <stddef.h>

#include "xc_cp_min.h"
#include "xc_cp_pn.h"
#include "xc_cp_wh.h"

void *memset(void *d, int c, size_t n)
{
    unsigned char *p = d;
    while (n--)
        *p++ = (unsigned char)c;
    return d;
}

void *memcpy(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    while (n--)
        *p++ = *q++;
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *p = d;
    const unsigned char *q = s;
    if (p < q)
        return memcpy(d, s, n);
    while (n--)
        p[n] = q[n];
    return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n--; p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}

/* every entry point of sw/fw, kept alive by taking its address */
void *volatile xc_fw_entries[] = {
    (void *)xc_cp_min_exchange, (void *)xc_cp_min_dest, (void *)xc_cp_pn_run,         (void *)xc_cp_pn_go,
    (void *)xc_cp_pn_initial,   (void *)xc_cp_wh_run,   (void *)xc_cp_wh_initial,      (void *)xc_cp_wh_centry_words,
    (void *)xc_cp_wh_budget,
};

void xc_fw_start(void)
{
    for (;;)
        (void)xc_fw_entries[0];
}
