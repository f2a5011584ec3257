/* SPDX-License-Identifier: MIT */
/* A session's outputs: the trace files (written under temporary names,
 * read back whole, then renamed), the files a stop signal removes, and
 * the harness's options every family shares. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "xc_fs.h"
#include "xc_partial.h"
#include "xc_session_int.h"
#include "xc_wave_file.h"

int xc_ses_trace_tmp(const char *final, char *buf, size_t cap)
{
    const size_t len = strlen(final); /* ends in .fst or .vcd (xc_cmd_run.c) */
    return xc_path(buf, cap, "%.*s.tmp%ld%s", (int)(len - 4), final, (long)getpid(), final + len - 4);
}

/* Every file a traced run writes, listed as unfinished until the run
 * ends: a stop signal removes them (xc_partial.h): the temporary names of
 * both traces, their FST writers' .hier temporaries, the save files. -1
 * (nothing listed) when a name does not fit in a path. */
static int track_trace_files(const char *trace)
{
    enum { N = 6 };
    const int base = (int)(strlen(trace) - 4);
    char path[N][XC_RUN_PATH], golden[XC_RUN_PATH];
    if (xc_ses_trace_tmp(trace, path[0], sizeof path[0]) || xc_path(path[1], sizeof path[1], "%s.hier", path[0]) ||
        xc_path(golden, sizeof golden, "%.*s.golden%s", base, trace, trace + base) ||
        xc_ses_trace_tmp(golden, path[2], sizeof path[2]) || xc_path(path[3], sizeof path[3], "%s.hier", path[2]) ||
        xc_path(path[4], sizeof path[4], "%.*s.gtkw", base, trace) || xc_path(path[5], sizeof path[5], "%.*s.tcl", base, trace))
        return -1;
    for (int i = 0; i < N; i++)
        xc_partial_add(path[i], 0);
    return 0;
}

/* 1 when name is PREFIX<digits>EXT or PREFIX<digits>EXT.hier for a process
 * that no longer runs: a temporary trace a killed run left */
static int stale(const char *name, const char *prefix, const char *ext)
{
    const size_t n = strlen(prefix);
    if (strncmp(name, prefix, n) || !strchr("0123456789", name[n]) || !name[n])
        return 0;
    char *end;
    const long pid = strtol(name + n, &end, 10);
    const size_t e = strlen(ext);
    if (strncmp(end, ext, e) || (end[e] && strcmp(end + e, ".hier")) || pid <= 0 || pid == (long)getpid())
        return 0;
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* Removes from trace's folder the temporary traces of runs that were
 * killed (SIGKILL, the OOM killer: no handler ran): NAME.tmpPID.EXT and
 * NAME.golden.tmpPID.EXT, with their .hier, of a PID that is gone. */
static void remove_stale(const char *trace)
{
    char dir[XC_RUN_PATH], pre[2][XC_RUN_PATH], path[XC_RUN_PATH];
    const char *slash = strrchr(trace, '/'), *name = slash ? slash + 1 : trace, *ext = trace + strlen(trace) - 4;
    const int stem = (int)(ext - name);
    if (xc_path(dir, sizeof dir, "%.*s", slash ? (int)(slash - trace) + 1 : 1, slash ? trace : ".") ||
        xc_path(pre[0], sizeof pre[0], "%.*s.tmp", stem, name) ||
        xc_path(pre[1], sizeof pre[1], "%.*s.golden.tmp", stem, name))
        return;
    DIR *d = opendir(dir);
    for (struct dirent *e; d && (e = readdir(d));)
        if ((stale(e->d_name, pre[0], ext) || stale(e->d_name, pre[1], ext)) &&
            !xc_path(path, sizeof path, "%s/%s", dir, e->d_name))
            unlink(path);
    if (d)
        closedir(d);
}

xc_status xc_ses_prepare_trace(const char *trace, xc_err *err)
{
    if (track_trace_files(trace) != 0)
        return xc_fail(err, XC_EINVAL, "--trace '%s': too long for the names written beside it "
                       "(FILE.golden.fst.hier: at most %d characters in all)", trace, XC_RUN_PATH - 1);
    if (xc_mkdir_for(trace) != 0) {
        xc_partial_clear();
        return xc_fail(err, XC_EIO, "--trace '%s': cannot create its folder", trace);
    }
    remove_stale(trace);
    char tmp[XC_RUN_PATH];
    xc_ses_trace_tmp(trace, tmp, sizeof tmp); /* fits: tracked above */
    FILE *f = fopen(tmp, "w"); /* a folder the trace cannot be written in is refused now */
    if (!f) {
        xc_partial_clear();
        return xc_fail(err, XC_EIO, "--trace '%s': cannot write it", trace);
    }
    fclose(f);
    remove(tmp);
    return XC_OK;
}

xc_lsc_opts xc_ses_core_opts(const xc_run_opts *o, char *rtl_trace)
{
    /* the RTL's trace, renamed to o->trace once whole */
    xc_lsc_opts c = {.golden = o->golden, .rtl = o->rtl, .progress = !o->quiet && isatty(STDERR_FILENO)};
    c.dut.trace_path = o->rtl && o->trace && !xc_ses_trace_tmp(o->trace, rtl_trace, XC_RUN_PATH) ? rtl_trace : NULL;
    c.dut.trace_from = o->trace_from;
    c.dut.trace_to = o->trace_to;
    c.dut.quiet = o->quiet;
    return c;
}

void xc_ses_add_plusarg(xc_dut_opts *dut, const char *plusarg)
{
    int np = 0;
    while (np < XC_DUT_PLUSARGS && dut->plusargs[np])
        np++;
    if (np < XC_DUT_PLUSARGS)
        dut->plusargs[np] = plusarg;
}

void xc_ses_vl_opts(const xc_run_opts *o, xc_dut_opts *dut)
{
    dut->coverage_path = o->coverage;
    dut->threads = o->threads;
    dut->rtl_model = o->rtl_model;
    dut->vflags = o->vflags;
    dut->fcov_path = o->fcov;
    dut->user = o->has_user ? &o->user : NULL;
    dut->built = o->built;
    for (int i = 0; i < o->n_plusarg; i++) {
        xc_ses_add_plusarg(dut, o->plusarg[i]);
        dut->faults |= !strncmp(o->plusarg[i], "+xchg_f", 7); /* a fault slot by hand */
    }
}

void xc_ses_golden_fst(const char *trace, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (trace) /* fits: xc_ses_prepare_trace checked */
        xc_path(buf, cap, "%.*s.golden%s", (int)(strlen(trace) - 4), trace, trace + strlen(trace) - 4);
}

void xc_ses_remove_traces(const char *trace, const char *golden_fst)
{
    char tmp[XC_RUN_PATH];
    if (trace && !xc_ses_trace_tmp(trace, tmp, sizeof tmp))
        remove(tmp);
    if (trace && golden_fst && golden_fst[0] && !xc_ses_trace_tmp(golden_fst, tmp, sizeof tmp))
        remove(tmp);
}

/* Renames the whole traces' temporaries to their names: 0, or XC_EWRITE. */
static xc_status publish(const xc_run_opts *o, const char *golden_fst, xc_err *err)
{
    char tmp[XC_RUN_PATH];
    if (o->rtl && (xc_ses_trace_tmp(o->trace, tmp, sizeof tmp) || rename(tmp, o->trace)))
        return xc_fail(err, XC_EWRITE, "cannot rename the finished trace to %s", o->trace);
    if (o->golden && golden_fst && golden_fst[0] &&
        (xc_ses_trace_tmp(golden_fst, tmp, sizeof tmp) || rename(tmp, golden_fst)))
        return xc_fail(err, XC_EWRITE, "cannot rename the finished trace to %s", golden_fst);
    return XC_OK;
}

xc_status xc_ses_verify_traces(const xc_run_opts *o, const char *golden_fst, const char *gtkw_err,
                               unsigned long cycles, xc_err *serr)
{
    if (!o->trace)
        return XC_OK;
    xc_err err;
    xc_status st = XC_OK;
    if (o->trace_from > cycles) /* a window past the end: the trace would hold no cycle of it */
        st = xc_fail(&err, XC_EINVAL, "--trace-window %lu:%lu: the run ended at cycle %lu, before the window",
                     o->trace_from, o->trace_to, cycles);
    char tmp[XC_RUN_PATH];
    if (!st && o->rtl && !xc_ses_trace_tmp(o->trace, tmp, sizeof tmp))
        st = xc_wave_verify_as(tmp, o->trace, &err);
    if (!st && o->golden && golden_fst && golden_fst[0] && !xc_ses_trace_tmp(golden_fst, tmp, sizeof tmp))
        st = xc_wave_verify_as(tmp, golden_fst, &err);
    if (!st && gtkw_err && gtkw_err[0])
        st = xc_fail(&err, XC_EWRITE, "%s", gtkw_err);
    if (!st)
        st = publish(o, golden_fst, &err);
    if (!st)
        return XC_OK;
    /* a trace that is not whole is not left behind, nor its save file */
    xc_ses_remove_traces(o->trace, golden_fst);
    xc_partial_remove_all();
    xc_partial_clear();
    return xc_fail(serr, st, "%s%s", st == XC_EINVAL ? "" : "--trace: ", err.msg);
}

double xc_session_seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0->tv_nsec);
}

xc_status xc_ses_probe_outputs(const xc_run_opts *o, xc_err *err)
{
    const char *const paths[] = {o->fcov, o->coverage}, *const names[] = {"--fcov", "--coverage"};
    for (int i = 0; i < 2; i++) {
        char tmp[4200];
        FILE *f = NULL;
        if (!paths[i])
            continue;
        if (xc_mkdir_for(paths[i]) != 0 || xc_fs_tmp_name(tmp, sizeof tmp, paths[i]) != 0 || !(f = fopen(tmp, "w")))
            return xc_fail(err, XC_EIO, "%s '%s': cannot write it: %s", names[i], paths[i], strerror(errno));
        fclose(f);
        remove(tmp);
    }
    return XC_OK;
}

xc_status xc_ses_outputs(const xc_lsc *core, xc_err *err)
{
    return core->out_st ? xc_fail(err, core->out_st, "%s", core->out_err.msg) : XC_OK;
}
