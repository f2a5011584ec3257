/* SPDX-License-Identifier: MIT */
/* The strict number parser: what it accepts, what it refuses and why, and
 * the one-line escaping of a bad value in an error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "xc_num.h"

static xc_status u64(const char *s, uint64_t max, uint64_t *out)
{
    *out = 12345; /* must be left alone on failure */
    return xc_num_u64(s, max, out);
}

static void test_accepts_digits(void **state)
{
    (void)state;
    uint64_t v;
    assert_int_equal(u64("0", 10, &v), XC_OK);
    assert_int_equal(v, 0);
    assert_int_equal(u64("007", 10, &v), XC_OK);
    assert_int_equal(v, 7);
    assert_int_equal(u64("10", 10, &v), XC_OK);
    assert_int_equal(v, 10);
    assert_int_equal(u64("18446744073709551615", UINT64_MAX, &v), XC_OK);
    assert_true(v == UINT64_MAX);
}

static void test_refuses_non_digits(void **state)
{
    (void)state;
    static const char *const bad[] = {"", " 1", "1 ", "+1", "-1", "-0", "0x10", "1.5",
                                      "1e3", "1\n", "\t2", "12a", "a12", "１"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t v;
        assert_int_equal(u64(bad[i], UINT64_MAX, &v), XC_EINVAL);
        assert_int_equal(v, 12345);
    }
    uint64_t v;
    assert_int_equal(u64(NULL, 10, &v), XC_EINVAL);
    /* an overflowing run of digits followed by a letter is still not a number */
    assert_int_equal(u64("99999999999999999999x", UINT64_MAX, &v), XC_EINVAL);
}

static void test_refuses_out_of_range(void **state)
{
    (void)state;
    uint64_t v;
    assert_int_equal(u64("11", 10, &v), XC_ERANGE);
    assert_int_equal(v, 12345);
    /* 2^64 and far above: no wrap to a small value */
    assert_int_equal(u64("18446744073709551616", UINT64_MAX, &v), XC_ERANGE);
    assert_int_equal(u64("36893488147419103232", UINT64_MAX, &v), XC_ERANGE);
    assert_int_equal(u64("99999999999999999999999999", UINT64_MAX, &v), XC_ERANGE);
    assert_int_equal(v, 12345);
}

static void test_u32(void **state)
{
    (void)state;
    uint32_t w = 7;
    assert_int_equal(xc_num_u32("4294967295", UINT32_MAX, &w), XC_OK);
    assert_true(w == UINT32_MAX);
    w = 7;
    assert_int_equal(xc_num_u32("4294967296", UINT32_MAX, &w), XC_ERANGE);
    assert_int_equal(xc_num_u32("4294967297", UINT32_MAX, &w), XC_ERANGE);
    assert_int_equal(xc_num_u32("-1", UINT32_MAX, &w), XC_EINVAL);
    assert_int_equal(w, 7);
    assert_int_equal(xc_num_u32("64", 64, &w), XC_OK);
    assert_int_equal(w, 64);
}

static void test_arg_names_the_value(void **state)
{
    (void)state;
    uint64_t v = 0;
    xc_err err;
    assert_int_equal(xc_num_arg("--timeout", "12", 1, 100, &v, &err), XC_OK);
    assert_int_equal(v, 12);
    assert_int_equal(xc_num_arg("--timeout", "0", 1, 100, &v, &err), XC_ERANGE);
    assert_string_equal(err.msg, "--timeout: '0' is not a whole number from 1 to 100");
    assert_int_equal(xc_num_arg("--timeout", "101", 1, 100, &v, &err), XC_ERANGE);
    assert_int_equal(xc_num_arg("--seed", "4\n2", 0, 9, &v, &err), XC_EINVAL);
    assert_string_equal(err.msg, "--seed: '4\\n2' is not a whole number from 0 to 9");
    assert_int_equal(v, 12);
}

static void test_escape(void **state)
{
    (void)state;
    char b[16];
    assert_string_equal(xc_num_escape("plain", b, sizeof b), "plain");
    assert_string_equal(xc_num_escape("a\tb\r\x1b'\\", b, sizeof b), "a\\tb\\r\\x1b\\'\\\\");
    assert_string_equal(xc_num_escape(NULL, b, sizeof b), "(none)");
    /* exactly fits: 15 characters and the NUL */
    assert_string_equal(xc_num_escape("abcdefghijklmno", b, sizeof b), "abcdefghijklmno");
    /* one more: cut, with a mark, never past the buffer */
    assert_string_equal(xc_num_escape("abcdefghijklmnop", b, sizeof b), "abcdefghijkl...");
    /* an escape is never cut in half */
    assert_string_equal(xc_num_escape("abcdefghijk\x01zzzz", b, sizeof b), "abcdefghijk...");
    assert_null(strchr(xc_num_escape("x\ny\n", b, sizeof b), '\n'));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accepts_digits),     cmocka_unit_test(test_refuses_non_digits),
        cmocka_unit_test(test_refuses_out_of_range), cmocka_unit_test(test_u32),
        cmocka_unit_test(test_arg_names_the_value), cmocka_unit_test(test_escape),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
