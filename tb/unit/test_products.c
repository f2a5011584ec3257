/* SPDX-License-Identifier: MIT */
/* Unit tests for the product-network part: topology and port numbering,
 * bounds against BFS, step counts of every algorithm against the theorems
 * (each schedule replayed by the independent checker), and the checker
 * catching each kind of broken schedule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "xc_bound.h"
#include "xc_check.h"
#include "xc_pnhw.h"
#include "xc_sched.h"
#include "xc_sched_io.h"
#include "xc_test.h"
#include "xc_topo.h"

static void parse_ok(const char *spec, uint32_t nodes, uint32_t ndims, uint32_t nports)
{
    xc_net net;
    xc_err err;
    assert_int_equal(xc_topo_parse(spec, &net, &err), XC_OK);
    assert_int_equal(net.nodes, nodes);
    assert_int_equal(net.ndims, ndims);
    assert_int_equal(net.nports, nports);
}

static void test_parse_good(void **state)
{
    (void)state;
    parse_ok("ring:8", 8, 1, 2);
    parse_ok("ring:2", 2, 1, 1);
    parse_ok("path:5", 5, 1, 2);
    parse_ok("complete:5", 5, 1, 4);
    parse_ok("torus:4x4", 16, 2, 4);
    parse_ok("torus:3x5x4", 60, 3, 6);
    parse_ok("mesh:4x4", 16, 2, 4);
    parse_ok("hypercube:6", 64, 6, 6);
    parse_ok("ghc:3x4", 12, 2, 5);
    parse_ok("ring:6*complete:3*path:4", 72, 3, 6);
    parse_ok("complete:2", 2, 1, 1);
}

static void test_parse_bad(void **state)
{
    (void)state;
    const char *bad[] = {"torus:4x", "ring:1", "foo:3", "torus:4x4*", "", "ring", "ring:", "ring:0",
                         "ring:-3", "torus:4x4x", "ring:8x8", "hypercube:0", "ring:4**ring:4", "mesh:4y4",
                         "torus:1024x1024x2", "hypercube:30", "ring:99999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        xc_net net;
        xc_err err = {{0}};
        xc_status st = xc_topo_parse(bad[i], &net, &err);
        if (st != XC_EINVAL && st != XC_ERANGE)
            fail_msg("'%s' accepted", bad[i]);
        assert_true(strlen(err.msg) > 0);
        assert_null(strchr(err.msg, '\n'));
    }
}

/* Every port leads to a neighbour whose back port leads home; port_to is
 * the inverse of neighbor; unused ports only at path ends. */
static void test_ports_roundtrip(void **state)
{
    (void)state;
    const char *nets[] = {"torus:3x5x4", "mesh:4x3", "ghc:3x4", "hypercube:4", "ring:6*complete:3*path:4", "ring:2*path:2"};
    for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++) {
        xc_net net;
        assert_int_equal(xc_topo_parse(nets[i], &net, NULL), XC_OK);
        for (uint32_t v = 0; v < net.nodes; v++)
            for (uint32_t p = 0; p < net.nports; p++) {
                int64_t u = xc_topo_neighbor(&net, v, p);
                if (u < 0)
                    continue;
                assert_int_equal(xc_topo_port_to(&net, v, (uint32_t)u), p);
                int64_t b = xc_topo_back_port(&net, v, p);
                assert_true(b >= 0);
                assert_int_equal(xc_topo_neighbor(&net, (uint32_t)u, (uint32_t)b), v);
            }
        /* translation: add then sub is the identity */
        for (uint32_t v = 0; v < net.nodes; v += 7)
            for (uint32_t d = 0; d < net.nodes; d += 5)
                assert_int_equal(xc_topo_sub(&net, xc_topo_add(&net, v, d), v), d);
    }
    xc_net m;
    assert_int_equal(xc_topo_parse("path:4", &m, NULL), XC_OK);
    assert_true(xc_topo_neighbor(&m, 3, 0) < 0); /* end node: + unused */
    assert_true(xc_topo_neighbor(&m, 0, 1) < 0); /* end node: - unused */
}

/* Theorem 1 / Corollary 2 against BFS on every node, for many products. */
static void test_bounds_bfs(void **state)
{
    (void)state;
    const char *nets[] = {"ring:7", "path:6", "complete:5", "torus:4x4", "torus:3x5", "torus:3x5x4", "mesh:4x3",
                          "mesh:3x3x3", "hypercube:6", "ghc:3x4", "ghc:2x3x4", "ring:6*complete:3*path:4",
                          "ring:5*path:3", "complete:4*ring:3*ring:4", "torus:8x8", "torus:16x16"};
    for (size_t i = 0; i < sizeof nets / sizeof nets[0]; i++) {
        xc_net net;
        xc_bounds b;
        xc_err err;
        assert_int_equal(xc_topo_parse(nets[i], &net, NULL), XC_OK);
        xc_status st = xc_bound_compute(&net, &b, &err);
        if (st)
            fail_msg("%s: %s", nets[i], err.msg);
        assert_true(b.bfs_checked > 0);
        /* Corollary 1 agrees with S_G / (n(n-1)) */
        assert_true(b.avg_distance - b.avg_distance_cor1 < 1e-9 && b.avg_distance_cor1 - b.avg_distance < 1e-9);
    }
}

static void test_bounds_values(void **state)
{
    (void)state;
    struct { const char *net; uint64_t as, cut, mnbf, mnbh; uint32_t diam; uint64_t links; } c[] = {
        {"torus:4x4", 32, 8, 15, 30, 4, 32},    {"torus:8x8", 256, 64, 63, 126, 8, 128},
        {"torus:3x5", 28, 9, 14, 30, 3, 30},   {"hypercube:6", 192, 32, 63, 126, 6, 192},
        {"ghc:3x4", 17, 4, 11, 22, 2, 30},      {"torus:16x16", 2048, 512, 255, 510, 16, 512},
        {"ring:5", 6, 3, 4, 10, 2, 5},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        xc_net net;
        xc_bounds b;
        assert_int_equal(xc_topo_parse(c[i].net, &net, NULL), XC_OK);
        assert_int_equal(xc_bound_compute(&net, &b, NULL), XC_OK);
        xc_assert_row(c[i].net, "te_sp_bound cut_bound_steps mnb_full_bound mnb_half_bound diameter links",
                      XC_ROW(b.te_sp_bound, b.cut_bound_steps, b.mnb_full_bound, b.mnb_half_bound, b.diameter, b.links),
                      XC_ROW(c[i].as, c[i].cut, c[i].mnbf, c[i].mnbh, c[i].diam, c[i].links), 6);
    }
}

/* Generates into memory, replays with the checker, returns the steps. */
static uint64_t gen_and_check(const char *spec, xc_algo algo, int multi, int half, xc_sched_result *out)
{
    xc_net net;
    xc_err err;
    assert_int_equal(xc_topo_parse(spec, &net, NULL), XC_OK);
    xc_sched_opts o = {&net, algo, multi, half};
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    xc_sched_writer *w = malloc(sizeof *w);
    assert_int_equal(xc_sched_write_begin(w, f, "test.sched", &o, &err), XC_OK);
    xc_sched_sink s = xc_sched_writer_sink(w);
    xc_sched_result r;
    xc_status st = xc_sched_generate(&o, &s, &r, &err);
    if (st)
        fail_msg("%s %s: %s", spec, xc_algo_name(algo), err.msg);
    assert_int_equal(xc_sched_write_end(w, &r, &err), XC_OK);
    fclose(f);
    free(w);
    FILE *in = fmemopen(buf, len, "r");
    xc_check_result cr;
    st = xc_check_stream(in, &cr, &err);
    fclose(in);
    free(buf);
    if (st)
        fail_msg("%s %s: checker: %s", spec, xc_algo_name(algo), err.msg);
    assert_int_equal(cr.steps, r.steps);
    assert_int_equal(cr.slots, r.peak_slots);
    assert_int_equal(cr.deliveries, r.deliveries);
    if (out)
        *out = r;
    return r.steps;
}

static uint64_t as_of(const char *spec)
{
    xc_net net;
    xc_bounds b;
    assert_int_equal(xc_topo_parse(spec, &net, NULL), XC_OK);
    assert_int_equal(xc_bound_compute(&net, &b, NULL), XC_OK);
    assert_int_equal(b.status_sum % net.nodes, 0);
    return b.te_sp_bound;
}

/* Single-port total exchange: the table, and AS(G) on every
 * product of rings and complete graphs tried, for both te-ni and te-a1. */
static void test_te_single_port(void **state)
{
    (void)state;
    struct { const char *net; uint64_t steps; } c[] = {
        {"torus:4x4", 32}, {"torus:8x8", 256}, {"torus:3x5", 28}, {"hypercube:6", 192}, {"ghc:3x4", 17},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        assert_int_equal(gen_and_check(c[i].net, XC_ALGO_TE_NI, 0, 0, NULL), c[i].steps);
        assert_int_equal(gen_and_check(c[i].net, XC_ALGO_TE_A1, 0, 0, NULL), c[i].steps);
    }
    const char *prods[] = {"ring:2", "ring:3", "ring:5", "ring:8", "complete:2", "complete:6", "torus:3x5x4",
                           "hypercube:3", "ghc:2x3x4", "ring:6*complete:3", "ring:3*ring:3*ring:3",
                           "complete:4*ring:7", "ring:9*complete:2*ring:4", "torus:5x5"};
    for (size_t i = 0; i < sizeof prods / sizeof prods[0]; i++) {
        uint64_t as = as_of(prods[i]);
        assert_int_equal(gen_and_check(prods[i], XC_ALGO_TE_NI, 0, 0, NULL), as);
        assert_int_equal(gen_and_check(prods[i], XC_ALGO_TE_A1, 0, 0, NULL), as);
    }
}

/* te-ni is node-invariant: its table has one word pair per step for all. */
static void test_te_ni_broadcast_table(void **state)
{
    (void)state;
    xc_sched_result r;
    gen_and_check("torus:4x4", XC_ALGO_TE_NI, 0, 0, &r);
    assert_int_equal(r.bcast_words, 2 * 32);
    assert_int_equal(r.table_words, 2 * 32 * 16);
    assert_int_equal(r.peak_slots, 16);
}

/* Paths: the single-port dimension algorithm meets the receive-count
 * bound max_x x(k-x)+(k-1-x)(x+1); A1 then gives Corollary 3's n sum T/|V|. */
static void test_te_paths(void **state)
{
    (void)state;
    uint64_t want[] = {0, 0, 1, 4, 7, 12, 17, 24, 31, 40, 49};
    char spec[32];
    for (uint32_t k = 2; k <= 10; k++) {
        snprintf(spec, sizeof spec, "path:%u", k);
        assert_int_equal(gen_and_check(spec, XC_ALGO_TE_A1, 0, 0, NULL), want[k]);
    }
    assert_int_equal(gen_and_check("mesh:4x4", XC_ALGO_TE_A1, 0, 0, NULL), 16 * (7 + 7) / 4);
    assert_int_equal(gen_and_check("mesh:3x5", XC_ALGO_TE_A1, 0, 0, NULL), 15 * 4 / 3 + 15 * 12 / 5);
    assert_int_equal(gen_and_check("ring:6*complete:3*path:4", XC_ALGO_TE_A1, 0, 0, NULL),
                     72 * 9 / 6 + 72 * 2 / 3 + 72 * 7 / 4);
}

/* A network, its duplex and the steps a schedule must take there. */
struct steps_case {
    const char *net;
    int half;
    uint64_t steps;
};

/* Generates and checks algo's schedule on every case's network. */
static void check_steps(xc_algo algo, int multi, const struct steps_case *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const uint64_t got = gen_and_check(c[i].net, algo, multi, c[i].half, NULL);
        if (got != c[i].steps)
            fail_msg("%s %s%s: %llu steps, expected %llu", c[i].net, xc_algo_name(algo),
                     c[i].half ? " half duplex" : "", (unsigned long long)got, (unsigned long long)c[i].steps);
    }
}

/* Multiport A2: n T_H, at the cut bound where T_H is. */
static void test_te_a2(void **state)
{
    (void)state;
    static const struct steps_case c[] = {
        {"torus:4x4", 0, 8}, {"torus:8x8", 0, 64},  {"torus:5x5", 0, 15}, {"mesh:4x4", 0, 16},
        {"mesh:5x5", 0, 30}, {"hypercube:4", 0, 8}, {"ghc:3x3", 0, 3},
        {"torus:3x3x3x3", 0, 27}, /* H^4: n^3 T_H */
        {"torus:6x6", 0, 30},     /* 6 x ceil(36/8) */
    };
    check_steps(XC_ALGO_TE_A2, 1, c, sizeof c / sizeof c[0]);
}

static void test_mnb(void **state)
{
    (void)state;
    struct { const char *net; uint64_t full, half; } c[] = {
        {"ring:2", 1, 2},       {"ring:3", 2, 6},       {"ring:5", 4, 10},      {"ring:8", 7, 14},
        {"torus:4x4", 15, 30},  {"torus:3x3", 8, 18},   {"torus:3x5", 14, 30},  {"hypercube:4", 15, 30},
        {"complete:5", 4, 10},  {"mesh:4x3", 11, 22},   {"ghc:3x3", 8, 18},     {"torus:3x5x3", 44, 90},
        {"mesh:2x3", 5, 10},    {"ring:7*path:2", 13, 26},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        assert_int_equal(gen_and_check(c[i].net, XC_ALGO_MNB, 0, 0, NULL), c[i].full);
        assert_int_equal(gen_and_check(c[i].net, XC_ALGO_MNB, 0, 1, NULL), c[i].half);
    }
}

static void test_mnb_product(void **state)
{
    (void)state;
    static const struct steps_case c[] = {
        /* full duplex: n - 1 always (Theorem 3) */
        {"torus:4x4", 0, 15}, {"torus:3x5x4", 0, 59},
        /* half duplex, all even: 2(n-1) (Theorem 4) */
        {"torus:4x6", 1, 46}, {"hypercube:4", 1, 30},
        /* one odd dimension: 2n (Theorem 5), whichever side it is on */
        {"torus:4x3", 1, 24}, {"torus:3x4", 1, 24}, {"ring:5*ring:2*ring:4", 1, 80},
        /* all odd: T_B + n2 T_A = 2*3 + 3*2*3 */
        {"torus:3x3", 1, 24},
    };
    check_steps(XC_ALGO_MNB_PRODUCT, 0, c, sizeof c / sizeof c[0]);
}

/* Past 4,096 nodes (14-bit node addresses): the TPU-pod torus and the
 * 128x128 torus are planned, te-ni in the status bound's steps, and the
 * routers take them (16,384 slots, 2^20 steps: the step counter has 21
 * bits); one node more than the address reaches is refused. */
static void test_plan_wide(void **state)
{
    (void)state;
    struct { const char *net; uint64_t steps; } c[] = {{"torus:16x20x28", 143360}, {"torus:128x128", 1u << 20}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        xc_net net;
        xc_sched_plan p;
        xc_pn_hw hw;
        xc_err err = {{0}};
        assert_int_equal(xc_topo_parse(c[i].net, &net, NULL), XC_OK);
        xc_sched_opts o = {&net, XC_ALGO_TE_NI, 0, 0};
        if (xc_sched_plan_for(&o, &p, &err) != XC_OK)
            fail_msg("%s: %s", c[i].net, err.msg);
        assert_int_equal(p.expected, c[i].steps);
        assert_int_equal(p.messages, (uint64_t)net.nodes * (net.nodes - 1));
        if (xc_pn_hw_init(&hw, &net, net.nodes, (uint32_t)p.expected, 0, 0, 0, &err) != XC_OK)
            fail_msg("%s: %s", c[i].net, err.msg);
    }
    xc_net net;
    xc_pn_hw hw;
    assert_int_equal(xc_topo_parse("ring:16385", &net, NULL), XC_OK);
    assert_int_equal(xc_pn_hw_init(&hw, &net, 2, 2, 0, 0, 0, NULL), XC_ERANGE);
}

static void test_plan_refusals(void **state)
{
    (void)state;
    struct { const char *net; xc_algo a; int multi, half; } c[] = {
        {"mesh:4x4", XC_ALGO_TE_NI, 0, 0},      {"torus:4x4", XC_ALGO_TE_A2, 0, 0},
        {"torus:4x8", XC_ALGO_TE_A2, 1, 0},     {"torus:4x4x4", XC_ALGO_TE_A2, 1, 0},
        {"ring:8", XC_ALGO_TE_A2, 1, 0},        {"torus:4x4", XC_ALGO_TE_NI, 1, 0},
        {"torus:4x4", XC_ALGO_TE_A1, 0, 1},     {"torus:4x4", XC_ALGO_MNB, 1, 0},
        {"mesh:4x4", XC_ALGO_MNB_PRODUCT, 0, 0}, {"torus:256x128", XC_ALGO_TE_NI, 0, 0},
        {"ring:8192", XC_ALGO_TE_NI, 0, 0},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        xc_net net;
        xc_sched_plan p;
        xc_err err = {{0}};
        assert_int_equal(xc_topo_parse(c[i].net, &net, NULL), XC_OK);
        xc_sched_opts o = {&net, c[i].a, c[i].multi, c[i].half};
        xc_status st = xc_sched_plan_for(&o, &p, &err);
        if (st != XC_EINVAL && st != XC_ERANGE)
            fail_msg("%s %s accepted", c[i].net, xc_algo_name(c[i].a));
    }
    /* no hamiltonian cycle is constructed for an all-odd mesh */
    xc_net net;
    xc_err err;
    assert_int_equal(xc_topo_parse("mesh:3x3", &net, NULL), XC_OK);
    xc_sched_opts o = {&net, XC_ALGO_MNB, 0, 0};
    xc_sched_result r;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    xc_sched_writer *w = malloc(sizeof *w);
    xc_sched_write_begin(w, f, "test.sched", &o, &err);
    xc_sched_sink s = xc_sched_writer_sink(w);
    assert_int_equal(xc_sched_generate(&o, &s, &r, &err), XC_EINVAL);
    fclose(f);
    free(buf);
    free(w);
}

/* ---- the checker on broken schedules ---- */

static xc_status check_text(const char *text, char *msg)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    xc_check_result r;
    xc_err err = {{0}};
    xc_status st = xc_check_stream(f, &r, &err);
    fclose(f);
    strcpy(msg, err.msg);
    return st;
}

/* ring:3, te, single-port full duplex. Initial: slot k of v holds m(v -> v+k).
 * A correct 2-step schedule: step 1 every node sends slot 1 on port 0 (+1)
 * and the arrival is delivered; step 2 slot 2 on port 1 (-1), delivered. */
#define HDR "xchg-schedule 1\nnet ring:3\nalgo test\nkind te\nport single\nduplex full\n"
static const char good[] = HDR "t 1\ns * 0 1\nr * 1 d\nt 2\ns * 1 2\nr * 0 d\nend 2 3\n";

static void expect(const char *text, xc_status want, const char *needle)
{
    char msg[256];
    xc_status st = check_text(text, msg);
    if (st != want || !strstr(msg, needle))
        fail_msg("want %d with '%s', got %d: '%s'", want, needle, st, msg);
}

static void test_check_good(void **state)
{
    (void)state;
    char msg[256];
    assert_int_equal(check_text(good, msg), XC_OK);
}

static void test_check_adjacency(void **state)
{
    (void)state;
    /* the arrival is looked for on the wrong port: nobody sent that way */
    expect(HDR "t 1\ns * 0 1\nr * 0 d\nt 2\ns * 1 2\nr * 0 d\nend 2 3\n", XC_ECHECK, "adjacency");
    /* a port that does not exist on a ring */
    expect(HDR "t 1\ns 0 5 1\nr 1 1 d\nend 1 3\n", XC_ECHECK, "no link");
    /* path end: port + of the last node is unused */
    expect("xchg-schedule 1\nnet path:3\nkind te\nport single\nduplex full\nt 1\ns 2 0 1\nend 1 3\n", XC_ECHECK,
           "no link");
}

static void test_check_port_model(void **state)
{
    (void)state;
    /* single-port: node 0 sends twice in one step */
    expect(HDR "t 1\ns 0 0 1\ns 0 1 2\nr 1 1 d\nr 2 0 d\nend 1 3\n", XC_ECHECK, "single-port");
    /* single-port: node 1 receives twice in one step */
    expect(HDR "t 1\ns 0 0 1\ns 2 1 2\nr 1 1 d\nr 1 0 d\nend 1 3\n", XC_ECHECK, "single-port");
    /* half duplex: node sends and receives in the same step */
    expect("xchg-schedule 1\nnet ring:3\nkind mnb\nport single\nduplex half\nt 1\nc * 0 0\nr * 1 d1\nend 1 2\n",
           XC_ECHECK, "half duplex");
    /* half duplex, multiport: one link used both ways */
    expect("xchg-schedule 1\nnet ring:2\nkind mnb\nport multi\nduplex half\nt 1\nc * 0 0\nr * 0 d1\nend 1 2\n",
           XC_ECHECK, "both directions");
}

static void test_check_slots(void **state)
{
    (void)state;
    /* the arrival is stored in slot 2, which still holds m(v -> v+2) */
    expect(HDR "t 1\ns * 0 1\nr * 1 2\nend 1 3\n", XC_ECHECK, "overwritten");
    /* send from an empty slot (slot 0 is empty in te) */
    expect(HDR "t 1\ns * 0 0\nr * 1 d\nend 1 3\n", XC_ECHECK, "empty slot");
}

static void test_check_delivery(void **state)
{
    (void)state;
    /* lost: a send nobody receives */
    expect(HDR "t 1\ns * 0 1\nend 1 3\n", XC_ECHECK, "lost");
    /* delivered to the wrong node: m(v -> v+2) delivered at v+1 */
    expect(HDR "t 1\ns * 0 2\nr * 1 d\nend 1 3\n", XC_ECHECK, "not its destination");
    /* duplicate: mnb broadcast received twice by the same node */
    expect("xchg-schedule 1\nnet ring:3\nkind mnb\nport single\nduplex full\n"
           "t 1\nc * 0 0\nr * 1 d1\nt 2\nc * 1 0\nr * 0 d2\nt 3\nc * 0 0\nr * 1 d3\nend 3 4\n",
           XC_ECHECK, "duplicate");
    /* a message never delivered: one step missing */
    expect(HDR "t 1\ns * 0 1\nr * 1 d\nend 1 3\n", XC_ECHECK, "never delivered");
    /* wrong declared counts */
    expect(HDR "t 1\ns * 0 1\nr * 1 d\nt 2\ns * 1 2\nr * 0 d\nend 3 3\n", XC_EINVAL, "declares");
}

static void test_check_malformed(void **state)
{
    (void)state;
    expect("hello\n", XC_EINVAL, "line 1");
    expect(HDR "t 1\ns * 0 1\nr * 1 d\n", XC_EINVAL, "truncated");
    expect(HDR "t 2\n", XC_EINVAL, "follows");
    expect(HDR "t 1\nq 1 2 3\nend 1 3\n", XC_EINVAL, "unknown line");
    expect("xchg-schedule 1\nnet ring:1\nkind te\n", XC_ERANGE, ">= 2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_good),       cmocka_unit_test(test_parse_bad),
        cmocka_unit_test(test_ports_roundtrip),  cmocka_unit_test(test_bounds_bfs),
        cmocka_unit_test(test_bounds_values),    cmocka_unit_test(test_te_single_port),
        cmocka_unit_test(test_te_ni_broadcast_table), cmocka_unit_test(test_te_paths),
        cmocka_unit_test(test_te_a2),            cmocka_unit_test(test_mnb),
        cmocka_unit_test(test_mnb_product),      cmocka_unit_test(test_plan_refusals),
        cmocka_unit_test(test_plan_wide),
        cmocka_unit_test(test_check_good),       cmocka_unit_test(test_check_adjacency),
        cmocka_unit_test(test_check_port_model), cmocka_unit_test(test_check_slots),
        cmocka_unit_test(test_check_delivery),   cmocka_unit_test(test_check_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
