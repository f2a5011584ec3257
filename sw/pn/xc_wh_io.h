/* SPDX-License-Identifier: MIT */
/* Wormhole schedule files: the writer and the checking reader
 * (xc_wh_io.c, docs/schedule-format.md "Wormhole schedules"). Apart from
 * xc_wh.h so that the firmware, which includes the step types, never sees
 * <stdio.h>. */
#ifndef XC_WH_IO_H_
#define XC_WH_IO_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stdio.h>

#include "xc_wh.h"

typedef struct xc_wh_writer xc_wh_writer;

/* Writes the header to f, called name in messages (NULL: "the schedule").
 * XC_ENOMEM / XC_EWRITE ("cannot write NAME: why"). */
xc_status xc_wh_write_begin(FILE *f, const char *name, const xc_net *net, const char *algo, uint32_t msg_flits, xc_wh_writer **out,
                            xc_err *err);
xc_wh_sink xc_wh_writer_sink(xc_wh_writer *w);
/* Writes "end STEPS", flushes and frees w. XC_EWRITE on a write error. */
xc_status xc_wh_write_end(xc_wh_writer *w, uint64_t steps, xc_err *err);
void xc_wh_writer_free(xc_wh_writer *w);

typedef struct xc_wh_file_info {
    char net[XC_TOPO_MAX_SPEC];
    char algo[32];
    uint32_t msg_flits;
    uint64_t steps;
} xc_wh_file_info;

/* What a read schedule is replayed into besides the checker: the golden
 * model (sw/golden/xc_golden_wh.h, a layer above, hands itself in as
 * this), or NULL. begin is called once the header is read, with the
 * file's network and message length; step with every step, after the
 * checker accepted it. simulates = 1: it moves every flit, so the reader
 * bounds the work a file may ask of it (XC_WH_GOLDEN_WORK_*, xc_wh.h). */
typedef struct xc_wh_replay {
    void *ctx;
    xc_status (*begin)(void *ctx, const xc_net *net, uint32_t msg_flits, xc_err *err);
    xc_status (*step)(void *ctx, const xc_wh_step *s, xc_err *err);
    int simulates;
} xc_wh_replay;

/* Reads a wormhole schedule from f and replays it into a checker it
 * creates (and into also, unless NULL). XC_EINVAL naming the line for a
 * malformed file; XC_ECHECK for a violation; XC_ERANGE when the file asks
 * more work of a simulating replay than its size allows. */
xc_status xc_wh_check_stream(FILE *f, const xc_wh_replay *also, xc_wh_file_info *info, xc_wh_metrics *m,
                             xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_WH_IO_H_ */
