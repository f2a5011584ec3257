/* SPDX-License-Identifier: MIT */
/* Unit tests for the wormhole schedules of paper 001 (te-dc1, te-dcn):
 * start-up counts against the paper, every schedule through the checker
 * and the golden cycle model, the checker and the golden model catching
 * broken schedules, the file format round trip, and refused inputs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "xc_golden_wh.h"
#include "xc_wh_io.h"

static xc_net torus(uint32_t n)
{
    char spec[32];
    xc_net net;
    xc_err err;
    snprintf(spec, sizeof spec, "torus:%ux%u", n, n);
    assert_int_equal(xc_topo_parse(spec, &net, &err), XC_OK);
    return net;
}

static void run_ok(uint32_t n, xc_wh_algo a, uint32_t ts, uint32_t mf, uint64_t want_startups)
{
    xc_net net = torus(n);
    xc_wh_run_opts o = {&net, a, mf, ts, 1, NULL, NULL, 0};
    xc_wh_run_result r;
    xc_err err = {{0}};
    xc_status st = xc_wh_run(&o, &r, &err);
    if (st)
        fail_msg("torus:%ux%u %s: %s", n, n, xc_wh_algo_name(a), err.msg);
    assert_int_equal(r.steps, want_startups);
    assert_int_equal(r.m.steps, want_startups);
    assert_int_equal(r.table1.startups, want_startups);
    assert_int_equal(r.m.deliveries, (uint64_t)n * n * (n * n - 1));
    assert_int_equal(r.golden_cycles, r.cycles); /* the golden model agrees with the formula */
    assert_int_equal(r.golden_flit_hops, r.m.flit_hops);
}

static void test_startups_dc1(void **state)
{
    (void)state;
    for (uint32_t n = 8; n <= 32; n *= 2)
        run_ok(n, XC_WH_DC1, 100, 1, n / 4 + 5);
}

static void test_startups_dcn(void **state)
{
    (void)state;
    uint32_t lg = 2;
    for (uint32_t n = 4; n <= 32; n *= 2, lg++)
        run_ok(n, XC_WH_DCN, 100, 1, 3 * lg - 1);
}

static void test_sizes_and_ts(void **state)
{
    (void)state;
    uint32_t ts[] = {0, 1, 7, 1000}, mf[] = {1, 3, 16};
    for (unsigned i = 0; i < 4; i++)
        for (unsigned k = 0; k < 3; k++) {
            run_ok(8, XC_WH_DC1, ts[i], mf[k], 7);
            run_ok(8, XC_WH_DCN, ts[i], mf[k], 8);
        }
    run_ok(16, XC_WH_DC1, 5, 4, 9);
}

static void test_refused(void **state)
{
    (void)state;
    const char *bad[] = {"torus:4x4", "torus:12x12", "torus:8x16", "mesh:8x8", "ring:64", "torus:128x128",
                         "torus:4x4x4"};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        xc_net net;
        xc_err err = {{0}};
        if (xc_topo_parse(bad[i], &net, &err))
            continue;
        xc_status st = xc_wh_plan(&net, XC_WH_DC1, NULL, &err);
        assert_true(st == XC_EINVAL || st == XC_ERANGE);
        assert_true(strlen(err.msg) > 0);
    }
    xc_net net = torus(2);
    xc_err err;
    assert_int_equal(xc_wh_plan(&net, XC_WH_DCN, NULL, &err), XC_ERANGE);
    net = torus(4);
    assert_int_equal(xc_wh_plan(&net, XC_WH_DCN, NULL, &err), XC_OK);
    assert_int_equal(xc_wh_algo_parse("te-dc1"), XC_WH_DC1);
    assert_int_equal(xc_wh_algo_parse("te-dcn"), XC_WH_DCN);
    assert_int_equal(xc_wh_algo_parse("te-dc2"), -1);
}

/* ---- broken schedules: a sink that copies each step, breaks one, and
 * feeds the checker (or the golden model) ---- */

typedef enum breakage { B_LINK, B_EJECT, B_DUP, B_NOT_HELD, B_DROP, B_REDELIVER, B_SLOT } breakage;

typedef struct breaker {
    xc_whchk *c;
    xc_golden_wh *g; /* when set, the broken step goes to the golden model instead */
    breakage b;
    uint64_t at;     /* step to break */
    xc_wh_packet pk[4096];
    uint32_t ports[4096][8];
    uint32_t *msgs;
} breaker;

static xc_status br_step(void *ctx, const xc_wh_step *s, xc_err *err)
{
    breaker *b = ctx;
    if (s->t != b->at)
        return xc_whchk_step(b->c, s, err);
    size_t used = 0;
    for (uint32_t x = 0; x < s->npk; x++) {
        b->pk[x] = s->pk[x];
        memcpy(b->ports[x], s->pk[x].port, s->pk[x].hops * sizeof b->ports[x][0]);
        b->pk[x].port = b->ports[x];
        memcpy(b->msgs + used, s->pk[x].msg, s->pk[x].nmsg * sizeof *b->msgs);
        b->pk[x].msg = b->msgs + used;
        used += s->pk[x].nmsg + 1; /* room for one more */
    }
    xc_wh_packet *p0 = &b->pk[0], *p1 = &b->pk[1];
    uint32_t *m0 = (uint32_t *)p0->msg;
    switch (b->b) {
    case B_LINK: /* step 1 of te-dc1: node 0 goes 3 hops +j, over node 2's link */
        p0->hops = 3;
        b->ports[0][1] = b->ports[0][2] = b->ports[0][0];
        break;
    case B_EJECT: /* node 1 turns +j: node 2 then receives two packets */
        b->ports[1][0] = b->ports[0][0];
        break;
    case B_DUP: /* a message twice in one packet */
        m0[p0->nmsg] = m0[0];
        p0->nmsg++;
        break;
    case B_NOT_HELD: /* node 0 sends a message node 1 holds */
        m0[0] = p1->msg[0];
        break;
    case B_DROP: /* the last step loses a message */
        p0->nmsg--;
        break;
    case B_REDELIVER: /* a message sent on from its destination: its source is node 0 */
        m0[0] = 1 * 64 + 0; /* m(1->0), which node 0 holds from step 1 on */
        break;
    case B_SLOT: /* the block would overwrite the receiver's last kept message */
        p1->slot--;
        break;
    }
    xc_wh_step st = *s;
    st.pk = b->pk;
    if (b->g) {
        uint64_t cyc;
        return xc_golden_wh_step(b->g, &st, &cyc, err);
    }
    return xc_whchk_step(b->c, &st, err);
}

static void expect_broken(breakage kind, uint64_t at, xc_wh_algo a, const char *want)
{
    xc_net net = torus(8);
    breaker *b = calloc(1, sizeof *b);
    assert_non_null(b);
    b->msgs = malloc(sizeof *b->msgs * 64 * 64 * 2);
    assert_non_null(b->msgs);
    b->b = kind;
    b->at = at;
    xc_err err = {{0}};
    assert_int_equal(xc_whchk_new(&net, 1, &b->c, &err), XC_OK);
    xc_wh_sink sink = {b, br_step};
    uint64_t steps;
    xc_status st = xc_wh_generate(&net, a, &sink, &steps, &err);
    if (!st)
        st = xc_whchk_end(b->c, NULL, &err);
    assert_int_equal(st, XC_ECHECK);
    if (!strstr(err.msg, want) || !strstr(err.msg, "step ") || !strstr(err.msg, "node ") ||
        !strstr(err.msg, "port ") || !strstr(err.msg, "message "))
        fail_msg("expected '%s' with step, node, port, message; got '%s'", want, err.msg);
    xc_whchk_free(b->c);
    free(b->msgs);
    free(b);
}

static void test_checker_catches(void **state)
{
    (void)state;
    expect_broken(B_LINK, 1, XC_WH_DC1, "link conflict");
    expect_broken(B_EJECT, 1, XC_WH_DC1, "ejects a second packet");
    expect_broken(B_DUP, 3, XC_WH_DC1, "sent twice");
    expect_broken(B_NOT_HELD, 2, XC_WH_DCN, "does not hold");
    expect_broken(B_DROP, 7, XC_WH_DC1, "never delivered");
    expect_broken(B_DROP, 8, XC_WH_DCN, "never delivered");
    expect_broken(B_REDELIVER, 3, XC_WH_DC1, "leaves its destination");
    expect_broken(B_SLOT, 4, XC_WH_DCN, "receiver keeps");
}

static void test_golden_catches_conflict(void **state)
{
    (void)state;
    xc_net net = torus(8);
    breaker *b = calloc(1, sizeof *b);
    assert_non_null(b);
    b->msgs = malloc(sizeof *b->msgs * 64 * 64 * 2);
    b->b = B_LINK;
    b->at = 1;
    xc_err err = {{0}};
    assert_int_equal(xc_whchk_new(&net, 1, &b->c, &err), XC_OK);
    assert_int_equal(xc_golden_wh_new(&net, 10, 2, &b->g, &err), XC_OK);
    xc_wh_sink sink = {b, br_step};
    xc_status st = xc_wh_generate(&net, XC_WH_DC1, &sink, NULL, &err);
    assert_int_equal(st, XC_ECHECK);
    assert_non_null(strstr(err.msg, "two flits on one link"));
    xc_golden_wh_free(b->g);
    xc_whchk_free(b->c);
    free(b->msgs);
    free(b);
}

/* The golden model's cycle count per step equals ts + hops + flits - 1 of
 * the longest packet, computed here from the packets themselves. */
typedef struct percheck {
    xc_golden_wh *g;
    uint32_t ts, mf;
    uint64_t steps;
} percheck;

static xc_status pc_step(void *ctx, const xc_wh_step *s, xc_err *err)
{
    percheck *p = ctx;
    uint64_t cyc, want = 0;
    xc_status st = xc_golden_wh_step(p->g, s, &cyc, err);
    if (st)
        return st;
    for (uint32_t x = 0; x < s->npk; x++) {
        uint64_t c = p->ts + s->pk[x].hops + (uint64_t)s->pk[x].nmsg * p->mf - 1;
        if (c > want)
            want = c;
    }
    assert_int_equal(cyc, want);
    p->steps++;
    return XC_OK;
}

static void test_golden_step_cycles(void **state)
{
    (void)state;
    uint32_t ts[] = {0, 3, 50}, mf[] = {1, 2, 5};
    for (unsigned i = 0; i < 3; i++)
        for (unsigned k = 0; k < 3; k++)
            for (int a = 0; a < 2; a++) {
                xc_net net = torus(16);
                percheck p = {NULL, ts[i], mf[k], 0};
                xc_err err = {{0}};
                assert_int_equal(xc_golden_wh_new(&net, ts[i], mf[k], &p.g, &err), XC_OK);
                xc_wh_sink sink = {&p, pc_step};
                assert_int_equal(xc_wh_generate(&net, (xc_wh_algo)a, &sink, NULL, &err), XC_OK);
                assert_int_equal(p.steps, a ? 11 : 9);
                xc_golden_wh_free(p.g);
            }
}

static void test_file_round_trip(void **state)
{
    (void)state;
    for (int a = 0; a < 2; a++) {
        xc_net net = torus(8);
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        assert_non_null(f);
        xc_wh_writer *w;
        xc_err err = {{0}};
        assert_int_equal(xc_wh_write_begin(f, "test.wsched", &net, xc_wh_algo_name((xc_wh_algo)a), 2, &w, &err), XC_OK);
        xc_wh_sink ws = xc_wh_writer_sink(w);
        xc_wh_run_opts o = {&net, (xc_wh_algo)a, 2, 20, 1, &ws, NULL, 0};
        xc_wh_run_result r;
        assert_int_equal(xc_wh_run(&o, &r, &err), XC_OK);
        assert_int_equal(xc_wh_write_end(w, r.steps, &err), XC_OK);
        fclose(f);
        /* replay the file: same measurements, golden model included */
        FILE *in = fmemopen(buf, len, "r");
        xc_wh_file_info info;
        xc_wh_metrics m;
        uint64_t golden;
        assert_int_equal(xc_golden_wh_check_stream(in, 20, &info, &m, &golden, &err), XC_OK);
        fclose(in);
        assert_int_equal(info.msg_flits, 2);
        assert_int_equal(m.steps, r.m.steps);
        assert_int_equal(m.flit_hops, r.m.flit_hops);
        assert_int_equal(m.peak_buffer, r.m.peak_buffer);
        assert_int_equal(m.rearranged, r.m.rearranged);
        assert_int_equal(golden, r.cycles);
        /* a truncated file is malformed, not a pass */
        in = fmemopen(buf, len / 2, "r");
        assert_int_equal(xc_wh_check_stream(in, NULL, &info, &m, &err), XC_EINVAL);
        fclose(in);
        free(buf);
    }
}

/* Hand-built steps with turning paths on torus:4x4 (ports: 0 +i, 1 -i,
 * 2 +j, 3 -j): the golden model and the checker handle any path, not
 * only the straight ones the algorithms use. */
static void test_turning_paths(void **state)
{
    (void)state;
    xc_net net = torus(4);
    xc_err err = {{0}};
    static const uint32_t pa[] = {2, 0}, pb_clash[] = {0}, pb_ok[] = {1};
    uint32_t ma[] = {0 * 16 + 5, 0 * 16 + 6, 0 * 16 + 7}, mb[] = {1 * 16 + 5, 1 * 16 + 13};
    /* A: 0 -> 1 -> 5 (3 messages); B: 1 -> 5 shares link (1, +i) */
    xc_wh_packet clash[2] = {{0, 2, pa, 3, ma, 0}, {1, 1, pb_clash, 1, mb, 0}};
    xc_wh_step st = {1, "clash", 2, clash};
    xc_golden_wh *g;
    uint64_t cyc;
    assert_int_equal(xc_golden_wh_new(&net, 4, 2, &g, &err), XC_OK);
    assert_int_equal(xc_golden_wh_step(g, &st, &cyc, &err), XC_ECHECK);
    assert_non_null(strstr(err.msg, "two flits on one link"));
    xc_golden_wh_free(g);
    xc_whchk *c;
    assert_int_equal(xc_whchk_new(&net, 2, &c, &err), XC_OK);
    assert_int_equal(xc_whchk_step(c, &st, &err), XC_ECHECK);
    assert_non_null(strstr(err.msg, "link conflict"));
    xc_whchk_free(c);
    /* B: 1 -> 13 instead (its -i link): no clash; A's 6 flits over 2 hops set the time */
    xc_wh_packet ok[2] = {{0, 2, pa, 3, ma, 15}, {1, 1, pb_ok, 2, mb, 15}};
    st = (xc_wh_step){1, "ok", 2, ok};
    assert_int_equal(xc_golden_wh_new(&net, 4, 2, &g, &err), XC_OK);
    assert_int_equal(xc_golden_wh_step(g, &st, &cyc, &err), XC_OK);
    assert_int_equal(cyc, 4 + 2 + 3 * 2 - 1);
    assert_int_equal(xc_golden_wh_flit_hops(g), 3 * 2 * 2 + 2 * 2 * 1);
    xc_golden_wh_free(g);
    assert_int_equal(xc_whchk_new(&net, 2, &c, &err), XC_OK);
    assert_int_equal(xc_whchk_step(c, &st, &err), XC_OK);
    /* the rest never happened: the end check names a message still at its source */
    assert_int_equal(xc_whchk_end(c, NULL, &err), XC_ECHECK);
    assert_non_null(strstr(err.msg, "never delivered"));
    xc_whchk_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_startups_dc1),
        cmocka_unit_test(test_startups_dcn),
        cmocka_unit_test(test_sizes_and_ts),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_checker_catches),
        cmocka_unit_test(test_golden_catches_conflict),
        cmocka_unit_test(test_golden_step_cycles),
        cmocka_unit_test(test_file_round_trip),
        cmocka_unit_test(test_turning_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
