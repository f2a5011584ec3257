// SPDX-License-Identifier: MIT
// The routers' registers and memories found by scope name, read and
// written in place: shared by the flat router model's shim
// (xchg_pn_shim.cpp) and the tiled model's block shim (xchg_pnt_shim.cpp);
// the port lookup the tiled model's two shims share (XC_PORT_AS).
// model: the model instance's name; scope: below "<model>.xchg_pn_top."
// ("u_n5", "u_b1.u_r3").
#ifndef XCHG_PN_SCOPES_H_
#define XCHG_PN_SCOPES_H_

#include <cstdint>
#include <cstring>
#include <string>

#include "verilated.h"
#include "verilated_syms.h" // VerilatedScope::varFind, VerilatedVar

static inline const VerilatedScope *xc_pn_find_scope(VerilatedContext *ctx, const std::string &name)
{
    // the scopes are registered in the context current when the model was made
    const VerilatedScope *s = ctx->scopeFind(name.c_str());
    return s ? s : Verilated::threadContextp()->scopeFind(name.c_str());
}

// The model's own storage of one router's observation registers (see
// xchg_pn_dut_node_ports in xchg_pn_shim.cpp): 0, or -1 when the scope
// or its variables are missing.
static inline int xc_pn_node_ports(VerilatedContext *ctx, const char *model, const char *scope,
                                   const uint32_t **link, const uint32_t **dlv, const uint8_t **dlv_on,
                                   const uint16_t **err, const uint8_t **send, unsigned *send_bytes,
                                   unsigned *dlv_lanes)
{
    const std::string name = std::string(model) + ".xchg_pn_top." + scope;
    const VerilatedScope *s = xc_pn_find_scope(ctx, name), *r = xc_pn_find_scope(ctx, name + ".u_rtr"),
                         *e = xc_pn_find_scope(ctx, name + ".u_rtr.u_err");
    VerilatedVar *l = s ? s->varFind("obs_link_q") : nullptr;
    VerilatedVar *v = r ? r->varFind("dlv_q") : nullptr;
    VerilatedVar *o = r ? r->varFind("dlv_on_q") : nullptr;
    VerilatedVar *f = e ? e->varFind("first_q") : nullptr;
    VerilatedVar *q = s ? s->varFind("obs_send_q") : nullptr;
    if (!l || !v || !o || !f || !q || o->entSize() != 1 || f->entSize() != 2 || q->entSize() > 4)
        return -1;
    *send = static_cast<const uint8_t *>(q->datap());
    *send_bytes = static_cast<unsigned>(q->entSize());
    *link = static_cast<const uint32_t *>(l->datap());
    *dlv = static_cast<const uint32_t *>(v->datap());
    *dlv_on = static_cast<const uint8_t *>(o->datap());
    *dlv_lanes = static_cast<unsigned>((v->totalSize() + 7) / 8);
    *err = static_cast<const uint16_t *>(f->datap());
    return 0;
}

// Variable var of the instance scope (a router's memory for the back
// door, see xchg_pn_dut_mem in xchg_pn_shim.cpp): its storage, element
// size in bytes, number of elements (1 for a scalar) and bits. 0, or -1
// when the scope or the variable is missing.
static inline int xc_pn_mem(VerilatedContext *ctx, const char *model, const char *scope, const char *var,
                            void **data, unsigned *bytes, unsigned *count, unsigned *bits)
{
    const VerilatedScope *s = xc_pn_find_scope(ctx, std::string(model) + ".xchg_pn_top." + scope);
    VerilatedVar *v = s ? s->varFind(var) : nullptr;
    if (!v || v->udims() > 1)
        return -1;
    *data = v->datap();
    *bytes = v->entSize();
    // elements(dim), the DPI accessor: packed() and unpacked() are gone in
    // newer Verilators (5.048), elements() is in 5.006 and there alike
    *count = v->udims() ? (unsigned)v->elements(1) : 1u;
    *bits = (unsigned)v->elements(0);
    return 0;
}

// A port of any width as bytes: a Verilated port is 1, 2, 4 or 8 bytes
// (CData .. QData) or a VlWide of 32-bit words, little-endian alike.
template <std::size_t W>
void xc_port_ref(VlWide<W> &v, void **data, unsigned *bytes)
{
    *data = v.data();
    *bytes = (unsigned)(W * 4);
}
template <typename T>
void xc_port_ref(T &v, void **data, unsigned *bytes)
{
    *data = &v;
    *bytes = (unsigned)sizeof v;
}

// In a shim's port lookup (xchg_pnt_port, xchg_pnc_port: the model `top`,
// the asked-for `name`, the outputs `data` and `bytes`): port `port` of
// the model answers to name n.
#define XC_PORT_AS(n, port)                                                                                  \
    if (!std::strcmp(name, n)) {                                                                             \
        xc_port_ref(top->port, data, bytes);                                                                 \
        return 0;                                                                                            \
    }

// The controller's signals to the routers, X(name) for each: those it
// computes from the bus inputs of the cycle (xc_pn_tile_bus_sig,
// sw/pn/xc_pn_tile.h), then those from its registers alone.
#define XC_PN_CTRL_BUS(X) X(clear) X(msg_we) X(msg_wdata) X(tbl_we) X(tbl_wdata) X(cir_we) X(lst_we)
#define XC_PN_CTRL_REG(X)                                                                                    \
    X(run) X(step) X(bcast) X(bcast_entry) X(sel) X(msg_addr) X(tbl_addr) X(circ) X(rel) X(ts) X(last)       \
    X(cir_addr) X(lst_addr) X(bcast_dec)

#endif // XCHG_PN_SCOPES_H_
