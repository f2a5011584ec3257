/* SPDX-License-Identifier: MIT */
/* The growing arrays of sw/lib/xc_grow: xc_grow doubles the capacity,
 * xc_push appends through it keeping every element, XC_FREE_ALL frees
 * every pointer it lists (valgrind and ASan runs of this test would see a
 * leak or a double free). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "xc_test.h"

#include "xc_grow.h"

typedef struct pair {
    uint32_t a;
    uint64_t b;
} pair;

static void test_grow_doubles(void **state)
{
    (void)state;
    size_t cap = 0;
    int *a = xc_grow(NULL, &cap, 5, sizeof *a, 4);
    assert_non_null(a);
    assert_int_equal(cap, 8);
    assert_ptr_equal(xc_grow(a, &cap, 8, sizeof *a, 4), a); /* fits: the same array */
    a = xc_grow(a, &cap, 9, sizeof *a, 4);
    assert_int_equal(cap, 16);
    free(a);
}

static void test_push_keeps_every_element(void **state)
{
    (void)state;
    pair *v = NULL;
    size_t n = 0, cap = 0;
    for (uint32_t i = 0; i < 1000; i++) {
        pair p = {i, (uint64_t)i * i};
        assert_int_equal(xc_push(&v, &n, &cap, &p, sizeof p, 2), 0);
    }
    assert_int_equal(n, 1000);
    assert_true(cap >= 1000 && cap < 2048);
    for (uint32_t i = 0; i < 1000; i++) {
        assert_int_equal(v[i].a, i);
        assert_int_equal(v[i].b, (uint64_t)i * i);
    }
    XC_FREE_ALL(v, NULL, malloc(3)); /* NULL is skipped, as free does */
}

/* xc_grow_in updates the caller's pointer and capacity in place and
 * keeps the contents; an array that has the room is left as it is. */
static void test_grow_in_updates_in_place(void **state)
{
    (void)state;
    uint32_t *a = NULL;
    size_t cap = 0;
    assert_int_equal(xc_grow_in(&a, &cap, 3, sizeof *a, 4), 0);
    assert_non_null(a);
    assert_int_equal(cap, 4);
    for (uint32_t i = 0; i < 4; i++)
        a[i] = 7 * i;
    uint32_t *before = a;
    assert_int_equal(xc_grow_in(&a, &cap, 4, sizeof *a, 4), 0);
    assert_ptr_equal(a, before);
    assert_int_equal(cap, 4);
    assert_int_equal(xc_grow_in(&a, &cap, 33, sizeof *a, 4), 0);
    assert_int_equal(cap, 64);
    for (uint32_t i = 0; i < 4; i++)
        assert_int_equal(a[i], 7 * i);
    a[32] = 1; /* the room is there (ASan would see it otherwise) */
    free(a);
}

XC_TEST_MAIN(cmocka_unit_test(test_grow_doubles),
             cmocka_unit_test(test_push_keeps_every_element),
             cmocka_unit_test(test_grow_in_updates_in_place))
