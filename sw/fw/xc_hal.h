/* SPDX-License-Identifier: MIT */
/* The hardware access layer: the only way the control processor reaches
 * the hardware. One bus access is one bus cycle. In simulation the harness
 * implements these on the Verilated model and the golden model; on an FPGA
 * they would be loads and stores to the register window. Freestanding: no
 * libc needed. */
#ifndef XC_HAL_H_
#define XC_HAL_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_status.h"

typedef struct xc_hal {
    void *ctx;
    void (*write)(void *ctx, unsigned addr, uint32_t data);
    uint32_t (*read)(void *ctx, unsigned addr);
    /* Non-zero when the platform has given up (lock-step mismatch, time
     * out): the firmware stops at its next access. May be NULL. */
    int (*halted)(void *ctx);
    unsigned long writes, reads; /* bus cycles used, counted here */
} xc_hal;

static inline void xc_hal_write(xc_hal *h, unsigned addr, uint32_t data)
{
    h->writes++;
    h->write(h->ctx, addr, data);
}

static inline uint32_t xc_hal_read(xc_hal *h, unsigned addr)
{
    h->reads++;
    return h->read(h->ctx, addr);
}

static inline int xc_hal_halted(xc_hal *h) { return h->halted && h->halted(h->ctx); }

static inline unsigned long xc_hal_cycles(const xc_hal *h) { return h->writes + h->reads; }

/* Reads the status register at addr until its bit done_bit is set, at
 * most max_polls times (at least once); stops at once when the platform
 * halts. Returns the last status read. */
static inline uint32_t xc_hal_poll(xc_hal *h, unsigned addr, unsigned done_bit, unsigned long max_polls)
{
    unsigned long polls = 0;
    uint32_t status;
    do
        status = xc_hal_read(h, addr);
    while (!xc_hal_halted(h) && !((status >> done_bit) & 1u) && ++polls < max_polls);
    return status;
}

/* The end of every run: polls the status register at status_addr until
 * done_bit (xc_hal_poll, at most max_polls reads), then reads the n
 * counter registers addr[i] into *out[i]. *status gets the last status
 * read; *bus_control grows by the bus cycles since the cycle count
 * `since` (xc_hal_cycles when the counted span began) once the counters
 * are read. XC_EIO "platform
 * halted" when the platform gives up, XC_ECHECK "exchange not done after
 * N status polls (STATUS 0x...)" when done_bit never rose. */
xc_status xc_hal_finish(xc_hal *h, unsigned status_addr, unsigned done_bit, unsigned long max_polls,
                        const unsigned *addr, uint32_t *const *out, size_t n, uint32_t *status,
                        unsigned long since, unsigned long *bus_control, xc_err *err);

#ifdef __cplusplus
}
#endif

#endif /* XC_HAL_H_ */
