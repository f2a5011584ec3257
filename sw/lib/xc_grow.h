/* SPDX-License-Identifier: MIT */
/* Growing arrays for the host-side builders and readers, and freeing
 * the many arrays of one of them at once. */
#ifndef XC_GROW_H_
#define XC_GROW_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <string.h>

/* Room for need elements of el bytes in array a of capacity *cap: a
 * itself when it has the room, else a reallocated with the capacity
 * doubled from *cap (or from first when a is empty) until need fits, *cap
 * updated. NULL when out of memory (a is then still valid, *cap kept). */
void *xc_grow(void *a, size_t *cap, size_t need, size_t el, size_t first);

/* xc_grow on the array whose pointer is at arrp (a T ** passed as void
 * *: &v->a), updated in place: 0, or -1 when out of memory (the array and
 * *cap unchanged). The growth loops of the builders and readers call this
 * rather than realloc. */
static inline int xc_grow_in(void *arrp, size_t *cap, size_t need, size_t el, size_t first)
{
    void *a;
    memcpy(&a, arrp, sizeof a);
    if (!(a = xc_grow(a, cap, need, el, first)))
        return -1;
    memcpy(arrp, &a, sizeof a);
    return 0;
}

/* Appends the size bytes at el to the array whose pointer is at arrp (a
 * T ** passed as void *: &v->a) holding *n elements of that size in a
 * capacity *cap, growing it with xc_grow (from first) when full. 0, or -1
 * when out of memory (the array, *n and *cap unchanged). Inline: with
 * size a constant the copy is one store. */
static inline int xc_push(void *arrp, size_t *n, size_t *cap, const void *el, size_t size, size_t first)
{
    if (xc_grow_in(arrp, cap, *n + 1, size, first))
        return -1;
    void *a;
    memcpy(&a, arrp, sizeof a);
    memcpy((char *)a + *n * size, el, size);
    (*n)++;
    return 0;
}

/* Frees the n pointers of p (NULL ones are skipped, as free does). Use
 * XC_FREE_ALL(a, b, c): a builder, checker or model that owns a dozen
 * arrays frees them in one statement, and a new array is one more name
 * in the list rather than one more line to forget. */
void xc_free_all(void *const *p, size_t n);
#define XC_FREE_ALL(...) \
    xc_free_all((void *const[]){__VA_ARGS__}, sizeof((void *const[]){__VA_ARGS__}) / sizeof(void *))

#ifdef __cplusplus
}
#endif

#endif /* XC_GROW_H_ */
