/* SPDX-License-Identifier: MIT */
/* The flat API for foreign callers (sw/ffi/xc_ffi.h): bad input refused
 * with a reason and no handle; the constants and the MIN top's parameters
 * as the C side has them; every message of an exchange listed once with
 * its destination; the MIN firmware run over callbacks that tick the
 * golden model, every message delivered; a router network's firmware
 * stopping on hardware that does not identify itself. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "xc_consts.h"
#include "xc_ffi.h"
#include "xc_flit.h"
#include "xc_golden_min.h"

static void test_bad_input(void **state)
{
    (void)state;
    char err[256];
    assert_null(xc_ffi_min_new("butterfly:7", NULL, "xor", err, sizeof err));
    assert_true(err[0] != '\0');
    assert_null(xc_ffi_min_new("butterfly:8", NULL, "fast", err, sizeof err));
    assert_non_null(strstr(err, "allowed xor, table, self"));
    assert_null(xc_ffi_min_new("butterfly:8", "99999999999999999999", "xor", err, sizeof err));
    assert_non_null(strstr(err, "l '99999999999999999999'"));
    assert_null(xc_ffi_min_new(NULL, NULL, "xor", NULL, 0)); /* no error buffer: still no crash */
    assert_null(xc_ffi_pn_new("torus:4x4", "mnb", err, sizeof err));
    assert_non_null(strstr(err, "allowed te-ni, te-a1, te-a2"));
    assert_null(xc_ffi_pn_new("torus:4y4", "te-a1", err, sizeof err));
    xc_ffi_min *m = xc_ffi_min_new("butterfly:8", NULL, "xor", err, sizeof err);
    assert_non_null(m);
    assert_int_equal(xc_ffi_min_run(m, NULL, NULL, NULL, 10, err, sizeof err), XC_EINVAL);
    assert_int_equal(xc_ffi_min_report(m, "no such figure"), -1);
    xc_ffi_min_free(m);
}

static void test_constants_and_params(void **state)
{
    (void)state;
    assert_int_equal(xc_ffi_const("FLIT_W"), XC_FLIT_W);
    assert_int_equal(xc_ffi_const("FLIT_VALID_BIT"), XC_FLIT_VALID_BIT);
    assert_int_equal(xc_ffi_const("PN_REG_ID"), XC_PN_REG_ID);
    assert_int_equal(xc_ffi_const("NO_SUCH"), -1);
    assert_int_equal(xc_ffi_const(NULL), -1);
    xc_ffi_min *m = xc_ffi_min_new("butterfly:8", "18", "xor", NULL, 0);
    char p[128];
    assert_int_equal(xc_ffi_min_params(m, p, sizeof p), 0);
    /* what `xchg rtl-params --net butterfly:8` gives the RTL */
    assert_string_equal(p, "LogN=3 Topology=0 Wiring=48'h210201012210 RouteBits=12'h012");
    assert_int_equal(xc_ffi_min_params(m, p, 10), XC_ERANGE);
    xc_ffi_min_free(m);
}

/* every word once, its node the word's destination; n words */
static void check_expect(size_t n, const uint32_t *node, const uint32_t *word)
{
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(node[i], xc_flit_dst(word[i]));
        assert_true(xc_flit_intact(xc_flit_make(word[i], 0)));
        for (size_t j = 0; j < i; j++)
            assert_true(word[j] != word[i]);
    }
}

static void test_expect(void **state)
{
    (void)state;
    uint32_t node[256], word[256];
    xc_ffi_min *m = xc_ffi_min_new("omega:16", "5", "xor", NULL, 0);
    assert_int_equal(xc_ffi_min_expect(m, NULL, NULL, 0), 256);
    assert_int_equal(xc_ffi_min_expect(m, node, word, 256), 256);
    check_expect(256, node, word);
    xc_ffi_min_free(m);
    xc_ffi_pn *p = xc_ffi_pn_new("torus:4x4", "te-a1", NULL, 0);
    assert_non_null(p);
    assert_int_equal(xc_ffi_pn_nodes(p), 16);
    assert_int_equal(xc_ffi_pn_ports(p), 4);
    assert_int_equal(xc_ffi_pn_expect(p, node, word, 256), 16 * 15);
    check_expect(16 * 15, node, word);
    char scope[32];
    assert_int_equal(xc_ffi_pn_router_scope(p, 5, scope, sizeof scope), 0);
    assert_string_equal(scope, "u_n5");
    assert_int_equal(xc_ffi_pn_router_scope(p, 16, scope, sizeof scope), XC_ERANGE);
    xc_ffi_pn_free(p);
}

/* the caller's bus: the golden model, one tick an access */
static void gm_write(void *ctx, unsigned addr, uint32_t data)
{
    xc_gm_min_tick(ctx, &(xc_hw_bus){.we = 1, .addr = (uint16_t)addr, .wdata = data});
}

static uint32_t gm_read(void *ctx, unsigned addr)
{
    xc_gm_min_tick(ctx, &(xc_hw_bus){.re = 1, .addr = (uint16_t)addr});
    return xc_gm_min_obs(ctx)->rdata;
}

static void test_min_run_on_the_golden_model(void **state)
{
    (void)state;
    char err[256] = "";
    xc_ffi_min *m = xc_ffi_min_new("butterfly:8", "18", "xor", err, sizeof err);
    xc_min net;
    assert_int_equal(xc_min_parse(&net, "butterfly:8", NULL), XC_OK);
    xc_gm_min *g = xc_gm_min_new(&net);
    assert_int_equal(xc_ffi_min_run(m, gm_write, gm_read, g, 1000, err, sizeof err), 0);
    assert_int_equal(xc_ffi_min_report(m, "delivered"), 64);
    assert_int_equal(xc_ffi_min_report(m, "conflicts"), 0);
    /* the bus cycles of the run: the lock-step's 87 (docs/flow.md#cocotb) */
    assert_int_equal(xc_ffi_min_report(m, "bus_config") + xc_ffi_min_report(m, "bus_messages") +
                         xc_ffi_min_report(m, "bus_control"),
                     87);
    xc_gm_min_free(g);
    xc_ffi_min_free(m);
}

/* hardware that reads 0 everywhere */
static void dead_write(void *ctx, unsigned addr, uint32_t data) { (void)ctx, (void)addr, (void)data; }
static uint32_t dead_read(void *ctx, unsigned addr) { return (void)ctx, (void)addr, 0; }

static void test_pn_run_on_dead_hardware(void **state)
{
    (void)state;
    char err[256] = "";
    xc_ffi_pn *p = xc_ffi_pn_new("torus:4x4", "te-ni", err, sizeof err);
    assert_non_null(p);
    assert_int_equal(xc_ffi_pn_run(p, dead_write, dead_read, NULL, 100, err, sizeof err), XC_ECHECK);
    assert_true(err[0] != '\0');
    xc_ffi_pn_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_constants_and_params),
        cmocka_unit_test(test_expect),
        cmocka_unit_test(test_min_run_on_the_golden_model),
        cmocka_unit_test(test_pn_run_on_dead_hardware),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
