/* SPDX-License-Identifier: MIT */
#include "xc_big.h"

#include <string.h>

void xc_big_zero(xc_big *b) { memset(b, 0, sizeof *b); }

int xc_big_bit(const xc_big *b, unsigned i)
{
    return i < XC_BIG_MAX_BITS && ((b->w[i / 32] >> (i % 32)) & 1u);
}

void xc_big_set_bit(xc_big *b, unsigned i, int v)
{
    if (i >= XC_BIG_MAX_BITS)
        return;
    if (v)
        b->w[i / 32] |= 1u << (i % 32);
    else
        b->w[i / 32] &= ~(1u << (i % 32));
}

int xc_big_fits(const xc_big *b, unsigned bits)
{
    for (unsigned i = bits; i < XC_BIG_MAX_BITS; i++)
        if (xc_big_bit(b, i))
            return 0;
    return 1;
}

/* b = b * mul + add; returns the carry out of the top word. */
static uint32_t mul_add(xc_big *b, uint32_t mul, uint32_t add)
{
    uint64_t carry = add;
    for (unsigned i = 0; i < XC_BIG_WORDS; i++) {
        uint64_t t = (uint64_t)b->w[i] * mul + carry;
        b->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
    return (uint32_t)carry;
}

xc_status xc_big_parse(xc_big *b, const char *s, unsigned max_bits, xc_err *err)
{
    xc_big_zero(b);
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const char *p = hex ? s + 2 : s;
    if (!*p)
        return xc_fail(err, XC_EINVAL, "'%s' is not a number (decimal or 0x hex)", s);
    for (; *p; p++) {
        unsigned d;
        if (*p >= '0' && *p <= '9')
            d = (unsigned)(*p - '0');
        else if (hex && *p >= 'a' && *p <= 'f')
            d = (unsigned)(*p - 'a' + 10);
        else if (hex && *p >= 'A' && *p <= 'F')
            d = (unsigned)(*p - 'A' + 10);
        else
            return xc_fail(err, XC_EINVAL, "'%s' is not a number: bad digit '%c'", s, *p);
        if (mul_add(b, hex ? 16u : 10u, d) || !xc_big_fits(b, max_bits))
            return xc_fail(err, XC_ERANGE, "%s does not fit in %u bits", s, max_bits);
    }
    return XC_OK;
}

size_t xc_big_to_dec(const xc_big *b, char *out, size_t cap)
{
    xc_big t = *b;
    size_t n = 0;
    for (;;) {
        /* t /= 10, remainder is the next digit (least significant first) */
        uint64_t rem = 0;
        int nonzero = 0;
        for (unsigned i = XC_BIG_WORDS; i-- > 0;) {
            uint64_t cur = (rem << 32) | t.w[i];
            t.w[i] = (uint32_t)(cur / 10);
            rem = cur % 10;
            nonzero |= t.w[i] != 0;
        }
        if (n + 1 >= cap)
            return 0;
        out[n++] = (char)('0' + rem);
        if (!nonzero)
            break;
    }
    for (size_t i = 0; i < n / 2; i++) {
        char c = out[i];
        out[i] = out[n - 1 - i];
        out[n - 1 - i] = c;
    }
    out[n] = '\0';
    return n;
}
