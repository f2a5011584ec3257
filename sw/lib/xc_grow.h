/* SPDX-License-Identifier: MIT */
/* Growing arrays for the host-side builders and readers, and freeing
 * the many arrays of one of them at once. */
#ifndef XC_GROW_H_
#define XC_GROW_H_

#include <stddef.h>

/* Room for need elements of el bytes in array a of capacity *cap: a
 * itself when it has the room, else a reallocated with the capacity
 * doubled from *cap (or from first when a is empty) until need fits, *cap
 * updated. NULL when out of memory (a is then still valid, *cap kept). */
void *xc_grow(void *a, size_t *cap, size_t need, size_t el, size_t first);

/* Frees the n pointers of p (NULL ones are skipped, as free does). Use
 * XC_FREE_ALL(a, b, c): a builder, checker or model that owns a dozen
 * arrays frees them in one statement, and a new array is one more name
 * in the list rather than one more line to forget. */
void xc_free_all(void *const *p, size_t n);
#define XC_FREE_ALL(...) \
    xc_free_all((void *const[]){__VA_ARGS__}, sizeof((void *const[]){__VA_ARGS__}) / sizeof(void *))

#endif /* XC_GROW_H_ */
