/* SPDX-License-Identifier: MIT */
/* The collectives a user's whole network is driven with (--rtl-noc,
 * xc_session_noc.c), as lists of messages in the order each node sends them:
 * a product network's store-and-forward total exchange (each message at
 * the step its source first sends it in --algo's schedule), a MIN's
 * Latin-square exchange (input j sends to P^l[j][x] in step x + 1), and a
 * seeded random permutation. */
#ifndef XC_NOC_COLL_H_
#define XC_NOC_COLL_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

#include "xc_min.h"
#include "xc_noc_drv.h"
#include "xc_status.h"
#include "xc_topo.h"

typedef struct xc_noc_coll {
    xc_noc_msg *msgs;       /* in global step order */
    unsigned long count;
    uint32_t nodes, steps;
} xc_noc_coll;

/* The total exchange of schedule algo (te-ni, te-a1, te-a2) on net,
 * multiport as the schedule needs. *sched_steps: the schedule's steps.
 * XC_EINVAL / XC_ERANGE as the schedule planner says, XC_ENOMEM. */
xc_status xc_noc_coll_te(xc_noc_coll *c, const xc_net *net, int algo, int multiport, uint64_t *sched_steps,
                         xc_err *err);

/* The Latin-square exchange with l = 0 on MIN m: N steps of N messages. */
xc_status xc_noc_coll_latin(xc_noc_coll *c, const xc_min *m, xc_err *err);

/* One message from each of n nodes, to a permutation drawn from seed. */
xc_status xc_noc_coll_perm(xc_noc_coll *c, uint32_t n, uint64_t seed, xc_err *err);

void xc_noc_coll_free(xc_noc_coll *c);

#ifdef __cplusplus
}
#endif

#endif /* XC_NOC_COLL_H_ */
