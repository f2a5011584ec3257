/* SPDX-License-Identifier: MIT */
/* Assertion helpers the cmocka tests share (include after <cmocka.h>). */
#ifndef XC_TEST_H_
#define XC_TEST_H_

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* A row of numbers for xc_assert_row: XC_ROW(a.x, a.y, a.z). */
#define XC_ROW(...) ((const uint64_t[]){__VA_ARGS__})

/* "name value, name value, ..." of a row into buf (names space-separated). */
static inline const char *xc_row_text(char *buf, size_t cap, const char *names, const uint64_t *v, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && at < cap; i++) {
        const size_t len = strcspn(names, " ");
        at += (size_t)snprintf(buf + at, cap - at, "%s%.*s %llu", i ? ", " : "", (int)len, names,
                               (unsigned long long)v[i]);
        names += len + (names[len] == ' ');
    }
    return buf;
}

/* Fails unless the n numbers got equal want, naming the row (what) and
 * every value of both, so one failure shows all that differs rather than
 * the first field. */
static inline void xc_assert_row(const char *what, const char *names, const uint64_t *got, const uint64_t *want,
                                 size_t n)
{
    if (!memcmp(got, want, n * sizeof *got))
        return;
    char g[512], w[512];
    fail_msg("%s: got %s; expected %s", what, xc_row_text(g, sizeof g, names, got, n),
             xc_row_text(w, sizeof w, names, want, n));
}

/* A test file's main: its tests, in order, in one group (named "tests",
 * as cmocka_run_group_tests names it):
 * XC_TEST_MAIN(cmocka_unit_test(test_a), cmocka_unit_test(test_b)) */
#define XC_TEST_MAIN(...)                                 \
    int main(void)                                        \
    {                                                     \
        const struct CMUnitTest tests[] = {__VA_ARGS__};  \
        return cmocka_run_group_tests(tests, NULL, NULL); \
    }

#endif /* XC_TEST_H_ */
