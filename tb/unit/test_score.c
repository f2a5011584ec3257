/* SPDX-License-Identifier: MIT */
/* The scoreboard: every message counted once at its destination, and every
 * corrupt, misrouted or repeated delivery seen; its check word from two
 * tables of per-node halves equal to xc_chk over the whole address space;
 * the MIN's wiring table equal to xc_min_wire. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "xc_consts.h"
#include "xc_min.h"
#include "xc_score.h"

static xc_flit msg(unsigned s, unsigned d) { return xc_flit_make(xc_msg_word(s, d), 1); }

/* The fast path trusts chk_src[s] ^ chk_dst[d]: it must be xc_chk(s, d)
 * for every pair of addresses the flit can carry (up to 4,096 nodes: 16 M
 * pairs, and a table of that many bytes). */
static void test_check_halves_equal_chk(void **state)
{
    (void)state;
    xc_score sc;
    const unsigned n = XC_ADDR_W < 12 ? 1u << XC_ADDR_W : 4096u;
    assert_int_equal(xc_score_init(&sc, n), XC_OK);
    for (unsigned s = 0; s < n; s++)
        for (unsigned d = 0; d < n; d++)
            if ((unsigned)(sc.chk_src[s] ^ sc.chk_dst[d]) != xc_chk(s, d))
                fail_msg("chk(%u, %u): tables give 0x%x, xc_chk 0x%x", s, d, sc.chk_src[s] ^ sc.chk_dst[d],
                         xc_chk(s, d));
    xc_score_free(&sc);
}

static void test_every_message_once(void **state)
{
    (void)state;
    xc_score sc;
    const unsigned n = 64;
    assert_int_equal(xc_score_init(&sc, n), XC_OK);
    for (unsigned s = 0; s < n; s++)
        for (unsigned d = 0; d < n; d++) {
            assert_int_equal(xc_score_missing(&sc), n * n - (s * n + d));
            xc_score_deliver(&sc, 1, d, msg(s, d));
        }
    xc_err err;
    assert_int_equal(xc_score_verdict(&sc, &err), XC_OK);
    assert_int_equal(sc.delivered, n * n);
    assert_int_equal(sc.duplicates + sc.misrouted + sc.corrupt, 0);
    xc_score_free(&sc);
}

static void test_missing_repeated_misrouted(void **state)
{
    (void)state;
    xc_score sc;
    xc_err err;
    assert_int_equal(xc_score_init(&sc, 8), XC_OK);
    xc_score_deliver(&sc, 5, 3, msg(2, 3));
    assert_int_equal(xc_score_missing(&sc), 63);
    assert_int_equal(xc_score_verdict(&sc, &err), XC_ECHECK);
    xc_score_deliver(&sc, 6, 3, msg(2, 3)); /* again */
    assert_int_equal(sc.duplicates, 1);
    assert_non_null(strstr(sc.first_error, "cycle 6"));
    xc_score_deliver(&sc, 7, 4, msg(2, 5)); /* at the wrong node: not counted as arrived */
    assert_int_equal(sc.misrouted, 1);
    assert_int_equal(sc.seen[2 * 8 + 5], 0);
    assert_int_equal(sc.delivered, 3);
    assert_int_equal(xc_score_missing(&sc), 63);
    xc_score_free(&sc);
}

/* Any one-bit error in the message word (source, destination, check) is
 * corrupt, never a delivery; addresses beyond the nodes too. */
static void test_one_bit_errors_are_corrupt(void **state)
{
    (void)state;
    const unsigned n = 16;
    for (unsigned s = 0; s < n; s++)
        for (unsigned d = 0; d < n; d++)
            for (unsigned bit = 0; bit < XC_MSG_W; bit++) {
                xc_score sc;
                assert_int_equal(xc_score_init(&sc, n), XC_OK);
                const xc_flit f = msg(s, d) ^ ((xc_flit)1 << bit);
                xc_score_deliver(&sc, 9, xc_flit_dst(f) < n ? xc_flit_dst(f) : d, f);
                if (sc.corrupt != 1)
                    fail_msg("m(%u->%u) with bit %u flipped: corrupt %lu", s, d, bit, sc.corrupt);
                assert_int_equal(xc_score_missing(&sc), n * n);
                xc_score_free(&sc);
            }
}

static void test_min_wire_table(void **state)
{
    (void)state;
    static const char *const nets[] = {"butterfly:2", "butterfly:64", "omega:16", "baseline:256",
                                       "rbaseline:32", "cube:1024"};
    for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++) {
        xc_min m;
        xc_err err;
        assert_int_equal(xc_min_parse(&m, nets[i], &err), XC_OK);
        for (unsigned b = 0; b <= m.log_n; b++) {
            uint16_t to[XC_MIN_MAX_N];
            xc_min_wire_table(&m, b, to);
            for (unsigned line = 0; line < m.n_lines; line++)
                if (to[line] != xc_min_wire(&m, b, line))
                    fail_msg("%s boundary %u line %u: table %u, wire %u", nets[i], b, line, to[line],
                             xc_min_wire(&m, b, line));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_check_halves_equal_chk),
        cmocka_unit_test(test_every_message_once),
        cmocka_unit_test(test_missing_repeated_misrouted),
        cmocka_unit_test(test_one_bit_errors_are_corrupt),
        cmocka_unit_test(test_min_wire_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
