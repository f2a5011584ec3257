/* SPDX-License-Identifier: MIT */
/* A session on a product network, store and forward: the schedule's plan,
 * the routers, the compiled step tables (with --break-table's change),
 * the back-door folder with the ROM image; then the control-processor
 * firmware loads them over the bus (or the back door) and runs the
 * routers on the golden model, the RTL, or both in lock-step. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "xc_fs.h"
#include "xc_golden_wave.h"
#include "xc_model_cache.h"
#include "xc_num.h"
#include "xc_session_int.h"
#include "xc_vectors_pn.h"

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
static xc_status break_table(const char *text, const xc_pn_hw *hw, xc_pn_prog *prog, xc_err *err)
{
    static const char *const kinds[] = {"nosend", "norecv", "empty", "overwrite", "nolink", "model"};
    const char *colon = strchr(text, ':');
    uint64_t vt[2] = {0, 0};
    int k = -1;
    for (int i = 0; colon && i < 6; i++)
        if ((size_t)(colon - text) == strlen(kinds[i]) && !strncmp(text, kinds[i], (size_t)(colon - text)))
            k = i;
    if (k < 0 || !xc_num_match(colon + 1, "n#@#", UINT32_MAX, vt) || vt[0] >= hw->nodes || vt[1] < 1 ||
        vt[1] > prog->steps)
        return xc_fail(err, XC_EINVAL, "--break-table '%s': KIND:n<node>@<step>, KIND nosend, norecv, empty, "
                       "overwrite, nolink, model; node < %u, 1 <= step <= %u", text, hw->nodes, prog->steps);
    if (!prog->pernode)
        return xc_fail(err, XC_EINVAL, "--break-table needs per-node tables");
    const uint32_t v = (uint32_t)vt[0], t = (uint32_t)vt[1];
    uint32_t *e = prog->pernode + ((size_t)v * prog->steps + t - 1) * hw->wpe;
    for (uint32_t p = 0; p < hw->ports; p++) {
        xc_pn_field f;
        xc_pn_field_get(hw, e, p, &f);
        if (break_field(k, hw, v, e, p, &f)) {
            xc_pn_field_put(hw, e, p, &f);
            return XC_OK;
        }
    }
    return xc_fail(err, XC_EINVAL, "--break-table '%s': node %u's step %u has nothing to break that way", text, v,
                   t);
}

static void record_golden(void *user, const xc_lsp *ls, const xc_hw_bus *bus, const xc_pn_obs *obs)
{
    xc_ses_sf *r = user;
    if (ls->gm && r->gwave)
        xc_gwave_pn_cycle(r->gwave, ls->core.cycle, bus, obs);
    if (ls->gm && r->vec)
        xc_vec_pn_cycle(r->vec, ls->hw, bus, obs);
}

/* The network, the schedule's plan, the routers (the table depth a power
 * of two, at least 32, so the schedules of one small network share a
 * cached model), the faults, the trace file and the compiled program. */
static xc_status setup(xc_ses_sf *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    r->so = (xc_sched_opts){.net = &o->pn, .algo = (xc_algo)xc_algo_parse(o->algo), .multiport = o->multi,
                            .half_duplex = o->half};
    if ((st = xc_sched_plan_for(&r->so, &r->plan, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    if (o->broadcast && !r->plan.node_invariant)
        return xc_fail(serr, XC_EINVAL, "--tables %s: %s is not node-invariant on %s (use pernode)",
                       o->rom ? "rom" : "broadcast", o->algo, o->pn.spec);
    /* small networks: one build holds both kinds of table */
    const int per_node = !o->rom && (!o->broadcast || o->pn.nodes <= 64);
    r->hw_multi = o->hw_multi >= 0 ? o->hw_multi : o->multi;
    r->hw_half = o->hw_half >= 0 ? o->hw_half : o->half;
    if ((st = xc_pn_hw_init(&r->hw, &o->pn, o->pn.nodes, xc_pn_hw_pow2(r->plan.expected, 32), r->hw_multi,
                            r->hw_half, per_node, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    r->hw.rom = o->rom;
    if ((st = xc_ses_pn_injects(o, &r->hw, r->inj, serr)) || (o->trace && (st = xc_ses_prepare_trace(o->trace, serr))))
        return st;
    if ((st = xc_pn_compile(&r->hw, &r->so, &r->prog, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    return XC_OK;
}

/* This run's ROM image in its back-door folder, named to the model by
 * +xchg_rom=FILE (rtl/dv/xchg_pn_ctrl_dv.v reads it at time 0): each run
 * has its own, so parallel runs of one cached ROM model never share one. */
static xc_status write_rom(xc_ses_sf *r, xc_lsp_opts *lo, xc_err *serr)
{
    char *plus = r->plus[XC_FAULT_SLOTS + 1][0];
    xc_err err;
    if (xc_path(r->rom, sizeof r->rom, "%s/bcast_rom.hex", r->load_dir) ||
        xc_path(plus, sizeof r->plus[0][0], "+xchg_rom=%s", r->rom) || xc_mkdir_p(r->load_dir) != 0)
        return xc_fail(serr, XC_EIO, "cannot create %s", r->load_dir);
    xc_status st = xc_lsp_write_rom(r->rom, &r->hw, &r->prog, r->o->algo, &err);
    if (st)
        return xc_fail(serr, st, "%s", err.msg);
    xc_ses_add_plusarg(&lo->core.dut, plus);
    return XC_OK;
}

/* --break-table; the back-door folder with the ROM image and the load
 * files; the plusargs. */
static xc_status prepare_load(xc_ses_sf *r, xc_lsp_opts *lo, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    if (o->break_table && (st = break_table(o->break_table, &r->hw, &r->prog, serr)))
        return st;
    xc_ses_pn_plusargs(r->inj, o->n_inject, r->plus, lo->core.dut.plusargs);
    if (!o->back_door && !(o->rom && o->rtl))
        return XC_OK;
    if (xc_path(r->load_dir, sizeof r->load_dir, "%s/load/%ld", xc_build_dir(), (long)getpid())) {
        r->load_dir[0] = '\0';
        return xc_fail(serr, XC_EINVAL, "the model cache folder %s is too long", xc_build_dir());
    }
    if (o->rtl)
        xc_model_remove_on_stop(r->load_dir); /* a stop during the model's build */
    if (o->rom && o->rtl && (st = write_rom(r, lo, serr)))
        return st;
    if (!o->back_door)
        return XC_OK;
    if (o->rtl && (st = xc_lsp_write_load(r->load_dir, &r->hw, &r->prog, o->broadcast, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    xc_path(r->plus[XC_FAULT_SLOTS][0], sizeof r->plus[0][0], "+xchg_load=%s", r->load_dir); /* 1200 > 1100 */
    xc_ses_add_plusarg(&lo->core.dut, r->plus[XC_FAULT_SLOTS][0]);
    return XC_OK;
}

/* The harness's options: models, waves, time-out. */
static void harness_opts(xc_ses_sf *r, xc_lsp_opts *lo)
{
    const xc_run_opts *o = r->o;
    *lo = (xc_lsp_opts){.core = xc_ses_core_opts(o, r->rtl_trace), .kind_mnb = r->prog.kind_mnb,
                        .on_cycle = record_golden, .on_cycle_user = r};
    const unsigned long words = (unsigned long)r->prog.steps * r->hw.wpe, nodes = r->hw.nodes;
    const unsigned long expect = 64ul + nodes * (nodes + 2) + (o->broadcast ? words : nodes * (words + 2)) +
                                 r->prog.steps;
    lo->core.max_cycles = o->timeout ? o->timeout : 4 * expect;
}

/* Golden waves and replay vectors. */
static xc_status open_recorders(xc_ses_sf *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_err err;
    xc_status st;
    if (o->trace) {
        char tmp[XC_RUN_PATH]; /* renamed to golden_fst once whole (xc_ses_trace_tmp) */
        xc_ses_golden_fst(o->trace, r->golden_fst, sizeof r->golden_fst);
        if (o->golden && (xc_ses_trace_tmp(r->golden_fst, tmp, sizeof tmp) ||
                          !(r->gwave = xc_gwave_pn_open(tmp, &r->hw, o->trace_from, o->trace_to))))
            return xc_fail(serr, XC_EIO, "--trace: cannot write %s", r->golden_fst);
    }
    if (o->vectors && (st = xc_vec_pn_open(&r->vec, o->vectors, &r->hw, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    return XC_OK;
}

xc_status xc_ses_sf_open(xc_ses_sf *r, xc_err *err)
{
    xc_status st = setup(r, err);
    if (!st) {
        harness_opts(r, &r->lo);
        if (!(st = prepare_load(r, &r->lo, err)))
            st = open_recorders(r, err);
    }
    return st;
}

/* The harness and what it read when the model started: closed. */
static void close_models(xc_ses_sf *r)
{
    if (r->ls_open)
        xc_lsp_close(&r->u.ls);
    r->ls_open = 0;
    xc_gwave_pn_close(r->gwave); /* closed before its file goes */
    r->gwave = NULL;
    if (r->load_dir[0] && r->o->rtl)
        xc_fs_remove_tree(r->load_dir);
    r->load_dir[0] = '\0';
}

/* The firmware's run on the open models, the verdict, the faults fired. */
static xc_status run_firmware(xc_ses_sf *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_run_pn_outcome *u = &r->u;
    xc_err err;
    xc_status st;
    if (o->back_door && (st = xc_lsp_poke(&u->ls, &r->prog, o->broadcast, &err)))
        return xc_fail(serr, st, "%s", err.msg);
    if (o->rom && u->ls.gm) /* the golden model's ROM holds the same words */
        for (uint32_t i = 0; i < r->prog.steps * r->hw.wpe; i++)
            xc_gm_pn_poke_tbl(u->ls.gm, UINT32_MAX, i, r->prog.bcast[i]);
    const unsigned flags = (o->back_door ? XC_CP_PN_BACK_DOOR : 0u) | (o->rom ? XC_CP_PN_TABLE_ROM : 0u);
    xc_status cp_st = xc_cp_pn_run(&u->ls.core.hal, &r->hw, &r->prog, o->broadcast, flags, r->lo.core.max_cycles,
                                   &u->rep, &err);
    xc_ses_pn_settle(u, xc_run_faults_hidden(o), cp_st, err.msg, (unsigned long)r->hw.nodes * (r->hw.nodes - 1));
    if (!u->verdict.why && u->rep.cycles != r->prog.steps + 1) {
        snprintf(u->verdict.buf, sizeof u->verdict.buf, "%u cycles, expected steps + 1 = %u", u->rep.cycles,
                 r->prog.steps + 1);
        u->verdict.why = u->verdict.buf;
    }
    r->fired = xc_ses_pn_fired(u, r->inj, o->n_inject);
    return XC_OK;
}

xc_status xc_ses_sf_run(xc_ses_sf *r, xc_err *serr)
{
    const xc_run_opts *o = r->o;
    xc_run_pn_outcome *u = &r->u;
    xc_err err;
    xc_status st;
    r->gtkw[0] = '\0';
    xc_ses_vl_opts(o, &r->lo.core.dut);
    st = xc_ses_pn_open(u, &r->hw, &r->lo, serr);
    xc_model_remove_on_stop(NULL);
    r->ls_open = !st;
    if (st || (st = run_firmware(r, serr)))
        return st;
    close_models(r);
    /* an --inject cycle outside the steps (a flit leaves a router only
     * then), known now: refused unless --inject-anywhere, nothing kept */
    const xc_run_span sp = {u->first_step, u->first_step + r->prog.steps - (r->prog.steps > 0), u->ls.core.cycle,
                            u->ls.core.halted == XC_LS_RUNNING && u->first_step > 0};
    if ((st = xc_ses_pn_injects_in_range(o, r->inj, &sp, serr)))
        return st;
    if (r->vec) {
        st = xc_vec_pn_close(r->vec, &r->hw, o->algo, u->first_step, &err);
        r->vec = NULL;
        if (st)
            return xc_fail(serr, st, "%s", err.msg);
    }
    char why[300];
    xc_ses_pn_waves(&r->hw, &u->ls, o->trace, r->gtkw, sizeof r->gtkw, why, sizeof why);
    if ((st = xc_ses_verify_traces(o, r->golden_fst, why, u->ls.core.cycle, serr)))
        return st;
    return xc_ses_outputs(&u->ls.core, serr);
}

void xc_ses_sf_close(xc_ses_sf *r)
{
    close_models(r);
    xc_vec_abort(r->vec);
    r->vec = NULL;
    xc_ses_remove_traces(r->o->trace, r->golden_fst);
    xc_pn_prog_free(&r->prog); /* a program half built or never built is all zeros: a no-op */
}
