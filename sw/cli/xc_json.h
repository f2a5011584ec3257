/* SPDX-License-Identifier: MIT */
/* The one JSON writer every --json report goes through: compact output on
 * one line, strings escaped, each key written once per object (a second
 * write of a key is a programming error and aborts), and every report
 * opened with the tool's "version" and the report's "schema". */
#ifndef XC_JSON_H_
#define XC_JSON_H_

#include <stdint.h>
#include <stdio.h>

#define XC_JSON_DEPTH 8
#define XC_JSON_KEYS 96 /* keys per object */

typedef struct xc_json {
    FILE *f;
    int depth;
    int count[XC_JSON_DEPTH];                     /* members written per level */
    char is_obj[XC_JSON_DEPTH];
    unsigned long long keys[XC_JSON_DEPTH][XC_JSON_KEYS]; /* hashes of the keys of each open object */
} xc_json;

/* Opens the report object on f and writes "version" and "schema"
 * (e.g. "xchg-run-min/1": docs/json.md documents each). */
void xc_json_begin(xc_json *j, FILE *f, const char *schema);
/* Closes the report object and ends the line. */
void xc_json_finish(xc_json *j);

/* Members: key is NULL inside an array. */
void xc_json_str(xc_json *j, const char *key, const char *s);   /* NULL s: null */
void xc_json_uint(xc_json *j, const char *key, unsigned long long v);
/* A run of unsigned members in one call: keys space-separated, in the
 * order of the n values ("nodes links diameter"); a count of keys that is
 * not n is a programming error and aborts. XC_JSON_UINTS takes the values
 * as arguments:  XC_JSON_UINTS(&j, "nodes links", b->nodes, b->links); */
void xc_json_uints(xc_json *j, const char *keys, const unsigned long long *v, size_t n);
#define XC_JSON_UINTS(j, keys, ...)                                                                          \
    xc_json_uints(j, keys, (const unsigned long long[]){__VA_ARGS__},                                         \
                  sizeof((const unsigned long long[]){__VA_ARGS__}) / sizeof(unsigned long long))
void xc_json_int(xc_json *j, const char *key, long long v);
void xc_json_bool(xc_json *j, const char *key, int v);
void xc_json_null(xc_json *j, const char *key);
/* A number with printf format fmt ("%.6f"). */
void xc_json_real(xc_json *j, const char *key, const char *fmt, double v);
/* A value already in JSON (a number too big for 64 bits, in decimal). */
void xc_json_raw(xc_json *j, const char *key, const char *json);
/* Open an object or array member; xc_json_end closes the latest. */
void xc_json_obj(xc_json *j, const char *key);
void xc_json_arr(xc_json *j, const char *key);
void xc_json_end(xc_json *j);

/* Writes s to f as a JSON string literal with escapes. */
void xc_json_quote(FILE *f, const char *s);

#endif /* XC_JSON_H_ */
