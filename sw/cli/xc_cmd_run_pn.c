/* SPDX-License-Identifier: MIT */
/* xchg run on a product network: the control-processor firmware compiles
 * the schedule into step tables, loads them and the messages over the bus,
 * and runs the routers on the golden model, the RTL, or both in lock-step;
 * the scoreboard closes the run. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_consts.h"
#include "xc_cp_pn.h"
#include "xc_fs.h"
#include "xc_golden_wave_pn.h"
#include "xc_gtkw_pn.h"
#include "xc_lockstep_pn.h"
#include "xc_vectors_pn.h"

static const char usage[] =
    "usage: xchg run --net SPEC --algo te-ni|te-a1|te-a2|mnb|mnb-product\n"
    "                [--port single|multi] [--duplex full|half] [--tables pernode|broadcast|rom]\n"
    "                [--sim lockstep|rtl|golden] [--trace FILE.fst [--trace-window FROM:TO]]\n"
    "                [--timeout CYCLES] [--json] [--quiet] [--inject KIND:WHERE@CYCLE]...\n"
    "                [--load front|back] [--vectors DIR]\n"
    "  --net      a product network: torus:4x4, ring:8, mesh:4x4, hypercube:4, ghc:3x4, A*B...\n"
    "             (a MIN, butterfly:8 ..., runs the Latin-square exchange: see its own --help)\n"
    "  --algo     the schedule (xchg schedule --help); te-a2 needs --port multi\n"
    "  --tables   pernode: one step table per router, loaded over the bus (default)\n"
    "             broadcast: one table read by every router (node-invariant schedules)\n"
    "             rom: the broadcast table as a ROM image ($readmemh at start, no bus load)\n"
    "  --sim      lockstep (default), rtl, golden\n"
    "  --trace    FST waves: the RTL's to FILE.fst, the golden model's to FILE.golden.fst\n"
    "             (same names), a GTKWave save file FILE.gtkw (one group per node) and FILE.tcl\n"
    "  --inject   break the RTL on purpose (up to 4): KIND drop, dup, corrupt, port;\n"
    "             WHERE n<node> or n<node>.p<port>; CYCLE >= 1. The golden model is not told.\n"
    "  --load     front: the firmware loads messages and tables over the bus (default);\n"
    "             back: written into the memories directly (big networks; simulation only)\n"
    "  --break-table KIND:n<node>@<step>  corrupt one per-node table entry in both models\n"
    "             (KIND nosend, norecv, empty, overwrite, nolink, model): the routers must\n"
    "             report it (a test of the router's checks; golden and RTL agree)\n"
    "  --hw-port, --hw-duplex  build the routers for another port model than the schedule's:\n"
    "             the routers must refuse the entries that break it (a test of the assertion)\n"
    "  --vectors  write the golden model's bus inputs and expected outputs, cycle by cycle,\n"
    "             and the network top to DIR (up to 64 nodes, --load front), for\n"
    "             tb/rtl/xchg_pn_replay_tb.v on Icarus Verilog (docs/xsim.md)\n"
    "Cycles = steps + 1: the start write loads step 1, then one step per cycle.\n"
    "exit status: 0 every message delivered once in the schedule's steps, 1 a check failed,\n"
    "2 bad input\n";

struct pn_args {
    const char *net, *algo, *trace, *vectors, *inject[XC_FAULT_SLOTS + 1];
    int n_inject, multi, multi_set, half, broadcast, golden, rtl, json, quiet;
    int back_door;         /* --load back: memories written directly, no bus */
    int rom;               /* --tables rom: the broadcast table is a ROM image */
    const char *break_table; /* --break-table KIND:n<node>@<step> */
    int hw_multi, hw_half; /* the port model the routers are built for (-1: the schedule's) */
    unsigned long trace_from, trace_to, timeout;
};

typedef xc_cli_pn_inject pn_inject;

static const char *const kind_names[] = {"none", "switch", "drop", "dup", "corrupt", "port"};

const char *xc_cli_fault_name(int kind) { return kind >= 0 && kind <= XC_FAULT_PORT ? kind_names[kind] : "?"; }

void xc_cli_pn_plusargs(const xc_cli_pn_inject *inj, int n, char plus[][4][1200], const char **plusargs)
{
    for (int i = 0, np = 0; i < n; i++) {
        snprintf(plus[i][0], sizeof plus[i][0], "+xchg_f%d_kind=%d", i, inj[i].kind);
        snprintf(plus[i][1], sizeof plus[i][1], "+xchg_f%d_node=%u", i, inj[i].node);
        snprintf(plus[i][2], sizeof plus[i][2], "+xchg_f%d_cycle=%ld", i, inj[i].cycle);
        snprintf(plus[i][3], sizeof plus[i][3], "+xchg_f%d_port=%d", i, inj[i].port);
        for (int j = 0; j < 4; j++)
            plusargs[np++] = plus[i][j];
    }
}

int xc_cli_parse_pn_inject(const char *text, const xc_pn_hw *hw, xc_cli_pn_inject *inj)
{
    char kind[16];
    unsigned node = 0, port = 0;
    long cycle = 0;
    int n = -1, k = -1;
    const char *colon = strchr(text, ':');
    if (colon && colon - text < (long)sizeof kind) {
        memcpy(kind, text, (size_t)(colon - text));
        kind[colon - text] = '\0';
        for (int i = XC_FAULT_DROP; i <= XC_FAULT_PORT; i++)
            if (!strcmp(kind, kind_names[i]))
                k = i;
    }
    if (k < 0)
        return xc_cli_error("run", XC_EINVAL, "--inject '%s': KIND is one of drop, dup, corrupt, port", text);
    const char *w = colon + 1;
    inj->kind = k;
    inj->port = -1;
    if (!strchr(w, '-') && sscanf(w, "n%u.p%u@%ld%n", &node, &port, &cycle, &n) == 3 && n > 0 && !w[n])
        inj->port = (int)port;
    else if (!strchr(w, '-') && (n = -1, sscanf(w, "n%u@%ld%n", &node, &cycle, &n) == 2) && n > 0 && !w[n])
        ;
    else
        return xc_cli_error("run", XC_EINVAL, "--inject '%s': expected KIND:n<node>[.p<port>]@<cycle>", text);
    if (node >= hw->nodes || (inj->port >= 0 && (uint32_t)inj->port >= hw->ports) || cycle < 1)
        return xc_cli_error("run", XC_EINVAL,
                            "--inject '%s': node < %u, port < %u, cycle >= 1 on %s", text, hw->nodes,
                            hw->ports, hw->net.spec);
    inj->node = node;
    inj->cycle = cycle;
    return 0;
}

static int parse_args(int argc, char **argv, struct pn_args *a)
{
    static const struct option opts[] = {
        {"net", required_argument, 0, 'n'},    {"algo", required_argument, 0, 'a'},
        {"port", required_argument, 0, 'p'},   {"duplex", required_argument, 0, 'd'},
        {"tables", required_argument, 0, 'b'}, {"sim", required_argument, 0, 's'},
        {"trace", required_argument, 0, 't'},  {"trace-window", required_argument, 0, 'w'},
        {"timeout", required_argument, 0, 'T'}, {"json", no_argument, 0, 'j'},
        {"quiet", no_argument, 0, 'q'},        {"inject", required_argument, 0, 'i'},
        {"load", required_argument, 0, 'L'},  {"break-table", required_argument, 0, 'B'},  {"hw-port", required_argument, 0, 'P'}, {"hw-duplex", required_argument, 0, 'D'},
        {"vectors", required_argument, 0, 'V'},
        {"help", no_argument, 0, 'h'},         {0, 0, 0, 0},
    };
    *a = (struct pn_args){.golden = 1, .rtl = 1, .trace_to = ~0ul, .hw_multi = -1, .hw_half = -1};
    int c, rc;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'n': a->net = optarg; break;
        case 'a': a->algo = optarg; break;
        case 't': a->trace = optarg; break;
        case 'V': a->vectors = optarg; break;
        case 'j': a->json = 1; break;
        case 'q': a->quiet = 1; break;
        case 'i':
            if (a->n_inject == XC_FAULT_SLOTS)
                return xc_cli_error("run", XC_EINVAL, "--inject: at most %d per run", XC_FAULT_SLOTS);
            a->inject[a->n_inject++] = optarg;
            break;
        case 'p':
            if (strcmp(optarg, "single") && strcmp(optarg, "multi"))
                return xc_cli_error("run", XC_EINVAL, "--port '%s': allowed single, multi", optarg);
            a->multi = !strcmp(optarg, "multi");
            a->multi_set = 1;
            break;
        case 'd':
            if (strcmp(optarg, "full") && strcmp(optarg, "half"))
                return xc_cli_error("run", XC_EINVAL, "--duplex '%s': allowed full, half", optarg);
            a->half = !strcmp(optarg, "half");
            break;
        case 'B': a->break_table = optarg; break;
        case 'L':
            if (strcmp(optarg, "front") && strcmp(optarg, "back"))
                return xc_cli_error("run", XC_EINVAL, "--load '%s': allowed front, back", optarg);
            a->back_door = !strcmp(optarg, "back");
            break;
        case 'P':
            if (strcmp(optarg, "single") && strcmp(optarg, "multi"))
                return xc_cli_error("run", XC_EINVAL, "--hw-port '%s': allowed single, multi", optarg);
            a->hw_multi = !strcmp(optarg, "multi");
            break;
        case 'D':
            if (strcmp(optarg, "full") && strcmp(optarg, "half"))
                return xc_cli_error("run", XC_EINVAL, "--hw-duplex '%s': allowed full, half", optarg);
            a->hw_half = !strcmp(optarg, "half");
            break;
        case 'b':
            if (strcmp(optarg, "pernode") && strcmp(optarg, "broadcast") && strcmp(optarg, "rom"))
                return xc_cli_error("run", XC_EINVAL, "--tables '%s': allowed pernode, broadcast, rom", optarg);
            a->rom = !strcmp(optarg, "rom");
            a->broadcast = strcmp(optarg, "pernode") != 0;
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
            return xc_cli_error("run", XC_EINVAL, "bad option '%s' (see xchg run --help)", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return xc_cli_error("run", XC_EINVAL, "unexpected argument '%s'", argv[optind]);
    if (!a->algo)
        return xc_cli_error("run", XC_EINVAL, "--algo is required on a product network (te-ni, te-a1, te-a2, mnb, mnb-product)");
    if (xc_algo_parse(a->algo) < 0)
        return xc_cli_error("run", XC_EINVAL, "--algo '%s': allowed te-ni, te-a1, te-a2, mnb, mnb-product", a->algo);
    if (!a->multi_set && xc_algo_parse(a->algo) == XC_ALGO_TE_A2)
        a->multi = 1;
    if (a->n_inject && !a->rtl)
        return xc_cli_error("run", XC_EINVAL, "--inject needs the RTL: use --sim rtl or lockstep");
    if (a->vectors && (!a->golden || a->back_door || a->rom))
        return xc_cli_error("run", XC_EINVAL, "--vectors needs the golden model, --load front and per-node or broadcast tables");
    if (a->trace) {
        size_t len = strlen(a->trace);
        if (len < 5 || strcmp(a->trace + len - 4, ".fst"))
            return xc_cli_error("run", XC_EINVAL, "--trace '%s': the file name must end in .fst", a->trace);
    }
    return 0;
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

/* Removes the back-door folder and what is in it. */
static void rm_rf(const char *dir) { nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS); }

/* --break-table: changes node v's entry of step t in the per-node tables. */
static int break_table(const char *text, const xc_pn_hw *hw, xc_pn_prog *prog)
{
    static const char *const kinds[] = {"nosend", "norecv", "empty", "overwrite", "nolink", "model"};
    char kind[16] = "";
    unsigned v = 0, t = 0;
    int n = -1, k = -1;
    if (sscanf(text, "%15[a-z]:n%u@%u%n", kind, &v, &t, &n) == 3 && n > 0 && !text[n])
        for (int i = 0; i < 6; i++)
            if (!strcmp(kind, kinds[i]))
                k = i;
    if (k < 0 || v >= hw->nodes || t < 1 || t > prog->steps)
        return xc_cli_error("run", XC_EINVAL, "--break-table '%s': KIND:n<node>@<step>, KIND nosend, norecv, empty, "
                            "overwrite, nolink, model; node < %u, 1 <= step <= %u", text, hw->nodes, prog->steps);
    if (!prog->pernode)
        return xc_cli_error("run", XC_EINVAL, "--break-table needs per-node tables");
    uint32_t *e = prog->pernode + ((size_t)v * prog->steps + t - 1) * hw->wpe;
    int done = 0;
    for (uint32_t p = 0; p < hw->ports && !done; p++) {
        xc_pn_field f;
        xc_pn_field_get(hw, e, p, &f);
        switch (k) {
        case 0: if (f.send) f.send = 0, done = 1; break;
        case 1: if (f.recv) f.recv = 0, done = 1; break;
        case 2: if (f.send) f.send_slot = 0, done = 1; break; /* slot 0 starts empty */
        case 3: if (f.recv && f.store) f.recv_slot = f.recv_slot % (hw->slots - 1) + 1, done = 1; break;
        case 4: /* the step's send leaves by a port without a link */
            for (uint32_t q = 0; f.send && q < hw->ports && !done; q++)
                if (xc_topo_neighbor(&hw->net, v, q) < 0) {
                    xc_pn_field g;
                    xc_pn_field_get(hw, e, q, &g);
                    g.send = 1;
                    g.send_slot = f.send_slot;
                    xc_pn_field_put(hw, e, q, &g);
                    f.send = 0;
                    done = 1;
                }
            break;
        case 5: if (!f.send && xc_topo_neighbor(&hw->net, v, p) >= 0) f.send = 1, done = 1; break;
        }
        if (done)
            xc_pn_field_put(hw, e, p, &f);
    }
    if (!done)
        return xc_cli_error("run", XC_EINVAL, "--break-table '%s': node %u's step %u has nothing to break that way",
                            text, v, t);
    return 0;
}

/* Golden waves and replay vectors from the harness's per-cycle hook. */
struct recorders {
    xc_gwave_pn *gwave;
    xc_vec *vec;
};

static void record_golden(void *user, const xc_lsp *ls, const xc_min_bus *bus, const xc_pn_obs *obs)
{
    struct recorders *r = user;
    if (ls->gm && r->gwave)
        xc_gwave_pn_cycle(r->gwave, ls->cycle, bus, obs);
    if (ls->gm && r->vec)
        xc_vec_pn_cycle(r->vec, ls->hw, bus, obs);
}

static const char *sim_name(const struct pn_args *a)
{
    return a->golden && a->rtl ? "lockstep" : a->rtl ? "rtl" : "golden";
}

/* Table depth of a build: the steps rounded up to a power of two, at least
 * 32, so the schedules of one small network share a cached model. */
static uint32_t depth_for(uint64_t steps)
{
    uint32_t d = 32;
    while (d < steps)
        d *= 2;
    return d;
}

int xc_cmd_run_pn(int argc, char **argv)
{
    struct pn_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc < 0 ? 0 : rc;
    xc_net net;
    xc_err err;
    xc_status st = xc_topo_parse(a.net, &net, &err);
    if (st)
        return xc_cli_error("run", st, "--net: %s", err.msg);
    xc_sched_opts so = {.net = &net, .algo = (xc_algo)xc_algo_parse(a.algo), .multiport = a.multi,
                        .half_duplex = a.half};
    xc_sched_plan plan;
    if ((st = xc_sched_plan_for(&so, &plan, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    if (a.broadcast && !plan.node_invariant)
        return xc_cli_error("run", XC_EINVAL, "--tables %s: %s is not node-invariant on %s (use pernode)",
                            a.rom ? "rom" : "broadcast",
                            a.algo, net.spec);
    /* small networks: one build holds both kinds of table */
    const int per_node = !a.rom && (!a.broadcast || net.nodes <= 64);
    xc_pn_hw hw;
    const int hw_multi = a.hw_multi >= 0 ? a.hw_multi : a.multi, hw_half = a.hw_half >= 0 ? a.hw_half : a.half;
    if ((st = xc_pn_hw_init(&hw, &net, net.nodes, depth_for(plan.expected), hw_multi, hw_half, per_node, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    hw.rom = a.rom;
    pn_inject inj[XC_FAULT_SLOTS];
    for (int i = 0; i < a.n_inject; i++)
        if ((rc = xc_cli_parse_pn_inject(a.inject[i], &hw, &inj[i])))
            return rc;
    if (a.trace) {
        if (xc_mkdir_for(a.trace) != 0)
            return xc_cli_error("run", XC_EIO, "--trace '%s': cannot create its folder", a.trace);
        FILE *f = fopen(a.trace, "w");
        if (!f)
            return xc_cli_error("run", XC_EIO, "--trace '%s': cannot write it", a.trace);
        fclose(f);
    }

    xc_pn_prog prog;
    if ((st = xc_pn_compile(&hw, &so, &prog, &err)))
        return xc_cli_error("run", st, "%s", err.msg);

    xc_lsp_opts o = {.golden = a.golden, .rtl = a.rtl, .kind_mnb = prog.kind_mnb,
                     .progress = !a.quiet && isatty(2)};
    char golden_fst[1100] = "";
    xc_gwave_pn *gwave = NULL;
    struct recorders rec = {0};
    o.on_cycle = record_golden;
    o.on_cycle_user = &rec;
    if (a.trace) {
        snprintf(golden_fst, sizeof golden_fst, "%.*s.golden.fst", (int)(strlen(a.trace) - 4), a.trace);
        if (a.golden && !(gwave = xc_gwave_pn_open(golden_fst, &hw, a.trace_from, a.trace_to))) {
            xc_pn_prog_free(&prog);
            remove(a.trace);
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
    if (a.break_table && (rc = break_table(a.break_table, &hw, &prog))) {
        xc_pn_prog_free(&prog);
        return rc;
    }
    if (a.rom && a.rtl) { /* the ROM image the build names, read when the model starts */
        char dir[1100], rom[1200];
        xc_dut_pn_dir(&hw, dir, sizeof dir);
        snprintf(rom, sizeof rom, "%s/bcast_rom.hex", dir);
        if (xc_mkdir_p(dir) != 0 || (st = xc_lsp_write_rom(rom, &hw, &prog, a.algo, &err))) {
            xc_pn_prog_free(&prog);
            return xc_cli_error("run", st ? st : XC_EIO, "%s", st ? err.msg : "cannot create the build folder");
        }
    }
    char plus[XC_FAULT_SLOTS + 1][4][1200], load_dir[1100] = "";
    if (a.back_door) {
        snprintf(load_dir, sizeof load_dir, "%s/load/%ld", xc_build_dir(), (long)getpid());
        if (a.rtl && (st = xc_lsp_write_load(load_dir, &hw, &prog, a.broadcast, &err))) {
            xc_pn_prog_free(&prog);
            return xc_cli_error("run", st, "%s", err.msg);
        }
        snprintf(plus[XC_FAULT_SLOTS][0], sizeof plus[0][0], "+xchg_load=%s", load_dir);
        o.dut.plusargs[4 * a.n_inject] = plus[XC_FAULT_SLOTS][0];
    }
    xc_cli_pn_plusargs(inj, a.n_inject, plus, o.dut.plusargs);
    const unsigned long words = (unsigned long)prog.steps * hw.wpe;
    const unsigned long expect = 64ul + (unsigned long)hw.nodes * (hw.nodes + 2) +
                                 (a.broadcast ? words : hw.nodes * (words + 2)) + prog.steps;
    o.max_cycles = a.timeout ? a.timeout : 4 * expect;

    xc_vec *vec = NULL;
    if (a.vectors && (st = xc_vec_pn_open(&vec, a.vectors, &hw, &err))) {
        xc_pn_prog_free(&prog);
        xc_gwave_pn_close(gwave);
        if (a.trace) {
            remove(a.trace);
            remove(golden_fst);
        }
        return xc_cli_error("run", st, "%s", err.msg);
    }
    rec.vec = vec;
    xc_lsp ls;
    if ((st = xc_lsp_open(&ls, &hw, &o, &err))) {
        xc_vec_abort(vec);
        xc_pn_prog_free(&prog);
        xc_gwave_pn_close(gwave);
        if (a.trace) {
            remove(a.trace);
            remove(golden_fst);
        }
        return xc_cli_error("run", st, "%s", err.msg);
    }
    xc_cp_pn_report rep;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (a.back_door)
        xc_lsp_poke(&ls, &prog, a.broadcast);
    if (a.rom && ls.gm) /* the golden model's ROM holds the same words */
        for (uint32_t i = 0; i < prog.steps * hw.wpe; i++)
            xc_gm_pn_poke_tbl(ls.gm, UINT32_MAX, i, prog.bcast[i]);
    const unsigned flags = (a.back_door ? XC_CP_PN_BACK_DOOR : 0u) | (a.rom ? XC_CP_PN_TABLE_ROM : 0u);
    xc_status cp_st = xc_cp_pn_run(&ls.hal, &hw, &prog, a.broadcast, flags, o.max_cycles, &rep, &err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    const double sim_seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    if (ls.halted == XC_LS_MISMATCH)
        xc_lsp_idle(&ls, 4);

    char verdict_buf[600];
    const char *verdict = xc_cli_pn_verdict(&ls, cp_st, err.msg, &rep, verdict_buf, sizeof verdict_buf);
    xc_err why;
    const xc_status score_st = xc_score_verdict(&ls.score, &why);
    if (!verdict && rep.cycles != prog.steps + 1) {
        snprintf(verdict_buf, sizeof verdict_buf, "%u cycles, expected steps + 1 = %u", rep.cycles, prog.steps + 1);
        verdict = verdict_buf;
    }

    const unsigned long expected = prog.kind_mnb ? (unsigned long)hw.nodes * (hw.nodes - 1)
                                                 : (unsigned long)hw.nodes * (hw.nodes - 1);
    const unsigned long missing = xc_score_missing(&ls.score);
    const unsigned long delivered_ok = expected - (missing < expected ? missing : expected);
    const unsigned long long entry_bits = (unsigned long long)prog.steps * hw.entry_w;
    const unsigned long long table_bits = a.broadcast ? entry_bits : entry_bits * hw.nodes;
    const unsigned long long pernode_bits = entry_bits * hw.nodes;
    const unsigned long cycles_run = ls.cycle, first_step = ls.first_step;
    const double build_s = ls.build_seconds;
    char gtkw[1100] = "";
    xc_lsp_close(&ls);
    xc_gwave_pn_close(gwave);
    if (a.back_door && a.rtl)
        rm_rf(load_dir);
    if (vec && (st = xc_vec_pn_close(vec, &hw, a.algo, first_step, &err))) {
        xc_pn_prog_free(&prog);
        return xc_cli_error("run", st, "%s", err.msg);
    }
    xc_cli_pn_waves(&hw, &ls, a.trace, gtkw, sizeof gtkw);
    char rerr[200];
    xc_cli_pn_rerr_json(&rep, rerr, sizeof rerr);
    if (a.json) {
        printf("{\"net\":\"%s\",\"algo\":\"%s\",\"port\":\"%s\",\"duplex\":\"%s\",\"tables\":\"%s\","
               "\"l\":null,\"mode\":\"%s\",\"hw_port\":\"%s\",\"hw_duplex\":\"%s\",\"sim\":\"%s\",\"load\":\"%s\",\"cycles\":%u,\"steps\":%u,\"startup_cycles\":1,\"bound\":%llu,"
               "\"within_bound\":%s,\"delivered\":%lu,\"expected\":%lu,\"duplicates\":%lu,\"misrouted\":%lu,"
               "\"corrupt\":%lu,\"conflicts\":%u,\"router_errors\":%u,\"mismatches\":%u,\"peak_slots\":%u,\"slots\":%u,"
               "\"entry_bits\":%u,\"table_bits\":%llu,\"table_bits_pernode\":%llu,\"table_bits_broadcast\":%llu,"
               "\"node_invariant\":%s,\"first_router_error\":%s,\"config_cycles\":%lu,\"message_cycles\":%lu,\"control_cycles\":%lu,"
               "\"first_step_cycle\":%lu,\"first_injection_cycle\":%lu,\"sim_cycles\":%lu,\"sim_seconds\":%.6f,\"build_seconds\":%.3f,",
               net.spec, a.algo, a.multi ? "multi" : "single", a.half ? "half" : "full",
               a.rom ? "rom" : a.broadcast ? "broadcast" : "pernode", a.rom ? "rom" : a.broadcast ? "broadcast" : "pernode", hw_multi ? "multi" : "single", hw_half ? "half" : "full",
               sim_name(&a), a.back_door ? "back" : "front", rep.cycles, prog.steps,
               (unsigned long long)plan.bound, prog.steps <= plan.bound ? "true" : "false", delivered_ok,
               expected, ls.score.duplicates, ls.score.misrouted, ls.score.corrupt, rep.errors, rep.errors,
               ls.mismatch_items, prog.res.peak_slots, hw.slots, hw.entry_w, table_bits, pernode_bits,
               prog.bcast ? entry_bits : 0ull, prog.bcast ? "true" : "false", rerr, rep.bus_tables,
               rep.bus_messages, rep.bus_control, first_step, first_step, cycles_run, sim_seconds, build_s);
        printf("\"injections\":[");
        for (int i = 0; i < a.n_inject; i++) {
            printf("%s{\"kind\":\"%s\",\"element\":\"n%u", i ? "," : "", kind_names[inj[i].kind], inj[i].node);
            if (inj[i].port >= 0)
                printf(".p%d", inj[i].port);
            printf("\",\"cycle\":%ld}", inj[i].cycle);
        }
        printf("],");
        if (ls.halted == XC_LS_MISMATCH) {
            printf("\"first_mismatch\":{\"cycle\":%lu,\"step\":%u,\"element\":\"%s\",\"detail\":", ls.mismatch_cycle,
                   ls.mismatch_step, ls.mismatch_elem);
            xc_json_str(stdout, ls.mismatch_why);
            printf("},");
        } else {
            printf("\"first_mismatch\":null,");
        }
        xc_cli_run_json_traces(a.trace, golden_fst, a.golden, a.rtl, !verdict);
    } else {
        printf("xchg run: %s, %s (%s-port, %s duplex), %s tables\n", net.spec, a.algo, a.multi ? "multi" : "single",
               a.half ? "half" : "full", a.rom ? "ROM broadcast" : a.broadcast ? "broadcast" : "per-node");
        if (hw_multi != a.multi || hw_half != a.half)
            printf("  routers      built for %s-port, %s duplex\n", hw_multi ? "multi" : "single", hw_half ? "half" : "full");
        printf("  simulation   %s\n", a.golden && a.rtl ? "lock-step: RTL (Verilator) and golden model compared every cycle"
                                      : a.rtl ? "RTL (Verilator) only" : "golden model only");
        printf("  steps        %u (bound %s = %llu)\n", prog.steps, plan.bound_name, (unsigned long long)plan.bound);
        printf("  cycles       %u (steps + 1 cycle of start-up: %u)\n", rep.cycles, prog.steps + 1);
        printf("  delivered    %lu of %lu%s\n", delivered_ok, expected,
               score_st ? "" : ", each exactly once, intact, at its destination");
        printf("  slots        %u used of %u per node\n", prog.res.peak_slots, hw.slots);
        printf("  table bits   %llu (%s); per-node %llu, broadcast %s\n", table_bits,
               a.broadcast ? "broadcast" : "per-node", pernode_bits,
               prog.bcast ? "available" : "not possible (not node-invariant)");
        if (prog.bcast)
            printf("               broadcast %llu = per-node / %u\n", entry_bits, hw.nodes);
        printf("  bus cycles   tables %lu, messages %lu, control %lu\n", rep.bus_tables, rep.bus_messages,
               rep.bus_control);
        xc_cli_run_compared(cycles_run, a.golden, a.rtl, ls.halted == XC_LS_MISMATCH);
        xc_cli_run_waves(a.trace, golden_fst, gtkw, a.golden, a.rtl);
        if (rep.errors)
            printf("  router error %u router(s); first at step %u, node %u, port %u: %s\n", rep.errors, rep.err_step,
                   rep.err_info >> 12, (rep.err_info >> 4) & 0xFFu, xc_pn_err_name(rep.err_info & 15u));
        if (ls.halted == XC_LS_MISMATCH)
            printf("  first mismatch  cycle %lu, element %s: %s\n", ls.mismatch_cycle, ls.mismatch_elem,
                   ls.mismatch_why);
        printf("%s\n", verdict ? "FAIL" : "PASS");
    }
    xc_pn_prog_free(&prog);
    if (verdict) {
        fprintf(stderr, "xchg run: %s\n", verdict);
        return 1;
    }
    return 0;
}
