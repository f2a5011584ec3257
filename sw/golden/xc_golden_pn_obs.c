/* SPDX-License-Identifier: MIT */
/* The golden router model's observation (xc_pn_obs): the links and
 * deliveries of a cycle, the errors each router notes and latches
 * (rtl/pn/xchg_pn_err.v), the registers the lock-step compares. */
#include "xc_golden_pn_int.h"

#include <string.h>

const xc_pn_obs *xc_gm_pn_obs(const xc_gm_pn *g) { return &g->obs; }

unsigned xc_gm_pn_step_next(const xc_gm_pn *g) { return g->r.running ? g->r.step : 0; }

__attribute__((noinline, cold)) void xc_gm_pn_note(xc_gm_pn *g, uint32_t v, unsigned code, uint32_t port)
{
    if (!g->code[v]) {
        g->noted[g->n_noted++] = v;
        g->code[v] = (uint8_t)code;
        g->port[v] = (uint8_t)port;
    }
}

void xc_gm_pn_stale_clear(xc_gm_pn *g)
{
    for (uint32_t i = g->stale - 1u; g->stale && i < g->hw.nodes * g->hw.ports; i += g->hw.ports)
        g->obs.link[i] = 0;
    g->stale = 0;
}

void xc_gm_pn_obs_begin(xc_gm_pn *g)
{
    xc_pn_obs *o = &g->obs;
    for (uint32_t j = 0; j < g->n_noted; j++)
        g->code[g->noted[j]] = g->rx[g->noted[j]] = 0;
    g->n_noted = 0;
    g->stale = g->one_port;
    g->one_port = 0;
    for (uint32_t j = 0; !g->stale && j < o->n_link_on; j++)
        o->link[o->link_on[j]] = 0;
    for (uint32_t j = 0; j < o->n_dlv_on; j++)
        o->dlv[o->dlv_on[j]] = 0;
    o->n_link_on = o->n_dlv_on = 0;
}

uint32_t xc_gm_pn_obs_latch(xc_gm_pn *g, int clear, int *first_node)
{
    xc_pn_obs *o = &g->obs;
    uint32_t n_err = 0;
    for (uint32_t j = 0; j < g->n_noted && !clear; j++) {
        const uint32_t v = g->noted[j];
        if (XC_FIELD_GET(o->err[v], PN_ERR_CODE))
            continue;
        o->err[v] = (uint16_t)(XC_FIELD_AT(PN_ERR_CODE, g->code[v]) | XC_FIELD_AT(PN_ERR_PORT, g->port[v]));
        n_err++;
        if (*first_node < 0 || v < (uint32_t)*first_node)
            *first_node = (int)v;
    }
    return n_err;
}

void xc_gm_pn_obs_publish(xc_gm_pn *g)
{
    xc_pn_obs *o = &g->obs;
    o->rdata = g->rdata;
    o->status = xc_gm_pn_status_word(&g->r);
    o->step = g->r.step;
    o->cycles = g->r.cycles;
    o->delivered = g->r.delivered;
    o->errors = g->r.errors;
    o->err_info = g->r.err_info;
    o->err_step = g->r.err_step;
    o->one_port = g->one_port;
}
