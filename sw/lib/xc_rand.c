/* SPDX-License-Identifier: MIT */
/* xoshiro256** and splitmix64 as their authors describe them (Blackman
 * and Vigna, "Scrambled linear pseudorandom number generators", 2018). */
#include "xc_rand.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

uint64_t xc_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void xc_rand_seed(xc_rand *r, uint64_t seed)
{
    /* splitmix64 never gives four zero words, the one state xoshiro must avoid */
    for (int i = 0; i < 4; i++)
        r->s[i] = xc_splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t xc_rand_next(xc_rand *r)
{
    uint64_t *s = r->s;
    const uint64_t out = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

uint64_t xc_rand_below(xc_rand *r, uint64_t n)
{
    if (n <= 1)
        return 0;
    /* the largest multiple of n that fits: draws at or above it would favour small values */
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t v;
    do
        v = xc_rand_next(r);
    while (v >= limit);
    return v % n;
}

uint64_t xc_rand_fresh_seed(void)
{
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    int ok = f && fread(&seed, sizeof seed, 1, f) == 1;
    if (f)
        fclose(f);
    if (ok)
        return seed;
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    uint64_t x = (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
    x ^= (uint64_t)getpid() << 32;
    return xc_splitmix64(&x);
}
