/* SPDX-License-Identifier: MIT */
/* The product-network hardware as seen from C: the build configuration of
 * one network top (xchg_pn_top: xchg_pn_ctrl + one xchg_router per node),
 * the step-table entry layout, and what the lock-step compares after every
 * clock edge. Register map and entry layout: sw/lib/xc_consts.def. */
#ifndef XC_PNHW_H_
#define XC_PNHW_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_flit.h"
#include "xc_minhw.h"
#include "xc_topo.h"

typedef struct xc_pn_hw {
    xc_net net;
    uint32_t nodes, ports;  /* routers, link ports per router */
    uint32_t slots, slot_w; /* message slots per router, bits of an index */
    uint32_t depth;         /* step-table entries */
    int multiport, half_duplex;
    int per_node;           /* 1: every router has its own table memory */
    int rom;                /* 1: the broadcast table is a ROM image ($readmemh at start) */
    uint32_t port_w, entry_w, wpe; /* bits per port field, per entry; bus words per entry */
    /* circuit mode (wormhole steps): built in when circuit is 1 (xc_pn_hw_set_list) */
    int circuit;                   /* 1: routers have the crossbar (Circuit = 1) */
    uint32_t list_depth, list_w;   /* inject-list entries (a power of two), bits of an index */
    uint32_t out_w, route_w, len_w; /* bits of an output, a route field, a length */
    uint32_t centry_w, cwpe;       /* bits per circuit entry; bus words per circuit entry */
    uint32_t block;                /* routers per block of the generated top; 0: no blocks */
} xc_pn_hw;

/* Networks up to this many nodes get a flat top (one router instance per
 * node, u_n<v>); larger ones a top of blocks (u_b<i>.u_r<j>). */
#define XC_PN_FLAT_MAX 64u

/* Routers per block of net's generated top, 0 for a flat top: the nodes of
 * the trailing dimensions (which share their leading coordinates, so every
 * block is wired alike inside), as many of them as makes blocks + routers
 * per block smallest (about the square root of the nodes). A network of
 * one dimension, or of at most XC_PN_FLAT_MAX nodes, is flat. */
uint32_t xc_pn_block_pick(const xc_net *net);
/* The block size xc_pn_block_pick chooses, at any size (net of two or
 * more dimensions). */
uint32_t xc_pn_block_trailing(const xc_net *net);

/* A router memory's size for n entries (slots, inject-list entries, table
 * depth): the least power of two >= n and >= lo (a power of two), so the
 * schedules of one network share a cached model; 2^31 when n is larger. */
uint32_t xc_pn_hw_pow2(uint64_t n, uint32_t lo);

/* Fills hw for net, store and forward only (no circuit mode; an inject
 * list of 2 entries, unused). XC_ERANGE when the
 * network or memories are too big for the RTL (16384 nodes, 32 ports,
 * 2^XC_PN_SLOT_W_MAX = 32768 slots, 2^XC_PN_STEP_W - 1 steps). */
xc_status xc_pn_hw_init(xc_pn_hw *hw, const xc_net *net, uint32_t slots, uint32_t depth, int multiport,
                        int half_duplex, int per_node, xc_err *err);

/* Builds the routers with circuit mode (hw->circuit = 1) and sizes their
 * inject lists: list_depth rounded up to a power of two, 2 .. 2^XC_PN_LIST_W_MAX
 * (XC_ERANGE beyond). */
xc_status xc_pn_hw_set_list(xc_pn_hw *hw, uint32_t list_depth, xc_err *err);

/* One circuit entry (docs/routers.md "Circuit mode"): per input i (0 ..
 * ports-1 the links, ports the local injection port) whether it is routed
 * and to which output (0 .. ports-1 a link, ports: eject to local); where
 * in the router's list memory the slots of the injected packet (gather)
 * and of the ejected one (scatter) are listed. */
typedef struct xc_pn_centry {
    uint8_t rv[33], rout[33];
    uint32_t inj_ptr, inj_len;  /* inject list: first index, flits */
    uint32_t ej_ptr, ej_len;    /* eject list: first index, flits */
} xc_pn_centry;

void xc_pn_centry_get(const xc_pn_hw *hw, const uint32_t *entry, xc_pn_centry *c);
void xc_pn_centry_put(const xc_pn_hw *hw, uint32_t *entry, const xc_pn_centry *c);

/* One port field of a step entry. */
typedef struct xc_pn_field {
    uint8_t send, keep, recv, store, dlv;
    uint32_t send_slot, recv_slot;
} xc_pn_field;

/* Reads / writes port p's field in an entry of hw->wpe words. */
void xc_pn_field_get(const xc_pn_hw *hw, const uint32_t *entry, uint32_t p, xc_pn_field *f);
void xc_pn_field_put(const xc_pn_hw *hw, uint32_t *entry, uint32_t p, const xc_pn_field *f);

/* Registered state after an edge. Two optional shortcuts keep the
 * lock-step's work proportional to link activity: a producer that knows
 * which entries are non-zero lists them (the golden model), and a producer
 * whose flits come packed as the top's observation ports leaves them
 * packed until someone asks (the Verilated RTL). */
typedef struct xc_pn_obs {
    xc_flit *link;   /* nodes * ports: the flit that left on (node, port) in the last cycle */
    xc_flit *dlv;    /* nodes * ports: delivered from (node, port) in the last cycle */
    uint16_t *err;   /* nodes: first error code | port << 4 */
    uint32_t rdata, status, step, cycles, delivered, errors, err_info, err_step;
    /* activity: when lists is set, link_on[0 .. n_link_on) are the indices
     * node * ports + port of every non-zero link entry, ascending (unless
     * one_port, below), and dlv_on the same for dlv; every other entry is 0 */
    int lists;
    uint32_t *link_on, *dlv_on, n_link_on, n_dlv_on;
    /* with lists: port + 1 when every link is on this one port and holds
     * a valid flit (the golden model's shared store-and-forward step),
     * else 0; the links are then not listed in link_on (n_link_on counts
     * them): they are the non-zero link[v * ports + one_port - 1] */
    uint32_t one_port;
    /* packed in place: when link_node is set, node v's links and deliveries
     * are the words link_node[v] and dlv_node[v] (xc_pn_node_words words
     * each, port p's lane at bit p * XC_PN_LANE_W: the Verilated routers'
     * own observation registers), and the link / dlv
     * arrays hold them only once unpacked is set (xc_pn_obs_unpack); when
     * err_node is set too, node v's first error is *err_node[v] (as an
     * entry of err: the router's own register), and err holds it only
     * once unpacked; when dlv_on_node is set too, node v's dlv lanes are
     * all 0 while *dlv_on_node[v] is 0 (the router's dlv_on_q), so a
     * compare reads them only when it is set or a delivery is expected;
     * when send_node is set too, link_node[v] is node v's one lane (a
     * router with one output lane, xc_pn_out_lanes) and send_node[v] the
     * ports it left on (send_bytes bytes, little-endian, bit p for port
     * p): port p's flit is the lane where bit p is set, else 0; when
     * dlv_one is set too, dlv_node[v] is node v's one delivery lane and
     * *dlv_on_node[v] the ports it was delivered on (bit p for port p):
     * port p's delivery is the lane where bit p is set, else 0 */
    const uint32_t *const *link_node, *const *dlv_node;
    int dlv_one;
    const uint8_t *const *dlv_on_node;
    const uint8_t *const *send_node;
    unsigned send_bytes;
    const uint16_t *const *err_node;
    int unpacked;
    /* when same_layout is set (xc_pn_obs_find_layout), every router keeps
     * its registers at the same offsets from its send byte: node v's
     * dlv_on flag at send_node[v] + off_dlv_on, and so err and the link
     * and delivery lanes; one pointer a node then reaches them all */
    int same_layout;
    ptrdiff_t off_dlv_on, off_err, off_link, off_dlv;
} xc_pn_obs;

xc_status xc_pn_obs_alloc(xc_pn_obs *obs, const xc_pn_hw *hw);
void xc_pn_obs_free(xc_pn_obs *obs);

/* A flit's lane in the routers' flit ports (`XCHG_PN_LANE_W in
 * rtl/pn/xchg_pn_widths.vh): port p at bit p * XC_PN_LANE_W, the flit in
 * its low XC_FLIT_W bits, the others 0. */
#define XC_PN_LANE_W 64

/* 32-bit words of one node's flit ports in lanes (a router's obs_link_o). */
size_t xc_pn_node_words(const xc_pn_hw *hw);

/* The lanes a router's link_o drives (`XCHG_PN_OUT_LANES): 1 for a
 * single-port router without circuit mode (one flit a step, on the ports
 * its send_o names), else one per port. */
uint32_t xc_pn_out_lanes(const xc_pn_hw *hw);

/* Sets obs->same_layout and the offsets when every node's registers in
 * place (one output lane, one send byte) lie at the same offsets from its
 * send byte, as the Verilated routers of one class do; clears it
 * otherwise. Call once, after the pointers are set. */
void xc_pn_obs_find_layout(const xc_pn_hw *hw, xc_pn_obs *obs);

/* Decodes link_node / dlv_node into link / dlv (nothing when not packed
 * or already unpacked). */
void xc_pn_obs_unpack(const xc_pn_hw *hw, xc_pn_obs *obs);

/* 1 when act equals exp in every item xc_pn_obs_diff compares, 0 when
 * something differs (then unpack act and call xc_pn_obs_diff for the
 * report). Links and deliveries: exp's arrays against act's lanes in
 * place (one 64-bit compare a port) when act is packed, else the decoded
 * arrays. */
int xc_pn_obs_same(const xc_pn_hw *hw, const xc_pn_obs *exp, const xc_pn_obs *act);

/* Compares expected and actual: returns the number of differing items and
 * writes the first into why, naming step (the step that ran in the cycle) ("node 5 port 2 step 7: link expected m(5→6),
 * actual -") and elem ("n5.p2", "n5", "reg.cycles"). Links first, then
 * deliveries, router errors, registers. */
unsigned xc_pn_obs_diff(const xc_pn_hw *hw, const xc_pn_obs *exp, const xc_pn_obs *act, unsigned step,
                        char *why, size_t why_cap, char *elem, size_t elem_cap);

/* The name of a router error code ("empty slot"). */
const char *xc_pn_err_name(unsigned code);

#ifdef __cplusplus
}
#endif

#endif /* XC_PNHW_H_ */
