/* SPDX-License-Identifier: MIT */
#include "xc_hal.h"

xc_status xc_hal_finish(xc_hal *h, unsigned status_addr, unsigned done_bit, unsigned long max_polls,
                        const unsigned *addr, uint32_t *const *out, size_t n, uint32_t *status,
                        unsigned long since, unsigned long *bus_control, xc_err *err)
{
    *status = xc_hal_poll(h, status_addr, done_bit, max_polls);
    if (xc_hal_halted(h))
        return xc_fail(err, XC_EIO, "platform halted");
    for (size_t i = 0; i < n; i++)
        *out[i] = xc_hal_read(h, addr[i]);
    *bus_control += xc_hal_cycles(h) - since;
    if (xc_hal_halted(h))
        return xc_fail(err, XC_EIO, "platform halted");
    if (!((*status >> done_bit) & 1u))
        return xc_fail(err, XC_ECHECK, "exchange not done after %lu status polls (STATUS 0x%x)", max_polls,
                       (unsigned)*status);
    return XC_OK;
}
