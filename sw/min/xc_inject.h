/* SPDX-License-Identifier: MIT */
/* Fault injections from the command line: KIND:WHERE@CYCLE, KIND one of
 * switch, drop, dup, corrupt, port; WHERE s<stage>.<switch> in a MIN. They
 * become plusargs of the simulation-only fault slots in the RTL; the golden
 * model never sees them, so the lock-step must catch and locate each. */
#ifndef XC_INJECT_H_
#define XC_INJECT_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>

#include "xc_min.h"

typedef struct xc_inject {
    int kind;            /* XC_FAULT_* */
    unsigned stage, sw;  /* the element: s<stage>.<sw> */
    long cycle;          /* edge after reset, >= 1; -1: every cycle */
} xc_inject;

/* The name of a kind ("drop"), or NULL. */
const char *xc_inject_kind_name(int kind);

/* Parses "drop:s1.2@75" for MIN m. XC_EINVAL with a one-line reason naming
 * the text and what is allowed. */
xc_status xc_inject_parse(xc_inject *inj, const char *text, const xc_min *m, xc_err *err);

/* Writes the four plusargs of slot `slot` into args[0..3] (each cap bytes);
 * returns how many it wrote. */
int xc_inject_plusargs(const xc_inject *inj, unsigned slot, char args[4][64]);

#ifdef __cplusplus
}
#endif

#endif /* XC_INJECT_H_ */
