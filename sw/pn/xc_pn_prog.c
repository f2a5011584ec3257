/* SPDX-License-Identifier: MIT */
#include "xc_pn_prog.h"

#include <stdlib.h>
#include <string.h>

struct compile_ctx {
    const xc_pn_hw *hw;
    xc_pn_prog *prog;
    uint64_t t;
};

static xc_status on_step(void *ctx, uint64_t t)
{
    struct compile_ctx *c = ctx;
    c->t = t;
    return t > c->prog->steps ? XC_ERANGE : XC_OK;
}

static void apply(const xc_pn_hw *hw, uint32_t *entry, const xc_op *op)
{
    xc_pn_field f;
    xc_pn_field_get(hw, entry, op->port, &f);
    if (op->kind == XC_OP_RECV) {
        f.recv = 1;
        f.dlv = op->deliver;
        f.store = op->slot != XC_NO_SLOT;
        f.recv_slot = f.store ? op->slot : 0;
    } else {
        f.send = 1;
        f.keep = op->kind == XC_OP_COPY;
        f.send_slot = op->slot;
    }
    xc_pn_field_put(hw, entry, op->port, &f);
}

static xc_status on_op(void *ctx, const xc_op *op)
{
    struct compile_ctx *c = ctx;
    const xc_pn_hw *hw = c->hw;
    xc_pn_prog *p = c->prog;
    if (op->port >= hw->ports || (op->slot != XC_NO_SLOT && op->slot >= hw->slots) || !c->t)
        return XC_ERANGE;
    const size_t t0 = (size_t)(c->t - 1);
    if (op->node == XC_ALL_NODES) {
        if (p->bcast)
            apply(hw, p->bcast + t0 * hw->wpe, op);
        for (uint32_t v = 0; v < hw->nodes && p->pernode; v++)
            apply(hw, p->pernode + ((size_t)v * p->steps + t0) * hw->wpe, op);
    } else {
        p->node_invariant = 0;
        if (op->node >= hw->nodes || !p->pernode)
            return XC_ERANGE;
        apply(hw, p->pernode + ((size_t)op->node * p->steps + t0) * hw->wpe, op);
    }
    return XC_OK;
}

xc_status xc_pn_compile(const xc_pn_hw *hw, const xc_sched_opts *opts, xc_pn_prog *prog, xc_err *err)
{
    memset(prog, 0, sizeof *prog);
    xc_sched_plan plan;
    xc_status st = xc_sched_plan_for(opts, &plan, err);
    if (st)
        return st;
    if (plan.expected > hw->depth)
        return xc_fail(err, XC_ERANGE, "the schedule takes %llu steps, the table holds %u",
                       (unsigned long long)plan.expected, hw->depth);
    prog->steps = (uint32_t)plan.expected;
    prog->kind_mnb = plan.kind_mnb;
    prog->node_invariant = 1;
    const size_t words = (size_t)prog->steps * hw->wpe;
    if (hw->per_node && (uint64_t)words * hw->nodes > XC_PN_PROG_MAX_WORDS)
        return xc_fail(err, XC_ERANGE,
                       "per-node step tables of %llu words (%llu MB) for %u nodes: at most %llu words; "
                       "a node-invariant schedule (te-ni) runs with --tables broadcast",
                       (unsigned long long)words * hw->nodes, (unsigned long long)words * hw->nodes * 4 >> 20,
                       hw->nodes, XC_PN_PROG_MAX_WORDS);
    prog->pernode = hw->per_node ? calloc(words * hw->nodes, sizeof *prog->pernode) : NULL;
    prog->bcast = calloc(words, sizeof *prog->bcast);
    if ((hw->per_node && !prog->pernode) || !prog->bcast) {
        xc_pn_prog_free(prog);
        return xc_fail(err, XC_ENOMEM, "out of memory for the step tables");
    }
    struct compile_ctx c = {.hw = hw, .prog = prog};
    xc_sched_sink sink = {.ctx = &c, .step = on_step, .op = on_op};
    st = xc_sched_generate(opts, &sink, &prog->res, err);
    if (st == XC_ERANGE)
        st = xc_fail(err, XC_ERANGE,
                     "the schedule does not fit the routers (%u ports, %u slots, %u steps%s)", hw->ports,
                     hw->slots, prog->steps, hw->per_node ? "" : ", broadcast table only");
    if (!st && prog->res.steps != prog->steps)
        st = xc_fail(err, XC_ECHECK, "the schedule took %llu steps, planned %u",
                     (unsigned long long)prog->res.steps, prog->steps);
    if (st) {
        xc_pn_prog_free(prog);
        return st;
    }
    if (!prog->node_invariant) {
        free(prog->bcast);
        prog->bcast = NULL;
    }
    return XC_OK;
}

void xc_pn_prog_free(xc_pn_prog *prog)
{
    free(prog->pernode);
    free(prog->bcast);
    prog->pernode = prog->bcast = NULL;
}
