/* SPDX-License-Identifier: MIT */
/* JUnit XML: the one writer of every results file (make test's
 * build/test-results.xml through `xchg junit`, xchg sweep's junit.xml).
 * Any bytes may come in names, messages and logs: the document is always
 * well-formed XML 1.0 in UTF-8. Valid UTF-8 is kept; a byte that is not
 * valid UTF-8, or a character XML 1.0 does not allow (controls but tab,
 * newline and carriage return; U+FFFE, U+FFFF), is written as the text
 * \xNN. A failed test is <failure>, a crash or a timeout <error>. */
#ifndef XC_JUNIT_H_
#define XC_JUNIT_H_

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The length (1 to 4) of the valid UTF-8 character at s (n bytes left),
 * its code point in *cp; 0 when s does not start one (a stray or missing
 * continuation byte, an overlong form, a surrogate, above U+10FFFF). */
size_t xc_utf8_char(const unsigned char *s, size_t n, uint32_t *cp);

/* n bytes of s as XML character data (attr 0) or as an attribute value
 * between double quotes (attr 1: tab, newline and carriage return as
 * character references, which attribute normalisation would turn into
 * blanks). */
void xc_xml_text(FILE *f, const char *s, size_t n, int attr);

enum { XC_JUNIT_PASS, XC_JUNIT_FAILURE, XC_JUNIT_ERROR, XC_JUNIT_SKIPPED };

typedef struct xc_junit_prop {
    const char *name, *value;
} xc_junit_prop;

typedef struct xc_junit_case {
    const char *name, *classname; /* classname NULL: the suite's name */
    int result;                   /* XC_JUNIT_PASS ... */
    double seconds;               /* below 0: not known (no attribute) */
    const char *message;          /* of a failure, error or skip; NULL: none */
    const char *text;             /* its body (e.g. a log's tail); NULL: none */
    size_t text_len;
    const xc_junit_prop *props;   /* the case's own <properties> */
    size_t n_props;
} xc_junit_case;

typedef struct xc_junit_suite {
    const char *name;
    double seconds; /* below 0: the sum of its cases' */
    const xc_junit_case *cases;
    size_t n;
    const xc_junit_prop *props;
    size_t n_props;
} xc_junit_suite;

/* Writes the whole document: <testsuites name> with n suites, each with
 * its counts of tests, failures, errors and skipped computed from its
 * cases. seconds below 0: the sum of the suites'. Returns 0, or -1 when
 * f has an error (ferror). */
int xc_junit_write(FILE *f, const char *name, double seconds, const xc_junit_suite *s, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* XC_JUNIT_H_ */
