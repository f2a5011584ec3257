/* SPDX-License-Identifier: MIT */
/* xchg run --algo te-dc1|te-dcn: the wormhole schedules of paper 001 on the
 * product-network routers in circuit mode. The firmware (xc_cp_wh.c)
 * compiles the schedule into circuit entries, inject lists and step
 * budgets, loads them over the bus and runs; the golden model, the RTL or
 * both in lock-step; the scoreboard closes the run and the report sets
 * the measured cycles beside the formula and paper 001's Table 1. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_consts.h"
#include "xc_cp_wh.h"
#include "xc_fs.h"
#include "xc_gtkw_pn.h"
#include "xc_lockstep_pn.h"

static const char usage[] =
    "usage: xchg run --net torus:NxN --algo te-dc1|te-dcn [--ts CYCLES]\n"
    "                [--sim lockstep|rtl|golden] [--trace FILE.fst [--trace-window FROM:TO]]\n"
    "                [--timeout CYCLES] [--json] [--quiet] [--bad-circuit n<node>@<step>]\n"
    "                [--inject KIND:WHERE@CYCLE]... [--load front|back]\n"
    "  Runs paper 001's wormhole total exchange on the routers in circuit mode:\n"
    "  per step each router's crossbar passes packets on, one hop per cycle.\n"
    "  --ts           start-up cycles of every step, 1 .. 1000000 (default 100)\n"
    "  --sim          lockstep (default), rtl, golden\n"
    "  --trace        RTL waves (FST) and a GTKWave save file FILE.gtkw\n"
    "  --bad-circuit  the firmware breaks node's crossbar setting in that step\n"
    "                 (two inputs to one output): the routers must refuse it\n"
    "  --inject       break the RTL on purpose (up to 4; the golden model is not told):\n"
    "                 KIND drop, dup, corrupt, port; WHERE n<node> or n<node>.p<port>\n"
    "  --load         front: the firmware loads messages, circuit tables, slot lists and\n"
    "                 budgets over the bus (default); back: written into the memories\n"
    "                 directly (big networks; simulation only)\n"
    "Messages are one flit (--msg-flits 1). Cycles = 1 + sum over steps of (ts + hops + flits - 1).\n"
    "exit status: 0 every message delivered once in the formula's cycles, 1 a check\n"
    "failed, 2 bad input\n";

struct wh_args {
    const char *net, *algo, *trace, *inject[XC_FAULT_SLOTS];
    int n_inject;
    long ts;
    int json, quiet, back_door;
    long bad_node, bad_step;
    xc_cli_run_opts r; /* --sim, --timeout, --trace-window */
};

static int parse_args(int argc, char **argv, struct wh_args *a)
{
    static const struct option opts[] = {
        {"net", required_argument, 0, 'n'},      {"algo", required_argument, 0, 'a'},
        {"ts", required_argument, 0, 'S'},       {"sim", required_argument, 0, 's'},
        {"trace", required_argument, 0, 't'},    {"trace-window", required_argument, 0, 'w'},
        {"timeout", required_argument, 0, 'T'},  {"json", no_argument, 0, 'j'},
        {"quiet", no_argument, 0, 'q'},          {"bad-circuit", required_argument, 0, 'B'},
        {"inject", required_argument, 0, 'i'},   {"msg-flits", required_argument, 0, 'F'},
        {"load", required_argument, 0, 'L'},
        {"help", no_argument, 0, 'h'},           {0, 0, 0, 0},
    };
    *a = (struct wh_args){.r = {.golden = 1, .rtl = 1, .trace_to = ~0ul}, .ts = XC_WH_DEFAULT_TS, .bad_node = -1};
    int c, rc, n;
    char *end;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'n': a->net = optarg; break;
        case 'a': a->algo = optarg; break;
        case 't': a->trace = optarg; break;
        case 'j': a->json = 1; break;
        case 'q': a->quiet = 1; break;
        case 'i':
            if (a->n_inject == XC_FAULT_SLOTS)
                return xc_cli_error("run", XC_EINVAL, "--inject: at most %d per run", XC_FAULT_SLOTS);
            a->inject[a->n_inject++] = optarg;
            break;
        case 'S':
            a->ts = strtol(optarg, &end, 10);
            if (*end || !*optarg || a->ts < 1 || a->ts > (long)XC_WH_MAX_TS)
                return xc_cli_error("run", XC_EINVAL,
                                    "--ts '%s': 1 .. %u cycles on the routers (the first flit is loaded in the last start-up cycle)",
                                    optarg, XC_WH_MAX_TS);
            break;
        case 'L':
            if (strcmp(optarg, "front") && strcmp(optarg, "back"))
                return xc_cli_error("run", XC_EINVAL, "--load '%s': allowed front, back", optarg);
            a->back_door = !strcmp(optarg, "back");
            break;
        case 'F':
            if (strcmp(optarg, "1"))
                return xc_cli_error("run", XC_EINVAL,
                                    "--msg-flits '%s': on the routers a message is one flit (use xchg schedule for longer messages)",
                                    optarg);
            break;
        case 'B':
            n = -1;
            if (strchr(optarg, '-') || sscanf(optarg, "n%ld@%ld%n", &a->bad_node, &a->bad_step, &n) != 2 || n < 0 ||
                optarg[n] || a->bad_step < 1)
                return xc_cli_error("run", XC_EINVAL, "--bad-circuit '%s': expected n<node>@<step>, step >= 1", optarg);
            break;
        case 'h': fputs(usage, stdout); return -1;
        default:
            if ((rc = xc_cli_run_common(c, optarg, &a->r)) >= 0) {
                if (rc)
                    return rc;
                break;
            }
            return xc_cli_error("run", XC_EINVAL, "bad option '%s' for a wormhole run (see xchg run --algo te-dc1 --help)",
                                argv[optind - 1]);
        }
    }
    if (optind < argc)
        return xc_cli_error("run", XC_EINVAL, "unexpected argument '%s'", argv[optind]);
    if (!a->net)
        return xc_cli_error("run", XC_EINVAL, "--net is required (a square torus torus:NxN)");
    if (a->n_inject && !a->r.rtl)
        return xc_cli_error("run", XC_EINVAL, "--inject needs the RTL: use --sim rtl or lockstep");
    if (a->trace) {
        size_t len = strlen(a->trace);
        if (len < 5 || strcmp(a->trace + len - 4, ".fst"))
            return xc_cli_error("run", XC_EINVAL, "--trace '%s': the file name must end in .fst", a->trace);
        if (!a->r.rtl)
            return xc_cli_error("run", XC_EINVAL, "--trace: the waves come from the RTL (--sim rtl or lockstep)");
    }
    return 0;
}

int xc_cli_is_wormhole_algo(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *v = NULL;
        if (!strcmp(argv[i], "--algo") && i + 1 < argc)
            v = argv[i + 1];
        else if (!strncmp(argv[i], "--algo=", 7))
            v = argv[i] + 7;
        if (v && xc_wh_algo_parse(v) >= 0)
            return 1;
    }
    return 0;
}

static uint32_t pow2_at_least(uint32_t x, uint32_t lo)
{
    uint32_t p = lo;
    while (p < x)
        p *= 2;
    return p;
}

#define MAX_STEPS 64u

/* The slots and list entries a router needs for every wormhole algorithm
 * defined on net: one Verilator build serves them all. */
static xc_status size_for_net(const xc_net *net, uint32_t *slots, uint32_t *list, xc_err *err)
{
    *slots = *list = 2;
    for (int a = XC_WH_DC1; a <= XC_WH_DCN; a++) {
        xc_wh_table1 t1;
        xc_err ignore;
        if (xc_wh_plan(net, (xc_wh_algo)a, &t1, &ignore) != XC_OK)
            continue;
        xc_wh_prog p;
        xc_status st = xc_wh_prog_init(&p, net, MAX_STEPS, err);
        if (st)
            return st;
        xc_wh_sink sink = xc_wh_prog_sink(&p);
        uint64_t steps;
        st = xc_wh_generate(net, (xc_wh_algo)a, &sink, &steps, err);
        if (!st) {
            *slots = pow2_at_least(p.slots_used, *slots);
            *list = pow2_at_least(p.max_list, *list);
        }
        xc_wh_prog_free(&p);
        if (st)
            return st;
    }
    return XC_OK;
}

int xc_cmd_run_wh(int argc, char **argv)
{
    struct wh_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc < 0 ? 0 : rc;
    xc_net net;
    xc_err err;
    xc_status st = xc_topo_parse(a.net, &net, &err);
    if (st)
        return xc_cli_error("run", st, "--net: %s", err.msg);
    const xc_wh_algo algo = (xc_wh_algo)xc_wh_algo_parse(a.algo);
    xc_wh_table1 t1;
    if ((st = xc_wh_plan(&net, algo, &t1, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    if (net.nodes > 1024)
        return xc_cli_error("run", XC_ERANGE, "'%s': %u routers, the router RTL takes at most 1024", net.spec,
                            net.nodes);

    /* one generation: checker, golden cycle model of paper 001's timing, and the firmware's compiler */
    xc_wh_prog prog;
    if ((st = xc_wh_prog_init(&prog, &net, MAX_STEPS, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    xc_wh_sink compile = xc_wh_prog_sink(&prog);
    xc_wh_step_info info[MAX_STEPS];
    xc_wh_run_opts ro = {.net = &net, .algo = algo, .msg_flits = 1, .ts = (uint32_t)a.ts, .golden = 1,
                         .also = &compile, .info = info, .info_cap = MAX_STEPS};
    xc_wh_run_result wr;
    if ((st = xc_wh_run(&ro, &wr, &err))) {
        xc_wh_prog_free(&prog);
        return xc_cli_error("run", st == XC_ECHECK ? XC_ECHECK : st, "%s", err.msg);
    }
    if (a.bad_node >= 0 && (st = xc_wh_prog_break(&prog, (uint32_t)a.bad_node, (uint32_t)a.bad_step, &err))) {
        xc_wh_prog_free(&prog);
        return xc_cli_error("run", XC_EINVAL, "--bad-circuit: %s", err.msg);
    }
    xc_pn_hw hw;
    uint32_t hw_slots, hw_list;
    if ((st = size_for_net(&net, &hw_slots, &hw_list, &err)) ||
        (st = xc_pn_hw_init(&hw, &net, hw_slots, pow2_at_least(prog.steps, 32), 0, 0, 1, &err)) ||
        (st = xc_pn_hw_set_list(&hw, hw_list, &err))) {
        xc_wh_prog_free(&prog);
        return xc_cli_error("run", st, "%s", err.msg);
    }
    if (hw.cwpe > 8) {
        xc_wh_prog_free(&prog);
        return xc_cli_error("run", XC_ERANGE, "'%s': a circuit entry of %u bits, the firmware takes at most 256",
                            net.spec, hw.centry_w);
    }
    xc_cli_pn_inject inj[XC_FAULT_SLOTS];
    for (int i = 0; i < a.n_inject; i++)
        if ((rc = xc_cli_parse_pn_inject(a.inject[i], &hw, &inj[i]))) {
            xc_wh_prog_free(&prog);
            return rc;
        }
    if (a.trace) {
        FILE *f = xc_mkdir_for(a.trace) == 0 ? fopen(a.trace, "w") : NULL;
        if (!f) {
            xc_wh_prog_free(&prog);
            return xc_cli_error("run", XC_EIO, "--trace '%s': cannot write it", a.trace);
        }
        fclose(f);
    }

    uint64_t list_total = 0;
    for (uint32_t v = 0; v < net.nodes; v++)
        list_total += prog.list_len[v];
    const uint64_t formula = 1 + (uint64_t)prog.steps * (uint64_t)a.ts + prog.path_sum;
    xc_lsp_opts o = {.golden = a.r.golden, .rtl = a.r.rtl, .wormhole = 1, .progress = !a.quiet && isatty(2)};
    o.dut.trace_path = a.trace;
    o.dut.trace_from = a.r.trace_from;
    o.dut.trace_to = a.r.trace_to;
    o.dut.quiet = a.quiet;
    char plus[XC_FAULT_SLOTS][4][1200], load_dir[1100] = "", load_plus[2][1200];
    xc_cli_pn_plusargs(inj, a.n_inject, plus, o.dut.plusargs);
    if (a.back_door) {
        snprintf(load_dir, sizeof load_dir, "%s/load/wh%ld", xc_build_dir(), (long)getpid());
        if (a.r.rtl && (st = xc_lsp_write_load_wh(load_dir, &hw, &prog, &err))) {
            xc_wh_prog_free(&prog);
            return xc_cli_error("run", st, "%s", err.msg);
        }
        snprintf(load_plus[0], sizeof load_plus[0], "+xchg_load=%s", load_dir);
        snprintf(load_plus[1], sizeof load_plus[1], "+xchg_cload=%s", load_dir);
        o.dut.plusargs[4 * a.n_inject] = load_plus[0];
        o.dut.plusargs[4 * a.n_inject + 1] = load_plus[1];
    }
    const uint64_t expect = 64 + (uint64_t)net.nodes * (net.nodes + 8 + (uint64_t)prog.steps * hw.cwpe) + list_total +
                            prog.steps + formula;
    o.max_cycles = a.r.timeout ? a.r.timeout : (unsigned long)(2 * expect + 1000);

    xc_lsp ls;
    if ((st = xc_lsp_open(&ls, &hw, &o, &err))) {
        xc_wh_prog_free(&prog);
        if (a.trace)
            remove(a.trace);
        return xc_cli_error("run", st, "%s", err.msg);
    }
    xc_cp_pn_report rep;
    struct timespec t0, tend;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (a.back_door)
        xc_lsp_poke_wh(&ls, &prog);
    xc_status cp_st = xc_cp_wh_run(&ls.hal, &hw, &prog, (uint32_t)a.ts, a.back_door, o.max_cycles, &rep, &err);
    clock_gettime(CLOCK_MONOTONIC, &tend);
    const double sim_seconds = (double)(tend.tv_sec - t0.tv_sec) + 1e-9 * (double)(tend.tv_nsec - t0.tv_nsec);
    if (ls.halted == XC_LS_MISMATCH)
        xc_lsp_idle(&ls, 4);

    char vbuf[700];
    const char *verdict = xc_cli_pn_verdict(&ls, cp_st, err.msg, &rep, vbuf, sizeof vbuf);
    xc_err why;
    const xc_status score_st = xc_score_verdict(&ls.score, &why);
    const uint64_t model_hops = wr.m.flit_hops;
    if (verdict)
        ; /* the harness or the firmware failed: said */
    else if (rep.cycles != formula || rep.cycles != 1 + wr.golden_cycles) {
        snprintf(vbuf, sizeof vbuf, "%u cycles, expected 1 + steps*ts + sum(hops + flits - 1) = %llu (paper model: 1 + %llu)",
                 rep.cycles, (unsigned long long)formula, (unsigned long long)wr.golden_cycles);
        verdict = vbuf;
    } else if (ls.flit_hops != model_hops) {
        snprintf(vbuf, sizeof vbuf, "%lu flit-hops on the links, the schedule moves %llu", ls.flit_hops,
                 (unsigned long long)model_hops);
        verdict = vbuf;
    }
    const unsigned long expected = (unsigned long)net.nodes * (net.nodes - 1);
    const unsigned long missing = xc_score_missing(&ls.score);
    const unsigned long delivered_ok = expected - (missing < expected ? missing : expected);
    const unsigned long cycles_run = ls.cycle, first_step = ls.first_step;
    const double build_s = ls.build_seconds;
    char gtkw[1100] = "";
    xc_lsp_close(&ls);
    if (a.back_door && a.r.rtl)
        xc_lsp_remove_load_wh(load_dir, &hw);
    xc_cli_pn_waves(&hw, &ls, a.trace, gtkw, sizeof gtkw);
    const char *sim = a.r.golden && a.r.rtl ? "lockstep" : a.r.rtl ? "rtl" : "golden";
    char rerr[200];
    xc_cli_pn_rerr_json(&rep, rerr, sizeof rerr);
    if (a.json) {
        printf("{\"net\":\"%s\",\"algo\":\"%s\",\"mode\":\"circuit\",\"sim\":\"%s\",\"load\":\"%s\",\"ts\":%ld,\"msg_flits\":1,"
               "\"startups\":%u,\"steps\":%u,\"cycles\":%u,\"cycles_formula\":%llu,\"startup_cycles\":1,"
               "\"paper_model_cycles\":%llu,\"flit_hops\":%lu,\"flit_hops_schedule\":%llu,\"transmission\":%llu,"
               "\"peak_buffer\":%llu,\"slots_used\":%u,\"slots\":%u,\"rearranged\":%llu,\"rearranged_per_node\":%llu,"
               "\"table1\":{\"startups\":%llu,\"transmission\":%.0f,\"rearrangement\":%.0f},"
               "\"delivered\":%lu,\"expected\":%lu,\"duplicates\":%lu,\"misrouted\":%lu,\"corrupt\":%lu,"
               "\"router_errors\":%u,\"first_router_error\":%s,\"mismatches\":%u,",
               net.spec, a.algo, sim, a.back_door ? "back" : "front", a.ts, prog.steps, prog.steps, rep.cycles, (unsigned long long)formula,
               (unsigned long long)wr.golden_cycles, ls.flit_hops, (unsigned long long)model_hops,
               (unsigned long long)wr.m.crit_msgs, (unsigned long long)wr.m.peak_buffer, prog.slots_used, hw.slots,
               (unsigned long long)wr.m.rearranged, (unsigned long long)wr.m.crit_rearranged,
               (unsigned long long)t1.startups, t1.transmission, t1.rearrangement, delivered_ok, expected,
               ls.score.duplicates, ls.score.misrouted, ls.score.corrupt, rep.errors, rerr, ls.mismatch_items);
        printf("\"injections\":[");
        for (int i = 0; i < a.n_inject; i++) {
            printf("%s{\"kind\":\"%s\",\"element\":\"n%u", i ? "," : "", xc_cli_fault_name(inj[i].kind), inj[i].node);
            if (inj[i].port >= 0)
                printf(".p%d", inj[i].port);
            printf("\",\"cycle\":%ld}", inj[i].cycle);
        }
        printf("],");
        printf("\"centry_bits\":%u,\"list_max\":%u,\"table_bits\":%llu,\"config_cycles\":%lu,\"message_cycles\":%lu,"
               "\"control_cycles\":%lu,\"first_step_cycle\":%lu,\"sim_cycles\":%lu,\"sim_seconds\":%.6f,"
               "\"build_seconds\":%.3f,\"step_cycles\":[",
               hw.centry_w, prog.max_list,
               (unsigned long long)prog.steps * hw.centry_w * net.nodes + list_total * hw.slot_w + 32ull * prog.steps,
               rep.bus_tables, rep.bus_messages, rep.bus_control, first_step, cycles_run, sim_seconds, build_s);
        for (uint32_t t = 0; t < prog.steps; t++)
            printf("%s{\"step\":%u,\"label\":\"%s\",\"packets\":%u,\"hops\":%u,\"max_msgs\":%u,\"cycles\":%llu}",
                   t ? "," : "", t + 1, info[t].label, info[t].packets, info[t].max_hops, info[t].max_msgs,
                   (unsigned long long)a.ts + prog.path_cycles[t]);
        printf("],");
        xc_cli_pn_json_tail(&ls, a.trace, verdict);
    } else {
        printf("xchg run: %s, %s (paper 001, wormhole), routers in circuit mode, ts = %ld\n", net.spec, a.algo, a.ts);
        printf("  simulation   %s\n", a.r.golden && a.r.rtl ? "lock-step: RTL (Verilator) and golden model compared every cycle"
                                      : a.r.rtl ? "RTL (Verilator) only" : "golden model only");
        printf("  step  label                packets  hops  max_msgs  cycles (ts + hops + flits - 1)\n");
        for (uint32_t t = 0; t < prog.steps; t++)
            printf("  %-4u  %-20s %7u  %4u  %8u  %6llu\n", t + 1, info[t].label, info[t].packets, info[t].max_hops,
                   info[t].max_msgs, (unsigned long long)a.ts + prog.path_cycles[t]);
        printf("                       measured     formula / model   paper Table 1\n");
        printf("  start-ups          %10u   %10u           %10llu\n", prog.steps, prog.steps,
               (unsigned long long)t1.startups);
        printf("  cycles             %10u   %10llu           (1 start cycle + steps)\n", rep.cycles,
               (unsigned long long)formula);
        printf("  transmission       %10llu                        %10.0f  (messages on the critical path)\n",
               (unsigned long long)wr.m.crit_msgs, t1.transmission);
        printf("  rearranged         %10llu                        %10.0f  (per node, summed over steps; all nodes: %llu)\n",
               (unsigned long long)wr.m.crit_rearranged, t1.rearrangement, (unsigned long long)wr.m.rearranged);
        printf("  flit-hops          %10lu   %10llu\n", ls.flit_hops, (unsigned long long)model_hops);
        printf("  peak buffer        %10llu messages per node (hardware slots used %u of %u)\n",
               (unsigned long long)wr.m.peak_buffer, prog.slots_used, hw.slots);
        printf("  delivered    %lu of %lu%s\n", delivered_ok, expected,
               score_st ? "" : ", each exactly once, intact, at its destination");
        printf("  bus cycles   tables and lists %lu, messages %lu, control %lu\n", rep.bus_tables, rep.bus_messages,
               rep.bus_control);
        xc_cli_pn_text_tail(&ls, a.r.golden, a.r.rtl, a.trace, gtkw, &rep, verdict);
    }
    xc_wh_prog_free(&prog);
    if (verdict) {
        fprintf(stderr, "xchg run: %s\n", verdict);
        return 1;
    }
    return 0;
}
