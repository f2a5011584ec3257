/* SPDX-License-Identifier: MIT */
/* xc_fail formats with its own small formatter, not vsnprintf: the
 * firmware (sw/fw) reports errors through it and builds freestanding,
 * with no libc (tb/cli/t_fw_freestanding.sh). It knows the conversions
 * the code base uses: %d %u %x %c %s, the length modifiers l, ll and z,
 * a zero flag and a width (%08x), and %.*s. */
#include "xc_status.h"

#include <stddef.h>
#include <stdint.h>

typedef struct out {
    char *buf;
    size_t cap, len; /* len counts what fitted; the buffer is always terminated */
} out;

static void put(out *o, char c)
{
    if (o->len + 1 < o->cap)
        o->buf[o->len++] = c;
}

static void put_str(out *o, const char *s, size_t max)
{
    for (size_t i = 0; i < max && s[i]; i++)
        put(o, s[i]);
}

/* v in base 10 or 16, at least width digits (padded with pad) */
static void put_uint(out *o, unsigned long long v, unsigned base, unsigned width, char pad)
{
    char digits[24];
    unsigned n = 0;
    do {
        digits[n++] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v);
    for (; width > n; width--)
        put(o, pad);
    while (n)
        put(o, digits[--n]);
}

/* The argument of one integer conversion, by its length modifier. */
static unsigned long long get_uint(va_list *ap, int longs, int size_t_arg)
{
    if (size_t_arg)
        return va_arg(*ap, size_t);
    if (longs >= 2)
        return va_arg(*ap, unsigned long long);
    if (longs == 1)
        return va_arg(*ap, unsigned long);
    return va_arg(*ap, unsigned);
}

static long long get_int(va_list *ap, int longs)
{
    if (longs >= 2)
        return va_arg(*ap, long long);
    if (longs == 1)
        return va_arg(*ap, long);
    return va_arg(*ap, int);
}

/* One conversion starting after '%'; returns the character after it. */
static const char *convert(out *o, const char *f, va_list *ap)
{
    char pad = ' ';
    unsigned width = 0;
    size_t prec = (size_t)-1;
    int longs = 0, size_t_arg = 0;
    if (*f == '0')
        pad = '0', f++;
    while (*f >= '0' && *f <= '9')
        width = width * 10 + (unsigned)(*f++ - '0');
    if (f[0] == '.' && f[1] == '*') {
        prec = (size_t)va_arg(*ap, int);
        f += 2;
    }
    for (; *f == 'l'; f++)
        longs++;
    if (*f == 'z')
        size_t_arg = 1, f++;
    switch (*f) {
    case 'u': put_uint(o, get_uint(ap, longs, size_t_arg), 10, width, pad); break;
    case 'x': put_uint(o, get_uint(ap, longs, size_t_arg), 16, width, pad); break;
    case 'd': {
        long long v = get_int(ap, longs);
        if (v < 0)
            put(o, '-');
        put_uint(o, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, 10, width, pad);
        break;
    }
    case 'c': put(o, (char)va_arg(*ap, int)); break;
    case 's': {
        const char *s = va_arg(*ap, const char *);
        put_str(o, s ? s : "(null)", prec);
        break;
    }
    case '%': put(o, '%'); break;
    default: put(o, '?'); return *f ? f + 1 : f; /* a conversion this formatter does not know */
    }
    return f + 1;
}

static void format(char *buf, size_t cap, const char *fmt, va_list ap)
{
    out o = {buf, cap, 0};
    va_list args;
    va_copy(args, ap);
    while (*fmt) {
        if (*fmt != '%')
            put(&o, *fmt++);
        else
            fmt = convert(&o, fmt + 1, &args);
    }
    va_end(args);
    if (cap)
        buf[o.len] = '\0';
}

xc_status xc_fail(xc_err *err, xc_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        format(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

int xc_exit_code(xc_status st)
{
    switch (st) {
    case XC_OK: return 0;
    case XC_ECHECK: return 1;
    case XC_EINVAL:
    case XC_ERANGE:
    case XC_EIO: return 2;
    default: return 3; /* out of memory, a tool failed: not the user's input */
    }
}
