/* SPDX-License-Identifier: MIT */
#include "xc_json.h"

#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_junit.h"

/* A byte that is not valid UTF-8 (JSON text is UTF-8) becomes the text
 * \xNN, as in the JUnit XML (xc_junit.h): a report stays valid JSON
 * whatever bytes a user's file or option held. */
void xc_json_quote(FILE *f, const char *s)
{
    const size_t n = strlen(s);
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', f);
    for (size_t i = 0; i < n;) {
        uint32_t cp;
        const size_t len = xc_utf8_char(p + i, n - i, &cp);
        if (!len)
            fprintf(f, "\\\\x%02x", p[i]); /* a JSON backslash, then x */
        else if (cp == '"' || cp == '\\')
            fprintf(f, "\\%c", (int)cp);
        else if (cp < 0x20 || cp == 0x7f)
            fprintf(f, "\\u%04x", (unsigned)cp);
        else
            fwrite(p + i, 1, len, f);
        i += len ? len : 1;
    }
    fputc('"', f);
}

/* FNV-1a, 64 bits: keys may live in reused buffers, so keep their hashes. */
static unsigned long long key_hash(const char *k)
{
    unsigned long long h = 14695981039346656037ull;
    for (; *k; k++)
        h = (h ^ (unsigned char)*k) * 1099511628211ull;
    return h;
}

/* The separator and key of the next member; aborts on a key written twice
 * in one object (a bug in the report code, not in the user's input). */
static void member(xc_json *j, const char *key)
{
    const int d = j->depth;
    if (j->count[d])
        fputc(',', j->f);
    if (j->is_obj[d]) {
        const unsigned long long h = key_hash(key);
        for (int i = 0; i < j->count[d] && i < XC_JSON_KEYS; i++)
            if (j->keys[d][i] == h) {
                fprintf(stderr, "xchg: JSON key '%s' written twice\n", key);
                abort();
            }
        if (j->count[d] < XC_JSON_KEYS)
            j->keys[d][j->count[d]] = h;
        xc_json_quote(j->f, key);
        fputc(':', j->f);
    }
    j->count[d]++;
}

static void open_level(xc_json *j, int obj)
{
    fputc(obj ? '{' : '[', j->f);
    if (j->depth + 1 >= XC_JSON_DEPTH)
        abort();
    j->depth++;
    j->count[j->depth] = 0;
    j->is_obj[j->depth] = (char)obj;
}

void xc_json_begin(xc_json *j, FILE *f, const char *schema)
{
    j->f = f;
    j->depth = -1;
    open_level(j, 1);
    xc_json_str(j, "version", XC_VERSION);
    xc_json_str(j, "schema", schema);
}

void xc_json_finish(xc_json *j)
{
    while (j->depth >= 0)
        xc_json_end(j);
    fputc('\n', j->f);
}

void xc_json_str(xc_json *j, const char *key, const char *s)
{
    member(j, key);
    if (s)
        xc_json_quote(j->f, s);
    else
        fputs("null", j->f);
}

void xc_json_uint(xc_json *j, const char *key, unsigned long long v)
{
    member(j, key);
    fprintf(j->f, "%llu", v);
}

void xc_json_uints(xc_json *j, const char *keys, const unsigned long long *v, size_t n)
{
    const char *k = keys;
    size_t i = 0;
    for (; *k && i < n; i++) {
        const size_t len = strcspn(k, " ");
        char key[64];
        if (len == 0 || len >= sizeof key)
            break;
        memcpy(key, k, len);
        key[len] = '\0';
        xc_json_uint(j, key, v[i]);
        k += len + (k[len] == ' ');
    }
    if (*k || i != n) {
        fprintf(stderr, "xchg: JSON keys '%s' do not match %zu values\n", keys, n);
        abort();
    }
}

void xc_json_int(xc_json *j, const char *key, long long v)
{
    member(j, key);
    fprintf(j->f, "%lld", v);
}

void xc_json_bool(xc_json *j, const char *key, int v)
{
    member(j, key);
    fputs(v ? "true" : "false", j->f);
}

void xc_json_null(xc_json *j, const char *key)
{
    member(j, key);
    fputs("null", j->f);
}

void xc_json_real(xc_json *j, const char *key, const char *fmt, double v)
{
    member(j, key);
    fprintf(j->f, fmt, v);
}

void xc_json_raw(xc_json *j, const char *key, const char *json)
{
    member(j, key);
    fputs(json, j->f);
}

void xc_json_obj(xc_json *j, const char *key)
{
    member(j, key);
    open_level(j, 1);
}

void xc_json_arr(xc_json *j, const char *key)
{
    member(j, key);
    open_level(j, 0);
}

void xc_json_end(xc_json *j)
{
    fputc(j->is_obj[j->depth] ? '}' : ']', j->f);
    j->depth--;
}
