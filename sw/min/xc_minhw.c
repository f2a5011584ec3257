/* SPDX-License-Identifier: MIT */
#include "xc_minhw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xc_grow.h"

xc_status xc_min_obs_alloc(xc_min_obs *obs, const xc_min *m)
{
    memset(obs, 0, sizeof *obs);
    obs->flit = calloc((size_t)(m->log_n + 1) * m->n_lines, sizeof *obs->flit);
    obs->set = calloc((size_t)m->log_n * m->n_lines / 2, 1);
    if (!obs->flit || !obs->set) {
        xc_min_obs_free(obs);
        return XC_ENOMEM;
    }
    return XC_OK;
}

void xc_min_obs_free(xc_min_obs *obs)
{
    XC_FREE_ALL(obs->flit, obs->set);
    obs->flit = NULL;
    obs->set = NULL;
}

static const char *setting_name(int s) { return s ? "cross" : "straight"; }

unsigned xc_min_obs_diff(const xc_min *m, const xc_min_obs *exp, const xc_min_obs *act,
                         char *why, size_t why_cap, char *elem, size_t elem_cap)
{
    const unsigned n_lines = m->n_lines, half = n_lines / 2;
    unsigned diffs = 0;
    char a[48], b[48];
#define FIRST(...) do { if (diffs++ == 0) { snprintf(__VA_ARGS__); } } while (0)
    /* switch states first: a wrong switch explains the flits after it */
    for (unsigned k = 0; k < m->log_n; k++)
        for (unsigned h = 0; h < half; h++) {
            unsigned i = k * half + h;
            if (exp->set[i] != act->set[i]) {
                if (!diffs)
                    snprintf(elem, elem_cap, "s%u.%u", k, h);
                FIRST(why, why_cap, "stage %u switch %u: expected %s, actual %s", k, h,
                      setting_name(exp->set[i]), setting_name(act->set[i]));
            }
        }
    for (unsigned lv = 0; lv <= m->log_n; lv++)
        for (unsigned line = 0; line < n_lines; line++) {
            unsigned i = lv * n_lines + line;
            if (exp->flit[i] == act->flit[i])
                continue;
            if (!diffs) {
                if (lv == 0)
                    snprintf(elem, elem_cap, "in%u", line);
                else
                    snprintf(elem, elem_cap, "s%u.%u", lv - 1, line / 2);
            }
            if (lv == 0)
                FIRST(why, why_cap, "input %u injection register: expected %s, actual %s", line,
                      xc_flit_str(exp->flit[i], a, sizeof a), xc_flit_str(act->flit[i], b, sizeof b));
            else
                FIRST(why, why_cap, "stage %u switch %u port %u (line %u): expected %s, actual %s",
                      lv - 1, line / 2, line & 1, line, xc_flit_str(exp->flit[i], a, sizeof a),
                      xc_flit_str(act->flit[i], b, sizeof b));
        }
    const struct { const char *name; uint32_t e, a; } regs[] = {
        {"rdata", exp->rdata, act->rdata},         {"status", exp->status, act->status},
        {"cycles", exp->cycles, act->cycles},      {"injected", exp->injected, act->injected},
        {"delivered", exp->delivered, act->delivered}, {"conflicts", exp->conflicts, act->conflicts},
    };
    for (size_t r = 0; r < sizeof regs / sizeof regs[0]; r++)
        if (regs[r].e != regs[r].a) {
            if (!diffs)
                snprintf(elem, elem_cap, "reg.%s", regs[r].name);
            FIRST(why, why_cap, "register %s: expected 0x%x, actual 0x%x", regs[r].name, regs[r].e,
                  regs[r].a);
        }
#undef FIRST
    return diffs;
}
