/* SPDX-License-Identifier: MIT */
#include "xc_cp_pn.h"

#include <stdlib.h>
#include <string.h>

#include "xc_consts.h"
#include "xc_flit.h"

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

int xc_cp_pn_initial(const xc_pn_hw *hw, int kind_mnb, uint32_t v, uint32_t k, uint32_t *word)
{
    if (kind_mnb) {
        if (k != 0)
            return 0;
        *word = xc_msg_word(v, v);
        return 1;
    }
    if (k == 0 || k >= hw->nodes)
        return 0;
    *word = xc_msg_word(v, xc_topo_add(&hw->net, v, k));
    return 1;
}

/* Writes n table words from src at table word 0 of the selected table. */
static void load_table(xc_hal *hal, uint32_t sel, const uint32_t *src, size_t n)
{
    xc_hal_write(hal, XC_PN_REG_SEL, sel);
    xc_hal_write(hal, XC_PN_REG_TBL_PTR, 0);
    for (size_t i = 0; i < n && !xc_hal_halted(hal); i++)
        xc_hal_write(hal, XC_PN_REG_TBL_DATA, src[i]);
}

xc_status xc_cp_pn_run(xc_hal *hal, const xc_pn_hw *hw, const xc_pn_prog *prog, int broadcast,
                       unsigned flags, unsigned long max_polls, xc_cp_pn_report *rep, xc_err *err)
{
    const int back_door = (flags & XC_CP_PN_BACK_DOOR) != 0, rom = (flags & XC_CP_PN_TABLE_ROM) != 0;
    unsigned long mark = xc_hal_cycles(hal);
    *rep = (xc_cp_pn_report){0};
    const uint32_t id = xc_hal_read(hal, XC_PN_REG_ID);
    const uint32_t nodes = xc_hal_read(hal, XC_PN_REG_NODES);
    const uint32_t geom = xc_hal_read(hal, XC_PN_REG_GEOM);
    const uint32_t depth = xc_hal_read(hal, XC_PN_REG_DEPTH);
    if (xc_hal_halted(hal))
        return xc_fail(err, XC_EIO, "platform halted");
    if (id != XC_PN_ID_VALUE || nodes != hw->nodes || (geom & 0xFFu) != hw->ports ||
        ((geom >> 8) & 0xFFu) != hw->slot_w || depth < prog->steps)
        return xc_fail(err, XC_ECHECK,
                       "hardware is not this network (ID 0x%08x, NODES %u, GEOM 0x%08x, DEPTH %u)", id, nodes,
                       geom, depth);
    if (!broadcast && !prog->pernode)
        return xc_fail(err, XC_EINVAL, "the hardware has no per-node tables");
    if (broadcast && !prog->bcast)
        return xc_fail(err, XC_EINVAL, "the schedule is not node-invariant: no broadcast table");
    const uint32_t ctrl = (uint32_t)(broadcast != 0) << XC_PN_CTRL_BCAST_BIT;
    if (!back_door)
        xc_hal_write(hal, XC_PN_REG_CTRL, ctrl | 1u << XC_PN_CTRL_CLEAR_BIT);
    rep->bus_control += xc_hal_cycles(hal) - mark;

    if (!back_door) {
        mark = xc_hal_cycles(hal);
        for (uint32_t v = 0; v < hw->nodes && !xc_hal_halted(hal); v++) {
            uint32_t first = prog->kind_mnb ? 0 : 1, last = prog->kind_mnb ? 1 : hw->nodes;
            xc_hal_write(hal, XC_PN_REG_SEL, v);
            xc_hal_write(hal, XC_PN_REG_MSG_PTR, first);
            for (uint32_t k = first; k < last; k++) {
                uint32_t w = 0;
                xc_cp_pn_initial(hw, prog->kind_mnb, v, k, &w);
                xc_hal_write(hal, XC_PN_REG_MSG_DATA, w);
            }
        }
        rep->bus_messages = xc_hal_cycles(hal) - mark;
        mark = xc_hal_cycles(hal);
        const size_t words = (size_t)prog->steps * hw->wpe;
        if (rom)
            ; /* the broadcast table is in ROM */
        else if (broadcast)
            load_table(hal, 1u << XC_PN_SEL_BCAST_BIT, prog->bcast, words);
        else
            for (uint32_t v = 0; v < hw->nodes && !xc_hal_halted(hal); v++)
                load_table(hal, v, prog->pernode + (size_t)v * words, words);
        rep->bus_tables = xc_hal_cycles(hal) - mark;
    }

    return xc_cp_pn_go(hal, prog->steps, ctrl, max_polls, rep, err);
}

xc_status xc_cp_pn_go(xc_hal *hal, uint32_t steps, uint32_t ctrl, unsigned long max_polls, xc_cp_pn_report *rep,
                      xc_err *err)
{
    const unsigned long mark = xc_hal_cycles(hal);
    xc_hal_write(hal, XC_PN_REG_STEPS, steps);
    xc_hal_write(hal, XC_PN_REG_CTRL, ctrl | 1u << XC_PN_CTRL_START_BIT);
    unsigned long polls = 0;
    uint32_t status;
    do {
        status = xc_hal_read(hal, XC_PN_REG_STATUS);
        if (xc_hal_halted(hal))
            return xc_fail(err, XC_EIO, "platform halted");
    } while (!((status >> 1) & 1u) && ++polls < max_polls);
    rep->status = status;
    rep->cycles = xc_hal_read(hal, XC_PN_REG_CYCLES);
    rep->delivered = xc_hal_read(hal, XC_PN_REG_DELIVERED);
    rep->errors = xc_hal_read(hal, XC_PN_REG_ERRORS);
    rep->err_info = xc_hal_read(hal, XC_PN_REG_ERR_INFO);
    rep->err_step = xc_hal_read(hal, XC_PN_REG_ERR_STEP);
    rep->bus_control += xc_hal_cycles(hal) - mark;
    if (xc_hal_halted(hal))
        return xc_fail(err, XC_EIO, "platform halted");
    if (!((status >> 1) & 1u))
        return xc_fail(err, XC_ECHECK, "exchange not done after %lu status polls (STATUS 0x%x)", max_polls,
                       status);
    return XC_OK;
}
