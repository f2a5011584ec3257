/* SPDX-License-Identifier: MIT */
/* A random fault on the routers of a product network, for seeded runs:
 * kind drop, dup, corrupt or port at a uniform node n<v> (the RTL's fault
 * slot then takes that node's lowest port sending in that cycle), in the
 * cycle of a uniform step of the store-and-forward schedule. */
#ifndef XC_PN_RANDOM_H_
#define XC_PN_RANDOM_H_

#include <stddef.h>
#include <stdint.h>

#include "xc_rand.h"

/* Writes "--inject" text such as "drop:n5@1340" into out (cap >= 64):
 * step s (1..steps) runs at cycle first_step + s - 1 (first_step is the
 * run's "first_step_cycle"). steps 0 is taken as 1. */
void xc_pn_random_fault(uint32_t nodes, uint32_t steps, unsigned long first_step, xc_rand *r, char *out,
                        size_t cap);

#endif /* XC_PN_RANDOM_H_ */
