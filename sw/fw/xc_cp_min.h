/* SPDX-License-Identifier: MIT */
/* Control-processor firmware for the banyan MIN: all-to-all personalized
 * exchange by the Latin-square XOR method (Massini). Talks to the hardware
 * only through xc_hal; computes everything else itself, with no stored
 * N x N table. */
#ifndef XC_CP_MIN_H_
#define XC_CP_MIN_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include "xc_hal.h"
#include "xc_latin.h"

typedef struct xc_cp_min_report {
    uint32_t cycles;            /* hardware: first injection .. last delivery */
    uint32_t injected, delivered, conflicts, status;
    unsigned long bus_config;   /* bus cycles spent writing switch configurations */
    unsigned long bus_messages; /* bus cycles spent loading messages */
    unsigned long bus_control;  /* identification, start/step, status polls, counters */
} xc_cp_min_report;

/* The output input j reaches in step x: the path of j through M^{l,0} XOR x,
 * followed switch by switch (n operations, no table). */
unsigned xc_cp_min_dest(const xc_min *m, const xc_cfg *m0, unsigned x, unsigned j);

/* The message word input j injects in step x: m_j(d), d the output j
 * reaches in step x. The firmware writes it to slot j*N + x; the back door
 * (xc_cp_min_run with XC_CP_MIN_BACK_DOOR) expects it there already. */
uint32_t xc_cp_min_msg_word(const xc_min *m, const xc_cfg *m0, unsigned j, unsigned x);

/* Runs one exchange in mode XC_MODE_XOR, _TABLE or _SELF with M^{l,0} =
 * m0: identifies the hardware, loads each input's messages in step order,
 * loads the configuration (once, or before every step in table mode),
 * starts, polls STATUS until done, reads the counters into rep.
 * XC_ECHECK when the hardware is not a matching MIN or does not finish
 * within max_polls status reads; XC_EIO when the platform halted. */
xc_status xc_cp_min_exchange(xc_hal *hal, const xc_min *m, const xc_cfg *m0, unsigned mode,
                             unsigned long max_polls, xc_cp_min_report *rep, xc_err *err);

/* xc_cp_min_run flags */
enum {
    XC_CP_MIN_BACK_DOOR = 1u, /* the message memories are already loaded: no MSG_DATA writes */
};

/* xc_cp_min_exchange with flags (XC_CP_MIN_*): the same sequence, without
 * the N^2 message writes when XC_CP_MIN_BACK_DOOR is set. */
xc_status xc_cp_min_run(xc_hal *hal, const xc_min *m, const xc_cfg *m0, unsigned mode, unsigned flags,
                        unsigned long max_polls, xc_cp_min_report *rep, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_CP_MIN_H_ */
