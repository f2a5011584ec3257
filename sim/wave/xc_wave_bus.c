/* SPDX-License-Identifier: MIT */
#include "xc_wave_bus.h"

#include <stdlib.h>
#include <string.h>

#include "xc_consts.h"

void xc_wave_head_open(xc_wave_head *h, const char *path, unsigned long from, unsigned long to)
{
    h->out = xc_wave_out_open(path, "xchg golden model; one clock cycle = 1 ns, rising edge of cycle c at c ns");
    h->from = from;
    h->to = to;
}

/* Handle array i of writer w. */
static uint32_t **handles(const xc_wave_writer_kind *k, void *w, unsigned i)
{
    return (uint32_t **)((char *)w + k->handles[i]);
}

void *xc_wave_writer_new(const xc_wave_writer_kind *k, const void *proto, const size_t *count, const char *path,
                         unsigned long from, unsigned long to)
{
    xc_wave_head *w = malloc(k->size);
    if (!w)
        return NULL;
    memcpy(w, proto, k->size);
    int ok = 1;
    for (unsigned i = 0; i < k->n_handles; i++)
        ok &= (*handles(k, w, i) = calloc(count[i] ? count[i] : 1, sizeof(uint32_t))) != NULL;
    xc_wave_head_open(w, path, from, to);
    if (ok && w->out) {
        k->declare(w);
        if (!xc_wave_out_failed(w->out))
            return w;
    }
    xc_wave_writer_free(k, w);
    return NULL;
}

void xc_wave_writer_free(const xc_wave_writer_kind *k, void *w)
{
    if (!w)
        return;
    xc_wave_out_close(((xc_wave_head *)w)->out);
    for (unsigned i = 0; i < k->n_handles; i++)
        free(*handles(k, w, i));
    free(w);
}

int xc_wave_head_has(const xc_wave_head *h, unsigned long cycle)
{
    return cycle >= h->from && cycle <= h->to && cycle != 0;
}

void xc_wave_bus_declare(xc_wave_out *o, xc_wave_bus *b)
{
    b->clk = xc_wave_out_var(o, 1, "clk_i");
    b->we = xc_wave_out_var(o, 1, "bus_we_i");
    b->re = xc_wave_out_var(o, 1, "bus_re_i");
    b->addr = xc_wave_out_var(o, XC_BUS_ADDR_W, "bus_addr_i");
    b->wdata = xc_wave_out_var(o, 32, "bus_wdata_i");
    b->rdata = xc_wave_out_var(o, 32, "bus_rdata_o");
}

void xc_wave_bus_inputs(xc_wave_out *o, const xc_wave_bus *b, const xc_hw_bus *bus)
{
    xc_wave_out_put(o, b->we, bus->we);
    xc_wave_out_put(o, b->re, bus->re);
    xc_wave_out_put(o, b->addr, bus->addr);
    xc_wave_out_put(o, b->wdata, bus->wdata);
}

void xc_wave_bus_edge(xc_wave_out *o, const xc_wave_bus *b, uint64_t edge, uint32_t rdata)
{
    xc_wave_out_time(o, edge);
    xc_wave_out_put(o, b->clk, 1);
    xc_wave_out_put(o, b->rdata, rdata);
}
