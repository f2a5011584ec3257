/* SPDX-License-Identifier: MIT */
/* The router golden model's broadcast path against its per-node path: the
 * same entry in the broadcast table or in every router's own table must
 * give the same observation every cycle (links, deliveries, router errors,
 * registers and the activity lists). The broadcast path decodes the entry
 * once and runs loops without per-router checks, handing a router where
 * something is amiss to careful code; the per-node path decodes and checks
 * every router. Random entries and slot contents on networks with and
 * without missing links, every port model, reach every error of a
 * store-and-forward step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "xc_consts.h"
#include "xc_golden_pn.h"
#include "xc_test.h"

enum { STEPS = 6, SLOTS = 3, TRIALS = 60 };

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 32) % n;
}

/* A random port field: mostly valid slots (slot index SLOTS is beyond the
 * memory: slot_w is 2 bits). */
static xc_pn_field random_field(int send, int recv)
{
    return (xc_pn_field){.send = (uint8_t)send, .recv = (uint8_t)recv, .keep = (uint8_t)(rnd(4) == 0),
                         .store = (uint8_t)(rnd(5) != 0), .dlv = (uint8_t)(rnd(3) == 0),
                         .send_slot = rnd(16) ? rnd(SLOTS) : SLOTS, .recv_slot = rnd(16) ? rnd(SLOTS) : SLOTS};
}

/* A random step entry: mostly one send port and one receive port (the
 * broadcast path's loops), sometimes none, sometimes any ports. */
static void random_entry(const xc_pn_hw *hw, uint32_t *entry)
{
    memset(entry, 0, (hw->wpe + 1) * sizeof *entry);
    if (rnd(4) == 0) {
        for (uint32_t p = 0; p < hw->ports; p++) {
            const xc_pn_field f = random_field(rnd(3) == 0, rnd(3) == 0);
            xc_pn_field_put(hw, entry, p, &f);
        }
        return;
    }
    const uint32_t sp = rnd(hw->ports + 1), rp = rnd(hw->ports + 1); /* ports: none */
    xc_pn_field f[32] = {{0}};
    if (sp < hw->ports)
        f[sp] = random_field(1, 0);
    if (rp < hw->ports) {
        const xc_pn_field r = random_field(0, 1);
        f[rp].recv = 1;
        f[rp].store = r.store;
        f[rp].dlv = r.dlv;
        f[rp].recv_slot = r.recv_slot;
    }
    for (uint32_t p = 0; p < hw->ports; p++)
        xc_pn_field_put(hw, entry, p, &f[p]);
}

/* Fills slots of every router in both models: a random half of them
 * (fill 0), all (1), all but one (2). */
static void random_slots(const xc_pn_hw *hw, xc_gm_pn *a, xc_gm_pn *b, int fill)
{
    const uint32_t hole = fill == 2 ? rnd(hw->nodes * SLOTS) : UINT32_MAX;
    for (uint32_t v = 0; v < hw->nodes; v++)
        for (uint32_t s = 0; s < SLOTS; s++)
            if (fill ? v * SLOTS + s != hole : rnd(2)) {
                const uint32_t word = rnd(1u << 30) << 1 | rnd(2);
                xc_gm_pn_poke_msg(a, v, s, word);
                xc_gm_pn_poke_msg(b, v, s, word);
            }
}

/* o's activity lists name its non-zero links and deliveries, ascending;
 * with one_port its links are all on that port and counted, not listed. */
static void assert_lists(const xc_pn_hw *hw, const xc_pn_obs *o)
{
    uint32_t nl = 0, nd = 0;
    for (uint32_t i = 0; i < hw->nodes * hw->ports; i++) {
        if (o->link[i] && o->one_port)
            assert_int_equal(i % hw->ports, o->one_port - 1), nl++;
        else if (o->link[i])
            assert_int_equal(o->link_on[nl++], i);
        if (o->dlv[i])
            assert_int_equal(o->dlv_on[nd++], i);
    }
    assert_int_equal(nl, o->n_link_on);
    assert_int_equal(nd, o->n_dlv_on);
}

/* a (broadcast) and b (per-node) after the same cycle. */
static void assert_same_obs(const xc_pn_hw *hw, const xc_pn_obs *a, const xc_pn_obs *b, const char *where)
{
    const size_t np = (size_t)hw->nodes * hw->ports;
    xc_assert_row(where, "status step cycles delivered errors err_info err_step rdata n_link_on n_dlv_on",
                  XC_ROW(a->status, a->step, a->cycles, a->delivered, a->errors, a->err_info, a->err_step,
                         a->rdata, a->n_link_on, a->n_dlv_on),
                  XC_ROW(b->status, b->step, b->cycles, b->delivered, b->errors, b->err_info, b->err_step,
                         b->rdata, b->n_link_on, b->n_dlv_on),
                  10);
    assert_memory_equal(a->link, b->link, np * sizeof *a->link);
    assert_memory_equal(a->dlv, b->dlv, np * sizeof *a->dlv);
    assert_memory_equal(a->err, b->err, hw->nodes * sizeof *a->err);
    assert_lists(hw, a); /* the links and deliveries are the same: so are the lists */
    assert_lists(hw, b);
}

/* One trial: STEPS random entries, random slots before the start and
 * again half way (in some trials all full, or all but one: every router
 * sends, and the links of such a cycle are cleared by the next one's
 * loops); both
 * models compared after every cycle. Adds the
 * flits sent and the error codes seen (err_seen[code]) to the tallies. */
static void trial(const xc_pn_hw *hw, unsigned long *flits, unsigned long *err_seen, const char *name)
{
    xc_gm_pn *a = xc_gm_pn_new(hw), *b = xc_gm_pn_new(hw);
    assert_non_null(a);
    assert_non_null(b);
    uint32_t entry[8];
    for (uint32_t t = 0; t < STEPS; t++) {
        random_entry(hw, entry);
        for (uint32_t w = 0; w < hw->wpe; w++) {
            xc_gm_pn_poke_tbl(a, UINT32_MAX, t * hw->wpe + w, entry[w]);
            for (uint32_t v = 0; v < hw->nodes; v++)
                xc_gm_pn_poke_tbl(b, v, t * hw->wpe + w, entry[w]);
        }
    }
    const int fill = (int)rnd(3);
    random_slots(hw, a, b, fill);
    const xc_hw_bus steps = {.we = 1, .addr = XC_PN_REG_STEPS, .wdata = STEPS};
    const uint32_t go = 1u << XC_PN_CTRL_START_BIT;
    const xc_hw_bus start_a = {.we = 1, .addr = XC_PN_REG_CTRL, .wdata = go | 1u << XC_PN_CTRL_BCAST_BIT};
    const xc_hw_bus start_b = {.we = 1, .addr = XC_PN_REG_CTRL, .wdata = go};
    const xc_hw_bus errs = {.re = 1, .addr = XC_PN_REG_ERR_INFO};
    xc_gm_pn_tick(a, &steps);
    xc_gm_pn_tick(b, &steps);
    xc_gm_pn_tick(a, &start_a);
    xc_gm_pn_tick(b, &start_b);
    char where[96];
    for (uint32_t c = 0; c < STEPS + 2; c++) {
        if (c == STEPS / 2)
            random_slots(hw, a, b, fill);
        xc_gm_pn_tick(a, &errs);
        xc_gm_pn_tick(b, &errs);
        const xc_pn_obs *oa = xc_gm_pn_obs(a), *ob = xc_gm_pn_obs(b);
        snprintf(where, sizeof where, "%s, cycle %u", name, c);
        assert_same_obs(hw, oa, ob, where);
        *flits += oa->n_link_on;
        for (uint32_t v = 0; v < hw->nodes; v++)
            err_seen[XC_FIELD_GET(oa->err[v], PN_ERR_CODE)]++;
    }
    xc_gm_pn_free(a);
    xc_gm_pn_free(b);
}

static void test_broadcast_equals_per_node(void **state)
{
    (void)state;
    static const char *const nets[] = {"torus:3x4", "mesh:3x4", "ring:5", "hypercube:3", "ghc:3x2"};
    unsigned long flits = 0, err_seen[16] = {0};
    for (size_t n = 0; n < sizeof nets / sizeof *nets; n++)
        for (int model = 0; model < 4; model++) {
            xc_net net;
            xc_pn_hw hw;
            assert_int_equal(xc_topo_parse(nets[n], &net, NULL), XC_OK);
            assert_int_equal(xc_pn_hw_init(&hw, &net, SLOTS, STEPS, model & 1, model >> 1, 1, NULL), XC_OK);
            char name[64];
            snprintf(name, sizeof name, "%s multiport %d half %d", nets[n], model & 1, model >> 1);
            for (int t = 0; t < TRIALS; t++)
                trial(&hw, &flits, err_seen, name);
        }
    /* the trials reached what they compare: flits, and every error a
     * store-and-forward step can have */
    assert_true(flits > 1000);
    const unsigned codes[] = {XC_RERR_MODEL,   XC_RERR_NOLINK, XC_RERR_EMPTY,    XC_RERR_MISSING,
                              XC_RERR_UNEXP,   XC_RERR_OVERWRITE, XC_RERR_SLOTS};
    for (size_t k = 0; k < sizeof codes / sizeof *codes; k++) {
        if (!err_seen[codes[k]])
            fail_msg("no trial saw router error %u (%s)", codes[k], xc_pn_err_name(codes[k]));
    }
}

/* Slot indices of 14 bits (16,384 slots: a total exchange on more than
 * 8,192 nodes) make a port field 33 bits wide, wider than one word. On a
 * ring of 4 every router sends slot 9000 on port 0 and stores the arrival
 * in slot 12000, then sends slot 12000 and stores in slot 9000: both
 * slots have bit 13 set, so a field read that loses bits past 32 sends
 * from the wrong (empty) slot or stores in the wrong one. */
static void test_wide_slot_fields(void **state)
{
    (void)state;
    xc_net net;
    xc_pn_hw hw;
    assert_int_equal(xc_topo_parse("ring:4", &net, NULL), XC_OK);
    assert_int_equal(xc_pn_hw_init(&hw, &net, 16384, 2, 0, 0, 0, NULL), XC_OK);
    assert_int_equal(hw.slot_w, 14);
    assert_true(hw.port_w > 32);
    xc_gm_pn *g = xc_gm_pn_new(&hw);
    assert_non_null(g);
    const uint32_t from[2] = {9000, 12000}, to[2] = {12000, 9000};
    for (uint32_t t = 0; t < 2; t++) {
        uint32_t entry[8] = {0};
        const xc_pn_field snd = {.send = 1, .send_slot = from[t]};
        const xc_pn_field rcv = {.recv = 1, .store = 1, .recv_slot = to[t]};
        xc_pn_field_put(&hw, entry, 0, &snd);
        xc_pn_field_put(&hw, entry, 1, &rcv);
        for (uint32_t w = 0; w < hw.wpe; w++)
            xc_gm_pn_poke_tbl(g, UINT32_MAX, t * hw.wpe + w, entry[w]);
    }
    for (uint32_t v = 0; v < hw.nodes; v++)
        xc_gm_pn_poke_msg(g, v, 9000, v + 1);
    const xc_hw_bus steps = {.we = 1, .addr = XC_PN_REG_STEPS, .wdata = 2};
    const xc_hw_bus start = {.we = 1, .addr = XC_PN_REG_CTRL,
                              .wdata = 1u << XC_PN_CTRL_START_BIT | 1u << XC_PN_CTRL_BCAST_BIT};
    const xc_hw_bus idle = {0};
    xc_gm_pn_tick(g, &steps);
    xc_gm_pn_tick(g, &start);
    unsigned long flits = 0;
    for (uint32_t c = 0; c < 4; c++) {
        xc_gm_pn_tick(g, &idle);
        flits += xc_gm_pn_obs(g)->n_link_on;
    }
    const xc_pn_obs *o = xc_gm_pn_obs(g);
    assert_int_equal(o->errors, 0);
    assert_int_equal(flits, 2 * hw.nodes);
    xc_gm_pn_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_broadcast_equals_per_node),
        cmocka_unit_test(test_wide_slot_fields),
    };
    return cmocka_run_group_tests_name("golden_pn", tests, NULL, NULL);
}
