/* SPDX-License-Identifier: MIT */
/* What the MIN hardware shows to the outside, cycle by cycle: the bus it
 * is driven by and everything the lock-step compares. The golden model and
 * the Verilated RTL both fill an xc_min_obs after every clock edge. */
#ifndef XC_MINHW_H_
#define XC_MINHW_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_flit.h"
#include "xc_min.h"

/* Bus inputs for one cycle: at most one write or one read. */
typedef struct xc_hw_bus {
    uint8_t we, re;
    uint16_t addr;
    uint32_t wdata;
} xc_hw_bus;

/* Registered state after an edge. Level 0 holds the injection register of
 * each input; level k+1 the output register of stage k, by line (before
 * boundary k+1 moves it). set[k*N/2 + h] is the setting switch h of stage
 * k applied at that edge (0 when it had no flit). */
typedef struct xc_min_obs {
    xc_flit *flit;        /* (n+1) * N */
    uint8_t *set;         /* n * N/2 */
    uint32_t rdata;       /* bus read data (registered) */
    uint32_t status, cycles, injected, delivered, conflicts;
} xc_min_obs;

/* Allocates the arrays of obs for m. XC_ENOMEM on failure. */
xc_status xc_min_obs_alloc(xc_min_obs *obs, const xc_min *m);
void xc_min_obs_free(xc_min_obs *obs);

/* Compares expected and actual. Returns the number of differing items
 * (flits, switches, registers); writes the first one into why as
 * "stage 1 switch 2: expected cross, actual straight" and its element
 * ("s1.2", "s1.line5", "in3", "reg.cycles") into elem. */
unsigned xc_min_obs_diff(const xc_min *m, const xc_min_obs *exp, const xc_min_obs *act,
                         char *why, size_t why_cap, char *elem, size_t elem_cap);

/* Bit b of the configuration words = m_{h,k} with b = h*n + k. */
static inline unsigned xc_min_cfg_words(const xc_min *m)
{
    return (m->n_lines / 2 * m->log_n + 31) / 32;
}

#ifdef __cplusplus
}
#endif

#endif /* XC_MINHW_H_ */
