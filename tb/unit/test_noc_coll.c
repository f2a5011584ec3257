/* SPDX-License-Identifier: MIT */
/* The collectives a user's whole network is driven with
 * (sim/session/xc_noc_coll.c): a total exchange lists every message
 * m(s→d), s != d,
 * exactly once, in step order, a single-port schedule sending at most one
 * message a step from each source; the Latin-square exchange is N
 * permutations, one a step; a seeded permutation is a permutation, the
 * same for the same seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "xc_test.h"

#include "xc_noc_coll.h"
#include "xc_sched.h"

/* Each (src, dst) at most once; returns how many pairs were seen. */
static unsigned long pairs_once(const xc_noc_coll *c)
{
    const uint32_t n = c->nodes;
    uint8_t *seen = calloc((size_t)n * n, 1);
    assert_non_null(seen);
    for (unsigned long i = 0; i < c->count; i++) {
        const xc_noc_msg *m = &c->msgs[i];
        assert_true(m->src < n && m->dst < n);
        assert_int_equal(seen[(size_t)m->src * n + m->dst]++, 0);
        assert_true(m->step >= 1 && m->step <= c->steps);
        if (i)
            assert_true(m->step >= c->msgs[i - 1].step); /* in step order */
    }
    free(seen);
    return c->count;
}

static void check_te(const char *spec, int algo)
{
    xc_net net;
    xc_noc_coll c;
    uint64_t steps;
    assert_int_equal(xc_topo_parse(spec, &net, NULL), XC_OK);
    assert_int_equal(xc_noc_coll_te(&c, &net, algo, 0, &steps, NULL), XC_OK);
    const uint32_t n = net.nodes;
    assert_int_equal(pairs_once(&c), (unsigned long)n * (n - 1));
    assert_int_equal(c.steps, steps);
    for (unsigned long i = 0; i < c.count; i++) {
        assert_int_not_equal(c.msgs[i].src, c.msgs[i].dst);
        /* single port: a source's next message leaves in a later step */
        for (unsigned long j = i + 1; j < c.count && c.msgs[j].step == c.msgs[i].step; j++)
            assert_int_not_equal(c.msgs[j].src, c.msgs[i].src);
    }
    xc_noc_coll_free(&c);
}

static void test_te_every_message_once_single_port(void **state)
{
    (void)state;
    check_te("torus:4x4", XC_ALGO_TE_A1);
    check_te("torus:4x4", XC_ALGO_TE_NI);
    check_te("complete:16", XC_ALGO_TE_A1);
    check_te("ring:8", XC_ALGO_TE_A1);
}

static void test_latin_is_n_permutations(void **state)
{
    (void)state;
    xc_min m;
    xc_noc_coll c;
    assert_int_equal(xc_min_parse(&m, "butterfly:16", NULL), XC_OK);
    assert_int_equal(xc_noc_coll_latin(&c, &m, NULL), XC_OK);
    assert_int_equal(pairs_once(&c), 256); /* every input to every output, itself included */
    for (unsigned x = 0; x < 16; x++) {
        unsigned dst_seen = 0;
        for (unsigned j = 0; j < 16; j++) {
            const xc_noc_msg *msg = &c.msgs[x * 16 + j];
            assert_int_equal(msg->step, x + 1);
            assert_int_equal(msg->src, j);
            dst_seen |= 1u << msg->dst;
        }
        assert_int_equal(dst_seen, 0xFFFFu); /* step x is a permutation */
    }
    xc_noc_coll_free(&c);
}

static void test_perm_is_a_seeded_permutation(void **state)
{
    (void)state;
    xc_noc_coll a, b, other;
    assert_int_equal(xc_noc_coll_perm(&a, 64, 7, NULL), XC_OK);
    assert_int_equal(xc_noc_coll_perm(&b, 64, 7, NULL), XC_OK);
    assert_int_equal(xc_noc_coll_perm(&other, 64, 8, NULL), XC_OK);
    assert_int_equal(pairs_once(&a), 64);
    uint64_t dst_seen = 0;
    for (unsigned v = 0; v < 64; v++) {
        assert_int_equal(a.msgs[v].src, v);
        dst_seen |= 1ull << a.msgs[v].dst;
    }
    assert_true(dst_seen == ~0ull);
    assert_memory_equal(a.msgs, b.msgs, 64 * sizeof *a.msgs);
    assert_memory_not_equal(a.msgs, other.msgs, 64 * sizeof *a.msgs);
    xc_noc_coll_free(&a);
    xc_noc_coll_free(&b);
    xc_noc_coll_free(&other);
}

XC_TEST_MAIN(cmocka_unit_test(test_te_every_message_once_single_port),
             cmocka_unit_test(test_latin_is_n_permutations),
             cmocka_unit_test(test_perm_is_a_seeded_permutation))
