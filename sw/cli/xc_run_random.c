/* SPDX-License-Identifier: MIT */
/* Seeded random runs: --seed, --l random, --config random, --inject random
 * and the hidden-fault mode (--reveal). The random words are replaced by
 * concrete values before the runner sees them, so a random run is an
 * ordinary run of the values drawn: the same seed gives the same run.
 * Draws happen in one fixed order (l, configuration, faults in the order
 * given) from one xoshiro256** stream; where a random fault goes is read
 * from a golden session of the same spec, run in this process. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_json.h"
#include "xc_latin.h"
#include "xc_min_random.h"
#include "xc_num.h"
#include "xc_pn_random.h"
#include "xc_run.h"
#include "xc_sched.h"
#include "xc_topo.h"

static int is_random(const char *text) { return text && !strcmp(text, "random"); }

/* The seed: --seed S (strict decimal), else a fresh one below 2^32 (short
 * to type back, exact in every JSON reader). */
static int pick_seed(const char *text, xc_run_opts *o)
{
    uint64_t v;
    if (text && xc_num_u64(text, UINT64_MAX, &v) != XC_OK)
        return xc_cli_error("run", XC_EINVAL, "--seed '%s': a whole number 0 .. 18446744073709551615", text);
    o->seed = text ? v : xc_rand_fresh_seed() & 0xFFFFFFFFull;
    o->seeded = 1;
    return 0;
}

/* --l random and --config random on a MIN: the values as text. */
static int draw_square(xc_run_opts *o, xc_run_rand *rr)
{
    xc_min m;
    xc_err err;
    xc_status st;
    if (!is_random(o->l_text) && !is_random(o->cfg_text))
        return 0;
    if (!o->net)
        return 0; /* the runner says --net is required */
    if ((st = xc_min_parse(&m, o->net, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    if (is_random(o->l_text)) {
        xc_big l;
        const size_t cap = XC_BIG_MAX_BITS / 3 + 8;
        if (!(rr->l_text = malloc(cap)))
            return xc_cli_error("run", XC_ENOMEM, "out of memory");
        xc_min_random_l(&m, &rr->gen, &l);
        xc_big_to_dec(&l, rr->l_text, cap);
        o->l_text = rr->l_text;
    }
    if (is_random(o->cfg_text)) {
        const size_t cap = (size_t)m.n_lines / 2 * (m.log_n + 1) + 1;
        if (!(rr->cfg_text = malloc(cap)))
            return xc_cli_error("run", XC_ENOMEM, "out of memory");
        xc_min_random_cfg_text(&m, &rr->gen, rr->cfg_text, cap);
        o->cfg_text = rr->cfg_text;
    }
    return 0;
}

int xc_run_random_begin(xc_run_opts *o, const char *seed_text, int reveal, xc_run_rand *rr)
{
    int rc, want = is_random(o->l_text) || is_random(o->cfg_text) || o->noc_random;
    *rr = (xc_run_rand){0};
    o->reveal = reveal;
    for (int i = 0; i < o->n_inject; i++)
        if (is_random(o->inject[i]))
            o->random_inject |= 1u << i;
    if (reveal && !o->random_inject)
        return xc_cli_error("run", XC_EINVAL, "--reveal shows a hidden fault: it needs --inject random");
    if (o->random_inject && o->family == XC_RUN_WH)
        return xc_cli_error("run", XC_EINVAL, "--inject random: allowed on a MIN and on store-and-forward routers, "
                            "not on a wormhole run (te-dc1, te-dcn): give KIND:n<node>[.p<port>]@<cycle>");
    if (!want && !o->random_inject && !seed_text)
        return 0;
    if ((rc = pick_seed(seed_text, o)))
        return rc;
    xc_rand_seed(&rr->gen, o->seed);
    return draw_square(o, rr);
}

/* Draws fault i from the golden run's cycles: first, the cycle the
 * exchange's first flit enters (MIN) or its first step runs (routers);
 * span its cycles (MIN) or steps (routers). */
static int draw_fault(xc_run_opts *o, xc_run_rand *rr, int i, unsigned long first, unsigned long span)
{
    xc_err err;
    xc_status st;
    if (o->family == XC_RUN_MIN) {
        xc_inject inj;
        xc_min_random_fault(&o->m, &rr->gen, first, xc_min_wave_spacing(&o->m, span), &inj);
        xc_inject_text(&inj, rr->inject[i], sizeof rr->inject[i]);
    } else {
        const xc_sched_opts so = {.net = &o->pn, .algo = (xc_algo)xc_algo_parse(o->algo), .multiport = o->multi,
                                  .half_duplex = o->half};
        if ((st = xc_pn_random_fault(&so, (uint64_t)span, first, &rr->gen, rr->inject[i], sizeof rr->inject[i],
                                     &err)))
            return xc_cli_error("run", st, "--inject random: %s", err.msg);
    }
    o->inject[i] = rr->inject[i];
    return 0;
}

int xc_run_random_faults(xc_run_opts *o, xc_run_rand *rr)
{
    if (!o->random_inject)
        return 0;
    unsigned long first = 0, span = 0;
    xc_err err;
    const xc_status st = xc_session_golden_span(o, &first, &span, &err);
    if (st)
        return xc_cli_error("run", st, "%s", err.msg);
    for (int i = 0, rc; i < o->n_inject; i++)
        if ((o->random_inject & (1u << i)) && (rc = draw_fault(o, rr, i, first, span)))
            return rc;
    return 0;
}

void xc_run_random_end(xc_run_rand *rr)
{
    free(rr->l_text);
    free(rr->cfg_text);
}

int xc_run_json_seed(xc_json *j, const xc_run_opts *o)
{
    if (o->seeded)
        xc_json_uint(j, "seed", o->seed);
    else
        xc_json_null(j, "seed");
    xc_json_uint(j, "hidden_faults", xc_run_faults_hidden(o) ? (unsigned)o->n_inject : 0u);
    if (!xc_run_faults_hidden(o))
        return 1;
    xc_json_arr(j, "injections");
    xc_json_end(j);
    return 0;
}

void xc_run_seed_text(const xc_run_opts *o)
{
    if (o->seeded)
        printf("  seed         %llu (xchg run ... --seed %llu repeats this run)\n", (unsigned long long)o->seed,
               (unsigned long long)o->seed);
    if (xc_run_faults_hidden(o)) {
        printf("  fault        hidden: %d injected at random; find it from the symptoms (--reveal names it)\n",
               o->n_inject);
        return;
    }
    for (int i = 0; i < o->n_inject; i++)
        if (o->random_inject & (1u << i))
            printf("  fault        %s (drawn at random, revealed)\n", o->inject[i]);
}
