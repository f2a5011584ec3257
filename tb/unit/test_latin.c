/* SPDX-License-Identifier: MIT */
/* Massini's LS construction: the paper's tables digit for digit, the Latin
 * property for every admissible l (exhaustive N <= 4, sampled above), and
 * Theorem 2 round trips. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "xc_consts.h"
#include "xc_latin.h"

static const int all_topos[] = {XC_TOPO_BUTTERFLY, XC_TOPO_OMEGA, XC_TOPO_BASELINE,
                                XC_TOPO_RBASELINE, XC_TOPO_CUBE};

static void make_min(xc_min *m, int topo, unsigned n)
{
    xc_err err;
    assert_int_equal(xc_min_init(m, topo, n, &err), XC_OK);
}

static void l_of(xc_big *l, const char *text)
{
    xc_err err;
    assert_int_equal(xc_big_parse(l, text, XC_BIG_MAX_BITS, &err), XC_OK);
}

/* Checks P^l and S^l against a table: perms[x] is "02465713" (input tags)
 * and rows[x] the rows of M^{l,x} joined, e.g. "000000010010". */
static void check_table(const xc_min *m, const char *l_text, const char *const *perms,
                        const char *const *rows)
{
    xc_big l;
    xc_cfg m0, mx;
    xc_err err;
    uint16_t src[XC_MIN_MAX_N];
    l_of(&l, l_text);
    assert_int_equal(xc_cfg_from_l(m, &l, &m0, &err), XC_OK);
    for (unsigned x = 0; x < m->n_lines; x++) {
        xc_cfg_xor(&m0, x, &mx);
        xc_route(m, &mx, NULL, src);
        char got[16] = {0}, bits[64] = {0};
        for (unsigned i = 0; i < m->n_lines; i++)
            got[i] = (char)('0' + src[i]);
        unsigned p = 0;
        for (unsigned h = 0; h < mx.half; h++)
            for (unsigned k = 0; k < mx.log_n; k++)
                bits[p++] = (char)('0' + xc_cfg_bit(&mx, h, k));
        assert_string_equal(got, perms[x]);
        assert_string_equal(bits, rows[x]);
    }
    assert_int_equal(xc_latin_check(m, &m0, &err), XC_OK);
}

/* Example 1, Partition 1 (the canonical partition), N = 4: the four
 * columns are l = 0..3; each lists x = 0..3. */
static void test_example1_partition1(void **state)
{
    (void)state;
    xc_min m;
    make_min(&m, XC_TOPO_BUTTERFLY, 4);
    static const char *const p0[] = {"0213", "2031", "1302", "3120"};
    static const char *const r0[] = {"0000", "0101", "1010", "1111"};
    static const char *const p1[] = {"0231", "2013", "1320", "3102"};
    static const char *const r1[] = {"0001", "0100", "1011", "1110"};
    static const char *const p2[] = {"0312", "3021", "1203", "2130"};
    static const char *const r2[] = {"0010", "0111", "1000", "1101"};
    static const char *const p3[] = {"0321", "3012", "1230", "2103"};
    static const char *const r3[] = {"0011", "0110", "1001", "1100"};
    check_table(&m, "0", p0, r0);
    check_table(&m, "1", p1, r1);
    check_table(&m, "2", p2, r2);
    check_table(&m, "3", p3, r3);
}

/* Example 2, N = 8: the columns l = 18 and l = 235 (also given in hex,
 * 0xeb), each the permutation and the switch settings of x = 0..7. */
static void test_example2(void **state)
{
    (void)state;
    static const struct {
        const char *l;
        const char *p[8], *r[8];
    } col[] = {
        {"18",
         {"02465713", "20647531", "46021357", "64203175", "13574602", "31756420", "57130246", "75312064"},
         {"000000010010", "001001011011", "010010000000", "011011001001", "100100110110", "101101111111",
          "110110100100", "111111101101"}},
        {"235",
         {"06257134", "60521743", "52603471", "25064317", "17346025", "71430652", "43712560", "34175206"},
         {"000011101011", "001010100010", "010001111001", "011000110000", "100111001111", "101110000110",
          "110101011101", "111100010100"}},
    };
    xc_min m;
    make_min(&m, XC_TOPO_BUTTERFLY, 8);
    for (size_t i = 0; i < sizeof col / sizeof col[0]; i++)
        check_table(&m, col[i].l, col[i].p, col[i].r);
    check_table(&m, "0xeb", col[1].p, col[1].r); /* 235 in hex */
}

/* Every l for N = 2 and N = 4 on every topology: a Latin square, and the
 * N^(N/2) configurations of the N^(N/2-1) squares are all different
 * (Lemma 2: a partition). */
static void test_exhaustive_small(void **state)
{
    (void)state;
    for (size_t t = 0; t < sizeof all_topos / sizeof all_topos[0]; t++) {
        for (unsigned n = 2; n <= 4; n *= 2) {
            xc_min m;
            xc_err err;
            make_min(&m, all_topos[t], n);
            unsigned squares = 1u << xc_latin_l_bits(&m);
            unsigned total_cfg_bits = (n / 2) * m.log_n;
            unsigned char *seen = calloc(1u << total_cfg_bits, 1);
            for (unsigned lv = 0; lv < squares; lv++) {
                xc_big l;
                xc_cfg m0, mx;
                xc_big_zero(&l);
                l.w[0] = lv;
                assert_int_equal(xc_cfg_from_l(&m, &l, &m0, &err), XC_OK);
                assert_int_equal(xc_latin_check(&m, &m0, &err), XC_OK);
                for (unsigned x = 0; x < n; x++) {
                    xc_cfg_xor(&m0, x, &mx);
                    unsigned key = 0;
                    for (unsigned h = 0; h < mx.half; h++)
                        key = (key << m.log_n) | mx.row[h];
                    assert_int_equal(seen[key], 0);
                    seen[key] = 1;
                }
            }
            free(seen);
        }
    }
}

/* Random l for N = 8 .. 1024 on every topology: Latin, and Theorem 2
 * recovers l and x from any M^{l,x}. */
static void test_sampled_and_theorem2(void **state)
{
    (void)state;
    srand(12345);
    for (size_t t = 0; t < sizeof all_topos / sizeof all_topos[0]; t++) {
        for (unsigned n = 8; n <= 1024; n *= 2) {
            xc_min m;
            xc_err err;
            make_min(&m, all_topos[t], n);
            int samples = n <= 64 ? 6 : 2;
            for (int s = 0; s < samples; s++) {
                xc_big l, back;
                xc_cfg m0, mx, again;
                xc_big_zero(&l);
                for (unsigned i = 0; i < xc_latin_l_bits(&m); i++)
                    xc_big_set_bit(&l, i, rand() & 1);
                assert_int_equal(xc_cfg_from_l(&m, &l, &m0, &err), XC_OK);
                assert_int_equal(m0.row[0], 0);
                if (n <= 256)
                    assert_int_equal(xc_latin_check(&m, &m0, &err), XC_OK);
                unsigned x = (unsigned)rand() % n, x_back;
                xc_cfg_xor(&m0, x, &mx);
                xc_cfg_classify(&mx, &back, &x_back);
                assert_int_equal(x_back, x);
                assert_memory_equal(back.w, l.w, sizeof l.w);
                xc_cfg_from_l(&m, &back, &again, &err);
                assert_memory_equal(again.row, m0.row, sizeof m0.row);
            }
        }
    }
}

/* Banyan property of every wiring: destination-tag routing with the
 * computed route bits takes every input to every output. */
static void test_self_routing_reaches_every_output(void **state)
{
    (void)state;
    for (size_t t = 0; t < sizeof all_topos / sizeof all_topos[0]; t++) {
        for (unsigned n = 2; n <= 256; n *= 2) {
            xc_min m;
            make_min(&m, all_topos[t], n);
            for (unsigned s = 0; s < n; s++) {
                for (unsigned d = 0; d < n; d++) {
                    unsigned line = xc_min_wire(&m, 0, s);
                    for (unsigned k = 0; k < m.log_n; k++) {
                        unsigned want = (d >> m.route_bit[k]) & 1u;
                        line = xc_min_wire(&m, k + 1, (line & ~1u) | want);
                    }
                    assert_int_equal(line, d);
                }
            }
        }
    }
}

static void test_l_range_and_parse(void **state)
{
    (void)state;
    xc_min m;
    xc_big l;
    xc_cfg c;
    xc_err err;
    make_min(&m, XC_TOPO_BUTTERFLY, 8);
    l_of(&l, "511"); /* 2^9 - 1: the largest l for N = 8 */
    assert_int_equal(xc_cfg_from_l(&m, &l, &c, &err), XC_OK);
    l_of(&l, "512");
    assert_int_equal(xc_cfg_from_l(&m, &l, &c, &err), XC_ERANGE);
    assert_int_equal(xc_big_parse(&l, "12a", 64, &err), XC_EINVAL);
    assert_int_equal(xc_big_parse(&l, "", 64, &err), XC_EINVAL);
    assert_int_equal(xc_big_parse(&l, "0x", 64, &err), XC_EINVAL);
    assert_int_equal(xc_big_parse(&l, "-1", 64, &err), XC_EINVAL);
    assert_int_equal(xc_big_parse(&l, "256", 8, &err), XC_ERANGE);
    /* a 5,110-bit l for N = 1024 and its decimal round trip */
    make_min(&m, XC_TOPO_OMEGA, 1024);
    assert_int_equal(xc_latin_l_bits(&m), 5110);
    xc_big_zero(&l);
    for (unsigned i = 0; i < 5110; i += 3)
        xc_big_set_bit(&l, i, 1);
    char dec[1600];
    assert_true(xc_big_to_dec(&l, dec, sizeof dec) > 1500);
    xc_big back;
    assert_int_equal(xc_big_parse(&back, dec, XC_BIG_MAX_BITS, &err), XC_OK);
    assert_memory_equal(back.w, l.w, sizeof l.w);
    assert_int_equal(xc_cfg_from_l(&m, &l, &c, &err), XC_OK);
    xc_big_set_bit(&l, 5110, 1);
    assert_int_equal(xc_cfg_from_l(&m, &l, &c, &err), XC_ERANGE);
}

static void test_config_parse(void **state)
{
    (void)state;
    xc_min m;
    xc_cfg c;
    xc_err err;
    xc_big l;
    unsigned x;
    make_min(&m, XC_TOPO_BUTTERFLY, 8);
    assert_int_equal(xc_cfg_parse(&m, "001,001,011,011", &c, &err), XC_OK);
    xc_cfg_classify(&c, &l, &x);
    assert_int_equal(x, 1);
    assert_int_equal(l.w[0], 18);
    assert_int_equal(xc_cfg_parse(&m, "001,001,011", &c, &err), XC_EINVAL);
    assert_int_equal(xc_cfg_parse(&m, "001,001,011,0111", &c, &err), XC_EINVAL);
    assert_int_equal(xc_cfg_parse(&m, "001,001,011,012", &c, &err), XC_EINVAL);
}

static void test_min_parse_errors(void **state)
{
    (void)state;
    xc_min m;
    xc_err err;
    assert_int_equal(xc_min_parse(&m, "butterfly:8", &err), XC_OK);
    assert_int_equal(xc_min_parse(&m, "omega:1024", &err), XC_OK);
    assert_int_equal(xc_min_parse(&m, "butterfly:6", &err), XC_ERANGE);
    assert_int_equal(xc_min_parse(&m, "butterfly:0", &err), XC_ERANGE);
    assert_int_equal(xc_min_parse(&m, "butterfly:1", &err), XC_ERANGE);
    assert_int_equal(xc_min_parse(&m, "butterfly:2048", &err), XC_ERANGE);
    assert_int_equal(xc_min_parse(&m, "butterfly:99999999999999999999", &err), XC_ERANGE);
    assert_int_equal(xc_min_parse(&m, "benes:8", &err), XC_EINVAL);
    assert_int_equal(xc_min_parse(&m, "butterfly", &err), XC_EINVAL);
    assert_int_equal(xc_min_parse(&m, "butterfly:8x", &err), XC_EINVAL);
    assert_int_equal(xc_min_parse(&m, "butterfly:", &err), XC_EINVAL);
}

/* The checker is not a rubber stamp: with every wiring boundary the
 * identity (not a banyan network: each stage rewrites address bit 0), the
 * N configurations of S^l cannot reach every output. */
static void test_latin_check_rejects_non_banyan(void **state)
{
    (void)state;
    xc_min m;
    xc_cfg m0;
    xc_big l;
    xc_err err;
    make_min(&m, XC_TOPO_BUTTERFLY, 8);
    for (unsigned b = 0; b <= m.log_n; b++)
        for (unsigned j = 0; j < m.log_n; j++)
            m.perm[b][j] = (uint8_t)j;
    l_of(&l, "18");
    assert_int_equal(xc_cfg_from_l(&m, &l, &m0, &err), XC_OK);
    assert_int_equal(xc_latin_check(&m, &m0, &err), XC_ECHECK);
    assert_non_null(strstr(err.msg, "repeats input"));
}

/* Every permutation of P^l (each column x, as destination tags) is
 * admissible on its MIN: Massini builds each one from a configuration. */
static void test_perm_latin_rows_admissible(void **state)
{
    (void)state;
    static const char *const ls[] = {"0", "18", "235", "4095"};
    for (unsigned t = 0; t < sizeof all_topos / sizeof all_topos[0]; t++)
        for (unsigned n = 4; n <= 16; n *= 2)
            for (unsigned i = 0; i < 4; i++) {
                xc_min m;
                xc_cfg m0, mx;
                xc_big l;
                xc_err err;
                uint16_t dest[XC_MIN_MAX_N];
                make_min(&m, all_topos[t], n);
                l_of(&l, ls[i]);
                if (xc_cfg_from_l(&m, &l, &m0, &err) != XC_OK)
                    continue; /* l too large for N = 4 */
                for (unsigned x = 0; x < n; x++) {
                    xc_cfg_xor(&m0, x, &mx);
                    xc_route(&m, &mx, dest, NULL);
                    assert_int_equal(xc_perm_admissible(&m, dest, NULL), 1);
                }
            }
}

/* Lehmer rank of a permutation of 0..n-1, n <= 8. */
static unsigned perm_rank(const uint16_t *p, unsigned n)
{
    unsigned r = 0;
    for (unsigned i = 0; i < n; i++) {
        unsigned smaller = 0;
        for (unsigned j = i + 1; j < n; j++)
            smaller += p[j] < p[i];
        r = r * (n - i) + smaller;
    }
    return r;
}

/* Next permutation in lexicographic order; 0 after the last. */
static int perm_next(uint16_t *p, unsigned n)
{
    int i = (int)n - 2;
    while (i >= 0 && p[i] > p[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = (int)n - 1;
    while (p[j] < p[i])
        j--;
    uint16_t t = p[i];
    p[i] = p[j], p[j] = t;
    for (unsigned a = (unsigned)i + 1, b = n - 1; a < b; a++, b--)
        t = p[a], p[a] = p[b], p[b] = t;
    return 1;
}

/* Exhaustive on N = 8, every topology: a permutation is admissible exactly
 * when one of the 2^12 configurations realizes it, and every one of those
 * 4096 configurations realizes a different permutation (banyan: one path). */
static void test_perm_admissible_iff_realized(void **state)
{
    (void)state;
    enum { N = 8, FACT = 40320 };
    for (unsigned t = 0; t < sizeof all_topos / sizeof all_topos[0]; t++) {
        xc_min m;
        make_min(&m, all_topos[t], N);
        uint8_t *realized = calloc(FACT, 1);
        assert_non_null(realized);
        xc_cfg c = {N / 2, 3, {0}};
        uint16_t p[N];
        for (unsigned bits = 0; bits < 4096; bits++) {
            for (unsigned h = 0; h < N / 2; h++)
                c.row[h] = (uint16_t)((bits >> (3 * h)) & 7u);
            xc_route(&m, &c, p, NULL);
            unsigned r = perm_rank(p, N);
            assert_int_equal(realized[r], 0);
            realized[r] = 1;
        }
        unsigned admissible = 0;
        for (unsigned i = 0; i < N; i++)
            p[i] = (uint16_t)i;
        do {
            xc_block b;
            int ok = xc_perm_admissible(&m, p, &b);
            assert_int_equal(ok, realized[perm_rank(p, N)]);
            admissible += (unsigned)ok;
            if (!ok) { /* the two named inputs really share that switch output */
                assert_true(b.in_a < b.in_b && b.stage < 3 && b.sw < N / 2);
                assert_int_equal((p[b.in_a] >> m.route_bit[b.stage]) & 1u, b.port);
                assert_int_equal((p[b.in_b] >> m.route_bit[b.stage]) & 1u, b.port);
            }
        } while (perm_next(p, N));
        assert_int_equal(admissible, 4096);
        free(realized);
    }
}

/* The classic homework, bit reversal j -> rev(j) on N = 8. Omega: the
 * shuffle puts inputs 0 (000) and 4 (100) on s0.0, and both destinations
 * (000, 001) have top bit 0. Butterfly: stage 0 pairs 2h, 2h+1 and sends
 * input 0 to line 0 and input 4 to line 1 (bits 0 and 2 swapped), so both
 * meet at s1.0 wanting destination bit 1 = 0. */
static void check_blocked(int topo, const char *perm, unsigned stage, unsigned sw, unsigned a,
                          unsigned b_in)
{
    xc_min m;
    xc_err err;
    xc_block b;
    uint16_t dest[XC_MIN_MAX_N];
    make_min(&m, topo, 8);
    assert_int_equal(xc_perm_parse(&m, perm, dest, &err), XC_OK);
    assert_int_equal(xc_perm_admissible(&m, dest, &b), 0);
    assert_int_equal(b.stage, stage);
    assert_int_equal(b.sw, sw);
    assert_int_equal(b.in_a, a);
    assert_int_equal(b.in_b, b_in);
}

static void test_perm_blocked_known(void **state)
{
    (void)state;
    check_blocked(XC_TOPO_OMEGA, "0,4,2,6,1,5,3,7", 0, 0, 0, 4);
    check_blocked(XC_TOPO_BUTTERFLY, "0,4,2,6,1,5,3,7", 1, 0, 0, 4);
    check_blocked(XC_TOPO_BUTTERFLY, "1,0,3,2,5,4,7,6", 0, 0, 0, 1);
}

static void test_perm_parse_errors(void **state)
{
    (void)state;
    xc_min m;
    xc_err err;
    uint16_t dest[XC_MIN_MAX_N];
    make_min(&m, XC_TOPO_BUTTERFLY, 8);
    static const char *const bad[] = {"0,1,2,3,4,5,6", "0,1,2,3,4,5,6,7,0", "0,1,2,3,4,5,6,8",
                                      "0,1,2,3,4,5,6,6", "0,1,2,3,4,5,6,x", "",
                                      "0;1;2;3;4;5;6;7", "-1,1,2,3,4,5,6,7"};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(xc_perm_parse(&m, bad[i], dest, &err), XC_EINVAL);
        assert_non_null(strstr(err.msg, "--perm"));
    }
    assert_int_equal(xc_perm_parse(&m, "7,6,5,4,3,2,1,0", dest, &err), XC_OK);
    assert_int_equal(dest[0], 7);
    assert_int_equal(dest[7], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_example1_partition1),
        cmocka_unit_test(test_example2),
        cmocka_unit_test(test_exhaustive_small),
        cmocka_unit_test(test_sampled_and_theorem2),
        cmocka_unit_test(test_self_routing_reaches_every_output),
        cmocka_unit_test(test_l_range_and_parse),
        cmocka_unit_test(test_config_parse),
        cmocka_unit_test(test_min_parse_errors),
        cmocka_unit_test(test_latin_check_rejects_non_banyan),
        cmocka_unit_test(test_perm_latin_rows_admissible),
        cmocka_unit_test(test_perm_admissible_iff_realized),
        cmocka_unit_test(test_perm_blocked_known),
        cmocka_unit_test(test_perm_parse_errors),
    };
    return cmocka_run_group_tests_name("latin", tests, NULL, NULL);
}
