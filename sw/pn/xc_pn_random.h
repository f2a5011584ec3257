/* SPDX-License-Identifier: MIT */
/* A random fault on the routers of a product network, for seeded runs:
 * kind drop, dup, corrupt or port, in a uniform step of the
 * store-and-forward schedule, at a node drawn among those that send in
 * that step (the RTL's fault slot then takes that node's lowest port
 * sending in that cycle), so the fault always meets a flit. */
#ifndef XC_PN_RANDOM_H_
#define XC_PN_RANDOM_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_rand.h"
#include "xc_sched.h"

/* Writes "--inject" text such as "drop:n5@1340" into out (cap >= 64) for
 * the schedule opts describes, which takes `steps` steps: step s
 * (1..steps) runs at cycle first_step + s - 1 (first_step is the run's
 * "first_step_cycle"). The schedule is generated up to the drawn step to
 * find its senders; a step without any (none known) falls back to a
 * uniform node. XC_ENOMEM, or the generator's status on bad opts. */
xc_status xc_pn_random_fault(const xc_sched_opts *opts, uint64_t steps, unsigned long first_step, xc_rand *r,
                             char *out, size_t cap, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_PN_RANDOM_H_ */
