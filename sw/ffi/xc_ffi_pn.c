/* SPDX-License-Identifier: MIT */
/* The flat API for a router network: the routers sized as `xchg run`
 * sizes them, the step tables compiled for them, their top written, the
 * firmware run over the caller's bus. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cp_pn.h"
#include "xc_ffi_int.h"
#include "xc_flit.h"
#include "xc_fs.h"
#include "xc_pn_prog.h"
#include "xc_pn_rtl.h"
#include "xc_pnhw.h"
#include "xc_sched.h"
#include "xc_topo.h"

struct xc_ffi_pn {
    xc_net net;
    xc_sched_opts so; /* .net points at net above: the handle never moves */
    xc_pn_hw hw;
    xc_pn_prog prog;
    xc_cp_pn_report rep;
};

/* The network, the plan (a total exchange), the routers (slots = nodes,
 * table depth a power of two >= 32, per-node tables: `xchg run`'s
 * defaults), the program. */
static xc_status setup(xc_ffi_pn *h, const char *net, const char *algo, xc_err *err)
{
    const int a = algo ? xc_algo_parse(algo) : -1;
    if (a != XC_ALGO_TE_NI && a != XC_ALGO_TE_A1 && a != XC_ALGO_TE_A2)
        return xc_fail(err, XC_EINVAL, "algo '%.*s': allowed te-ni, te-a1, te-a2", 40, algo ? algo : "(null)");
    if (!net)
        return xc_fail(err, XC_EINVAL, "net: a product network such as torus:4x4");
    xc_status st = xc_topo_parse(net, &h->net, err);
    if (st)
        return st;
    h->so = (xc_sched_opts){.net = &h->net, .algo = (xc_algo)a, .multiport = a == XC_ALGO_TE_A2};
    xc_sched_plan plan;
    if ((st = xc_sched_plan_for(&h->so, &plan, err)) ||
        (st = xc_pn_hw_init(&h->hw, &h->net, h->net.nodes, xc_pn_hw_pow2(plan.expected, 32), h->so.multiport, 0, 1,
                            err)))
        return st;
    return xc_pn_compile(&h->hw, &h->so, &h->prog, err);
}

xc_ffi_pn *xc_ffi_pn_new(const char *net, const char *algo, char *err, size_t errlen)
{
    xc_ffi_pn *h = calloc(1, sizeof *h);
    xc_err e;
    if (!h) {
        xc_ffi_fail(XC_ENOMEM, "out of memory", err, errlen);
        return NULL;
    }
    const xc_status st = setup(h, net, algo, &e);
    if (st) {
        xc_ffi_fail(st, e.msg, err, errlen);
        xc_ffi_pn_free(h);
        return NULL;
    }
    return h;
}

void xc_ffi_pn_free(xc_ffi_pn *h)
{
    if (!h)
        return;
    xc_pn_prog_free(&h->prog); /* all zeros when never compiled: a no-op */
    free(h);
}

unsigned xc_ffi_pn_nodes(const xc_ffi_pn *h) { return h->hw.nodes; }
unsigned xc_ffi_pn_ports(const xc_ffi_pn *h) { return h->hw.ports; }
unsigned xc_ffi_pn_steps(const xc_ffi_pn *h) { return h->prog.steps; }

int xc_ffi_pn_write_top(const xc_ffi_pn *h, const char *path, char *err, size_t errlen)
{
    char tmp[4096];
    FILE *f = NULL;
    if (!path || xc_fs_tmp_name(tmp, sizeof tmp, path) != 0 || !(f = fopen(tmp, "w")))
        return xc_ffi_fail(XC_EIO, "cannot write the network top (no path, or its folder is missing)", err, errlen);
    xc_pn_rtl_write(f, &h->hw, NULL);
    if (xc_fs_close_rename(f, tmp, path) != 0)
        return xc_ffi_fail(XC_EWRITE, "cannot write the network top to its path", err, errlen);
    return 0;
}

int xc_ffi_pn_router_scope(const xc_ffi_pn *h, unsigned v, char *buf, size_t cap)
{
    if (v >= h->hw.nodes || cap == 0)
        return XC_ERANGE;
    xc_pn_router_scope(&h->hw, v, buf, cap);
    return 0;
}

size_t xc_ffi_pn_expect(const xc_ffi_pn *h, uint32_t *node, uint32_t *word, size_t cap)
{
    size_t i = 0;
    for (uint32_t v = 0; v < h->hw.nodes; v++)
        for (uint32_t k = 0; k < h->hw.nodes; k++) {
            uint32_t w;
            if (!xc_cp_pn_initial(&h->hw, h->prog.kind_mnb, v, k, &w))
                continue;
            if (i < cap) {
                node[i] = xc_flit_dst(w);
                word[i] = w;
            }
            i++;
        }
    return i;
}

long long xc_ffi_pn_report(const xc_ffi_pn *h, const char *name)
{
    const xc_cp_pn_report *r = &h->rep;
    const xc_ffi_named t[] = {
        {"cycles", r->cycles},     {"delivered", r->delivered}, {"errors", r->errors},
        {"err_info", r->err_info}, {"err_step", r->err_step},   {"status", r->status},
        {"bus_tables", (long long)r->bus_tables}, {"bus_messages", (long long)r->bus_messages},
        {"bus_control", (long long)r->bus_control},
    };
    return xc_ffi_lookup(t, sizeof t / sizeof t[0], name);
}

/* the firmware, everything over the bus */
static xc_status pn_fw(xc_hal *hal, void *arg, unsigned long max_polls, xc_err *err)
{
    xc_ffi_pn *h = arg;
    memset(&h->rep, 0, sizeof h->rep);
    return xc_cp_pn_run(hal, &h->hw, &h->prog, 0, 0u, max_polls, &h->rep, err);
}

int xc_ffi_pn_run(xc_ffi_pn *h, xc_ffi_write_fn write, xc_ffi_read_fn read, void *ctx, unsigned long max_polls,
                  char *err, size_t errlen)
{
    return xc_ffi_run_fw(pn_fw, h, write, read, ctx, max_polls, err, errlen);
}
