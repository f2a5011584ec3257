/* SPDX-License-Identifier: MIT */
/* The scoreboard that closes every run: each of the n*(n) messages
 * m_s(d) delivered exactly once, at node d, intact. */
#ifndef XC_SCORE_H_
#define XC_SCORE_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>

#include "xc_flit.h"
#include "xc_status.h"

typedef struct xc_score {
    unsigned nodes;
    uint8_t *seen;                 /* nodes*nodes: times m_s(d) arrived (saturates) */
    /* the check word in two halves, so that a delivery costs two loads
     * rather than a loop over the address bits: chk(s, d) = chk_src[s] ^
     * chk_dst[d] (xc_chk is linear in s and d, up to its salt) */
    uint16_t *chk_src, *chk_dst;
    unsigned long delivered;       /* every valid flit that arrived */
    unsigned long duplicates, misrouted, corrupt;
    char first_error[160];         /* the first error, with its cycle */
} xc_score;

/* XC_ENOMEM when the tables cannot be allocated. */
xc_status xc_score_init(xc_score *s, unsigned nodes);
void xc_score_free(xc_score *s);

/* A flit arrived at node `at` in `cycle`. The lock-step loops call it for
 * every delivery: the usual case, a message arriving intact at its
 * destination for the first time, is a few loads and a store. */
void xc_score_deliver(xc_score *s, unsigned long cycle, unsigned at, xc_flit f);

/* Messages never delivered (of nodes*nodes, self-messages included: in a
 * MIN every input sends one message to every output, itself too). */
unsigned long xc_score_missing(const xc_score *s);

/* XC_OK when everything arrived exactly once, intact, at the right node;
 * otherwise XC_ECHECK with the first problem in err. */
xc_status xc_score_verdict(const xc_score *s, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_SCORE_H_ */
