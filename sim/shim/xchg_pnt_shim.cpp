// SPDX-License-Identifier: MIT
// The thin C++ shim around the block model of the tiled router model
// (a Verilated xchg_pn_top holding one xchg_pn_block, sw/pn/xc_pn_tile.c):
// one instance a block, each with its own context (its plusargs: the
// fault slots of its routers). The wiring between the instances is C
// (sim/harness/xc_dut_tile.c).
#include <cstring>
#include <memory>

#include "Vxchg_pn_top.h"
#include "Vxchg_pn_top___024root.h"
#include "xchg_pn_scopes.h"

// The model's scheduler called directly, as the MIN's shim does and for
// the same reasons (sim/shim/xchg_min_shim.cpp): only with the Verilator
// it was measured on, single-threaded.
#if !defined(XC_THREADS) && (VERILATOR_VERSION_INTEGER + 0) == 5006000
#define XC_PNT_EVAL_DIRECT 1
void Vxchg_pn_top___024root___eval(Vxchg_pn_top___024root *vlSelf);
#endif

namespace {
struct Tile {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vxchg_pn_top> top;
};
} // namespace

extern "C" {

// A block model named name (its scopes are "<name>.xchg_pn_top.u_b0..."),
// clock low, in reset.
void *xchg_pnt_open(int argc, const char **argv, const char *name)
{
    Tile *t = new Tile;
    t->ctx.reset(new VerilatedContext);
    t->ctx->commandArgs(argc, argv);
    t->top.reset(new Vxchg_pn_top{t->ctx.get(), name});
    t->top->clk_i = 0;
    t->top->tick_i = 0;
    t->top->rst_ni = 0;
    t->top->eval(); // the first evaluation (initial blocks, the first-eval checks): no edge
    return t;
}

// Sets the reset (1: in reset) for the next evaluation.
void xchg_pnt_reset(void *h, int rst) { static_cast<Tile *>(h)->top->rst_ni = !rst; }

// One clock cycle in one evaluation: tick_i changes and the top
// (sw/pn/xc_pn_tile.c) makes of it a clock pulse that rises, once the
// inputs set before have settled, and falls within the evaluation.
void xchg_pnt_tick(void *h)
{
    Vxchg_pn_top *top = static_cast<Tile *>(h)->top.get();
    top->tick_i = !top->tick_i;
#ifdef XC_PNT_EVAL_DIRECT
    Vxchg_pn_top___024root___eval(top->rootp);
#else
    top->eval();
#endif
}

// The storage of port name (the controller's signals by their names in
// xc_pn_ctrl_sig: those from its registers are the ports <name>_nx_i,
// the next cycle's; the block's own ports by theirs) and its size in
// bytes: 0, or -1 for a name it does not have.
int xchg_pnt_port(void *h, const char *name, void **data, unsigned *bytes)
{
    Vxchg_pn_top *top = static_cast<Tile *>(h)->top.get();
#define XC_PORT(n) XC_PORT_AS(#n, n)
#define XC_PORT_NX(n) XC_PORT_AS(#n, n##_nx_i)
    XC_PORT(base_i) XC_PORT(link_mask_i) XC_PORT(xin_i) XC_PORT(xarr_i) XC_PORT(xout_o) XC_PORT(xsend_o)
    XC_PORT(dlv_now_o) XC_PORT(err_now_o) XC_PORT(err_any_o)
    XC_PN_CTRL_BUS(XC_PORT)
    XC_PN_CTRL_REG(XC_PORT_NX)
#undef XC_PORT_NX
#undef XC_PORT
    return -1;
}

// Router scope's observation registers and memories, as the flat model's
// xchg_pn_dut_node_ports and xchg_pn_dut_mem (scope "u_b0.u_r3").
int xchg_pnt_node_ports(void *h, const char *scope, const uint32_t **link, const uint32_t **dlv,
                        const uint8_t **dlv_on, const uint16_t **err, const uint8_t **send, unsigned *send_bytes,
                        unsigned *dlv_lanes)
{
    Tile *t = static_cast<Tile *>(h);
    return xc_pn_node_ports(t->ctx.get(), t->top->name(), scope, link, dlv, dlv_on, err, send, send_bytes,
                            dlv_lanes);
}

int xchg_pnt_mem(void *h, const char *scope, const char *var, void **data, unsigned *bytes, unsigned *count,
                 unsigned *bits)
{
    Tile *t = static_cast<Tile *>(h);
    return xc_pn_mem(t->ctx.get(), t->top->name(), scope, var, data, bytes, count, bits);
}

void xchg_pnt_close(void *h)
{
    Tile *t = static_cast<Tile *>(h);
    t->top->final();
    delete t;
}

} // extern "C"
