/* SPDX-License-Identifier: MIT */
/* xchg run: an all-to-all personalized exchange on a banyan MIN, run by
 * the control-processor firmware on the golden model, the RTL, or both in
 * lock-step; the scoreboard and the paper's bound close it. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_consts.h"
#include "xc_cp_min.h"
#include "xc_fs.h"
#include "xc_topo.h"
#include "xc_golden_wave.h"
#include "xc_gtkw.h"
#include "xc_inject.h"
#include "xc_lockstep.h"
#include "xc_min.h"
#include "xc_vectors.h"

static const char usage[] =
    "usage: xchg run --net TOPOLOGY:N [--algo latin] [--l L | --config ROWS]\n"
    "                [--mode xor|table|self] [--sim lockstep|rtl|golden]\n"
    "                [--trace FILE.fst [--trace-window FROM:TO]] [--timeout CYCLES]\n"
    "                [--load front|back] [--json] [--quiet] [--vectors DIR]\n"
    "                [--inject KIND:WHERE@CYCLE]... [--rtl-fault S.H[@C]]\n"
    "  --net      butterfly|omega|baseline|rbaseline|cube : N (power of two, 2..1024)\n"
    "  --algo     latin: Massini's Latin-square method (the only MIN algorithm)\n"
    "  --l        Latin square index, 0 <= l < N^(N/2-1), decimal or 0x hex (default 0)\n"
    "  --config   start from any configuration M (rows of n bits, stage 0 first)\n"
    "  --mode     xor   switches hold M^{l,0} and XOR the step x of each flit (default)\n"
    "             table the control processor writes M^{l,x} before every step\n"
    "             self  destination-tag self-routing, conflicts flagged\n"
    "  --sim      lockstep  RTL (Verilator) and golden model compared every cycle (default)\n"
    "             rtl       RTL only;  golden  golden model only\n"
    "  --trace    FST waves: the RTL's to FILE.fst, the golden model's to FILE.golden.fst\n"
    "             (same signal names), a GTKWave save file FILE.gtkw and FILE.tcl\n"
    "  --trace-window  dump only cycles FROM..TO (inclusive) to keep big runs small\n"
    "  --load     front: the firmware writes the N^2 messages over the bus (default);\n"
    "             back: the message memories of the RTL and the golden model are loaded\n"
    "             directly before the run (simulation only; for large N)\n"
    "  --timeout  stop after this many cycles (default: 4x the expected count)\n"
    "  --inject   break the RTL on purpose (repeatable, up to 4): KIND switch (flip it),\n"
    "             drop, dup, corrupt (a flit), port (a flit leaves by the wrong output);\n"
    "             WHERE s<stage>.<switch>; CYCLE >= 1. The golden model is not told.\n"
    "  --rtl-fault  S.H[@C]: the same as --inject switch:sS.H@C (every cycle without @C)\n"
    "  --vectors  write the golden model's bus inputs and expected outputs, cycle by\n"
    "             cycle, to DIR/bus.hex, DIR/obs.hex, DIR/vectors.vh (N <= 64), for\n"
    "             tb/rtl/xchg_min_replay_tb.v on Icarus Verilog (docs/xsim.md)\n"
    "exit status: 0 every message delivered once within the bound, 1 a check failed,\n"
    "2 bad input\n";

struct run_args {
    const char *net, *l_text, *cfg_text, *trace, *fault, *vectors;
    const char *inject[XC_FAULT_SLOTS + 1];
    unsigned long trace_from, trace_to;
    int n_inject;
    unsigned mode;
    int golden, rtl, json, quiet;
    int back_door;  /* --load back */
    unsigned long timeout;
};

static int parse_args(int argc, char **argv, struct run_args *a)
{
    static const struct option opts[] = {
        {"net", required_argument, 0, 'n'},     {"algo", required_argument, 0, 'a'},
        {"l", required_argument, 0, 'l'},       {"config", required_argument, 0, 'c'},
        {"mode", required_argument, 0, 'm'},    {"sim", required_argument, 0, 's'},
        {"trace", required_argument, 0, 't'},   {"timeout", required_argument, 0, 'T'},
        {"json", no_argument, 0, 'j'},          {"quiet", no_argument, 0, 'q'},
        {"rtl-fault", required_argument, 0, 'f'}, {"inject", required_argument, 0, 'i'},
        {"trace-window", required_argument, 0, 'w'}, {"help", no_argument, 0, 'h'},
        {"vectors", required_argument, 0, 'V'}, {"load", required_argument, 0, 'L'},
        {0, 0, 0, 0},
    };
    *a = (struct run_args){.mode = XC_MODE_XOR, .golden = 1, .rtl = 1, .trace_to = ~0ul};
    int c, rc;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'n': a->net = optarg; break;
        case 'l': a->l_text = optarg; break;
        case 'c': a->cfg_text = optarg; break;
        case 't': a->trace = optarg; break;
        case 'f': a->fault = optarg; break;
        case 'V': a->vectors = optarg; break;
        case 'i':
            if (a->n_inject == XC_FAULT_SLOTS)
                return xc_cli_error("run", XC_EINVAL, "--inject: at most %d per run", XC_FAULT_SLOTS);
            a->inject[a->n_inject++] = optarg;
            break;
        case 'j': a->json = 1; break;
        case 'L':
            if (strcmp(optarg, "front") && strcmp(optarg, "back"))
                return xc_cli_error("run", XC_EINVAL, "--load '%s': allowed front, back", optarg);
            a->back_door = !strcmp(optarg, "back");
            break;
        case 'q': a->quiet = 1; break;
        case 'a':
            if (strcmp(optarg, "latin"))
                return xc_cli_error("run", XC_EINVAL, "--algo '%s': allowed for a MIN: latin", optarg);
            break;
        case 'm':
            if (!strcmp(optarg, "xor")) a->mode = XC_MODE_XOR;
            else if (!strcmp(optarg, "table")) a->mode = XC_MODE_TABLE;
            else if (!strcmp(optarg, "self")) a->mode = XC_MODE_SELF;
            else return xc_cli_error("run", XC_EINVAL, "--mode '%s': allowed xor, table, self", optarg);
            break;
        case 's':
            if ((rc = xc_cli_run_sim(optarg, &a->golden, &a->rtl)))
                return rc;
            break;
        case 'T':
            if ((rc = xc_cli_run_timeout(optarg, &a->timeout)))
                return rc;
            break;
        case 'w':
            if ((rc = xc_cli_run_window(optarg, &a->trace_from, &a->trace_to)))
                return rc;
            break;
        case 'h': fputs(usage, stdout); return -1;
        default:
            return xc_cli_error("run", XC_EINVAL, "bad option '%s' (see xchg run --help)",
                                argv[optind - 1]);
        }
    }
    if (optind < argc)
        return xc_cli_error("run", XC_EINVAL, "unexpected argument '%s'", argv[optind]);
    if ((a->fault || a->n_inject) && !a->rtl)
        return xc_cli_error("run", XC_EINVAL, "--inject and --rtl-fault need the RTL: use --sim rtl or lockstep");
    if (a->fault && a->n_inject == XC_FAULT_SLOTS)
        return xc_cli_error("run", XC_EINVAL, "--inject: at most %d per run, --rtl-fault included",
                            XC_FAULT_SLOTS);
    if (a->vectors && a->back_door)
        return xc_cli_error("run", XC_EINVAL, "--vectors replays the bus: use --load front");
    if (a->vectors && !a->golden)
        return xc_cli_error("run", XC_EINVAL, "--vectors needs the golden model: use --sim golden or lockstep");
    if (a->trace) {
        size_t len = strlen(a->trace);
        if (len < 5 || strcmp(a->trace + len - 4, ".fst"))
            return xc_cli_error("run", XC_EINVAL, "--trace '%s': the file name must end in .fst", a->trace);
    }
    return 0;
}

/* --rtl-fault "S.H" or "S.H@C": a switch flip (every cycle without C). */
static int parse_rtl_fault(const char *text, const xc_min *m, xc_inject *inj)
{
    unsigned s = 0, h = 0;
    long c = -1;
    int n = -1, ok = 0;
    if (!strchr(text, '-')) {
        if (sscanf(text, "%u.%u%n", &s, &h, &n) == 2 && n > 0 && text[n] == '\0')
            ok = 1;
        else if (sscanf(text, "%u.%u@%ld%n", &s, &h, &c, &n) == 3 && n > 0 && text[n] == '\0')
            ok = c >= 1;
    }
    if (!ok || s >= m->log_n || h >= m->n_lines / 2)
        return xc_cli_error("run", XC_EINVAL,
                            "--rtl-fault '%s': expected S.H or S.H@C with stage S < %u, switch H < %u, "
                            "cycle C >= 1", text, m->log_n, m->n_lines / 2);
    *inj = (xc_inject){.kind = XC_FAULT_SWITCH, .stage = s, .sw = h, .cycle = c};
    return 0;
}

/* Golden waves and replay vectors from the harness's per-cycle hook. */
struct recorders {
    xc_gwave *gwave;
    xc_vec *vec;
};

static void record_golden(void *user, const xc_ls *ls, const xc_min_bus *bus, const xc_min_obs *obs)
{
    struct recorders *r = user;
    if (ls->gm && r->gwave)
        xc_gwave_cycle(r->gwave, ls->cycle, bus, obs);
    if (ls->gm && r->vec)
        xc_vec_cycle(r->vec, bus, obs);
}

/* Creates the folder of path and checks the file can be written. */
static int prepare_output(const char *path)
{
    if (xc_mkdir_for(path) != 0)
        return xc_cli_error("run", XC_EIO, "--trace '%s': cannot create its folder", path);
    FILE *f = fopen(path, "w");
    if (!f)
        return xc_cli_error("run", XC_EIO, "--trace '%s': cannot write it", path);
    fclose(f);
    return 0;
}

static const char *mode_name(unsigned mode)
{
    return mode == XC_MODE_XOR ? "xor" : mode == XC_MODE_TABLE ? "table" : "self";
}

static const char *sim_name(const struct run_args *a)
{
    return a->golden && a->rtl ? "lockstep" : a->rtl ? "rtl" : "golden";
}

/* Which runner --net asks for: 0 a MIN, 1 a product network, 2 neither
 * (reported here, naming both families). No --net: the MIN parser says so. */
static int net_family(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        if (!strcmp(argv[i], "--net") && i + 1 < argc)
            v = argv[i + 1];
        else if (!strncmp(argv[i], "--net=", 6))
            v = argv[i] + 6;
        if (!v)
            continue;
        size_t len = strcspn(v, ":*");
        if (xc_min_topo_lookup(v, len) >= 0)
            return 0;
        if (xc_topo_kind_lookup(v, len) >= 0)
            return 1;
        xc_cli_error("run", XC_EINVAL,
                     "--net '%s': unknown network '%.*s' (MIN: butterfly, omega, baseline, rbaseline, cube; "
                     "product: ring, path, complete, torus, mesh, ghc, hypercube)", v, (int)len, v);
        return 2;
    }
    return 0;
}

int xc_cmd_run(int argc, char **argv)
{
    switch (net_family(argc, argv)) {
    case 1:
        return xc_cli_is_wormhole_algo(argc, argv) ? xc_cmd_run_wh(argc, argv) : xc_cmd_run_pn(argc, argv);
    case 2:
        return 2;
    }
    struct run_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc < 0 ? 0 : rc;

    xc_min m;
    xc_cfg m0;
    xc_big l;
    unsigned x_given;
    if ((rc = xc_cli_min_square("run", a.net, a.l_text, a.cfg_text, &m, &m0, &l, &x_given)))
        return rc;
    xc_inject inj[XC_FAULT_SLOTS];
    int n_inj = 0;
    for (int i = 0; i < a.n_inject; i++, n_inj++) {
        xc_err ierr;
        if (xc_inject_parse(&inj[n_inj], a.inject[i], &m, &ierr))
            return xc_cli_error("run", XC_EINVAL, "%s", ierr.msg);
    }
    if (a.fault && (rc = parse_rtl_fault(a.fault, &m, &inj[n_inj++])))
        return rc;
    if (a.trace && (rc = prepare_output(a.trace)))
        return rc;

    const unsigned n_lines = m.n_lines, bound = n_lines + m.log_n;
    xc_status st_vec;
    xc_ls_opts o = {.golden = a.golden, .rtl = a.rtl, .progress = !a.quiet && isatty(2)};
    char golden_fst[1100] = "";
    xc_gwave *gwave = NULL;
    struct recorders rec = {0};
    o.on_cycle = record_golden;
    o.on_cycle_user = &rec;
    xc_err verr;
    if (a.vectors && (st_vec = xc_vec_open(&rec.vec, a.vectors, &m, &verr))) {
        if (a.trace)
            remove(a.trace);
        return xc_cli_error("run", st_vec, "%s", verr.msg);
    }
    if (a.trace) {
        snprintf(golden_fst, sizeof golden_fst, "%.*s.golden.fst", (int)(strlen(a.trace) - 4), a.trace);
        if (a.golden && !(gwave = xc_gwave_open(golden_fst, &m, a.trace_from, a.trace_to))) {
            remove(a.trace);
            xc_vec_abort(rec.vec);
            return xc_cli_error("run", XC_EIO, "--trace: cannot write %s", golden_fst);
        }
        rec.gwave = gwave;
        if (!a.rtl)
            remove(a.trace); /* only the golden model runs: no RTL waves */
    }
    o.dut.trace_path = a.rtl ? a.trace : NULL;
    o.dut.trace_from = a.trace_from;
    o.dut.trace_to = a.trace_to;
    o.dut.quiet = a.quiet;
    char plus[XC_FAULT_SLOTS][4][64];
    for (int i = 0, np = 0; i < n_inj; i++) {
        int k = xc_inject_plusargs(&inj[i], (unsigned)i, plus[i]);
        for (int j = 0; j < k; j++)
            o.dut.plusargs[np++] = plus[i][j];
    }
    char load_dir[1100] = "", load_plus[1200];
    if (a.back_door && a.rtl) { /* the files the RTL reads at its reset edge */
        snprintf(load_dir, sizeof load_dir, "%s/load/min%ld", xc_build_dir(), (long)getpid());
        xc_err lerr;
        xc_status lst = xc_ls_write_load(load_dir, &m, &m0, &lerr);
        if (lst) {
            xc_ls_remove_load(load_dir);
            xc_gwave_close(gwave);
            xc_vec_abort(rec.vec);
            if (a.trace) {
                remove(a.trace);
                remove(golden_fst);
            }
            return xc_cli_error("run", lst, "%s", lerr.msg);
        }
        snprintf(load_plus, sizeof load_plus, "+xchg_load=%s", load_dir);
        o.dut.plusargs[4 * n_inj] = load_plus;
    }
    /* expected bus + network cycles, generously: messages N^2, table mode
     * N configurations, polling the exchange */
    unsigned long expect = (unsigned long)n_lines * n_lines + 64ul +
                           (unsigned long)n_lines * (xc_min_cfg_words(&m) + 3) + bound;
    o.max_cycles = a.timeout ? a.timeout : 4 * expect;

    xc_ls ls;
    xc_err err;
    xc_status st = xc_ls_open(&ls, &m, &o, &err);
    if (load_dir[0])
        xc_ls_remove_load(load_dir); /* read at the model's reset edge */
    if (st) {
        xc_gwave_close(gwave);
        xc_vec_abort(rec.vec);
        if (a.trace) {
            remove(a.trace);
            remove(golden_fst);
        }
        return xc_cli_error("run", st, "%s", err.msg);
    }
    xc_cp_min_report rep;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (a.back_door)
        xc_ls_poke(&ls, &m0);
    xc_status cp_st = xc_cp_min_run(&ls.hal, &m, &m0, a.mode, a.back_door ? XC_CP_MIN_BACK_DOOR : 0u,
                                    o.max_cycles, &rep, &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    const double sim_seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    if (ls.halted == XC_LS_MISMATCH)
        xc_ls_idle(&ls, 4); /* a few cycles after the mismatch, for the waves */

    /* verdict */
    xc_err why;
    const char *verdict = NULL;
    char verdict_buf[512];
    xc_status score_st = xc_score_verdict(&ls.score, &why);
    if (ls.halted == XC_LS_MISMATCH) {
        snprintf(verdict_buf, sizeof verdict_buf, "RTL differs from the golden model at cycle %lu: %s",
                 ls.mismatch_cycle, ls.mismatch_why);
        verdict = verdict_buf;
    } else if (ls.halted == XC_LS_TIMEOUT) {
        snprintf(verdict_buf, sizeof verdict_buf, "timed out after %lu cycles", ls.cycle);
        verdict = verdict_buf;
    } else if (cp_st) {
        snprintf(verdict_buf, sizeof verdict_buf, "control processor: %s", err.msg);
        verdict = verdict_buf;
    } else if (score_st) {
        snprintf(verdict_buf, sizeof verdict_buf, "scoreboard: %s", why.msg);
        verdict = verdict_buf;
    } else if (a.mode != XC_MODE_TABLE && rep.cycles > bound) {
        snprintf(verdict_buf, sizeof verdict_buf, "%u cycles exceed the bound N + log2 N = %u",
                 rep.cycles, bound);
        verdict = verdict_buf;
    }

    char spec[64], gtkw[1100] = "";
    xc_min_spec(&m, spec, sizeof spec);
    char *ldec = malloc(XC_BIG_MAX_BITS / 3 + 8);
    if (ldec)
        xc_big_to_dec(&l, ldec, XC_BIG_MAX_BITS / 3 + 8);
    unsigned long cycles_run = ls.cycle, first_inject = ls.first_inject;
    unsigned long missing = xc_score_missing(&ls.score);
    unsigned long delivered_ok = (unsigned long)n_lines * n_lines - missing;
    xc_ls_close(&ls);
    xc_gwave_close(gwave);
    if (rec.vec && (st_vec = xc_vec_close(rec.vec, &m0, ldec ? ldec : "?", a.mode, first_inject, &verr))) {
        free(ldec);
        return xc_cli_error("run", st_vec, "%s", verr.msg);
    }
    if (a.trace) {
        xc_gtkw_min_opts g = {.fst = a.trace, .focus = ls.mismatch_elem};
        g.marker_cycle = ls.halted == XC_LS_MISMATCH ? ls.mismatch_cycle : 0;
        g.window_cycle = g.marker_cycle ? g.marker_cycle - (g.marker_cycle > 8 ? 8 : 0) : ls.first_inject;
        if (xc_gtkw_min_write(&m, &g, gtkw, sizeof gtkw, &err) != XC_OK)
            fprintf(stderr, "xchg run: %s\n", err.msg);
    }

    if (a.json) {
        printf("{\"net\":\"%s\",\"algo\":\"latin\",\"l\":%s,\"mode\":\"%s\",\"sim\":\"%s\","
               "\"cycles\":%u,\"bound\":%u,\"within_bound\":%s,\"delivered\":%lu,\"expected\":%u,"
               "\"duplicates\":%lu,\"misrouted\":%lu,\"corrupt\":%lu,\"conflicts\":%u,"
               "\"mismatches\":%u,\"load\":\"%s\",\"config_cycles\":%lu,\"message_cycles\":%lu,"
               "\"control_cycles\":%lu,\"first_injection_cycle\":%lu,\"sim_cycles\":%lu,"
               "\"sim_seconds\":%.6f,",
               spec, ldec ? ldec : "0", mode_name(a.mode), sim_name(&a), rep.cycles, bound,
               rep.cycles <= bound ? "true" : "false", delivered_ok, n_lines * n_lines,
               ls.score.duplicates, ls.score.misrouted, ls.score.corrupt, rep.conflicts,
               ls.mismatch_items, a.back_door ? "back" : "front", rep.bus_config, rep.bus_messages, rep.bus_control, first_inject,
               cycles_run, sim_seconds);
        printf("\"injections\":[");
        for (int i = 0; i < n_inj; i++)
            printf("%s{\"kind\":\"%s\",\"element\":\"s%u.%u\",\"cycle\":%ld}", i ? "," : "",
                   xc_inject_kind_name(inj[i].kind), inj[i].stage, inj[i].sw, inj[i].cycle);
        printf("],");
        if (ls.halted == XC_LS_MISMATCH) {
            printf("\"first_mismatch\":{\"cycle\":%lu,\"element\":\"%s\",\"detail\":",
                   ls.mismatch_cycle, ls.mismatch_elem);
            xc_json_str(stdout, ls.mismatch_why);
            printf("},");
        } else {
            printf("\"first_mismatch\":null,");
        }
        xc_cli_run_json_traces(a.trace, golden_fst, a.golden, a.rtl, !verdict);
    } else {
        printf("xchg run: %s, all-to-all personalized exchange, Latin-square method, l = %s%s\n",
               spec, ldec ? ldec : "?", strlen(ldec ? ldec : "") > 60 ? " (long)" : "");
        printf("  simulation   %s\n", a.golden && a.rtl ? "lock-step: RTL (Verilator) and golden model compared every cycle"
                                      : a.rtl ? "RTL (Verilator) only" : "golden model only");
        printf("  mode         %s\n", a.mode == XC_MODE_XOR ? "xor: each switch holds m(h,k), XORed with bit x(n-1-k) of the step"
                                      : a.mode == XC_MODE_TABLE ? "table: M^{l,x} written over the bus before each step"
                                      : "self: destination-tag routing");
        printf("  exchange     %u steps x %u inputs = %u messages\n", n_lines, n_lines, n_lines * n_lines);
        printf("  cycles       %u from first injection to last delivery (bound N + log2 N = %u%s)\n",
               rep.cycles, bound, a.mode == XC_MODE_TABLE ? "; table mode waits for the bus" : "");
        printf("  delivered    %lu of %u%s\n", delivered_ok, n_lines * n_lines,
               score_st ? "" : ", each exactly once, intact, at its destination");
        if (rep.conflicts)
            printf("  conflicts    %u (self-routing dropped a flit)\n", rep.conflicts);
        xc_cli_run_compared(cycles_run, a.golden, a.rtl, ls.halted == XC_LS_MISMATCH);
        printf("  bus cycles   configuration %lu, messages %lu, control %lu\n", rep.bus_config,
               rep.bus_messages, rep.bus_control);
        printf("  load         %s\n", a.back_door ? "back door: message memories loaded directly, no bus cycles"
                                                 : "front door: messages written over the bus");
        xc_cli_run_waves(a.trace, golden_fst, gtkw, a.golden, a.rtl);
        if (ls.halted == XC_LS_MISMATCH)
            printf("  first mismatch  cycle %lu, element %s: %s\n", ls.mismatch_cycle,
                   ls.mismatch_elem, ls.mismatch_why);
        printf("%s\n", verdict ? "FAIL" : "PASS");
    }
    free(ldec);
    if (verdict) {
        fprintf(stderr, "xchg run: %s\n", verdict);
        return 1;
    }
    return 0;
}
