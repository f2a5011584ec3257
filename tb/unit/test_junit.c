/* SPDX-License-Identifier: MIT */
/* The JUnit writer's text rules (sw/lib/xc_junit.h): the strict UTF-8
 * check at its edges (overlong forms, surrogates, past U+10FFFF, cut-off
 * sequences), the escaping of what XML 1.0 forbids, and the counts of a
 * written document. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "xc_junit.h"

/* The length xc_utf8_char gives the n bytes of s, and its code point. */
static size_t utf8(const char *s, size_t n, uint32_t *cp)
{
    *cp = 0xdeadbeef;
    return xc_utf8_char((const unsigned char *)s, n, cp);
}

static void test_utf8_valid(void **state)
{
    (void)state;
    static const struct { const char *s; size_t n; uint32_t cp; } ok[] = {
        {"A", 1, 0x41},           {"\x7f", 1, 0x7f},          {"\xc2\x80", 2, 0x80},
        {"\xdf\xbf", 2, 0x7ff},   {"\xe0\xa0\x80", 3, 0x800}, {"\xed\x9f\xbf", 3, 0xd7ff},
        {"\xee\x80\x80", 3, 0xe000}, {"\xef\xbf\xbf", 3, 0xffff}, {"\xf0\x90\x80\x80", 4, 0x10000},
        {"\xf4\x8f\xbf\xbf", 4, 0x10ffff}};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        uint32_t cp;
        assert_int_equal(utf8(ok[i].s, ok[i].n, &cp), ok[i].n);
        assert_int_equal(cp, ok[i].cp);
    }
}

static void test_utf8_invalid(void **state)
{
    (void)state;
    static const struct { const char *s; size_t n; } bad[] = {
        {"\x80", 1},             {"\xbf", 1},             {"\xc0\x80", 2},         {"\xc1\xbf", 2},
        {"\xe0\x9f\xbf", 3},     {"\xed\xa0\x80", 3},     {"\xed\xbf\xbf", 3},     {"\xf0\x8f\xbf\xbf", 4},
        {"\xf4\x90\x80\x80", 4}, {"\xf5\x80\x80\x80", 4}, {"\xff", 1},             {"\xc2", 1},
        {"\xe2\x82", 2},         {"\xc2\x41", 2},         {"\xf0\x90\x80\x41", 4}, {"", 0}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t cp;
        if (utf8(bad[i].s, bad[i].n, &cp) != 0)
            fail_msg("case %zu accepted", i);
    }
}

/* What xc_xml_text writes for the n bytes of s. */
static char *xml(const char *s, size_t n, int attr)
{
    static char out[4096];
    FILE *f = fmemopen(out, sizeof out, "w");
    assert_non_null(f);
    xc_xml_text(f, s, n, attr);
    fclose(f);
    return out;
}

static void test_xml_escapes(void **state)
{
    (void)state;
    assert_string_equal(xml("a<b>&\"c\"", 8, 0), "a&lt;b&gt;&amp;\"c\"");
    assert_string_equal(xml("a<b>&\"c\"", 8, 1), "a&lt;b&gt;&amp;&quot;c&quot;");
    assert_string_equal(xml("\x00\x01\t\n\r\x7f", 6, 0), "\\x00\\x01\t\n&#13;\\x7f");
    assert_string_equal(xml("\t\n\r", 3, 1), "&#9;&#10;&#13;");
    /* valid UTF-8 kept; U+FFFE (valid UTF-8, not an XML character) and a
     * surrogate's bytes escaped one by one; a cut-off sequence too */
    assert_string_equal(xml("\xe2\x82\xac", 3, 0), "\xe2\x82\xac");
    assert_string_equal(xml("\xef\xbf\xbe", 3, 0), "\\xef\\xbf\\xbe");
    assert_string_equal(xml("\xed\xa0\x80", 3, 0), "\\xed\\xa0\\x80");
    assert_string_equal(xml("x\xe2\x82", 3, 0), "x\\xe2\\x82");
}

static void test_document_counts(void **state)
{
    (void)state;
    const xc_junit_prop p[] = {{"seed", "7"}};
    const xc_junit_case c[] = {
        {.name = "ok", .seconds = 1.5},
        {.name = "bad", .result = XC_JUNIT_FAILURE, .message = "m", .text = "t\xff", .text_len = 2, .seconds = -1},
        {.name = "crash", .result = XC_JUNIT_ERROR, .message = "killed", .props = p, .n_props = 1},
        {.name = "later", .result = XC_JUNIT_SKIPPED}};
    const xc_junit_suite s = {.name = "s", .seconds = -1, .cases = c, .n = 4};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(xc_junit_write(f, "run", -1, &s, 1), 0);
    fclose(f);
    assert_non_null(strstr(buf, "<testsuites name=\"run\" tests=\"4\" failures=\"1\" errors=\"1\" skipped=\"1\" "
                                "time=\"1.500\">"));
    assert_non_null(strstr(buf, "<failure message=\"m\">t\\xff</failure>"));
    assert_non_null(strstr(buf, "<property name=\"seed\" value=\"7\"/>"));
    assert_non_null(strstr(buf, "<error message=\"killed\"/>"));
    assert_non_null(strstr(buf, "<testcase classname=\"s\" name=\"bad\">")); /* no time: not known */
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_utf8_valid),
        cmocka_unit_test(test_utf8_invalid),
        cmocka_unit_test(test_xml_escapes),
        cmocka_unit_test(test_document_counts),
    };
    return cmocka_run_group_tests_name("junit", tests, NULL, NULL);
}
