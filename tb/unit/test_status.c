/* SPDX-License-Identifier: MIT */
/* xc_fail's own formatter (sw/lib/xc_status.c, freestanding) against the C
 * library's snprintf, for every conversion the code base uses, and its
 * truncation to one error buffer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "xc_status.h"

/* formats with both and compares */
#define SAME(...)                                                        \
    do {                                                                 \
        xc_err e;                                                        \
        char want[sizeof e.msg];                                         \
        snprintf(want, sizeof want, __VA_ARGS__);                        \
        assert_int_equal(xc_fail(&e, XC_EINVAL, __VA_ARGS__), XC_EINVAL); \
        assert_string_equal(e.msg, want);                                \
    } while (0)

static void conversions_match_snprintf(void **state)
{
    (void)state;
    SAME("plain text, no conversion");
    SAME("%u ports, %u slots", 0u, 4294967295u);
    SAME("%d and %d", -2147483647 - 1, 42);
    SAME("%llu steps", 18446744073709551615ull);
    SAME("%lu polls", 123456789ul);
    SAME("%zu bytes", (size_t)77);
    SAME("ID 0x%08x, GEOM 0x%x", 0x1234u, 0xDEADBEEFu);
    SAME("%c%c", 'x', '!');
    SAME("'%s' and '%.*s'", "torus:4x4", 3, "abcdef");
    SAME("%08x|%x", 0u, 0u);
    SAME("100%%");
}

static void long_messages_are_cut_and_terminated(void **state)
{
    (void)state;
    xc_err e;
    char big[sizeof e.msg + 100];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    xc_fail(&e, XC_EIO, "%s%u", big, 7u);
    assert_int_equal(strlen(e.msg), sizeof e.msg - 1);
    assert_int_equal(xc_fail(NULL, XC_ECHECK, "%s", "no buffer"), XC_ECHECK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(conversions_match_snprintf),
        cmocka_unit_test(long_messages_are_cut_and_terminated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
