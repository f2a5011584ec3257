/* SPDX-License-Identifier: MIT */
/* xchg run: one parser for every network family. The options are read
 * once into raw values; --net and --algo then pick the runner (a MIN, the
 * routers in store and forward, the routers in circuit mode), the options
 * that runner does not take are refused, and the values are checked into
 * one xc_run_opts. */
#include <stdio.h>
#include <string.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_dut_pn.h"
#include "xc_min.h"
#include "xc_model_cache.h"
#include "xc_num.h"
#include "xc_partial.h"
#include "xc_paths.h"
#include "xc_run.h"
#include "xc_sched.h"
#include "xc_topo.h"
#include "xc_user_rtl.h"
#include "xc_wh.h"

static const char page[] =
    "usage: xchg run --net NET [--algo ALGO] [OPTIONS]\n"
    "  Runs an exchange: the control-processor firmware on the golden model, the RTL\n"
    "  (Verilator), or both compared every cycle; the scoreboard closes the run.\n"
    "  The network family and the algorithm pick what runs:\n"
    "    a MIN (butterfly:8 ...)          the Latin-square exchange (--algo latin)\n"
    "    a product network (torus:4x4 ...) a store-and-forward schedule on the routers\n"
    "                                     (--algo te-ni|te-a1|te-a2|mnb|mnb-product)\n"
    "    a square torus, --algo te-dc1|te-dcn  paper 001's wormhole total exchange on the\n"
    "                                     routers in circuit mode\n"
    "\n"
    "every network\n"
    "  --net      MIN: butterfly|omega|baseline|rbaseline|cube : N (power of two, 2..1024);\n"
    "             product: torus:4x4, ring:8, mesh:4x4, hypercube:4, ghc:3x4, A*B ...\n"
    "  --algo     MIN: latin (the default); product network: required (xchg schedule --help)\n"
    "  --sim      lockstep  RTL (Verilator) and golden model compared every cycle (default)\n"
    "             rtl       RTL only;  golden  golden model only\n"
    "  --trace    FILE.fst or FILE.vcd: waves, the RTL's to FILE.fst, the golden model's\n"
    "             to FILE.golden.fst (same signal names), a GTKWave save file FILE.gtkw\n"
    "             and FILE.tcl (one group per node on the routers; wormhole: RTL waves\n"
    "             only); .vcd: the same as VCD text (a model of its own); 1 cycle = 1 ns\n"
    "  --trace-window FROM:TO  dump only cycles FROM..TO (inclusive) to keep big runs small\n"
    "  --timeout  CYCLES: stop after this many cycles (default: generous, from the run's size)\n"
    "  --inject   KIND:WHERE@CYCLE, break the RTL on purpose (repeatable, up to 4; the golden\n"
    "             model is not told). MIN: KIND switch (flip it), drop, dup, corrupt (a flit),\n"
    "             port (a flit leaves by the wrong output), WHERE s<stage>.<switch>.\n"
    "             Routers: KIND drop, dup, corrupt, port, WHERE n<node> or n<node>.p<port>.\n"
    "             CYCLE >= 1. random: a fault drawn from the seed (MIN, store and forward),\n"
    "             where and when it meets a flit; the report hides it (find it from the\n"
    "             symptoms) unless --reveal is given\n"
    "  --seed     S: the seed of every random choice, 0 .. 2^64-1 (default: drawn, printed);\n"
    "             the same seed and options give the same run\n"
    "  --reveal   name the faults that --inject random drew\n"
    "  --inject-anywhere  allow an --inject cycle outside the exchange: without it a\n"
    "             cycle before the first injection (step) or after the last delivery\n"
    "             (step) is refused after the run, exit 2, naming the run's cycle\n"
    "             range. Every injection is reported fired (it changed a flit, a\n"
    "             setting or a port) or never fired\n"
    "  --load     front: the firmware loads messages and tables over the bus (default;\n"
    "             a MIN of 512 inputs or more: back, as N^2 bus cycles would dwarf the\n"
    "             exchange); back: written into the memories directly (simulation only)\n"
    "  --coverage FILE.dat: a Verilator coverage build of the model (line, toggle); its\n"
    "             counts written to FILE.dat at the end (docs/coverage.md)\n"
    "  --fcov     FILE.json: the protocol's functional coverage as seen in this run\n"
    "  --threads  N: simulation threads (1 .. 64): the flat model Verilated with\n"
    "             --threads N; the tiled model's blocks evaluated on N threads (default:\n"
    "             2 above 1024 routers on a machine of 2 or more cores, else 1)\n"
    "  --plusarg  +NAME[=VALUE]: passed to the model (repeatable, up to 8)\n"
    "  --verilator-flags \"FLAGS\": extra Verilator flags, from an allowlist (docs/flow.md)\n"
    "             Each set of coverage, threads and flags is a cached model of its own.\n"
    "  --json     the report as one JSON object (keys: docs/json.md)\n"
    "  --quiet    no build or progress lines\n"
    "  --build-only  build the Verilator model this run needs (or find it up to date in\n"
    "             the cache), then stop without running: exit 0 once it is ready, also\n"
    "             when the run needs no model (--sim golden); the first job of xchg\n"
    "             sweep --slurm runs the cases with it\n"
    "  --help     this page\n"
    "\n"
    "a MIN (--algo latin)\n"
    "  --l        Latin square index, 0 <= l < N^(N/2-1), decimal or 0x hex (default 0);\n"
    "             random: drawn from the seed\n"
    "  --config   start from any configuration M (rows of n bits, stage 0 first); random:\n"
    "             drawn from the seed (every M is admissible: it lies in exactly one S^l)\n"
    "  --mode     xor   switches hold M^{l,0} and XOR the step x of each flit (default)\n"
    "             table the control processor writes M^{l,x} before every step\n"
    "             self  destination-tag self-routing, conflicts flagged\n"
    "  --rtl-fault  S.H[@C]: the same as --inject switch:sS.H@C (every cycle without @C)\n"
    "  --rtl-switch FILE[:MODULE]: your own 2x2 switch in every position of the network,\n"
    "             checked against the golden model every cycle (MODULE: the file's name\n"
    "             without .v; its ports: the switch contract, docs/own-rtl.md)\n"
    "  --vectors  DIR: the golden model's bus inputs and expected outputs, cycle by cycle,\n"
    "             in DIR/bus.hex, DIR/obs.hex, DIR/vectors.vh (N <= 64), for\n"
    "             tb/rtl/xchg_min_replay_tb.v on Icarus Verilog (docs/xsim.md)\n"
    "\n"
    "a product network, store and forward (--algo te-ni|te-a1|te-a2|mnb|mnb-product)\n"
    "  --port     single|multi: the port model (te-a2 needs multi)\n"
    "  --duplex   full|half\n"
    "  --tables   pernode: one step table per router, loaded over the bus (default)\n"
    "             broadcast: one table read by every router (node-invariant schedules)\n"
    "             rom: the broadcast table as a ROM image ($readmemh at start, no bus load)\n"
    "  --break-table KIND:n<node>@<step>  corrupt one per-node table entry in both models\n"
    "             (KIND nosend, norecv, empty, overwrite, nolink, model): the routers must\n"
    "             report it (a test of the router's checks; golden and RTL agree)\n"
    "  --hw-port, --hw-duplex  build the routers for another port model than the schedule's:\n"
    "             the routers must refuse the entries that break it (a test of the assertion)\n"
    "  --vectors  DIR: bus inputs, expected outputs and the network top (up to 64 nodes,\n"
    "             --load front), for tb/rtl/xchg_pn_replay_tb.v on Icarus Verilog\n"
    "  --rtl-model  flat|tiled|auto: the routers' Verilator model. flat: one build of every\n"
    "             router; tiled: one block of routers and the controller built once each,\n"
    "             one block model a block wired by xchg (builds that do not grow with the\n"
    "             network; no --trace, --coverage, --verilator-flags or --rtl-router);\n"
    "             auto (default): tiled above 1024 routers when the run needs none of\n"
    "             those, else flat. Both give the same cycles (docs/scale.md)\n"
    "  --rtl-router FILE[:MODULE]: your own store-and-forward step (the router contract,\n"
    "             docs/own-rtl.md) in every router, checked against the golden model\n"
    "             every cycle (MODULE: the file's name without .v)\n"
    "  Cycles = steps + 1: the start write loads step 1, then one step per cycle.\n"
    "\n"
    "a square torus, wormhole (--algo te-dc1|te-dcn)\n"
    "  Per step each router's crossbar passes packets on, one hop per cycle.\n"
    "  --ts       start-up cycles of every step, 1 .. 1000000 (default 100)\n"
    "  --msg-flits 1: messages are one flit on the routers\n"
    "  --bad-circuit n<node>@<step>  the firmware breaks node's crossbar setting in that\n"
    "             step (two inputs to one output): the routers must refuse it\n"
    "  Cycles = 1 + sum over steps of (ts + hops + flits - 1).\n"
    "\n"
    "a user's whole network (--rtl-noc; docs/own-rtl.md \"A whole network\")\n"
    "  --rtl-noc  FILE[:MODULE]: the user's Verilog with the network contract (ports clk_i,\n"
    "             rst_ni, in_valid_i, in_ready_o, in_data_i, out_valid_o, out_ready_i,\n"
    "             out_data_o; parameters N, W), checked message by message (--sim rtl only).\n"
    "             --net declares the collective's network, --algo the collective: MIN latin\n"
    "             or perm; product network te-ni, te-a1, te-a2 or perm (a seeded permutation)\n"
    "  --noc-order  stream: each node offers its messages back to back (default);\n"
    "             barrier: one schedule step at a time, each once every earlier one arrived\n"
    "  --noc-ready  held: out_ready_i held at 1 (default); random: drawn from --seed\n"
    "  --noc-width  W: bits a message, 64 .. 1024, a multiple of 32 (default 64)\n"
    "  --noc-watchdog  K: cycles without a delivery that stop the run (default 1000)\n"
    "\n"
    "environment\n"
    "  XC_BUILD   the folder models are cached in (relative: from the current folder);\n"
    "             default: the build folder, or installed $XDG_CACHE_HOME/xchg, else\n"
    "             $HOME/.cache/xchg. It and the source folder may hold only letters,\n"
    "             digits, non-ASCII characters and ._/+@,- (make and the shell would read\n"
    "             others as code): anything else is refused, exit 2\n"
    "\n"
    "exit status: 0 the run passed (every message delivered once, within the bound or\n"
    "the schedule's cycles), 1 a check failed, 2 bad input, 3 the environment failed\n"
    "(a model build or a tool, out of memory, a write), 128+N stopped by signal N (SIGINT,\n"
    "SIGTERM, SIGHUP, SIGQUIT, SIGXCPU; the files the run was still writing are removed)\n";

static const struct option longopts[] = {
    /* every family */
    XC_OPT_NET, XC_OPT_ALGO, XC_OPT_JSON, XC_OPT_QUIET, XC_OPT_HELP, {"build-only", no_argument, 0, 'G'},
    {"sim", required_argument, 0, 's'},          {"trace", required_argument, 0, 't'},
    {"trace-window", required_argument, 0, 'w'}, {"timeout", required_argument, 0, 'T'},
    {"inject", required_argument, 0, 'i'},       {"load", required_argument, 0, 'L'},
    {"vectors", required_argument, 0, 'V'},      {"seed", required_argument, 0, 'e'},
    {"reveal", no_argument, 0, 'R'},             {"inject-anywhere", no_argument, 0, 'A'},
    /* MIN */
    XC_OPTS_MIN_RUN, {"mode", required_argument, 0, 'm'}, {"rtl-fault", required_argument, 0, 'f'},
    {"rtl-switch", required_argument, 0, 'W'}, {"rtl-router", required_argument, 0, 'U'},
    {"rtl-model", required_argument, 0, 'M'},
    /* product networks; wormhole */
    XC_OPTS_PORT_MODEL,
    {"tables", required_argument, 0, 'b'},       {"break-table", required_argument, 0, 'B'},
    {"hw-port", required_argument, 0, 'P'},      {"hw-duplex", required_argument, 0, 'D'},
    XC_OPT_TS, XC_OPT_MSG_FLITS, {"bad-circuit", required_argument, 0, 'C'},
    /* Verilator: every family */
    {"coverage", required_argument, 0, 'O'},     {"fcov", required_argument, 0, 'u'},
    {"threads", required_argument, 0, 'H'},      {"plusarg", required_argument, 0, '+'},
    {"verilator-flags", required_argument, 0, 'X'},
    /* a user's whole network */
    {"rtl-noc", required_argument, 0, 'k'},      {"noc-order", required_argument, 0, 'Y'},
    {"noc-ready", required_argument, 0, 'y'},    {"noc-width", required_argument, 0, 'Z'},
    {"noc-watchdog", required_argument, 0, 'K'}, XC_OPT_END,
};

/* The options each family takes, by getopt val. */
static const char *const family_opts[] = {
    [XC_RUN_MIN] = "nastwTjqiLVhlcmfeRWAG" "OuH+X",
    [XC_RUN_SF] = "nastwTjqiLVhpdbBPDeRUAGM" "OuH+X",
    [XC_RUN_WH] = "nastwTjqiLhSCFeRAGM" "OuH+X",
    [XC_RUN_NOC] = "nastwTjqheG" "OH+X" "kYyZK",
};
static const char *const family_names[] = {"MIN", "store-and-forward", "wormhole", "--rtl-noc"};

/* The options as given, before their values are checked. */
struct raw {
    const char *v[128];  /* by val; NULL: not given */
    char order[64];      /* vals in the order given */
    int n_order;
    const char *inject[XC_FAULT_SLOTS];
    int n_inject;
    const char *plusarg[8];
    int n_plusarg;
};

static int collect(int argc, char **argv, struct raw *r)
{
    xc_cli_opts p;
    xc_cli_opts_begin(&p, "run", longopts, argc, argv);
    p.repeatable = "i+";
    const char *arg;
    int c;
    while ((c = xc_cli_opts_next(&p, &arg)) > 0) {
        if (c == 'i') {
            if (r->n_inject == XC_FAULT_SLOTS)
                return xc_cli_error("run", XC_EINVAL, "--inject: at most %d per run", XC_FAULT_SLOTS);
            r->inject[r->n_inject++] = arg;
        }
        if (c == '+') {
            if (r->n_plusarg == 8)
                return xc_cli_error("run", XC_EINVAL, "--plusarg: at most 8 per run");
            r->plusarg[r->n_plusarg++] = arg;
        }
        r->v[c] = arg ? arg : "";
        if (r->n_order < (int)sizeof r->order)
            r->order[r->n_order++] = (char)c;
    }
    if (c < 0)
        return p.rc;
    if (optind < argc)
        return xc_cli_error("run", XC_EINVAL, "unexpected argument '%s'", argv[optind]);
    return 0;
}

/* --net and --algo decide the runner; no --net: the MIN parser says so. */
static int pick_family(const struct raw *r, xc_run_family *family)
{
    const char *v = r->v['n'];
    *family = r->v['k'] ? XC_RUN_NOC : XC_RUN_MIN;
    if (!v)
        return r->v['k'] ? xc_cli_error("run", XC_EINVAL, "--rtl-noc needs --net: the network whose collective "
                                        "drives it") : 0;
    size_t len = strcspn(v, ":*");
    if (xc_min_topo_lookup(v, len) >= 0 || (*family == XC_RUN_NOC && xc_topo_kind_lookup(v, len) >= 0))
        return 0;
    if (xc_topo_kind_lookup(v, len) >= 0) {
        *family = r->v['a'] && xc_wh_algo_parse(r->v['a']) >= 0 ? XC_RUN_WH : XC_RUN_SF;
        return 0;
    }
    return xc_cli_error("run", XC_EINVAL,
                        "--net '%s': unknown network '%.*s' (MIN: butterfly, omega, baseline, rbaseline, cube; "
                        "product: ring, path, complete, torus, mesh, ghc, hypercube)", v, (int)len, v);
}

static int check_family(const struct raw *r, xc_run_family family)
{
    for (int i = 0; i < r->n_order; i++)
        if (!strchr(family_opts[family], r->order[i]))
            return xc_cli_error("run", XC_EINVAL, "bad option '--%s' for a %s run (see xchg run --help)",
                                xc_cli_opt_name(longopts, r->order[i]), family_names[family]);
    return 0;
}

/* --rtl-model flat|tiled|auto (xc_dut_pn.h): a tiled model has no trace
 * or coverage code, no user flags and only our routers. */
static int parse_rtl_model(const struct raw *r, xc_run_opts *o)
{
    static const char *const models[] = {"auto", "flat", "tiled", NULL};
    int m = XC_RTL_MODEL_AUTO, rc;
    if (r->v['M'] && (rc = xc_cli_word("run", "rtl-model", r->v['M'], models, &m)))
        return rc;
    o->rtl_model = m;
    if (m == XC_RTL_MODEL_TILED && (o->trace || o->coverage || o->vflags || r->v['U']))
        return xc_cli_error("run", XC_EINVAL, "--rtl-model tiled: --trace, --coverage, --verilator-flags and "
                            "--rtl-router need the flat model (--rtl-model flat or auto)");
    return 0;
}

/* A word option of xchg run. */
static int choose(const char *opt, const char *text, const char *const *words, int *out)
{
    return xc_cli_word("run", opt, text, words, out);
}

static int parse_window(const char *text, unsigned long *from, unsigned long *to)
{
    uint64_t v[2];
    if (!xc_num_match(text, "#:#", UINT64_MAX, v) || v[0] > v[1])
        return xc_cli_error("run", XC_EINVAL, "--trace-window '%s': expected FROM:TO cycles, FROM <= TO", text);
    *from = (unsigned long)v[0];
    *to = (unsigned long)v[1];
    return 0;
}

/* --coverage, --fcov, --threads, --plusarg, --verilator-flags. */
static int parse_verilator(const struct raw *r, xc_run_opts *o)
{
    uint64_t v;
    char why[600];
    o->coverage = r->v['O'];
    o->fcov = r->v['u'];
    o->vflags = r->v['X'];
    o->n_plusarg = r->n_plusarg;
    memcpy(o->plusarg, r->plusarg, sizeof o->plusarg);
    if (!o->rtl && (o->coverage || r->v['H'] || o->vflags || o->n_plusarg))
        return xc_cli_error("run", XC_EINVAL, "--coverage, --threads, --verilator-flags and --plusarg need the "
                            "RTL: use --sim rtl or lockstep");
    const size_t len = o->coverage ? strlen(o->coverage) : 0;
    if (o->coverage && (len < 5 || strcmp(o->coverage + len - 4, ".dat")))
        return xc_cli_error("run", XC_EINVAL, "--coverage '%s': the file name must end in .dat", o->coverage);
    const size_t flen = o->fcov ? strlen(o->fcov) : 0;
    if (o->fcov && (flen < 6 || strcmp(o->fcov + flen - 5, ".json")))
        return xc_cli_error("run", XC_EINVAL, "--fcov '%s': the file name must end in .json", o->fcov);
    if (r->v['H'] && (xc_num_u64(r->v['H'], 64, &v) != XC_OK || v < 1))
        return xc_cli_error("run", XC_EINVAL, "--threads '%s': 1 .. 64 threads", r->v['H']);
    o->threads = r->v['H'] ? (unsigned)v : 0;
    if (o->vflags && xc_model_check_vflags(o->vflags, why, sizeof why) != 0)
        return xc_cli_error("run", XC_EINVAL, "--verilator-flags '%s': %s", o->vflags, why);
    xc_err err; /* before anything is built or written under the cache */
    if (o->rtl && xc_build_paths_check(&err) != XC_OK)
        return xc_cli_error("run", XC_EINVAL, "%s", err.msg);
    for (int i = 0; i < o->n_plusarg; i++) {
        const char *a = o->plusarg[i];
        const size_t name = strspn(a + (*a == '+'), "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+");
        if (*a != '+' || name == 0 || (a[1 + name] && a[1 + name] != '=') || strlen(a) > 200)
            return xc_cli_error("run", XC_EINVAL, "--plusarg '%s': expected +NAME or +NAME=VALUE (NAME of "
                                "letters, digits, _ and +; at most 200 characters)", a);
    }
    return 0;
}

/* The options every family takes. */
static int parse_common(const struct raw *r, xc_run_opts *o)
{
    static const char *const sims[] = {"lockstep", "rtl", "golden", NULL};
    static const char *const loads[] = {"front", "back", NULL};
    int rc, i = 0;
    uint64_t v;
    o->net = r->v['n'];
    o->algo = r->v['a'];
    o->json = r->v['j'] != NULL;
    o->quiet = r->v['q'] != NULL;
    o->inject_anywhere = r->v['A'] != NULL;
    o->trace = r->v['t'];
    o->vectors = r->v['V'];
    o->trace_to = ~0ul;
    o->n_inject = r->n_inject;
    memcpy(o->inject, r->inject, sizeof o->inject);
    if (r->v['s'] && (rc = choose("sim", r->v['s'], sims, &i)))
        return rc;
    o->golden = i != 1;
    o->rtl = i != 2;
    if (r->v['T'] && xc_num_u64(r->v['T'], 1000000000000ull, &v) == XC_OK && v > 0)
        o->timeout = (unsigned long)v;
    else if (r->v['T'])
        return xc_cli_error("run", XC_EINVAL, "--timeout '%s': a positive number of cycles (at most 10^12)",
                            r->v['T']);
    if (r->v['w'] && (rc = parse_window(r->v['w'], &o->trace_from, &o->trace_to)))
        return rc;
    if (r->v['w'] && !r->v['t'])
        return xc_cli_error("run", XC_EINVAL, "--trace-window '%s': it selects the cycles of a trace: add --trace "
                            "FILE.fst", r->v['w']);
    if (r->v['L'] && (rc = choose("load", r->v['L'], loads, &o->back_door)))
        return rc;
    o->load_given = r->v['L'] != NULL;
    if ((rc = parse_verilator(r, o)))
        return rc;
    if (o->trace) {
        size_t len = strlen(o->trace);
        if (len < 5 || (strcmp(o->trace + len - 4, ".fst") && strcmp(o->trace + len - 4, ".vcd")))
            return xc_cli_error("run", XC_EINVAL, "--trace '%s': the file name must end in .fst or .vcd",
                                o->trace);
    }
    return 0;
}

/* A user's element (--rtl-switch, --rtl-router: option letter c). */
static int parse_user(const struct raw *r, xc_run_opts *o, int c, const char *opt)
{
    if (!r->v[c])
        return 0;
    if (!o->rtl)
        return xc_cli_error("run", XC_EINVAL, "%s needs the RTL: use --sim lockstep or rtl", opt);
    xc_err err = {{0}};
    xc_status st = xc_user_rtl_parse(opt, r->v[c], &o->user, &err);
    o->has_user = st == XC_OK;
    return st ? xc_cli_error("run", st, "%s", err.msg) : 0;
}

static int parse_min(const struct raw *r, xc_run_opts *o)
{
    static const char *const modes[] = {"xor", "table", "self", NULL};
    static const unsigned mode_of[] = {XC_MODE_XOR, XC_MODE_TABLE, XC_MODE_SELF};
    int rc, m = 0;
    if (o->algo && strcmp(o->algo, "latin"))
        return xc_cli_error("run", XC_EINVAL, "--algo '%s': allowed for a MIN: latin", o->algo);
    if (r->v['m'] && (rc = choose("mode", r->v['m'], modes, &m)))
        return rc;
    o->mode = mode_of[m];
    o->l_text = r->v['l'];
    o->cfg_text = r->v['c'];
    o->rtl_fault = r->v['f'];
    if (o->back_door && o->vectors)
        return xc_cli_error("run", XC_EINVAL, "--vectors replays the bus: use --load front");
    if ((o->rtl_fault || o->n_inject) && !o->rtl)
        return xc_cli_error("run", XC_EINVAL, "--inject and --rtl-fault need the RTL: use --sim rtl or lockstep");
    if (o->rtl_fault && o->n_inject == XC_FAULT_SLOTS)
        return xc_cli_error("run", XC_EINVAL, "--inject: at most %d per run, --rtl-fault included", XC_FAULT_SLOTS);
    if (o->vectors && !o->golden)
        return xc_cli_error("run", XC_EINVAL, "--vectors needs the golden model: use --sim golden or lockstep");
    return parse_user(r, o, 'W', "--rtl-switch");
}

/* --port and --duplex, and their --hw- twins (-1 when not given). */
static int parse_ports(const struct raw *r, xc_run_opts *o)
{
    static const char *const ports[] = {"single", "multi", NULL}, *const duplex[] = {"full", "half", NULL};
    int rc;
    o->hw_multi = o->hw_half = -1;
    if (r->v['p'] && (rc = choose("port", r->v['p'], ports, &o->multi)))
        return rc;
    o->multi_set = r->v['p'] != NULL;
    if (r->v['d'] && (rc = choose("duplex", r->v['d'], duplex, &o->half)))
        return rc;
    if (r->v['P'] && (rc = choose("hw-port", r->v['P'], ports, &o->hw_multi)))
        return rc;
    if (r->v['D'] && (rc = choose("hw-duplex", r->v['D'], duplex, &o->hw_half)))
        return rc;
    return 0;
}

static int parse_sf(const struct raw *r, xc_run_opts *o)
{
    static const char *const tables[] = {"pernode", "broadcast", "rom", NULL};
    int rc, t = 0;
    if ((rc = parse_ports(r, o)))
        return rc;
    if (r->v['b'] && (rc = choose("tables", r->v['b'], tables, &t)))
        return rc;
    o->broadcast = t != 0;
    o->rom = t == 2;
    o->break_table = r->v['B'];
    if (!o->algo)
        return xc_cli_error("run", XC_EINVAL,
                            "--algo is required on a product network (te-ni, te-a1, te-a2, mnb, mnb-product)");
    if (xc_algo_parse(o->algo) < 0)
        return xc_cli_error("run", XC_EINVAL, "--algo '%s': allowed te-ni, te-a1, te-a2, mnb, mnb-product", o->algo);
    if (!o->multi_set && xc_algo_parse(o->algo) == XC_ALGO_TE_A2)
        o->multi = 1;
    if (o->n_inject && !o->rtl)
        return xc_cli_error("run", XC_EINVAL, "--inject needs the RTL: use --sim rtl or lockstep");
    if (o->vectors && (!o->golden || o->back_door || o->rom))
        return xc_cli_error("run", XC_EINVAL,
                            "--vectors needs the golden model, --load front and per-node or broadcast tables");
    if ((rc = parse_rtl_model(r, o)))
        return rc;
    return parse_user(r, o, 'U', "--rtl-router");
}

static int parse_wh(const struct raw *r, xc_run_opts *o)
{
    uint64_t v[2];
    o->ts = XC_WH_DEFAULT_TS;
    o->bad_node = -1;
    if (r->v['S'] && (xc_num_u64(r->v['S'], XC_WH_MAX_TS, v) != XC_OK || v[0] < 1))
        return xc_cli_error("run", XC_EINVAL,
                            "--ts '%s': 1 .. %u cycles on the routers (the first flit is loaded in the last "
                            "start-up cycle)", r->v['S'], XC_WH_MAX_TS);
    if (r->v['S'])
        o->ts = (uint32_t)v[0];
    if (r->v['F'] && strcmp(r->v['F'], "1"))
        return xc_cli_error("run", XC_EINVAL,
                            "--msg-flits '%s': on the routers a message is one flit (use xchg schedule for "
                            "longer messages)", r->v['F']);
    if (r->v['C']) {
        if (!xc_num_match(r->v['C'], "n#@#", UINT32_MAX, v) || v[1] < 1)
            return xc_cli_error("run", XC_EINVAL, "--bad-circuit '%s': expected n<node>@<step>, step >= 1",
                                r->v['C']);
        o->bad_node = (long)v[0];
        o->bad_step = (long)v[1];
    }
    if (o->n_inject && !o->rtl)
        return xc_cli_error("run", XC_EINVAL, "--inject needs the RTL: use --sim rtl or lockstep");
    if (o->trace && !o->rtl)
        return xc_cli_error("run", XC_EINVAL, "--trace: the waves come from the RTL (--sim rtl or lockstep)");
    return parse_rtl_model(r, o);
}

/* --rtl-noc and its options. */
static int parse_noc(const struct raw *r, xc_run_opts *o)
{
    static const char *const orders[] = {"stream", "barrier", NULL}, *const readies[] = {"held", "random", NULL};
    int rc;
    uint64_t v;
    if (r->v['s'] && strcmp(r->v['s'], "rtl"))
        return xc_cli_error("run", XC_EINVAL, "--sim '%s': a user's network (--rtl-noc) has no golden model: "
                            "use --sim rtl", r->v['s']);
    o->golden = 0;
    o->rtl = 1;
    if (r->v['Y'] && (rc = choose("noc-order", r->v['Y'], orders, &o->noc_barrier)))
        return rc;
    if (r->v['y'] && (rc = choose("noc-ready", r->v['y'], readies, &o->noc_ready_random)))
        return rc;
    o->noc_w = 64;
    if (r->v['Z'] && (xc_num_u64(r->v['Z'], 1024, &v) != XC_OK || v < 64 || v % 32))
        return xc_cli_error("run", XC_EINVAL, "--noc-width '%s': 64 .. 1024 bits, a multiple of 32", r->v['Z']);
    if (r->v['Z'])
        o->noc_w = (unsigned)v;
    o->noc_watchdog = 1000;
    if (r->v['K'] && (xc_num_u64(r->v['K'], 1000000000, &v) != XC_OK || v < 1))
        return xc_cli_error("run", XC_EINVAL, "--noc-watchdog '%s': 1 .. 10^9 cycles", r->v['K']);
    if (r->v['K'])
        o->noc_watchdog = (unsigned long)v;
    o->noc_random = o->noc_ready_random || (o->algo && !strcmp(o->algo, "perm"));
    xc_err err = {{0}};
    const xc_status st = xc_user_rtl_parse("--rtl-noc", r->v['k'], &o->user, &err);
    o->has_user = 1;
    return st ? xc_cli_error("run", st, "%s", err.msg) : 0;
}

static int parse_family(const struct raw *r, xc_run_opts *o)
{
    if (o->family == XC_RUN_NOC)
        return parse_noc(r, o);
    return o->family == XC_RUN_MIN ? parse_min(r, o) : o->family == XC_RUN_SF ? parse_sf(r, o) : parse_wh(r, o);
}

/* The network of the spec: a MIN's square (--l and --config drawn
 * already), a product network's --net; a MIN under --rtl-noc is read by
 * its session. 0 or the exit status. */
static int parse_net(xc_run_opts *o)
{
    unsigned x_given;
    if (o->family == XC_RUN_MIN)
        return xc_cli_min_square("run", o->net, o->l_text, o->cfg_text, &o->m, &o->m0, &o->l, &x_given);
    if (xc_min_topo_lookup(o->net, strcspn(o->net, ":*")) >= 0)
        return 0;
    return xc_cli_net("run", "--net:", o->net, &o->pn);
}

int xc_cmd_run(int argc, char **argv)
{
    if (xc_cli_help_asked(argc, argv, longopts))
        return xc_cli_help(page);
    struct raw r = {0};
    xc_run_opts o = {0};
    int rc;
    if ((rc = collect(argc, argv, &r)) || (rc = pick_family(&r, &o.family)) || (rc = check_family(&r, o.family)) ||
        (rc = parse_common(&r, &o)) || (rc = parse_family(&r, &o)))
        return rc;
    int built = 0;
    if (r.v['G'] && !o.rtl)
        return 0; /* --build-only: a golden run needs no model */
    /* from here until the run ends, SIGINT and SIGTERM remove what it
     * leaves half-written and exit 128 + the signal (xc_partial.h) */
    xc_partial_catch("run");
    o.built = r.v['G'] ? &built : NULL;
    xc_run_rand rr;
    if (!(rc = xc_run_random_begin(&o, r.v['e'], r.v['R'] != NULL, &rr)) && !(rc = parse_net(&o)) &&
        !(rc = xc_run_random_faults(&o, &rr)))
        rc = xc_run_session(&o);
    xc_run_random_end(&rr);
    xc_partial_clear(); /* finished: what is there stays */
    return built ? 0 : rc; /* --build-only: the run stopped once its model was ready */
}
