/* SPDX-License-Identifier: MIT */
/* The one random generator: splitmix64 against its published first
 * outputs, xoshiro256** repeatable per seed and different across seeds,
 * bounded draws in range and without a visible bias. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "xc_rand.h"

static void test_splitmix64_reference(void **state)
{
    (void)state;
    /* the first outputs from seed 0, as every splitmix64 port prints them */
    uint64_t x = 0;
    assert_true(xc_splitmix64(&x) == 0xe220a8397b1dcdafull);
    assert_true(xc_splitmix64(&x) == 0x6e789e6aa1b965f4ull);
    assert_true(xc_splitmix64(&x) == 0x06c45d188009454full);
}

static void test_same_seed_same_stream(void **state)
{
    (void)state;
    xc_rand a, b, c;
    xc_rand_seed(&a, 12345);
    xc_rand_seed(&b, 12345);
    xc_rand_seed(&c, 12346);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t va = xc_rand_next(&a), vb = xc_rand_next(&b), vc = xc_rand_next(&c);
        assert_true(va == vb);
        differ += va != vc;
    }
    assert_true(differ > 990);
}

static void test_seed_zero_is_not_stuck(void **state)
{
    (void)state;
    xc_rand r;
    xc_rand_seed(&r, 0);
    uint64_t first = xc_rand_next(&r), or_all = first;
    for (int i = 0; i < 10; i++)
        or_all |= xc_rand_next(&r);
    assert_true(or_all != 0 && xc_rand_next(&r) != first);
}

static void test_below_in_range_and_even(void **state)
{
    (void)state;
    xc_rand r;
    xc_rand_seed(&r, 7);
    unsigned count[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint64_t v = xc_rand_below(&r, 6);
        assert_true(v < 6);
        count[v]++;
    }
    for (int k = 0; k < 6; k++) /* 10000 expected, sd ~91: 5 sd either side */
        assert_in_range(count[k], 9550, 10450);
    assert_true(xc_rand_below(&r, 1) == 0 && xc_rand_below(&r, 0) == 0);
    /* a bound just above 2^63: half of all 64-bit draws are redrawn, none escapes */
    const uint64_t big = (1ull << 63) + 1;
    for (int i = 0; i < 1000; i++)
        assert_true(xc_rand_below(&r, big) < big);
}

static void test_fresh_seeds_differ(void **state)
{
    (void)state;
    uint64_t a = xc_rand_fresh_seed(), b = xc_rand_fresh_seed();
    assert_true(a != b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_splitmix64_reference),
        cmocka_unit_test(test_same_seed_same_stream),
        cmocka_unit_test(test_seed_zero_is_not_stuck),
        cmocka_unit_test(test_below_in_range_and_even),
        cmocka_unit_test(test_fresh_seeds_differ),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
