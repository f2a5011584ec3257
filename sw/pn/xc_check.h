/* SPDX-License-Identifier: MIT */
/* The schedule checker: replays a schedule file (docs/schedule-format.md)
 * at message level, streaming, and verifies it. Written independently of
 * the generators: it shares only the topology (xc_topo.h), the one place of
 * truth for node and port numbering.
 *
 * Checked at every step: each port exists at its node (adjacency); every
 * send is received by the neighbour behind the port and every receive
 * matches a send; the port model (single-port: at most one send and one
 * receive per node; multiport: one per port and direction; half duplex: a
 * link carries one direction per step and, single-port, a node either
 * sends or receives); a send reads a full slot; a receive never overwrites
 * an occupied slot; deliveries go to the message's destination and happen
 * once. At the end: every message delivered exactly once (te), every node
 * holds every other node's broadcast (mnb), and the declared step and slot
 * counts are right. */
#ifndef XC_CHECK_H_
#define XC_CHECK_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdint.h>
#include <stdio.h>

#include "xc_status.h"
#include "xc_topo.h"

typedef struct xc_check_result {
    char net[XC_TOPO_MAX_SPEC];
    char algo[32];
    int kind_mnb, multiport, half_duplex;
    uint32_t nodes;
    uint64_t steps;
    uint64_t message_hops;
    uint64_t deliveries;
    uint32_t slots;      /* highest slot index used + 1 */
    uint64_t lines;
} xc_check_result;

/* Replays the schedule read from f. Returns XC_OK when it holds;
 * XC_ECHECK with the first violation in err ("step T, node V, port P,
 * message m(s->d): what"); XC_EINVAL for a malformed file (err names the
 * line); XC_ERANGE for a network too large to replay; XC_ENOMEM; XC_EIO. */
xc_status xc_check_stream(FILE *f, xc_check_result *res, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_CHECK_H_ */
