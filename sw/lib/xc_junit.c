/* SPDX-License-Identifier: MIT */
#include "xc_junit.h"

#include <string.h>

size_t xc_utf8_char(const unsigned char *s, size_t n, uint32_t *cp)
{
    if (!n)
        return 0;
    const unsigned char c = s[0];
    size_t len;
    uint32_t v, min;
    if (c < 0x80) {
        *cp = c;
        return 1;
    } else if (c >= 0xc2 && c <= 0xdf) {
        len = 2, v = c & 0x1f, min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3, v = c & 0x0f, min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4, v = c & 0x07, min = 0x10000;
    } else {
        return 0; /* a continuation byte, C0/C1 (overlong) or F5..FF */
    }
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))
        return 0;
    *cp = v;
    return len;
}

/* Characters XML 1.0 allows (its production Char). */
static int xml_char(uint32_t c)
{
    return c == 0x9 || c == 0xa || c == 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) ||
           (c >= 0x10000 && c <= 0x10ffff);
}

void xc_xml_text(FILE *f, const char *s, size_t n, int attr)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        uint32_t c = 0;
        size_t len = xc_utf8_char(p + i, n - i, &c);
        if (!len || !xml_char(c) || c == 0x7f) { /* DEL is allowed, but unreadable */
            fprintf(f, "\\x%02x", p[i]);
            i++;
            continue;
        }
        if (c == '&') fputs("&amp;", f);
        else if (c == '<') fputs("&lt;", f);
        else if (c == '>') fputs("&gt;", f);
        else if (c == '"' && attr) fputs("&quot;", f);
        else if (c == '\r' || (attr && (c == '\t' || c == '\n'))) fprintf(f, "&#%u;", (unsigned)c);
        else fwrite(p + i, 1, len, f);
        i += len;
    }
}

static void attr(FILE *f, const char *key, const char *value)
{
    fprintf(f, " %s=\"", key);
    xc_xml_text(f, value, strlen(value), 1);
    fputc('"', f);
}

static void props(FILE *f, const char *indent, const xc_junit_prop *p, size_t n)
{
    if (!n)
        return;
    fprintf(f, "%s<properties>\n", indent);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "%s  <property", indent);
        attr(f, "name", p[i].name);
        attr(f, "value", p[i].value ? p[i].value : "");
        fputs("/>\n", f);
    }
    fprintf(f, "%s</properties>\n", indent);
}

static void one_case(FILE *f, const xc_junit_suite *s, const xc_junit_case *c)
{
    static const char *const tag[] = {NULL, "failure", "error", "skipped"};
    fputs("    <testcase", f);
    attr(f, "classname", c->classname ? c->classname : s->name);
    attr(f, "name", c->name);
    if (c->seconds >= 0)
        fprintf(f, " time=\"%.3f\"", c->seconds);
    const int r = c->result >= XC_JUNIT_FAILURE && c->result <= XC_JUNIT_SKIPPED ? c->result : XC_JUNIT_PASS;
    if (r == XC_JUNIT_PASS && !c->n_props) {
        fputs("/>\n", f);
        return;
    }
    fputs(">\n", f);
    props(f, "      ", c->props, c->n_props);
    if (r != XC_JUNIT_PASS) {
        fprintf(f, "      <%s", tag[r]);
        if (c->message)
            attr(f, "message", c->message);
        if (c->text) {
            fputc('>', f);
            xc_xml_text(f, c->text, c->text_len, 0);
            fprintf(f, "</%s>\n", tag[r]);
        } else {
            fputs("/>\n", f);
        }
    }
    fputs("    </testcase>\n", f);
}

/* tests, failures, errors, skipped of a suite, and its seconds */
static double count(const xc_junit_suite *s, size_t k[4])
{
    double t = 0;
    k[0] = s->n, k[1] = k[2] = k[3] = 0;
    for (size_t i = 0; i < s->n; i++) {
        const int r = s->cases[i].result;
        if (r >= XC_JUNIT_FAILURE && r <= XC_JUNIT_SKIPPED)
            k[r]++;
        if (s->cases[i].seconds > 0)
            t += s->cases[i].seconds;
    }
    return s->seconds >= 0 ? s->seconds : t;
}

int xc_junit_write(FILE *f, const char *name, double seconds, const xc_junit_suite *s, size_t n)
{
    size_t all[4] = {0, 0, 0, 0}, k[4];
    double t = 0;
    for (size_t i = 0; i < n; i++) {
        t += count(&s[i], k);
        for (int j = 0; j < 4; j++)
            all[j] += k[j];
    }
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites", f);
    attr(f, "name", name);
    fprintf(f, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\">\n", all[0], all[1],
            all[2], all[3], seconds >= 0 ? seconds : t);
    for (size_t i = 0; i < n; i++) {
        const double st = count(&s[i], k);
        fputs("  <testsuite", f);
        attr(f, "name", s[i].name);
        fprintf(f, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\">\n", k[0], k[1],
                k[2], k[3], st);
        props(f, "    ", s[i].props, s[i].n_props);
        for (size_t j = 0; j < s[i].n; j++)
            one_case(f, &s[i], &s[i].cases[j]);
        fputs("  </testsuite>\n", f);
    }
    fputs("</testsuites>\n", f);
    return ferror(f) ? -1 : 0;
}
