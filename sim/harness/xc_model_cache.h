/* SPDX-License-Identifier: MIT */
/* The cache of Verilated models, one folder per configuration, safe for
 * parallel and interrupted builds:
 *
 *   <dir>/lock      flock()ed while the model is checked or built; the
 *                   build's processes inherit it, so a build orphaned by a
 *                   killed xchg still holds it until it is gone
 *   <dir>/obj/      Verilator's work folder (generated sources, objects)
 *   <dir>/<lib>     the model, copied out of obj/ under a temporary name
 *                   and renamed into place (a running xchg keeps its copy)
 *   <dir>/stamp     written last; removed before any build starts. No stamp
 *                   means obj/ may hold a half-written object: it is wiped
 *                   and the model rebuilt from scratch.
 *   <dir>/make.log  what the last build printed
 *
 * A stop signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXCPU: xc_partial.h)
 * during a build stops it: the build's process group is
 * killed, obj/ removed, the lock released, and the signal then takes its
 * default action (the process ends as if it had not been caught). */
#ifndef XC_MODEL_CACHE_H_
#define XC_MODEL_CACHE_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>

#include "xc_status.h"

/* Writes the generated inputs of the build (params.vc, a top .v) into
 * obj_dir; called with the lock held, before every up-to-date check. */
typedef xc_status (*xc_model_inputs_fn)(void *ctx, const char *obj_dir, xc_err *err);

/* The Verilator options that make a model a cache configuration of its
 * own, beside the plain model: name is "" for the plain model, else words
 * joined by '_': "cov" (a --coverage build), "t<N>" (--threads N),
 * "f<8 hex digits>" (a hash of the extra flags, kept in <dir>/vflags).
 * args: the sim/Makefile variables to add (COVERAGE=1, THREADS=N,
 * XFLAGS=...), NULL-terminated. */
enum { XC_VFLAGS_MAX = 400 };
typedef struct xc_model_variant {
    char name[48];
    const char *args[4];
    char threads[24], xflags[XC_VFLAGS_MAX + 16], flags[XC_VFLAGS_MAX + 1];
} xc_model_variant;

/* Fills v for these options. vflags must have passed
 * xc_model_check_vflags (NULL or "": none). */
void xc_model_variant_of(int coverage, unsigned threads, const char *vflags, xc_model_variant *v);

/* Checks extra Verilator flags against the allowlist (docs/flow.md): words
 * of [A-Za-z0-9_+=.,:/-] only, each flag one of the allowed ones, with its
 * value where it takes one. 0, or -1 with the reason in why (cap bytes). */
int xc_model_check_vflags(const char *flags, char *why, size_t cap);

/* The trace code a model carries, by the trace file a run asks for: name
 * "lean" (trace_path NULL: none), "vcd" (a name ending in .vcd: Verilator's
 * --trace) or "fst" (--trace-fst); make_arg is sim/Makefile's TRACE=0,
 * TRACE=vcd or TRACE=1. Each is a cache configuration of its own. */
typedef struct xc_model_trace {
    const char *name, *make_arg;
} xc_model_trace;
xc_model_trace xc_model_trace_of(const char *trace_path);

typedef struct xc_model_req {
    const char *dir;              /* cache folder of this configuration */
    const char *what;             /* the configuration as users write it, for messages */
    const char *lib;              /* file the build makes in obj/: "libxchg_min.so" */
    const char *const *make_args; /* sim/Makefile target and variables, NULL-terminated;
                                     BUILD= and VL_DIR= (obj/) are added */
    xc_model_inputs_fn inputs;    /* may be NULL */
    void *ctx;                    /* passed to inputs */
    int quiet;                    /* no "building ..." / "waiting ..." notes (xc_model_set_note) */
    const xc_model_variant *variant; /* its make args follow make_args; may be NULL */
} xc_model_req;

/* The notes a model build gives while it works: a line (waiting for
 * another build, a build starting), a line rewritten in place (the
 * seconds a build has taken so far) and the end of that line. The cache
 * never prints: the program sets where notes go (the CLI: stderr);
 * without a sink they are dropped. */
typedef enum xc_note_kind { XC_NOTE_LINE, XC_NOTE_PROGRESS, XC_NOTE_END, XC_NOTE_CLEAR } xc_note_kind;
typedef void (*xc_note_fn)(xc_note_kind kind, const char *text);
void xc_model_set_note(xc_note_fn fn);
/* A note of the harness to the program's sink (dropped without one): the
 * model cache's, and the lock-step's progress line (XC_NOTE_PROGRESS,
 * rewritten in place; XC_NOTE_CLEAR wipes it). */
void xc_model_note(xc_note_kind kind, const char *text);

/* Makes sure the model of req is built and complete and writes its path
 * (<dir>/<lib>) into so (cap bytes). *built_s: seconds spent building in
 * this call, 0 when the cached model was up to date. XC_EIO when the folder
 * or lock cannot be made, XC_ETOOL when make/Verilator fails (err names the
 * logs) or the build was interrupted with the signal ignored. */
xc_status xc_model_get(const xc_model_req *req, char *so, size_t cap, double *built_s, xc_err *err);

/* A folder of the run's own (the back-door load files, written before the
 * model is opened and read at its reset edge) that a stop during a model
 * build must remove before the signal ends the process, as a run that
 * fails removes it. One at a time; NULL clears it (the build is over). */
void xc_model_remove_on_stop(const char *dir);

/* Writes len bytes of text to path through a temporary name and rename,
 * unless the file already holds exactly that (make then sees no change).
 * 0 on success, -1 (errno set, no temporary left) on failure. */
int xc_model_put(const char *path, const char *text, size_t len);

/* Makes sure <build>/gen/xchg_consts.vh exists (a cache folder other than
 * the build folder gets a copy, from share/xchg/gen when installed).
 * XC_EIO when it cannot be read or written. */
xc_status xc_model_provide_consts(xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_MODEL_CACHE_H_ */
