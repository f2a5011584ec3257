/* SPDX-License-Identifier: MIT */
/* A self-routing conflict in lock-step: the RTL (Verilator) and the golden
 * model run the same bus cycles and are compared after every edge, so a
 * run that does not halt means they agree on every flit, every switch
 * setting and the CONFLICTS and STATUS registers at every cycle. The
 * traffic is the firmware's conflict-free exchange with one message
 * changed: in wave 0 the input on port 1 of switch 0 of stage 0 sends to
 * the destination of the input on port 0, so both want one output of that
 * switch. The test then checks what the rule says happens (xchg_sw2x2 and
 * the golden model's setting()): port 0's flit goes on, port 1's is
 * dropped, one conflict, counted at the edge after the first injection,
 * and nothing else is lost. Breaking the RTL's conflict count (its
 * self-routing gate in xchg_banyan) or the golden model's rule makes the
 * lock-step halt, and this test fail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "xc_consts.h"
#include "xc_cp_min.h"
#include "xc_flit.h"
#include "xc_lockstep.h"

/* What the per-cycle hook saw: the first cycle with a conflict counted and
 * the two outputs of switch 0 of stage 0 then. */
struct seen {
    const xc_min *m;
    unsigned long conflict_cycle;
    xc_flit out0, out1;
    uint8_t set;
};

static void watch(void *user, const xc_ls *ls, const xc_hw_bus *bus, const xc_min_obs *obs)
{
    (void)bus;
    struct seen *s = user;
    if (s->conflict_cycle || !obs->conflicts)
        return;
    s->conflict_cycle = ls->core.cycle;
    s->out0 = obs->flit[s->m->n_lines]; /* level 1 = stage 0's outputs, lines 0 and 1 */
    s->out1 = obs->flit[s->m->n_lines + 1];
    s->set = obs->set[0];
}

/* The input whose line after boundary 0 is `line`. */
static unsigned input_on(const xc_min *m, unsigned line)
{
    for (unsigned j = 0; j < m->n_lines; j++)
        if (xc_min_wire(m, 0, j) == line)
            return j;
    fail();
    return 0;
}

static void check_one_conflict(int topo, unsigned n)
{
    xc_min m;
    xc_cfg m0;
    xc_big l;
    xc_err err;
    assert_int_equal(xc_min_init(&m, topo, n, &err), XC_OK);
    xc_big_zero(&l);
    assert_int_equal(xc_cfg_from_l(&m, &l, &m0, &err), XC_OK);
    const unsigned j0 = input_on(&m, 0), j1 = input_on(&m, 1); /* ports 0 and 1 of switch 0 */
    const unsigned d0 = xc_cp_min_dest(&m, &m0, 0, j0);

    struct seen s = {.m = &m};
    xc_ls ls;
    xc_ls_opts o = {.core = {.golden = 1, .rtl = 1, .dut.quiet = 1, .max_cycles = 100000},
                    .on_cycle = watch, .on_cycle_user = &s};
    assert_int_equal(xc_ls_open(&ls, &m, &o, &err), XC_OK);
    assert_non_null(ls.dut); /* lock-step: both models */
    xc_hal *hal = &ls.core.hal;
    xc_hal_write(hal, XC_REG_CTRL, XC_MODE_SELF << XC_CTRL_MODE_LSB | 1u << XC_CTRL_CLEAR_BIT);
    xc_hal_write(hal, XC_REG_MSG_PTR, 0);
    for (unsigned j = 0; j < n; j++)
        for (unsigned x = 0; x < n; x++) {
            const unsigned dst = j == j1 && x == 0 ? d0 : xc_cp_min_dest(&m, &m0, x, j);
            xc_hal_write(hal, XC_REG_MSG_DATA, xc_msg_word(j, dst));
        }
    xc_hal_write(hal, XC_REG_CTRL, XC_MODE_SELF << XC_CTRL_MODE_LSB | 1u << XC_CTRL_START_BIT);
    uint32_t status = xc_hal_poll(hal, XC_REG_STATUS, XC_STATUS_DONE_BIT, 1000);
    const uint32_t conflicts = xc_hal_read(hal, XC_REG_CONFLICTS);
    const uint32_t delivered = xc_hal_read(hal, XC_REG_DELIVERED);

    /* the models agreed at every edge (a difference halts the run) */
    assert_int_equal(ls.core.halted, XC_LS_RUNNING);
    assert_true(status & 1u << XC_STATUS_DONE_BIT);
    assert_true(status & 1u << XC_STATUS_CONFLICT_BIT);
    assert_int_equal(conflicts, 1);
    assert_int_equal(delivered, n * n - 1);
    /* counted at the edge after wave 0 entered: stage 0 holds it then */
    assert_int_not_equal(ls.first_inject, 0);
    assert_int_equal(s.conflict_cycle, ls.first_inject + 1);
    /* port 0's flit (j0 -> d0) took the output both wanted, port 1's is gone */
    const xc_flit won = (d0 >> m.route_bit[0] & 1u) ? s.out1 : s.out0;
    const xc_flit other = (d0 >> m.route_bit[0] & 1u) ? s.out0 : s.out1;
    assert_true(xc_flit_valid(won));
    assert_int_equal(xc_flit_src(won), j0);
    assert_int_equal(xc_flit_dst(won), d0);
    assert_false(xc_flit_valid(other));
    assert_int_equal(s.set, d0 >> m.route_bit[0] & 1u); /* port 0 goes where it wants */
    /* the one lost message is j1's of wave 0; every other arrived once */
    assert_int_equal(xc_score_missing(&ls.core.score), 1);
    assert_int_equal(ls.core.score.misrouted + ls.core.score.corrupt + ls.core.score.duplicates, 0);
    xc_ls_close(&ls);
}

static void test_self_conflict_butterfly_8(void **state)
{
    (void)state;
    check_one_conflict(XC_TOPO_BUTTERFLY, 8);
}

static void test_self_conflict_omega_16(void **state)
{
    (void)state;
    check_one_conflict(XC_TOPO_OMEGA, 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_self_conflict_butterfly_8),
        cmocka_unit_test(test_self_conflict_omega_16),
    };
    return cmocka_run_group_tests_name("min_conflict", tests, NULL, NULL);
}
