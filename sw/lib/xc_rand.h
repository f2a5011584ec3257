/* SPDX-License-Identifier: MIT */
/* The one pseudo-random generator of xchg (never rand()): xoshiro256**
 * seeded through splitmix64, so one 64-bit seed names a whole random run
 * and the same seed gives the same numbers on every machine. */
#ifndef XC_RAND_H_
#define XC_RAND_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

typedef struct xc_rand {
    uint64_t s[4];
} xc_rand;

/* splitmix64: advances *x and returns the next output (also the seeder). */
uint64_t xc_splitmix64(uint64_t *x);

/* Seeds r from seed (any value, 0 included). */
void xc_rand_seed(xc_rand *r, uint64_t seed);

/* The next 64 random bits. */
uint64_t xc_rand_next(xc_rand *r);

/* A uniform number 0 .. n-1 (n >= 1; n = 0 returns 0), without modulo
 * bias: draws that fall in the uneven tail are drawn again. */
uint64_t xc_rand_below(xc_rand *r, uint64_t n);

/* A fresh seed for a run without --seed: /dev/urandom, or when that cannot
 * be read the clock and the process id mixed. Never fails. */
uint64_t xc_rand_fresh_seed(void);

#ifdef __cplusplus
}
#endif

#endif /* XC_RAND_H_ */
