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
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "xc_consts.h"
#include "xc_cp_pn.h"
#include "xc_lockstep_pn.h"

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
        assert_int_equal(got.send, want[p].send);
        assert_int_equal(got.keep, want[p].keep);
        assert_int_equal(got.recv, want[p].recv);
        assert_int_equal(got.store, want[p].store);
        assert_int_equal(got.dlv, want[p].dlv);
        assert_int_equal(got.send_slot, want[p].send_slot);
        assert_int_equal(got.recv_slot, want[p].recv_slot);
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
    xc_lsp_opts o = {.golden = 1, .kind_mnb = prog.kind_mnb, .max_cycles = 10000000};
    assert_int_equal(xc_lsp_open(&ls, &hw, &o, &err), XC_OK);
    if (flags & XC_CP_PN_BACK_DOOR)
        xc_lsp_poke(&ls, &prog, broadcast);
    xc_cp_pn_report rep;
    assert_int_equal(xc_cp_pn_run(&ls.hal, &hw, &prog, broadcast, flags, 100000, &rep, &err), XC_OK);
    *missing = xc_score_missing(&ls.score);
    if (!brk_kind) {
        xc_err why;
        assert_int_equal(xc_score_verdict(&ls.score, &why), XC_OK);
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
    const unsigned node = rep.err_info >> 12, code = rep.err_info & 15u;
    assert_true((node == 1 && code == XC_RERR_EMPTY) || (node == 0 && code == XC_RERR_MISSING));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_field_round_trip),
        cmocka_unit_test(test_every_schedule),
        cmocka_unit_test(test_empty_slot_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
