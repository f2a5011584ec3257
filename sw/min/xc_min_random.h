/* SPDX-License-Identifier: MIT */
/* Random choices on a MIN for seeded runs: a Latin-square index l, a
 * starting configuration M, a fault. Every l below N^(N/2-1) and every M
 * is admissible (Massini's Theorem 2: each M is M^{l,x} of exactly one
 * S^l), so uniform bits are uniform choices. The same generator state
 * gives the same choice. */
#ifndef XC_MIN_RANDOM_H_
#define XC_MIN_RANDOM_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>

#include "xc_big.h"
#include "xc_inject.h"
#include "xc_min.h"
#include "xc_rand.h"

/* A uniform l, 0 <= l < N^(N/2-1) = 2^((N/2-1) log2 N). */
void xc_min_random_l(const xc_min *m, xc_rand *r, xc_big *l);

/* A uniform configuration as --config text: N/2 rows of n bits, stage 0
 * first, comma-separated. Returns the length, 0 when cap (at least
 * N/2 * (n + 1) bytes) is too small. */
size_t xc_min_random_cfg_text(const xc_min *m, xc_rand *r, char *out, size_t cap);

/* A fault that hits a flit: kind switch, drop, dup, corrupt or port, at a
 * uniform switch s<k>.<h>, in the cycle a uniform wave x (step) of the
 * Latin-square exchange passes stage k: first_inject + x * spacing + k + 1
 * (first_inject is the run's "first_injection_cycle"; spacing is 1 in the
 * XOR mode's pipeline, more when the table mode writes M^{l,x} between
 * waves, see xc_min_wave_spacing). Every switch carries two flits of every
 * wave, so the fault always meets a flit. */
void xc_min_random_fault(const xc_min *m, xc_rand *r, unsigned long first_inject, unsigned long spacing,
                         xc_inject *inj);

/* The cycles between two waves of a run whose report says `cycles` from
 * the first injection to the last delivery: the N waves are evenly spaced
 * and the last needs n + 1 cycles through the stages, so cycles =
 * (N - 1) * spacing + n + 1. 1 when cycles does not fit that form. */
unsigned long xc_min_wave_spacing(const xc_min *m, unsigned long cycles);

/* inj as --inject text, "drop:s1.2@75" (cap >= 64). */
void xc_inject_text(const xc_inject *inj, char *out, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* XC_MIN_RANDOM_H_ */
