/* SPDX-License-Identifier: MIT */
/* Growing arrays for the host-side builders and readers. */
#ifndef XC_GROW_H_
#define XC_GROW_H_

#include <stddef.h>

/* Room for need elements of el bytes in array a of capacity *cap: a
 * itself when it has the room, else a reallocated with the capacity
 * doubled from *cap (or from first when a is empty) until need fits, *cap
 * updated. NULL when out of memory (a is then still valid, *cap kept). */
void *xc_grow(void *a, size_t *cap, size_t need, size_t el, size_t first);

#endif /* XC_GROW_H_ */
