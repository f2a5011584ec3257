/* SPDX-License-Identifier: MIT */
/* The host-side compiler of circuit programs: turns a wormhole schedule
 * (xc_wh.h) into per-router circuit entries, inject lists and step
 * budgets that the firmware (sw/fw/xc_cp_wh) loads (docs/routers.md
 * "Circuit mode").
 *
 * Memory layout: node v starts with m(v -> d) in slot d < v ? d : d - 1; a
 * packet is sent from the list of the slots its messages sit in (gather),
 * one flit (message) per cycle, and stored into the lowest free slots
 * (scatter; slots sent from in a step are free from the next step). No
 * message is ever copied inside a node. */
#ifndef XC_WH_PROG_H_
#define XC_WH_PROG_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_pnhw.h"
#include "xc_wh.h"

typedef struct xc_wh_prog {
    uint32_t nodes, ports, steps, cap_steps;
    xc_pn_centry *ce;      /* nodes * cap_steps: entry of node v, step t at v * cap_steps + t - 1 */
    uint32_t **list;       /* nodes: slot lists, one slot per flit, gather (inject) and scatter
                            * (eject) lists of all steps back to back */
    uint32_t *list_len, *list_cap;
    uint32_t *path_cycles; /* cap_steps: per step max(hops + flits - 1) */
    uint32_t slots_used;   /* highest slot index used + 1, over all nodes */
    uint32_t max_list;     /* longest inject list */
    uint64_t path_sum;     /* sum of path_cycles */
    /* compile state */
    const xc_net *net;
    uint32_t slot_cap;
    uint8_t *occ;          /* nodes * slot_cap: slot holds a message */
    uint32_t *loc;         /* n * n: slot of message m (where it is now) */
    uint32_t *freed, n_freed; /* node * slot_cap + slot freed after this step */
    size_t freed_cap;
    uint32_t *hint;        /* nodes: no free slot below */
} xc_wh_prog;

/* An empty program for net (circuit entries for up to max_steps steps).
 * XC_ENOMEM. */
xc_status xc_wh_prog_init(xc_wh_prog *p, const xc_net *net, uint32_t max_steps, xc_err *err);
void xc_wh_prog_free(xc_wh_prog *p);

/* A sink that compiles each step into p (ctx = p). Fails with XC_ECHECK
 * when two packets claim one router input or output (the checker finds
 * that first), XC_ERANGE when a node runs out of slots. */
xc_wh_sink xc_wh_prog_sink(xc_wh_prog *p);

/* Breaks node's circuit entry in step t on purpose (a test of the
 * routers' check): one more input is passed to an output that is already
 * taken. XC_EINVAL when node has no route in that step. */
xc_status xc_wh_prog_break(xc_wh_prog *p, uint32_t node, uint32_t t, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_WH_PROG_H_ */
