/* SPDX-License-Identifier: MIT */
/* The session: one run from its spec to its result, each family's steps
 * picked by the spec's family, everything released in one close. */
#include <stdio.h>
#include <stdlib.h>

#include "xc_model_cache.h"
#include "xc_session_int.h"

const char *xc_run_sim_name(const xc_run_opts *o)
{
    return o->golden && o->rtl ? "lockstep" : o->rtl ? "rtl" : "golden";
}

xc_status xc_session_open(xc_session **out, const xc_run_opts *spec, xc_err *err)
{
    xc_session *s = *out = calloc(1, sizeof *s);
    if (!s)
        return xc_fail(err, XC_ENOMEM, "out of memory");
    s->o = *spec;
    xc_status st = xc_ses_probe_outputs(&s->o, err);
    if (st)
        return st;
    switch (s->o.family) {
    case XC_RUN_MIN: s->f.min.o = &s->o; return xc_ses_min_open(&s->f.min, err);
    case XC_RUN_SF: s->f.sf.o = &s->o; return xc_ses_sf_open(&s->f.sf, err);
    case XC_RUN_WH: s->f.wh.o = &s->o; return xc_ses_wh_open(&s->f.wh, err);
    case XC_RUN_NOC: s->f.noc.o = &s->o; return xc_ses_noc_open(&s->f.noc, err);
    }
    return xc_fail(err, XC_EINVAL, "no such kind of run");
}

xc_status xc_session_run(xc_session *s, xc_err *err)
{
    switch (s->o.family) {
    case XC_RUN_MIN: return xc_ses_min_run(&s->f.min, err);
    case XC_RUN_SF: return xc_ses_sf_run(&s->f.sf, err);
    case XC_RUN_WH: return xc_ses_wh_run(&s->f.wh, err);
    case XC_RUN_NOC: return xc_ses_noc_run(&s->f.noc, err);
    }
    return xc_fail(err, XC_EINVAL, "no such kind of run");
}

int xc_run_faults_hidden(const xc_run_opts *o) { return o->random_inject && !o->reveal; }

const char xc_ses_hidden_why[] = "hidden with the fault: find it in the waves (--reveal names the fault)";

const xc_run_opts *xc_session_spec(const xc_session *s) { return &s->o; }
const xc_ses_min *xc_session_min(const xc_session *s) { return s->o.family == XC_RUN_MIN ? &s->f.min : NULL; }
const xc_ses_sf *xc_session_sf(const xc_session *s) { return s->o.family == XC_RUN_SF ? &s->f.sf : NULL; }
const xc_ses_wh *xc_session_wh(const xc_session *s) { return s->o.family == XC_RUN_WH ? &s->f.wh : NULL; }
const xc_ses_noc *xc_session_noc(const xc_session *s) { return s->o.family == XC_RUN_NOC ? &s->f.noc : NULL; }

const char *xc_session_verdict(const xc_session *s)
{
    switch (s->o.family) {
    case XC_RUN_MIN: return s->f.min.verdict.why;
    case XC_RUN_SF: return s->f.sf.u.verdict.why;
    case XC_RUN_WH: return s->f.wh.u.verdict.why;
    case XC_RUN_NOC: return s->f.noc.verdict.why;
    }
    return NULL;
}

void xc_session_close(xc_session *s)
{
    if (!s)
        return;
    if (s->f.min.o) /* every family's state starts with its spec: set once the family opened */
        switch (s->o.family) {
        case XC_RUN_MIN: xc_ses_min_close(&s->f.min); break;
        case XC_RUN_SF: xc_ses_sf_close(&s->f.sf); break;
        case XC_RUN_WH: xc_ses_wh_close(&s->f.wh); break;
        case XC_RUN_NOC: xc_ses_noc_close(&s->f.noc); break;
        }
    xc_model_remove_on_stop(NULL); /* its folders are gone */
    free(s);
}

xc_status xc_session_golden_span(const xc_run_opts *spec, unsigned long *first, unsigned long *span,
                                 xc_err *err)
{
    /* the spec less all that changes nothing the golden model moves: the
     * RTL and its options, the faults, every output */
    xc_run_opts g = *spec;
    g.golden = 1;
    g.rtl = 0;
    g.json = g.quiet = 1;
    g.timeout = 0;
    g.trace = g.vectors = g.rtl_fault = g.coverage = g.fcov = g.vflags = NULL;
    g.trace_from = g.trace_to = 0;
    g.n_inject = g.n_plusarg = g.has_user = 0;
    g.threads = 0;
    g.random_inject = 0;
    g.inject_anywhere = 0;
    xc_session *s = NULL;
    xc_status st = xc_session_open(&s, &g, err);
    if (!st)
        st = xc_session_run(s, err);
    if (!st && g.family == XC_RUN_MIN) {
        *first = s->f.min.first_inject;
        *span = s->f.min.rep.cycles;
    } else if (!st) {
        *first = s->f.sf.u.first_step;
        *span = s->f.sf.prog.steps;
    }
    xc_session_close(s);
    return st;
}
