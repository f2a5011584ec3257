/* SPDX-License-Identifier: MIT */
/* xchg run on a product network, store and forward: the control-processor
 * firmware compiles the schedule into step tables, loads them and the
 * messages over the bus (or the back door), and runs the routers on the
 * golden model, the RTL, or both in lock-step; the scoreboard closes the
 * run. */
#define _XOPEN_SOURCE 700 /* nftw */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xc_cli.h"
#include "xc_cli_opt.h"
#include "xc_consts.h"
#include "xc_cp_pn.h"
#include "xc_fs.h"
#include "xc_golden_wave_pn.h"
#include "xc_gtkw_pn.h"
#include "xc_json.h"
#include "xc_lockstep_pn.h"
#include "xc_model_cache.h"
#include "xc_partial.h"
#include "xc_run.h"
#include "xc_vectors_pn.h"

/* One run: its inputs, the models' outputs, what the report needs. */
struct sf_run {
    const xc_run_opts *o;
    xc_sched_opts so;
    xc_sched_plan plan;
    xc_pn_hw hw;
    int hw_multi, hw_half;
    xc_pn_prog prog;
    xc_run_pn_inject inj[XC_FAULT_SLOTS];
    unsigned fired; /* bit i: inj[i] changed what left its router (xc_dut_pn_fired) */
    char golden_fst[XC_RUN_PATH], gtkw[XC_RUN_PATH], load_dir[1100];
    char plus[XC_FAULT_SLOTS + 1][4][1200];
    xc_gwave_pn *gwave; /* golden waves and replay vectors, from the harness's per-cycle hook */
    xc_vec *vec;
    xc_run_pn_outcome u;
    xc_lsp_opts lo;
};

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

/* Removes the back-door folder and what is in it. */
static void rm_rf(const char *dir) { nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS); }

/* Breaks field f (port p of node v's entry e) the way kind k asks: 1 done. */
static int break_field(int k, const xc_pn_hw *hw, uint32_t v, uint32_t *e, uint32_t p, xc_pn_field *f)
{
    switch (k) {
    case 0: if (f->send) return f->send = 0, 1; break;
    case 1: if (f->recv) return f->recv = 0, 1; break;
    case 2: if (f->send) return f->send_slot = 0, 1; break; /* slot 0 starts empty */
    case 3: if (f->recv && f->store) return f->recv_slot = f->recv_slot % (hw->slots - 1) + 1, 1; break;
    case 4: /* the step's send leaves by a port without a link */
        for (uint32_t q = 0; f->send && q < hw->ports; q++)
            if (xc_topo_neighbor(&hw->net, v, q) < 0) {
                xc_pn_field g;
                xc_pn_field_get(hw, e, q, &g);
                g.send = 1;
                g.send_slot = f->send_slot;
                xc_pn_field_put(hw, e, q, &g);
                return f->send = 0, 1;
            }
        break;
    case 5: if (!f->send && xc_topo_neighbor(&hw->net, v, p) >= 0) return f->send = 1, 1; break;
    }
    return 0;
}

/* --break-table: changes node v's entry of step t in the per-node tables. */
static int break_table(const char *text, const xc_pn_hw *hw, xc_pn_prog *prog)
{
    static const char *const kinds[] = {"nosend", "norecv", "empty", "overwrite", "nolink", "model"};
    const char *colon = strchr(text, ':');
    uint64_t vt[2] = {0, 0};
    int k = -1;
    for (int i = 0; colon && i < 6; i++)
        if ((size_t)(colon - text) == strlen(kinds[i]) && !strncmp(text, kinds[i], (size_t)(colon - text)))
            k = i;
    if (k < 0 || !xc_cli_match(colon + 1, "n#@#", UINT32_MAX, vt) || vt[0] >= hw->nodes || vt[1] < 1 ||
        vt[1] > prog->steps)
        return xc_cli_error("run", XC_EINVAL, "--break-table '%s': KIND:n<node>@<step>, KIND nosend, norecv, empty, "
                            "overwrite, nolink, model; node < %u, 1 <= step <= %u", text, hw->nodes, prog->steps);
    if (!prog->pernode)
        return xc_cli_error("run", XC_EINVAL, "--break-table needs per-node tables");
    const uint32_t v = (uint32_t)vt[0], t = (uint32_t)vt[1];
    uint32_t *e = prog->pernode + ((size_t)v * prog->steps + t - 1) * hw->wpe;
    for (uint32_t p = 0; p < hw->ports; p++) {
        xc_pn_field f;
        xc_pn_field_get(hw, e, p, &f);
        if (break_field(k, hw, v, e, p, &f)) {
            xc_pn_field_put(hw, e, p, &f);
            return 0;
        }
    }
    return xc_cli_error("run", XC_EINVAL, "--break-table '%s': node %u's step %u has nothing to break that way", text,
                        v, t);
}

static void record_golden(void *user, const xc_lsp *ls, const xc_hw_bus *bus, const xc_pn_obs *obs)
{
    struct sf_run *r = user;
    if (ls->gm && r->gwave)
        xc_gwave_pn_cycle(r->gwave, ls->core.cycle, bus, obs);
    if (ls->gm && r->vec)
        xc_vec_pn_cycle(r->vec, ls->hw, bus, obs);
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

/* The network, the schedule's plan, the routers, the faults, the trace
 * file and the compiled program: 0 or the exit status. */
static int setup(struct sf_run *r)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    r->so = (xc_sched_opts){.net = &o->pn, .algo = (xc_algo)xc_algo_parse(o->algo), .multiport = o->multi,
                            .half_duplex = o->half};
    if ((st = xc_sched_plan_for(&r->so, &r->plan, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    if (o->broadcast && !r->plan.node_invariant)
        return xc_cli_error("run", XC_EINVAL, "--tables %s: %s is not node-invariant on %s (use pernode)",
                            o->rom ? "rom" : "broadcast", o->algo, o->pn.spec);
    /* small networks: one build holds both kinds of table */
    const int per_node = !o->rom && (!o->broadcast || o->pn.nodes <= 64);
    r->hw_multi = o->hw_multi >= 0 ? o->hw_multi : o->multi;
    r->hw_half = o->hw_half >= 0 ? o->hw_half : o->half;
    if ((st = xc_pn_hw_init(&r->hw, &o->pn, o->pn.nodes, depth_for(r->plan.expected), r->hw_multi, r->hw_half,
                            per_node, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    r->hw.rom = o->rom;
    int rc;
    if ((rc = xc_run_pn_injects(o, &r->hw, r->inj)) || (o->trace && (rc = xc_run_prepare_trace(o->trace))))
        return rc;
    if ((st = xc_pn_compile(&r->hw, &r->so, &r->prog, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    return 0;
}

/* --break-table, the ROM image, the back-door files; the plusargs. */
static int prepare_load(struct sf_run *r, xc_lsp_opts *lo)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    int rc;
    if (o->break_table && (rc = break_table(o->break_table, &r->hw, &r->prog)))
        return rc;
    if (o->rom && o->rtl) { /* this run's ROM image, read when the model starts (xc_dut_pn.h) */
        char dir[1100], rom[1200];
        if (xc_dut_pn_dir(&r->hw, dir, sizeof dir) || xc_path(rom, sizeof rom, "%s/bcast_rom.%ld.hex", dir, (long)getpid()) ||
            xc_mkdir_p(dir) != 0)
            return xc_cli_error("run", XC_EIO, "cannot create the build folder");
        xc_partial_add(rom, 0);
        st = xc_lsp_write_rom(rom, &r->hw, &r->prog, o->algo, &err);
        if (!st)
            st = xc_dut_pn_rom_attach(rom, &err);
        xc_partial_done(rom);
        if (st)
            return xc_cli_error("run", st, "%s", err.msg);
    }
    if (o->back_door) {
        if (xc_path(r->load_dir, sizeof r->load_dir, "%s/load/%ld", xc_build_dir(), (long)getpid()))
            return xc_cli_error("run", XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
        if (o->rtl && (st = xc_lsp_write_load(r->load_dir, &r->hw, &r->prog, o->broadcast, &err)))
            return xc_cli_error("run", st, "%s", err.msg);
        xc_model_remove_on_stop(r->load_dir); /* a stop during the model's build */
        xc_path(r->plus[XC_FAULT_SLOTS][0], sizeof r->plus[0][0], "+xchg_load=%s", r->load_dir); /* 1200 > 1100 */
        lo->core.dut.plusargs[4 * o->n_inject] = r->plus[XC_FAULT_SLOTS][0];
    }
    xc_run_pn_plusargs(r->inj, o->n_inject, r->plus, lo->core.dut.plusargs);
    return 0;
}

/* The harness's options: models, waves, time-out. */
static void harness_opts(struct sf_run *r, xc_lsp_opts *lo)
{
    const xc_run_opts *o = r->o;
    *lo = (xc_lsp_opts){.core = xc_run_core_opts(o), .kind_mnb = r->prog.kind_mnb, .on_cycle = record_golden,
                        .on_cycle_user = r};
    const unsigned long words = (unsigned long)r->prog.steps * r->hw.wpe, nodes = r->hw.nodes;
    const unsigned long expect = 64ul + nodes * (nodes + 2) + (o->broadcast ? words : nodes * (words + 2)) +
                                 r->prog.steps;
    lo->core.max_cycles = o->timeout ? o->timeout : 4 * expect;
}

/* Golden waves and replay vectors: 0 or the exit status. */
static int open_recorders(struct sf_run *r)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    if (o->trace) {
        char tmp[XC_RUN_PATH]; /* renamed to golden_fst once whole (xc_run_trace_tmp) */
        xc_run_golden_fst(o->trace, r->golden_fst, sizeof r->golden_fst);
        if (o->golden && (xc_run_trace_tmp(r->golden_fst, tmp, sizeof tmp) ||
                          !(r->gwave = xc_gwave_pn_open(tmp, &r->hw, o->trace_from, o->trace_to))))
            return xc_cli_error("run", XC_EIO, "--trace: cannot write %s", r->golden_fst);
    }
    if (o->vectors && (st = xc_vec_pn_open(&r->vec, o->vectors, &r->hw, &err))) {
        xc_gwave_pn_close(r->gwave);
        xc_run_remove_traces(o->trace, r->golden_fst);
        return xc_cli_error("run", st, "%s", err.msg);
    }
    return 0;
}

/* Builds and runs the models: 0, or the exit status after the error. */
static int simulate(void *run)
{
    struct sf_run *r = run;
    xc_lsp_opts *lo = &r->lo;
    const xc_run_opts *o = r->o;
    xc_run_pn_outcome *u = &r->u;
    xc_err err;
    xc_status st;
    r->gtkw[0] = '\0';
    xc_run_vl_opts(o, &lo->core.dut);
    int rc = xc_run_pn_open(u, &r->hw, lo, NULL, NULL);
    xc_model_remove_on_stop(NULL);
    if (rc) {
        xc_vec_abort(r->vec);
        xc_gwave_pn_close(r->gwave); /* closed before its file goes */
        xc_run_remove_traces(o->trace, r->golden_fst);
        if (o->back_door && o->rtl)
            rm_rf(r->load_dir);
        return rc;
    }
    if (o->back_door && (st = xc_lsp_poke(&u->ls, &r->prog, o->broadcast, &err))) {
        xc_lsp_close(&u->ls);
        if (o->rom && o->rtl)
            xc_dut_pn_rom_detach();
        xc_vec_abort(r->vec);
        xc_gwave_pn_close(r->gwave);
        xc_run_remove_traces(o->trace, r->golden_fst);
        if (o->rtl)
            rm_rf(r->load_dir);
        return xc_cli_error("run", st, "%s", err.msg);
    }
    if (o->rom && u->ls.gm) /* the golden model's ROM holds the same words */
        for (uint32_t i = 0; i < r->prog.steps * r->hw.wpe; i++)
            xc_gm_pn_poke_tbl(u->ls.gm, UINT32_MAX, i, r->prog.bcast[i]);
    const unsigned flags = (o->back_door ? XC_CP_PN_BACK_DOOR : 0u) | (o->rom ? XC_CP_PN_TABLE_ROM : 0u);
    xc_status cp_st = xc_cp_pn_run(&u->ls.core.hal, &r->hw, &r->prog, o->broadcast, flags, lo->core.max_cycles, &u->rep, &err);
    xc_run_pn_settle(u, cp_st, err.msg, (unsigned long)r->hw.nodes * (r->hw.nodes - 1));
    if (!u->verdict && u->rep.cycles != r->prog.steps + 1) {
        snprintf(u->verdict_buf, sizeof u->verdict_buf, "%u cycles, expected steps + 1 = %u", u->rep.cycles,
                 r->prog.steps + 1);
        u->verdict = u->verdict_buf;
    }
    r->fired = 0;
    for (int i = 0; u->ls.dut && i < o->n_inject; i++) {
        unsigned bits = 0;
        if (xc_dut_pn_fired(u->ls.dut, r->inj[i].node, &bits, &err) == XC_OK)
            r->fired |= bits & (1u << i);
    }
    xc_lsp_close(&u->ls);
    if (o->rom && o->rtl)
        xc_dut_pn_rom_detach();
    xc_gwave_pn_close(r->gwave);
    if (o->back_door && o->rtl)
        rm_rf(r->load_dir);
    /* an --inject cycle outside the steps (a flit leaves a router only
     * then), known now: refused unless --inject-anywhere, nothing kept */
    const xc_run_span sp = {u->first_step, u->first_step + r->prog.steps - (r->prog.steps > 0), u->ls.core.cycle,
                            u->ls.core.halted == XC_LS_RUNNING && u->first_step > 0};
    if ((rc = xc_run_pn_injects_in_range(o, r->inj, &sp))) {
        xc_vec_abort(r->vec);
        xc_run_remove_traces(o->trace, r->golden_fst);
        return rc;
    }
    if (r->vec && (st = xc_vec_pn_close(r->vec, &r->hw, o->algo, u->first_step, &err)))
        return xc_cli_error("run", st, "%s", err.msg);
    char why[300];
    xc_run_pn_waves(&r->hw, &u->ls, o->trace, r->gtkw, sizeof r->gtkw, why, sizeof why);
    rc = xc_run_verify_traces(o, r->golden_fst, why, u->ls.core.cycle);
    return rc ? rc : xc_run_outputs(&u->ls.core);
}

static const char *tables_name(const xc_run_opts *o) { return o->rom ? "rom" : o->broadcast ? "broadcast" : "pernode"; }

/* Table sizes in bits: one entry per step, per node or broadcast. */
static unsigned long long entry_bits(const struct sf_run *r) { return (unsigned long long)r->prog.steps * r->hw.entry_w; }
static unsigned long long table_bits(const struct sf_run *r)
{
    return r->o->broadcast ? entry_bits(r) : entry_bits(r) * r->hw.nodes;
}

/* The run's setting and outcome counts. */
static void json_head(xc_json *j, const struct sf_run *r)
{
    const xc_run_opts *o = r->o;
    xc_json_str(j, "net", o->pn.spec);
    xc_json_str(j, "algo", o->algo);
    xc_json_str(j, "port", o->multi ? "multi" : "single");
    xc_json_str(j, "duplex", o->half ? "half" : "full");
    xc_json_str(j, "tables", tables_name(o));
    xc_json_null(j, "l");
    xc_json_str(j, "mode", tables_name(o));
    xc_json_str(j, "hw_port", r->hw_multi ? "multi" : "single");
    xc_json_str(j, "hw_duplex", r->hw_half ? "half" : "full");
    xc_json_str(j, "sim", xc_run_sim_name(o));
    xc_run_user_json(j, o, "router");
    xc_json_str(j, "load", o->back_door ? "back" : "front");
    xc_json_uint(j, "cycles", r->u.rep.cycles);
    xc_json_uint(j, "steps", r->prog.steps);
    xc_json_uint(j, "startup_cycles", 1);
    xc_json_uint(j, "bound", r->plan.bound);
    xc_json_bool(j, "within_bound", r->prog.steps <= r->plan.bound);
    xc_run_json_score(j, r->u.delivered_ok, r->u.expected, &r->u.ls.core.score);
    xc_json_uint(j, "conflicts", r->u.rep.errors);
    xc_json_uint(j, "router_errors", r->u.rep.errors);
    xc_json_uint(j, "mismatches", r->u.ls.core.mismatch_items);
}

static void report_json(const void *run)
{
    const struct sf_run *r = run;
    const xc_run_opts *o = r->o;
    xc_json j;
    xc_json_begin(&j, stdout, "xchg-run-sf/1");
    json_head(&j, r);
    xc_json_uint(&j, "peak_slots", r->prog.res.peak_slots);
    xc_json_uint(&j, "slots", r->hw.slots);
    xc_json_uint(&j, "entry_bits", r->hw.entry_w);
    xc_json_uint(&j, "table_bits", table_bits(r));
    xc_json_uint(&j, "table_bits_pernode", entry_bits(r) * r->hw.nodes);
    xc_json_uint(&j, "table_bits_broadcast", r->prog.bcast ? entry_bits(r) : 0);
    xc_json_bool(&j, "node_invariant", r->prog.bcast != NULL);
    xc_run_pn_rerr_json(&j, &r->u.rep);
    xc_run_pn_cycles_json(&j, &r->u, 1);
    xc_run_pn_faults_json(&j, o, r->inj, r->fired);
    xc_run_mismatch_json(&j, &r->u.ls.core, 1, xc_run_faults_hidden(o));
    xc_run_json_traces(&j, o->trace, r->golden_fst, o->golden, o->rtl, !r->u.verdict);
    xc_json_finish(&j);
}

static void report_text(const void *run)
{
    const struct sf_run *r = run;
    const xc_run_opts *o = r->o;
    const xc_lsp *ls = &r->u.ls;
    printf("xchg run: %s, %s (%s-port, %s duplex), %s tables\n", o->pn.spec, o->algo, o->multi ? "multi" : "single",
           o->half ? "half" : "full", o->rom ? "ROM broadcast" : o->broadcast ? "broadcast" : "per-node");
    if (r->hw_multi != o->multi || r->hw_half != o->half)
        printf("  routers      built for %s-port, %s duplex\n", r->hw_multi ? "multi" : "single",
               r->hw_half ? "half" : "full");
    printf("  simulation   %s\n", xc_run_sim_words(o));
    xc_run_user_text(o, "the store-and-forward step of every router");
    xc_run_seed_text(o);
    printf("  steps        %u (bound %s = %llu)\n", r->prog.steps, r->plan.bound_name,
           (unsigned long long)r->plan.bound);
    if (r->u.rep.cycles) /* 0: the firmware never saw the run end */
        printf("  cycles       %u (steps + 1 cycle of start-up: %u)\n", r->u.rep.cycles, r->prog.steps + 1);
    else
        printf("  cycles       not counted: the run stopped at cycle %lu, before its last step\n",
               r->u.ls.core.cycle);
    printf("  delivered    %lu of %lu%s\n", r->u.delivered_ok, r->u.expected,
           r->u.score_st ? "" : ", each exactly once, intact, at its destination");
    printf("  slots        %u used of %u per node\n", r->prog.res.peak_slots, r->hw.slots);
    printf("  table bits   %llu (%s); per-node %llu, broadcast %s\n", table_bits(r),
           o->broadcast ? "broadcast" : "per-node", entry_bits(r) * r->hw.nodes,
           r->prog.bcast ? "available" : "not possible (not node-invariant)");
    if (r->prog.bcast)
        printf("               broadcast %llu = per-node / %u\n", entry_bits(r), r->hw.nodes);
    printf("  bus cycles   tables %lu, messages %lu, control %lu\n", r->u.rep.bus_tables, r->u.rep.bus_messages,
           r->u.rep.bus_control);
    xc_run_compared(ls->core.cycle, o->golden, o->rtl, ls->core.halted == XC_LS_MISMATCH);
    if (!xc_run_faults_hidden(o))
        xc_run_pn_injects_text(r->inj, o->n_inject, r->fired);
    xc_run_waves(o->trace, r->golden_fst, r->gtkw, o->golden, o->rtl);
    xc_run_pn_rerr_text(&r->u.rep);
    xc_run_text_end(&ls->core, r->u.verdict, xc_run_faults_hidden(o));
}

/* Everything before the models run: 0 or the exit status. */
static int prepare(void *run)
{
    struct sf_run *r = run;
    int rc = setup(r);
    if (!rc) {
        harness_opts(r, &r->lo);
        if ((rc = prepare_load(r, &r->lo)) || (rc = open_recorders(r)))
            xc_run_remove_traces(r->o->trace, NULL);
    }
    return rc;
}

static const char *verdict(const void *run) { return ((const struct sf_run *)run)->u.verdict; }

/* A program half built or never built is all zeros: its free is a no-op. */
static void release(void *run) { xc_pn_prog_free(&((struct sf_run *)run)->prog); }

const xc_runner xc_runner_sf = {sizeof(struct sf_run), prepare, simulate, report_json, report_text, verdict, release};
