/* SPDX-License-Identifier: MIT */
/* The golden model driven by the control-processor firmware: on every
 * topology, N = 2 .. 256, every mode, each of the N^2 messages is
 * delivered exactly once, and the XOR method takes exactly N + log2 N
 * cycles from the first injection (Massini: N + log N, pipelined). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "xc_consts.h"
#include "xc_cp_min.h"
#include "xc_lockstep.h"

static const int all_topos[] = {XC_TOPO_BUTTERFLY, XC_TOPO_OMEGA, XC_TOPO_BASELINE,
                                XC_TOPO_RBASELINE, XC_TOPO_CUBE};

/* Runs one exchange on the golden model; returns the report. */
static xc_cp_min_report run(const xc_min *m, const xc_cfg *m0, unsigned mode, xc_score *out_score,
                            unsigned long *missing)
{
    xc_ls ls;
    xc_err err;
    xc_ls_opts o = {.core.golden = 1, .core.max_cycles = 10ul * m->n_lines * m->n_lines + 100000};
    assert_int_equal(xc_ls_open(&ls, m, &o, &err), XC_OK);
    xc_cp_min_report rep;
    xc_status st = xc_cp_min_exchange(&ls.core.hal, m, m0, mode, 100000, &rep, &err);
    assert_int_equal(st, XC_OK);
    assert_int_equal(ls.core.halted, XC_LS_RUNNING);
    *missing = xc_score_missing(&ls.core.score);
    *out_score = ls.core.score; /* the counters; the table goes with ls */
    out_score->seen = NULL;
    xc_ls_close(&ls);
    return rep;
}

static void random_square(const xc_min *m, xc_cfg *m0)
{
    xc_big l;
    xc_err err;
    xc_big_zero(&l);
    for (unsigned i = 0; i < xc_latin_l_bits(m); i++)
        xc_big_set_bit(&l, i, rand() & 1);
    assert_int_equal(xc_cfg_from_l(m, &l, m0, &err), XC_OK);
}

static void check_mode(unsigned mode, unsigned max_n)
{
    srand(7 + mode);
    for (size_t t = 0; t < sizeof all_topos / sizeof all_topos[0]; t++) {
        for (unsigned n = 2; n <= max_n; n *= 2) {
            xc_min m;
            xc_cfg m0;
            xc_err err;
            xc_score s;
            unsigned long missing;
            assert_int_equal(xc_min_init(&m, all_topos[t], n, &err), XC_OK);
            random_square(&m, &m0);
            xc_cp_min_report rep = run(&m, &m0, mode, &s, &missing);
            assert_int_equal(missing, 0);
            assert_int_equal(s.delivered, (unsigned long)n * n);
            assert_int_equal(s.duplicates + s.misrouted + s.corrupt, 0);
            assert_int_equal(rep.delivered, n * n);
            assert_int_equal(rep.injected, n);
            assert_int_equal(rep.conflicts, 0);
            if (mode != XC_MODE_TABLE)
                assert_int_equal(rep.cycles, n + m.log_n); /* exactly the bound */
            else
                assert_true(rep.cycles > n + m.log_n - 1);
        }
    }
}

static void test_xor_all_topologies_2_to_256(void **state) { (void)state; check_mode(XC_MODE_XOR, 256); }
static void test_table_all_topologies_2_to_128(void **state) { (void)state; check_mode(XC_MODE_TABLE, 128); }
static void test_self_all_topologies_2_to_256(void **state) { (void)state; check_mode(XC_MODE_SELF, 256); }

/* The firmware's table-free destination equals routing M^{l,x} whole. */
static void test_cp_dest_matches_route(void **state)
{
    (void)state;
    for (size_t t = 0; t < sizeof all_topos / sizeof all_topos[0]; t++) {
        xc_min m;
        xc_cfg m0, mx;
        xc_err err;
        uint16_t dest[XC_MIN_MAX_N];
        assert_int_equal(xc_min_init(&m, all_topos[t], 32, &err), XC_OK);
        random_square(&m, &m0);
        for (unsigned x = 0; x < 32; x++) {
            xc_cfg_xor(&m0, x, &mx);
            xc_route(&m, &mx, dest, NULL);
            for (unsigned j = 0; j < 32; j++)
                assert_int_equal(xc_cp_min_dest(&m, &m0, x, j), dest[j]);
        }
    }
}

/* Firmware that is not admissible for the network: self-routing flags the
 * conflicts and the scoreboard sees the lost messages. Every input sends
 * to output (j + x) mod N: not a banyan permutation for N = 8. */
static void test_self_routing_flags_conflicts(void **state)
{
    (void)state;
    xc_min m;
    xc_err err;
    assert_int_equal(xc_min_init(&m, XC_TOPO_BUTTERFLY, 8, &err), XC_OK);
    xc_ls ls;
    xc_ls_opts o = {.core.golden = 1, .core.max_cycles = 100000};
    assert_int_equal(xc_ls_open(&ls, &m, &o, &err), XC_OK);
    xc_hal *hal = &ls.core.hal;
    xc_hal_write(hal, XC_REG_CTRL, XC_MODE_SELF | 1u << XC_CTRL_CLEAR_BIT);
    xc_hal_write(hal, XC_REG_MSG_PTR, 0);
    for (unsigned j = 0; j < 8; j++)
        for (unsigned x = 0; x < 8; x++)
            xc_hal_write(hal, XC_REG_MSG_DATA, xc_msg_word(j, (j + x) % 8));
    xc_hal_write(hal, XC_REG_CTRL, XC_MODE_SELF | 1u << XC_CTRL_START_BIT);
    uint32_t status;
    do
        status = xc_hal_read(hal, XC_REG_STATUS);
    while (!(status & 1u << XC_STATUS_DONE_BIT));
    assert_true(status & 1u << XC_STATUS_CONFLICT_BIT);
    uint32_t conflicts = xc_hal_read(hal, XC_REG_CONFLICTS);
    uint32_t delivered = xc_hal_read(hal, XC_REG_DELIVERED);
    assert_true(conflicts > 0);
    assert_int_equal(delivered + conflicts, 64); /* each conflict drops one flit */
    assert_int_equal(xc_score_missing(&ls.core.score), conflicts);
    assert_int_equal(ls.core.score.misrouted + ls.core.score.corrupt + ls.core.score.duplicates, 0);
    xc_ls_close(&ls);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xor_all_topologies_2_to_256),
        cmocka_unit_test(test_table_all_topologies_2_to_128),
        cmocka_unit_test(test_self_all_topologies_2_to_256),
        cmocka_unit_test(test_cp_dest_matches_route),
        cmocka_unit_test(test_self_routing_flags_conflicts),
    };
    return cmocka_run_group_tests_name("golden_min", tests, NULL, NULL);
}
