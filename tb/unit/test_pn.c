/* SPDX-License-Identifier: MIT */
/* Product-network routers in C: the step-entry layout round-trips, the
 * golden model driven by the firmware delivers every message of every
 * schedule on many networks in exactly steps + 1 cycles (per-node and
 * broadcast tables, front door and back door), and its router checks
 * report the errors of docs/routers.md. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "xc_consts.h"
#include "xc_cp_pn.h"
#include "xc_grow.h"
#include "xc_lockstep_pn.h"
#include "xc_test.h"

static void test_field_round_trip(void **state)
{
    (void)state;
    xc_net net;
    xc_pn_hw hw;
    assert_int_equal(xc_topo_parse("ghc:3x5", &net, NULL), XC_OK); /* 6 ports, 15 slots */
    assert_int_equal(xc_pn_hw_init(&hw, &net, net.nodes, 32, 0, 0, 1, NULL), XC_OK);
    assert_int_equal(hw.entry_w, 6 * (5 + 2 * 4));
    uint32_t e[8] = {0};
    srand(7);
    xc_pn_field want[6];
    for (uint32_t p = 0; p < hw.ports; p++) {
        want[p] = (xc_pn_field){.send = rand() & 1, .keep = rand() & 1, .recv = rand() & 1, .store = rand() & 1,
                                .dlv = rand() & 1, .send_slot = (uint32_t)rand() % 15, .recv_slot = (uint32_t)rand() % 15};
        xc_pn_field_put(&hw, e, p, &want[p]);
    }
    for (uint32_t p = 0; p < hw.ports; p++) {
        xc_pn_field got;
        xc_pn_field_get(&hw, e, p, &got);
        const xc_pn_field *w = &want[p];
        xc_assert_row("port field", "send keep recv store dlv send_slot recv_slot",
                      XC_ROW(got.send, got.keep, got.recv, got.store, got.dlv, got.send_slot, got.recv_slot),
                      XC_ROW(w->send, w->keep, w->recv, w->store, w->dlv, w->send_slot, w->recv_slot), 7);
    }
    assert_int_equal(e[hw.wpe], 0); /* nothing past the entry */
}

/* One run on the golden model; returns the firmware's report. */
static xc_cp_pn_report run(const char *spec, xc_algo algo, int multi, int half, int broadcast, unsigned flags,
                           const char *brk_kind, unsigned long *missing)
{
    xc_net net;
    xc_pn_hw hw;
    xc_err err;
    assert_int_equal(xc_topo_parse(spec, &net, &err), XC_OK);
    xc_sched_opts so = {.net = &net, .algo = algo, .multiport = multi, .half_duplex = half};
    xc_sched_plan plan;
    assert_int_equal(xc_sched_plan_for(&so, &plan, &err), XC_OK);
    assert_int_equal(xc_pn_hw_init(&hw, &net, net.nodes, (uint32_t)plan.expected, multi, half, 1, &err), XC_OK);
    xc_pn_prog prog;
    assert_int_equal(xc_pn_compile(&hw, &so, &prog, &err), XC_OK);
    if (brk_kind) { /* node 1, step 1: its send reads slot 0, which starts empty */
        uint32_t *entry = prog.pernode + (size_t)1 * prog.steps * hw.wpe;
        for (uint32_t p = 0; p < hw.ports; p++) {
            xc_pn_field f;
            xc_pn_field_get(&hw, entry, p, &f);
            if (f.send)
                f.send_slot = 0;
            xc_pn_field_put(&hw, entry, p, &f);
        }
    }
    xc_lsp ls;
    xc_lsp_opts o = {.core.golden = 1, .kind_mnb = prog.kind_mnb, .core.max_cycles = 10000000};
    assert_int_equal(xc_lsp_open(&ls, &hw, &o, &err), XC_OK);
    if (flags & XC_CP_PN_BACK_DOOR)
        assert_int_equal(xc_lsp_poke(&ls, &prog, broadcast, &err), XC_OK);
    xc_cp_pn_report rep;
    assert_int_equal(xc_cp_pn_run(&ls.core.hal, &hw, &prog, broadcast, flags, 100000, &rep, &err), XC_OK);
    *missing = xc_score_missing(&ls.core.score);
    if (!brk_kind) {
        xc_err why;
        assert_int_equal(xc_score_verdict(&ls.core.score, &why), XC_OK);
        assert_int_equal(rep.cycles, prog.steps + 1);
        assert_int_equal(rep.errors, 0);
        assert_int_equal(rep.delivered, (uint32_t)net.nodes * (net.nodes - 1));
    }
    xc_lsp_close(&ls);
    xc_pn_prog_free(&prog);
    return rep;
}

static void test_every_schedule(void **state)
{
    (void)state;
    static const struct { const char *net; xc_algo algo; int multi, half; } cases[] = {
        {"torus:4x4", XC_ALGO_TE_A1, 0, 0},  {"torus:4x4", XC_ALGO_TE_NI, 0, 0},
        {"torus:3x5", XC_ALGO_TE_A1, 0, 0},  {"hypercube:5", XC_ALGO_TE_NI, 0, 0},
        {"ghc:3x4", XC_ALGO_TE_A1, 0, 0},    {"ring:9", XC_ALGO_TE_NI, 0, 0},
        {"mesh:3x5", XC_ALGO_TE_A1, 0, 0},   {"ring:6*complete:3*path:4", XC_ALGO_TE_A1, 0, 0},
        {"torus:4x4", XC_ALGO_TE_A2, 1, 0},  {"hypercube:4", XC_ALGO_TE_A2, 1, 0},
        {"torus:4x4", XC_ALGO_MNB, 0, 0},    {"torus:4x4", XC_ALGO_MNB, 0, 1},
        {"ring:5", XC_ALGO_MNB, 0, 1},       {"torus:3x4", XC_ALGO_MNB_PRODUCT, 0, 0},
    };
    unsigned long missing;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run(cases[i].net, cases[i].algo, cases[i].multi, cases[i].half, 0, 0, NULL, &missing);
        assert_int_equal(missing, 0);
        if (cases[i].algo == XC_ALGO_TE_NI) {
            run(cases[i].net, cases[i].algo, 0, 0, 1, 0, NULL, &missing);
            run(cases[i].net, cases[i].algo, 0, 0, 1, XC_CP_PN_BACK_DOOR, NULL, &missing);
        }
        run(cases[i].net, cases[i].algo, cases[i].multi, cases[i].half, 0, XC_CP_PN_BACK_DOOR, NULL, &missing);
    }
}

static void test_empty_slot_reported(void **state)
{
    (void)state;
    unsigned long missing;
    xc_cp_pn_report rep = run("ring:8", XC_ALGO_TE_A1, 0, 0, 0, 0, "empty", &missing);
    assert_true(rep.errors > 0);
    assert_int_equal(rep.err_step, 1);
    assert_true(missing > 0);
    /* node 1 sends from an empty slot; its receiver (node 0 or 2) misses it:
     * the lowest node of the cycle is reported */
    const unsigned node = XC_FIELD_GET(rep.err_info, PN_ERR_NODE), code = XC_FIELD_GET(rep.err_info, PN_ERR_CODE);
    assert_true((node == 1 && code == XC_RERR_EMPTY) || (node == 0 && code == XC_RERR_MISSING));
}

/* One store-and-forward step on the golden model of torus:4x4 with
 * per-node tables: node a sends to node 5's port pa, node b to port pb;
 * node 5 receives on port pb only, storing into its full slot 0. Node 5
 * then has an unexpected arrival at pa and an overwrite at pb in the same
 * cycle; returns its error register (code | port << 4). */
static unsigned two_errors(uint32_t pa, uint32_t pb)
{
    xc_net net;
    xc_pn_hw hw;
    assert_int_equal(xc_topo_parse("torus:4x4", &net, NULL), XC_OK);
    assert_int_equal(xc_pn_hw_init(&hw, &net, 16, 4, 0, 0, 1, NULL), XC_OK);
    xc_gm_pn *g = xc_gm_pn_new(&hw);
    assert_non_null(g);
    const uint32_t v = 5, a = (uint32_t)xc_topo_neighbor(&net, v, pa), b = (uint32_t)xc_topo_neighbor(&net, v, pb);
    assert_true(a != b && a != v && b != v);
    uint32_t entry[4];
    const struct { uint32_t node, port; xc_pn_field f; } rows[] = {
        {a, (uint32_t)xc_topo_back_port(&net, v, pa), {.send = 1, .send_slot = 0}},
        {b, (uint32_t)xc_topo_back_port(&net, v, pb), {.send = 1, .send_slot = 0}},
        {v, pb, {.recv = 1, .store = 1, .recv_slot = 0}},
    };
    for (size_t r = 0; r < 3; r++) {
        memset(entry, 0, sizeof entry);
        xc_pn_field_put(&hw, entry, rows[r].port, &rows[r].f);
        for (uint32_t w = 0; w < hw.wpe; w++)
            xc_gm_pn_poke_tbl(g, rows[r].node, w, entry[w]);
        xc_gm_pn_poke_msg(g, rows[r].node, 0, xc_msg_word(rows[r].node, v));
    }
    const xc_hw_bus steps = {.we = 1, .addr = XC_PN_REG_STEPS, .wdata = 1};
    const xc_hw_bus start = {.we = 1, .addr = XC_PN_REG_CTRL, .wdata = 1u << XC_PN_CTRL_START_BIT};
    const xc_hw_bus idle = {0};
    xc_gm_pn_tick(g, &steps);
    xc_gm_pn_tick(g, &start);
    xc_gm_pn_tick(g, &idle); /* step 1 */
    const xc_pn_obs *o = xc_gm_pn_obs(g);
    const unsigned e = o->err[v];
    /* the two flits left on their links; the activity lists name them */
    assert_int_equal(o->n_link_on, 2);
    assert_true(o->lists && o->link_on[0] < o->link_on[1]);
    assert_int_equal(o->errors, 1);
    xc_gm_pn_free(g);
    return e;
}

/* Errors of one router in one cycle rank in port order: the lower port's
 * error is the one it reports, whichever kind it is. */
static void test_error_port_order(void **state)
{
    (void)state;
    assert_int_equal(two_errors(0, 2), XC_RERR_UNEXP | 0u << 4);
    assert_int_equal(two_errors(2, 0), XC_RERR_OVERWRITE | 0u << 4);
    assert_int_equal(two_errors(1, 3), XC_RERR_UNEXP | 1u << 4);
    assert_int_equal(two_errors(3, 1), XC_RERR_OVERWRITE | 1u << 4);
}

/* The quick compare agrees with the item by item one: flits in 64-bit
 * lanes per node, as the routers keep them, equal to the golden model's
 * pass; one flipped bit anywhere (a flit's or a lane's unused high bits),
 * on an idle link or an active one, fails, and unpacking names the
 * element. */
/* The routers of torus:3x5 (16 slots, single-port) and an expected and an
 * actual observation of them, for the compare tests. */
static void obs_pair(xc_pn_hw *hw, xc_pn_obs *exp, xc_pn_obs *act)
{
    xc_net net; /* xc_pn_hw keeps its own copy */
    assert_int_equal(xc_topo_parse("torus:3x5", &net, NULL), XC_OK);
    assert_int_equal(xc_pn_hw_init(hw, &net, 16, 4, 0, 0, 1, NULL), XC_OK);
    assert_int_equal(xc_pn_obs_alloc(exp, hw), XC_OK);
    assert_int_equal(xc_pn_obs_alloc(act, hw), XC_OK);
}

static void test_packed_compare(void **state)
{
    (void)state;
    xc_pn_hw hw;
    xc_pn_obs exp, act;
    obs_pair(&hw, &exp, &act);
    const size_t np = (size_t)hw.nodes * hw.ports, nw = xc_pn_node_words(&hw), words = hw.nodes * nw;
    assert_int_equal(nw, hw.ports * 2);
    uint32_t *link = calloc(words, 4), *dlv = calloc(words, 4);
    const uint32_t **link_node = calloc(hw.nodes, sizeof *link_node), **dlv_node = calloc(hw.nodes, sizeof *dlv_node);
    assert_non_null(link);
    assert_non_null(dlv);
    assert_non_null(link_node);
    assert_non_null(dlv_node);
    for (uint32_t v = 0; v < hw.nodes; v++) { /* each node's words apart, in reverse order */
        link_node[v] = link + (hw.nodes - 1 - v) * nw;
        dlv_node[v] = dlv + (hw.nodes - 1 - v) * nw;
    }
    act.link_node = link_node;
    act.dlv_node = dlv_node;
    for (int round = 0; round < 3; round++) { /* changing activity */
        memset(exp.link, 0, np * sizeof *exp.link);
        memset(link, 0, words * 4);
        for (size_t i = (size_t)round; i < np; i += 3 + (size_t)round) {
            exp.link[i] = xc_flit_make(xc_msg_word((unsigned)i % 15, (unsigned)(i + 1) % 15), (unsigned)i);
            uint32_t *w = (uint32_t *)link_node[i / hw.ports];
            for (unsigned bit = 0; bit < XC_FLIT_W; bit++) /* a router's layout, bit by bit */
                if (exp.link[i] >> bit & 1u)
                    w[(i % hw.ports * XC_PN_LANE_W + bit) / 32] |= 1u << ((i % hw.ports * XC_PN_LANE_W + bit) % 32);
        }
        act.unpacked = 0;
        assert_true(xc_pn_obs_same(&hw, &exp, &act));
        xc_pn_obs_unpack(&hw, &act);
        assert_memory_equal(act.link, exp.link, np * sizeof *act.link);
    }
    char why[256], elem[32];
    for (size_t bit = 0; bit < np * XC_PN_LANE_W; bit += 37) {
        uint32_t *w = (uint32_t *)link_node[bit / XC_PN_LANE_W / hw.ports];
        const size_t nb = bit % (hw.ports * XC_PN_LANE_W); /* the bit within its node */
        w[nb / 32] ^= 1u << (nb % 32);
        act.unpacked = 0;
        assert_false(xc_pn_obs_same(&hw, &exp, &act));
        xc_pn_obs_unpack(&hw, &act);
        assert_int_equal(xc_pn_obs_diff(&hw, &exp, &act, 1, why, sizeof why, elem, sizeof elem), 1);
        char want[32];
        snprintf(want, sizeof want, "n%zu.p%zu", bit / XC_PN_LANE_W / hw.ports, bit / XC_PN_LANE_W % hw.ports);
        if (!strstr(why, "left on port")) /* a moved flit names the port it should have used */
            assert_string_equal(elem, want);
        w[nb / 32] ^= 1u << (nb % 32);
    }
    dlv[nw - 1] ^= 1u << 31; /* the last bit of the last node's delivery lanes */
    act.unpacked = 0;
    assert_false(xc_pn_obs_same(&hw, &exp, &act));
    dlv[nw - 1] ^= 1u << 31;
    dlv[nw] ^= 1u; /* the first bit of the next-to-last node's */
    act.unpacked = 0;
    assert_false(xc_pn_obs_same(&hw, &exp, &act));
    free(link);
    free(dlv);
    free(link_node);
    free(dlv_node);
    xc_pn_obs_free(&exp);
    xc_pn_obs_free(&act);
}

/* A router model's registers as the harness reads them in place: per
 * node its link and delivery lanes, delivery flag, first error and send
 * bits (one byte), each node's pointers into them set in act. */
typedef struct in_place {
    size_t nw; /* 32-bit words of a node's lanes */
    uint32_t *link, *dlv;
    uint8_t *on, *send;
    uint16_t *err;
    const uint32_t **link_node, **dlv_node;
    const uint8_t **on_node, **send_node;
    const uint16_t **err_node;
} in_place;

static void in_place_make(const xc_pn_hw *hw, xc_pn_obs *act, in_place *r)
{
    const uint32_t n = hw->nodes;
    r->nw = xc_pn_node_words(hw);
    /* one allocation per type: links then deliveries, flags then send bits */
    r->link = calloc(2 * n * r->nw, 4);
    r->on = calloc(2 * n, 1);
    r->err = calloc(n, 2);
    r->link_node = calloc(2 * n, sizeof *r->link_node);
    r->on_node = calloc(2 * n, sizeof *r->on_node);
    r->err_node = calloc(n, sizeof *r->err_node);
    assert_true(r->link && r->on && r->err && r->link_node && r->on_node && r->err_node);
    r->dlv = r->link + n * r->nw;
    r->send = r->on + n;
    r->dlv_node = r->link_node + n;
    r->send_node = r->on_node + n;
    for (uint32_t v = 0; v < n; v++) {
        r->link_node[v] = r->link + v * r->nw;
        r->dlv_node[v] = r->dlv + v * r->nw;
        r->on_node[v] = r->on + v;
        r->send_node[v] = r->send + v;
        r->err_node[v] = r->err + v;
    }
    act->link_node = r->link_node;
    act->dlv_node = r->dlv_node;
    act->dlv_on_node = r->on_node;
    act->err_node = r->err_node;
}

/* in_place_make with each node's registers in one block, as a Verilated
 * router keeps them: send byte, flag and error at its head, then the link
 * and delivery lanes; the blocks in reverse node order. Every node has the
 * same layout (xc_pn_obs_find_layout); r's flat arrays are unused. */
static void in_place_blocks(const xc_pn_hw *hw, xc_pn_obs *act, in_place *r)
{
    in_place_make(hw, act, r);
    const uint32_t n = hw->nodes;
    const size_t block = 1 + 2 * r->nw; /* words: head, link lanes, delivery lanes */
    free(r->link);
    r->link = calloc(n * block, 4);
    assert_non_null(r->link);
    for (uint32_t v = 0; v < n; v++) {
        uint32_t *b = r->link + (n - 1 - v) * block;
        r->send_node[v] = (const uint8_t *)b;
        r->on_node[v] = (const uint8_t *)b + 1;
        r->err_node[v] = (const uint16_t *)b + 1;
        r->link_node[v] = b + 1;
        r->dlv_node[v] = b + 1 + r->nw;
    }
}

/* exp lists one flit f, a delivery (dlv) or a link's, at index i. */
static void expect_one(xc_pn_obs *exp, int dlv, size_t i, xc_flit f)
{
    (dlv ? exp->dlv : exp->link)[i] = f;
    (dlv ? exp->dlv_on : exp->link_on)[0] = (uint32_t)i;
    *(dlv ? &exp->n_dlv_on : &exp->n_link_on) = 1;
}

static void in_place_free(in_place *r)
{
    XC_FREE_ALL(r->link, r->on, r->err, r->link_node, r->on_node, r->err_node);
}

/* The compare with the routers' delivery flags (dlv_on_node) and first
 * errors in place: a delivery expected where the flag is clear differs, a
 * flagged node's lanes are compared, an error register that differs is
 * found. */
static void test_flagged_compare(void **state)
{
    (void)state;
    xc_pn_hw hw;
    xc_pn_obs exp, act;
    obs_pair(&hw, &exp, &act);
    in_place r;
    in_place_make(&hw, &act, &r);
    const size_t nw = r.nw;
    uint32_t *dlv = r.dlv;
    uint8_t *on = r.on;
    uint16_t *err = r.err;
    exp.lists = 1;
    assert_true(xc_pn_obs_same(&hw, &exp, &act));
    const size_t i = 7 * hw.ports + 2; /* node 7, port 2 */
    const xc_flit f = xc_flit_make(xc_msg_word(3, 7), 5);
    expect_one(&exp, 1, i, f);
    assert_false(xc_pn_obs_same(&hw, &exp, &act)); /* expected, flag clear */
    memcpy(dlv + 7 * nw + 2 * 2, &f, sizeof f);
    on[7] = 1;
    assert_true(xc_pn_obs_same(&hw, &exp, &act));
    dlv[7 * nw + 4] ^= 1u << 3; /* a flagged node's lane differs */
    assert_false(xc_pn_obs_same(&hw, &exp, &act));
    dlv[7 * nw + 4] ^= 1u << 3;
    memcpy(dlv + 9 * nw, &f, sizeof f); /* a delivery nobody expects, flagged */
    on[9] = 1;
    assert_false(xc_pn_obs_same(&hw, &exp, &act));
    on[9] = 0;
    dlv[9 * nw] = dlv[9 * nw + 1] = 0;
    err[4] = 3; /* a router's first error */
    assert_false(xc_pn_obs_same(&hw, &exp, &act));
    exp.err[4] = 3;
    assert_true(xc_pn_obs_same(&hw, &exp, &act));
    in_place_free(&r);
    xc_pn_obs_free(&exp);
    xc_pn_obs_free(&act);
}

/* The compare of routers with one output lane (send_node): port p's flit
 * is the node's lane where its send bit p is set. A missing send, a flit
 * on the wrong port, a second copy (two bits), a corrupt lane and a node
 * that sends when none should all differ; unpacking puts the lane on the
 * sending port only. */
/* A register in place, to write (the compare reads them as const). */
#define REG(ptr) ((void *)(uintptr_t)(ptr))

/* One lane and its port bits in place (a link's or a delivery's), the
 * flit f expected on port p alone and nothing yet in place: it differs
 * until the lane is f and the bits are p's, then a wrong port, a copy on
 * a second port (q) and a corrupt lane each differ. Leaves f on p. */
static void lane_port_cases(const xc_pn_hw *hw, const xc_pn_obs *exp, const xc_pn_obs *act, uint32_t *lane,
                            uint8_t *bits, unsigned p, unsigned q, xc_flit f)
{
    assert_false(xc_pn_obs_same(hw, exp, act)); /* not there */
    memcpy(lane, &f, sizeof f);
    const uint8_t right[] = {(uint8_t)(1u << p), (uint8_t)(1u << q), (uint8_t)(1u << p | 1u << q)};
    for (int k = 0; k < 3; k++) { /* the right port, a wrong one, both */
        *bits = right[k];
        assert_int_equal(xc_pn_obs_same(hw, exp, act), k == 0);
    }
    *bits = right[0];
    lane[1] ^= 1u << 9; /* the lane differs */
    assert_false(xc_pn_obs_same(hw, exp, act));
    lane[1] ^= 1u << 9;
    assert_true(xc_pn_obs_same(hw, exp, act));
}

/* The one-lane compare on act's registers in place (r): a node sends the
 * expected flit on its port or the compare differs. */
static void one_lane_cases(const xc_pn_hw *hw, xc_pn_obs *exp, xc_pn_obs *act)
{
    uint32_t *lane5 = REG(act->link_node[5]);
    uint8_t *send5 = REG(act->send_node[5]), *send6 = REG(act->send_node[6]);
    exp->lists = 1;
    assert_true(xc_pn_obs_same(hw, exp, act));
    const xc_flit f = xc_flit_make(xc_msg_word(5, 9), 3);
    expect_one(exp, 0, 5 * hw->ports + 1, f); /* node 5, port 1 */
    lane_port_cases(hw, exp, act, lane5, send5, 1, 2, f);
    *send6 = 1u; /* a node sends where none should */
    assert_false(xc_pn_obs_same(hw, exp, act));
    *send6 = 0;
    uint16_t *err7 = REG(act->err_node[7]);
    *err7 = 3; /* a router error where none is expected */
    assert_false(xc_pn_obs_same(hw, exp, act));
    *err7 = 0;
    uint8_t *on8 = REG(act->dlv_on_node[8]);
    uint32_t *dlv8 = REG(act->dlv_node[8]);
    *on8 = act->dlv_one ? 1u << 1 : 1;
    dlv8[act->dlv_one ? 0 : 2] = 7; /* a delivery on port 1 where none is expected */
    assert_false(xc_pn_obs_same(hw, exp, act));
    *on8 = 0;
    dlv8[0] = dlv8[2] = 0;
    assert_true(xc_pn_obs_same(hw, exp, act));
    if (act->dlv_one) { /* one delivery lane: node 8 delivers g on port 2 */
        expect_one(exp, 1, 8 * hw->ports + 2, xc_flit_make(xc_msg_word(8, 4), 6));
        lane_port_cases(hw, exp, act, dlv8, on8, 2, 3, xc_flit_make(xc_msg_word(8, 4), 6));
    }
    xc_pn_obs_unpack(hw, act);
    for (uint32_t p = 0; p < hw->ports; p++)
        assert_true(act->link[5 * hw->ports + p] == (p == 1 ? f : 0));
    for (uint32_t p = 0; p < hw->ports; p++)
        assert_true(act->dlv[8 * hw->ports + p] == (act->dlv_one && p == 2 ? xc_flit_make(xc_msg_word(8, 4), 6) : 0));
}

/* The one-lane compare with per-node pointers (the routers' registers
 * anywhere) and with one layout for all (one pointer a node), each with
 * a delivery lane a port or one delivery lane a router (dlv_one). */
static void test_one_lane_compare(void **state)
{
    (void)state;
    for (int k = 0; k < 4; k++) { /* per-node pointers or blocks; a delivery lane a port or one */
        const int blocks = k & 1;
        xc_pn_hw hw;
        xc_pn_obs exp, act;
        obs_pair(&hw, &exp, &act);
        assert_int_equal(xc_pn_out_lanes(&hw), 1);
        in_place r;
        (blocks ? in_place_blocks : in_place_make)(&hw, &act, &r);
        act.send_node = r.send_node;
        act.send_bytes = 1;
        act.dlv_one = k >> 1;
        xc_pn_obs_find_layout(&hw, &act);
        assert_int_equal(act.same_layout, blocks);
        one_lane_cases(&hw, &exp, &act);
        in_place_free(&r);
        xc_pn_obs_free(&exp);
        xc_pn_obs_free(&act);
    }
}

/* Each case of uniform_cases: differs, and is then undone. */
static void differs(const xc_pn_hw *hw, const xc_pn_obs *exp, const xc_pn_obs *act, uint32_t *w, uint32_t bad)
{
    const uint32_t keep = *w;
    *w = bad;
    assert_false(xc_pn_obs_same(hw, exp, act));
    *w = keep;
    assert_true(xc_pn_obs_same(hw, exp, act));
}

/* The compare when every router sends on one port (exp->one_port, the
 * golden model's shared step), the routers sharing one layout: every
 * node's lane, send bits and error, an unexpected, a missing and a wrong
 * delivery each differ. */
static void uniform_cases(const xc_pn_hw *hw, xc_pn_obs *exp, xc_pn_obs *act)
{
    const uint32_t P = hw->ports, u = 2;
    exp->lists = 1;
    exp->one_port = u + 1;
    exp->n_link_on = hw->nodes;
    for (uint32_t v = 0; v < hw->nodes; v++) {
        const xc_flit f = xc_flit_make(xc_msg_word(v, (v + 1) % hw->nodes), 5);
        exp->link[v * P + u] = f;
        exp->link_on[v] = v * P + u;
        memcpy(REG(act->link_node[v]), &f, sizeof f);
        *(uint8_t *)REG(act->send_node[v]) = 1u << u;
    }
    assert_true(xc_pn_obs_same(hw, exp, act));
    for (uint32_t v = 0; v < hw->nodes; v += 7) {
        uint32_t *lane = REG(act->link_node[v]);
        differs(hw, exp, act, lane, *lane ^ 1u << 9);
        differs(hw, exp, act, lane + 1, lane[1] ^ 1u); /* a bit of the high word */
        /* the head word (in_place_blocks): send byte, delivery flag, error */
        uint32_t *head = REG(act->send_node[v]);
        differs(hw, exp, act, head, *head ^ 1u << 1);  /* another port */
        differs(hw, exp, act, head, *head | 1u);       /* and a second port */
        differs(hw, exp, act, head, *head | 3u << 16); /* a router error */
    }
    const uint32_t v = 8, p = 1;
    const xc_flit g = xc_flit_make(xc_msg_word(2, v), 4);
    uint32_t *head = REG(act->send_node[v]), *dlv = REG(act->dlv_node[v]);
    const uint32_t flag = (act->dlv_one ? 1u << p : 1u) << 8, at = act->dlv_one ? 0 : 2 * p;
    memcpy(dlv + at, &g, sizeof g);
    assert_true(xc_pn_obs_same(hw, exp, act)); /* a lane not flagged is not looked at */
    differs(hw, exp, act, head, *head | flag); /* a delivery where none is expected */
    expect_one(exp, 1, v * P + p, g);          /* expected, not flagged */
    assert_false(xc_pn_obs_same(hw, exp, act));
    *head |= flag;
    assert_true(xc_pn_obs_same(hw, exp, act));
    differs(hw, exp, act, dlv + at, dlv[at] ^ 1u << 3);
    if (act->dlv_one)
        differs(hw, exp, act, head, *head | 1u << (8 + 3)); /* the lane on a second port */
}

/* uniform_cases with a delivery lane a port and one delivery lane a
 * router (dlv_one). */
static void test_uniform_compare(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        xc_pn_hw hw;
        xc_pn_obs exp, act;
        obs_pair(&hw, &exp, &act);
        in_place r;
        in_place_blocks(&hw, &act, &r);
        act.send_node = r.send_node;
        act.send_bytes = 1;
        act.dlv_one = k;
        xc_pn_obs_find_layout(&hw, &act);
        assert_int_equal(act.same_layout, 1);
        uniform_cases(&hw, &exp, &act);
        in_place_free(&r);
        xc_pn_obs_free(&exp);
        xc_pn_obs_free(&act);
    }
}

/* A router memory's size: the least power of two >= n and >= lo, the one
 * rule of the slots, the inject lists and the table depth; a count past
 * 2^31 ends at 2^31 instead of doubling forever. */
static void test_hw_pow2(void **state)
{
    (void)state;
    assert_int_equal(xc_pn_hw_pow2(0, 32), 32);
    assert_int_equal(xc_pn_hw_pow2(32, 32), 32);
    assert_int_equal(xc_pn_hw_pow2(33, 32), 64);
    assert_int_equal(xc_pn_hw_pow2(5, 2), 8);
    assert_int_equal(xc_pn_hw_pow2(2048, 2), 2048);
    assert_int_equal(xc_pn_hw_pow2(2049, 2), 4096);
    assert_int_equal(xc_pn_hw_pow2(UINT64_MAX, 2), 1u << 31);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hw_pow2),
        cmocka_unit_test(test_field_round_trip),
        cmocka_unit_test(test_every_schedule),
        cmocka_unit_test(test_empty_slot_reported),
        cmocka_unit_test(test_error_port_order),
        cmocka_unit_test(test_packed_compare),
        cmocka_unit_test(test_flagged_compare),
        cmocka_unit_test(test_one_lane_compare),
        cmocka_unit_test(test_uniform_compare),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
