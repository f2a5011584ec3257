/* SPDX-License-Identifier: MIT */
#include "xc_num.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

xc_status xc_num_u64(const char *s, uint64_t max, uint64_t *out)
{
    if (!s || !*s)
        return XC_EINVAL;
    uint64_t v = 0;
    int over = 0; /* keep scanning after an overflow: a later letter is EINVAL */
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9')
            return XC_EINVAL;
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            over = 1;
        else
            v = v * 10 + d;
    }
    if (over || v > max)
        return XC_ERANGE;
    *out = v;
    return XC_OK;
}

xc_status xc_num_u32(const char *s, uint32_t max, uint32_t *out)
{
    uint64_t v;
    xc_status st = xc_num_u64(s, max, &v);
    if (st == XC_OK)
        *out = (uint32_t)v;
    return st;
}

xc_status xc_num_arg(const char *what, const char *s, uint64_t lo, uint64_t hi,
                     uint64_t *out, xc_err *err)
{
    uint64_t v = 0;
    xc_status st = xc_num_u64(s, hi, &v);
    if (st == XC_OK && v < lo)
        st = XC_ERANGE;
    if (st == XC_OK) {
        *out = v;
        return XC_OK;
    }
    char q[64];
    return xc_fail(err, st, "%s: '%s' is not a whole number from %" PRIu64 " to %" PRIu64,
                   what, xc_num_escape(s, q, sizeof q), lo, hi);
}

/* The escape of one character c into e (at least 5 bytes); its length. */
static size_t escape_char(unsigned char c, char *e)
{
    static const char from[] = "\n\t\r'\\", to[] = "ntr'\\";
    const char *hit = c ? strchr(from, c) : NULL;
    if (hit) {
        e[0] = '\\';
        e[1] = to[hit - from];
        e[2] = 0;
        return 2;
    }
    if (c < 0x20 || c == 0x7f)
        return (size_t)snprintf(e, 5, "\\x%02x", c);
    e[0] = (char)c;
    e[1] = 0;
    return 1;
}

const char *xc_num_escape(const char *s, char *buf, size_t size)
{
    if (!s) {
        snprintf(buf, size, "(none)");
        return buf;
    }
    char e[5];
    size_t whole = 0; /* the escaped length of all of s */
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        whole += escape_char(*p, e);
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        size_t k = escape_char(*p, e);
        if (whole >= size && n + k + 4 > size) { /* room for "..." and the NUL */
            memcpy(buf + n, "...", 4);
            return buf;
        }
        memcpy(buf + n, e, k);
        n += k;
    }
    buf[n] = 0;
    return buf;
}

int xc_num_match(const char *text, const char *pat, uint64_t max, uint64_t *v)
{
    char digits[24];
    for (; *pat; pat++) {
        if (*pat != '#') {
            if (*text++ != *pat)
                return 0;
            continue;
        }
        size_t n = strspn(text, "0123456789");
        if (n == 0 || n >= sizeof digits)
            return 0;
        memcpy(digits, text, n);
        digits[n] = '\0';
        if (xc_num_u64(digits, max, v++) != XC_OK)
            return 0;
        text += n;
    }
    return *text == '\0';
}
