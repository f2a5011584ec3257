/* SPDX-License-Identifier: MIT */
/* The driver and checks around a user's whole network (--rtl-noc,
 * docs/own-rtl.md "A whole network"). Each node offers its messages in
 * the order given (a collective's schedule), one a beat on the contract's
 * valid/ready ports; every message delivered is checked at once (exactly
 * once, at its destination, intact, and sent at all), the output side's
 * protocol every cycle (a valid not dropped and its data not changed
 * before its handshake), and a watchdog stops a network that delivers
 * nothing for K cycles, naming the messages still inside. The cost a
 * cycle is a few word operations per 32 nodes, plus the work of each
 * beat: nothing loops over the nodes one by one. */
#ifndef XC_NOC_DRV_H_
#define XC_NOC_DRV_H_

#include <stdint.h>

#include "xc_dut_noc.h"
#include "xc_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Data bits of a message (the contract): [15:0] destination, [31:16]
 * source, [W-1:32] the harness's: the message's number in bits 32..55,
 * a check word of the number in 56..63, and from bit 64 on words
 * drawn from the number, all to arrive unchanged. */
enum { XC_NOC_ID_BITS = 24, XC_NOC_MAX_MSGS = 1 << XC_NOC_ID_BITS };

/* Cycles the run goes on after the last message arrived: nothing more may
 * arrive in them. */
enum { XC_NOC_TAIL = 16 };

/* One message of the collective: node src sends it to dst in schedule
 * step `step` (1, 2, ...). */
typedef struct xc_noc_msg {
    uint32_t src, dst, step;
} xc_noc_msg;

typedef struct xc_noc_drv_opts {
    unsigned n, w;               /* nodes, bits a message */
    int barrier;                 /* 1: a step's messages offered once every earlier one arrived */
    int ready_random;            /* 1: out_ready_i drawn every cycle from seed, else held at 1 */
    uint64_t seed;
    unsigned long watchdog;      /* K: cycles without a delivery that stop the run */
    unsigned long timeout;       /* cycles in all (0: none beyond the watchdog) */
} xc_noc_drv_opts;

/* Why a run stopped short. */
typedef enum xc_noc_fail {
    XC_NOC_PASS = 0,
    XC_NOC_PROTOCOL,   /* out_valid_o dropped, or out_data_o changed, before the handshake */
    XC_NOC_UNSENT,     /* a message arrived that was never sent (or before it was taken) */
    XC_NOC_CORRUPT,    /* a message arrived with bits changed */
    XC_NOC_MISROUTED,  /* a message arrived at another node than its destination */
    XC_NOC_DUPLICATE,  /* a message arrived a second time */
    XC_NOC_MISSING,    /* every message taken, some never delivered within K cycles */
    XC_NOC_DEADLOCK,   /* no delivery for K cycles with messages still waiting to enter */
    XC_NOC_TIMEOUT,    /* --timeout cycles ran out */
} xc_noc_fail;

/* The run's outcome. Cycle 1 is the first after reset: the first offer. */
typedef struct xc_noc_result {
    xc_noc_fail fail;
    unsigned long cycles;         /* cycles run */
    unsigned long last_delivery;  /* cycle of the last delivery: the completion time on a pass */
    unsigned long expected, taken, delivered;
    unsigned long inside;         /* taken, not delivered */
    unsigned long waiting;        /* not yet taken by the network */
    unsigned long fail_cycle;     /* the cycle the failure was seen */
    char why[700];                /* the failure in one line (with the messages still inside) */
} xc_noc_result;

typedef struct xc_noc_drv xc_noc_drv;

/* A driver for msgs[0..count-1] (each node's in the order it offers
 * them: by step, then as given). XC_EINVAL for more than
 * XC_NOC_MAX_MSGS messages or a node out of range, XC_ENOMEM. */
xc_status xc_noc_drv_new(xc_noc_drv **out, const xc_noc_msg *msgs, unsigned long count, const xc_noc_drv_opts *o,
                         xc_err *err);

/* Runs the collective on the open model until every message arrived (and
 * XC_NOC_TAIL cycles more, in which nothing may arrive) or a check
 * failed; *res filled either way. XC_EINVAL when the model's ports
 * are narrower than N and W say. */
xc_status xc_noc_drv_run(xc_noc_drv *d, xc_dut_noc *dut, xc_noc_result *res, xc_err *err);

void xc_noc_drv_free(xc_noc_drv *d);

/* The report's name of a failure ("pass", "protocol", "missing", ...). */
const char *xc_noc_fail_name(xc_noc_fail f);

#ifdef __cplusplus
}
#endif

#endif /* XC_NOC_DRV_H_ */
