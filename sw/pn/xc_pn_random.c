/* SPDX-License-Identifier: MIT */
#include "xc_pn_random.h"

#include <stdio.h>
#include <stdlib.h>

/* The senders of one step, collected from the schedule as it streams. */
struct senders {
    uint64_t want, cur;  /* the step drawn, the step being generated */
    uint8_t *sends;      /* by node */
    uint32_t nodes;
    int all, done;       /* all: an op of every node; done: past the step */
};

static xc_status on_step(void *ctx, uint64_t t)
{
    struct senders *s = ctx;
    s->cur = t;
    if (t > s->want) {
        s->done = 1;
        return XC_ECHECK; /* stops the generator: the step is complete */
    }
    return XC_OK;
}

static xc_status on_op(void *ctx, const xc_op *op)
{
    struct senders *s = ctx;
    if (s->cur != s->want || op->kind == XC_OP_RECV)
        return XC_OK;
    if (op->node == XC_ALL_NODES)
        s->all = 1;
    else if (op->node < s->nodes)
        s->sends[op->node] = 1;
    return XC_OK;
}

/* The k-th sender (k uniform) of the step, or a uniform node. */
static uint32_t pick_sender(const struct senders *s, xc_rand *r)
{
    uint32_t count = 0;
    for (uint32_t v = 0; v < s->nodes && !s->all; v++)
        count += s->sends[v];
    if (s->all || count == 0)
        return (uint32_t)xc_rand_below(r, s->nodes);
    uint64_t k = xc_rand_below(r, count);
    for (uint32_t v = 0; v < s->nodes; v++)
        if (s->sends[v] && k-- == 0)
            return v;
    return 0;
}

xc_status xc_pn_random_fault(const xc_sched_opts *opts, uint64_t steps, unsigned long first_step, xc_rand *r,
                             char *out, size_t cap, xc_err *err)
{
    /* the kinds --inject takes on the routers; "switch" is a MIN's */
    static const char *const kinds[] = {"drop", "dup", "corrupt", "port"};
    const char *kind = kinds[xc_rand_below(r, 4)];
    const uint64_t step = 1 + xc_rand_below(r, steps ? steps : 1);
    struct senders s = {.want = step, .nodes = opts->net->nodes};
    if (!(s.sends = calloc(s.nodes ? s.nodes : 1, 1)))
        return xc_fail(err, XC_ENOMEM, "out of memory");
    const xc_sched_sink sink = {.ctx = &s, .step = on_step, .op = on_op};
    xc_sched_result res;
    xc_status st = xc_sched_generate(opts, &sink, &res, err);
    if (st == XC_OK || s.done) {
        st = XC_OK;
        uint32_t node = pick_sender(&s, r);
        snprintf(out, cap, "%s:n%u@%lu", kind, node, first_step + (unsigned long)step - 1);
    }
    free(s.sends);
    return st;
}
