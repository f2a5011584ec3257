/* SPDX-License-Identifier: MIT */
#include "xc_lockstep_core.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "xc_fcov.h"

static void hal_write(void *ctx, unsigned addr, uint32_t data)
{
    xc_lsc *c = ctx;
    if (c->halted)
        return;
    xc_hw_bus bus = {.we = 1, .addr = (uint16_t)addr, .wdata = data};
    c->cycle_fn(c, &bus, 1);
}

static uint32_t hal_read(void *ctx, unsigned addr)
{
    xc_lsc *c = ctx;
    if (c->halted)
        return 0;
    xc_hw_bus bus = {.re = 1, .addr = (uint16_t)addr};
    c->cycle_fn(c, &bus, 1);
    return c->ops->rdata(c);
}

static int hal_halted(void *ctx) { return ((xc_lsc *)ctx)->halted != XC_LS_RUNNING; }

xc_status xc_lsc_open(xc_lsc *c, const xc_lsc_ops *ops, xc_lsc_cycle_fn cycle, const xc_lsc_opts *o,
                      unsigned nodes, xc_err *err)
{
    memset(c, 0, sizeof *c);
    c->ops = ops;
    c->cycle_fn = cycle;
    c->both = o->golden && o->rtl;
    c->max_cycles = o->max_cycles;
    c->progress = o->progress;
    c->fcov_path = o->dut.fcov_path;
    c->coverage_path = o->dut.coverage_path;
    c->hal = (xc_hal){.ctx = c, .write = hal_write, .read = hal_read, .halted = hal_halted};
    if (xc_score_init(&c->score, nodes) != XC_OK)
        return xc_fail(err, XC_ENOMEM, "out of memory for the scoreboard");
    const char *what = NULL;
    if (c->fcov_path && !(c->fcov = ops->fcov_new(c)))
        what = "the functional coverage";
    else if (o->golden && !ops->golden_new(c))
        what = "the golden model";
    xc_status st = what ? xc_fail(err, XC_ENOMEM, "out of memory for %s", what) : XC_OK;
    if (!st && o->rtl)
        st = ops->rtl_open(c, &o->dut, err);
    if (st)
        xc_lsc_close(c);
    return st;
}

void xc_lsc_idle(xc_lsc *c, unsigned cycles)
{
    xc_hw_bus idle = {0};
    for (unsigned i = 0; i < cycles; i++)
        c->cycle_fn(c, &idle, 0);
}

void xc_lsc_output_failed(xc_lsc *c, const char *what, const char *path, int e)
{
    if (!c->out_st)
        c->out_st = xc_fail(&c->out_err, XC_EWRITE, "%s '%s': cannot write it%s%s", what, path, e ? ": " : "",
                            e ? strerror(e) : "");
}

void xc_lsc_close(xc_lsc *c)
{
    if (c->progress && c->cycle)
        xc_model_note(XC_NOTE_CLEAR, "");
    if (c->fcov && c->cycle && xc_fcov_write(c->fcov, c->fcov_path) != 0)
        xc_lsc_output_failed(c, "--fcov", c->fcov_path, errno);
    xc_fcov_free(c->fcov);
    c->fcov = NULL;
    if (c->ops) /* NULL: never opened */
        c->ops->free_models(c);
    xc_score_free(&c->score);
}
