/* SPDX-License-Identifier: MIT */
/* The cache key of the Verilator options (sim/harness/xc_model_cache.c):
 * each set of coverage, threads and flags names a folder of its own, the
 * same flags spaced otherwise name the same one, and the flag allowlist
 * lets through what tunes a build and refuses what moves its outputs or
 * could reach a shell. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "xc_model_cache.h"

static const char *name_of(int cov, unsigned threads, const char *flags, xc_model_variant *v)
{
    xc_model_variant_of(cov, threads, flags, v);
    return v->name;
}

static void plain_model_has_no_variant(void **state)
{
    (void)state;
    xc_model_variant v;
    assert_string_equal(name_of(0, 0, NULL, &v), "");
    assert_null(v.args[0]);
    assert_string_equal(name_of(0, 1, "", &v), "");
    assert_string_equal(name_of(0, 1, "  ", &v), "");
}

static void each_option_names_a_folder(void **state)
{
    (void)state;
    xc_model_variant v;
    assert_string_equal(name_of(1, 0, NULL, &v), "cov");
    assert_string_equal(v.args[0], "COVERAGE=1");
    assert_string_equal(name_of(0, 4, NULL, &v), "t4");
    assert_string_equal(v.args[0], "THREADS=4");
    assert_string_equal(name_of(1, 2, NULL, &v), "cov_t2");
    name_of(1, 2, "-O0", &v);
    assert_int_equal(strncmp(v.name, "cov_t2_f", 8), 0);
    assert_int_equal(strlen(v.name), 8 + 8);
    assert_string_equal(v.args[2], "XFLAGS=-O0");
    assert_null(v.args[3]);
}

static void flags_are_the_key(void **state)
{
    (void)state;
    xc_model_variant a, b;
    name_of(0, 0, "-O0 --x-assign 0", &a);
    name_of(0, 0, "  -O0\t--x-assign   0 ", &b);
    assert_string_equal(a.name, b.name); /* spacing is not a new model */
    assert_string_equal(b.flags, "-O0 --x-assign 0");
    name_of(0, 0, "-O1 --x-assign 0", &b);
    assert_string_not_equal(a.name, b.name);
    name_of(0, 0, "--x-assign 0 -O0", &b); /* order can matter to Verilator: another model */
    assert_string_not_equal(a.name, b.name);
}

static void allowlist(void **state)
{
    (void)state;
    char why[600];
    static const char *const good[] = {"-O0", "-O3 --x-assign fast --x-initial unique", "-Wno-WIDTH -Wno-fatal",
                                       "-DXCHG_DEBUG=1", "--unroll-count 64", "-CFLAGS -O2", "--assert",
                                       "-fno-gate", "--output-split 5000 --trace-depth 3", ""};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_int_equal(xc_model_check_vflags(good[i], why, sizeof why), 0);
    static const char *const bad[] = {"-Mdir /tmp", "-o x.so", "--top-module t", "-f list.vc", "--exe",
                                      "-O0;id", "-O0 $(id)", "-O0 `id`", "--x-assign", "-DX='1'",
                                      "-O0 > f", "foo", "-O0 | sh"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why[0] = '\0';
        assert_int_equal(xc_model_check_vflags(bad[i], why, sizeof why), -1);
        assert_true(why[0] != '\0');
    }
    char longest[XC_VFLAGS_MAX + 8];
    memset(longest, 'O', sizeof longest - 1);
    longest[0] = '-';
    longest[sizeof longest - 1] = '\0';
    assert_int_equal(xc_model_check_vflags(longest, why, sizeof why), -1);
}

/* the trace a run asks for picks the model's trace code and its folder */
static void trace_picks_a_model(void **state)
{
    (void)state;
    xc_model_trace t = xc_model_trace_of(NULL);
    assert_string_equal(t.name, "lean");
    assert_string_equal(t.make_arg, "TRACE=0");
    t = xc_model_trace_of("w/t.fst");
    assert_string_equal(t.name, "fst");
    assert_string_equal(t.make_arg, "TRACE=1");
    t = xc_model_trace_of("w/t.vcd");
    assert_string_equal(t.name, "vcd");
    assert_string_equal(t.make_arg, "TRACE=vcd");
    assert_string_equal(xc_model_trace_of("vcd.fst").name, "fst");
    assert_string_equal(xc_model_trace_of(".vcd").name, "fst"); /* no name before it: the CLI refuses it first */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plain_model_has_no_variant),
        cmocka_unit_test(each_option_names_a_folder),
        cmocka_unit_test(flags_are_the_key),
        cmocka_unit_test(allowlist),
        cmocka_unit_test(trace_picks_a_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
