/* SPDX-License-Identifier: MIT */
/* The command line's shared pieces: the option loop (duplicates, missing
 * values, unknown options, --help anywhere), the pattern matcher for
 * values like n5.p2@40, and the JSON writer's escaping, nesting and runs
 * of members. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_json.h"
#include "xc_num.h"

static const struct option opts[] = {
    {"net", required_argument, 0, 'n'}, {"inject", required_argument, 0, 'i'},
    {"json", no_argument, 0, 'j'},      {"help", no_argument, 0, 'h'},
    {0, 0, 0, 0},
};

/* Runs the option loop over words; the vals seen go to got (0-ended). */
static int loop(int argc, char **argv, char *got, xc_cli_opts *p)
{
    const char *arg;
    int c, n = 0;
    xc_cli_opts_begin(p, "test", opts, argc, argv);
    p->repeatable = "i";
    while ((c = xc_cli_opts_next(p, &arg)) > 0)
        got[n++] = (char)c;
    got[n] = 0;
    return c;
}

static void test_opts_both_forms(void **state)
{
    (void)state;
    char *argv[] = {"x", "--net=a", "--inject", "k", "--inject=l", "pos", "--json", NULL};
    char got[16];
    xc_cli_opts p;
    assert_int_equal(loop(7, argv, got, &p), 0);
    assert_string_equal(got, "niij");
    assert_string_equal(argv[optind], "pos"); /* getopt moved the positional to the end */
}

static void test_opts_refused(void **state)
{
    (void)state;
    char got[16];
    xc_cli_opts p;
    char *dup[] = {"x", "--net", "a", "--net=b", NULL};
    assert_int_equal(loop(4, dup, got, &p), -1);
    assert_int_equal(p.rc, 2);
    char *missing[] = {"x", "--json", "--net", NULL};
    assert_int_equal(loop(3, missing, got, &p), -1);
    assert_int_equal(p.rc, 2);
    char *unknown[] = {"x", "--bogus", NULL};
    assert_int_equal(loop(2, unknown, got, &p), -1);
    assert_int_equal(p.rc, 2);
}

static void test_help_anywhere(void **state)
{
    (void)state;
    char *a[] = {"x", "--net", "--help", NULL};
    char *b[] = {"x", "--bogus", "-h", NULL};
    char *c[] = {"x", "--hel", NULL};
    char *d[] = {"x", "--net", "a", "--", "--help", NULL};
    char *e[] = {"x", "--net", "a", NULL};
    assert_true(xc_cli_help_asked(3, a, opts));
    assert_true(xc_cli_help_asked(3, b, opts));
    assert_true(xc_cli_help_asked(2, c, opts));
    assert_false(xc_cli_help_asked(5, d, opts)); /* after "--" it is an argument */
    assert_false(xc_cli_help_asked(3, e, opts));
}

/* xc_cli_parse: --help wins (the page, exit 0) even beside a bad
 * option; else the values and XC_CLI_GO; else the error's exit status. */
static void test_parse(void **state)
{
    (void)state;
    const char *v[128];
    char *help[] = {"x", "--bogus", "--help", NULL};
    assert_int_equal(xc_cli_parse("test", opts, "", NULL, 3, help, v), 0);
    char *good[] = {"x", "--net=a", "--json", NULL};
    assert_int_equal(xc_cli_parse("test", opts, "", NULL, 3, good, v), XC_CLI_GO);
    assert_string_equal(v['n'], "a");
    assert_non_null(v['j']);
    assert_null(v['i']);
    char *bad[] = {"x", "--bogus", NULL};
    assert_int_equal(xc_cli_parse("test", opts, "", NULL, 2, bad, v), 2);
    char *pos[] = {"x", "--json", "extra", NULL};
    assert_int_equal(xc_cli_parse("test", opts, "", NULL, 3, pos, v), 2);
}

static void test_match(void **state)
{
    (void)state;
    uint64_t v[3] = {0, 0, 0};
    assert_true(xc_num_match("n5.p2@40", "n#.p#@#", UINT32_MAX, v));
    assert_true(v[0] == 5 && v[1] == 2 && v[2] == 40);
    static const char *const bad[] = {"n5.p2@40x", "n5.p2@", "n.p2@4", "n+5.p2@4", "n-5.p2@4", "n 5.p2@4",
                                      "n4294967296.p0@1", "n99999999999999999999999.p0@1", "n5.p2", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(xc_num_match(bad[i], "n#.p#@#", UINT32_MAX, v));
    assert_true(xc_num_match("4294967295:0", "#:#", UINT32_MAX, v));
    assert_false(xc_num_match("4294967296:0", "#:#", UINT32_MAX, v));
}

/* The report members() writes, from xc_json_begin to xc_json_finish, as
 * a string to free; it starts with REPORT_HEAD. */
#define REPORT_HEAD "{\"version\":\"" XC_VERSION "\",\"schema\":\"xchg-test/1\","
static char *report_of(void (*members)(xc_json *j))
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    xc_json j;
    xc_json_begin(&j, f, "xchg-test/1");
    members(&j);
    xc_json_finish(&j);
    fclose(f);
    return buf;
}

static void mixed_members(xc_json *j)
{
    xc_json_str(j, "algo", "a\"b\\c\nd\x01");
    xc_json_null(j, "none");
    xc_json_arr(j, "list");
    xc_json_uint(j, NULL, 1);
    xc_json_obj(j, NULL);
    xc_json_bool(j, "pass", 1);
    xc_json_end(j);
    xc_json_end(j);
    char key[8];
    for (int i = 0; i < 2; i++) { /* keys from a reused buffer are told apart */
        snprintf(key, sizeof key, "k%d", i);
        xc_json_int(j, key, -i);
    }
}

static void test_json(void **state)
{
    (void)state;
    char *buf = report_of(mixed_members);
    assert_string_equal(buf, REPORT_HEAD "\"algo\":\"a\\\"b\\\\c\\u000ad\\u0001\",\"none\":null,"
                                         "\"list\":[1,{\"pass\":true}],\"k0\":0,\"k1\":-1}\n");
    free(buf);
}

static void uint_members(xc_json *j) { XC_JSON_UINTS(j, "a bb ccc", 1, 22, 18446744073709551615ull); }

/* A run of unsigned members written by XC_JSON_UINTS equals the same
 * members one by one; keys that do not match the values abort. */
static void test_json_uints(void **state)
{
    (void)state;
    char *buf = report_of(uint_members);
    assert_string_equal(buf, REPORT_HEAD "\"a\":1,\"bb\":22,\"ccc\":18446744073709551615}\n");
    free(buf);
    static const char *const bad[] = {"a bb", "a bb ccc dd", "a  bb", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            FILE *null = fopen("/dev/null", "w");
            if (!null || !freopen("/dev/null", "w", stderr))
                _exit(1);
            xc_json j;
            xc_json_begin(&j, null, "xchg-test/1");
            XC_JSON_UINTS(&j, bad[i], 1, 2, 3);
            _exit(0);
        }
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGABRT)
            fail_msg("keys '%s' for 3 values: no abort", bad[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opts_both_forms), cmocka_unit_test(test_opts_refused),
        cmocka_unit_test(test_help_anywhere),   cmocka_unit_test(test_match), cmocka_unit_test(test_parse),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_json_uints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
