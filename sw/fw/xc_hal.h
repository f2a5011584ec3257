/* SPDX-License-Identifier: MIT */
/* The hardware access layer: the only way the control processor reaches
 * the hardware. One bus access is one bus cycle. In simulation the harness
 * implements these on the Verilated model and the golden model; on an FPGA
 * they would be loads and stores to the register window. Freestanding: no
 * libc needed. */
#ifndef XC_HAL_H_
#define XC_HAL_H_

#include <stdint.h>

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

#endif /* XC_HAL_H_ */
