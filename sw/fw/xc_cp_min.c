/* SPDX-License-Identifier: MIT */
#include "xc_cp_min.h"

#include "xc_consts.h"
#include "xc_flit.h"

unsigned xc_cp_min_dest(const xc_min *m, const xc_cfg *m0, unsigned x, unsigned j)
{
    unsigned line = xc_min_wire(m, 0, j);
    for (unsigned k = 0; k < m->log_n; k++) {
        unsigned h = line >> 1;
        unsigned s = (unsigned)xc_cfg_bit(m0, h, k) ^ ((x >> (m->log_n - 1 - k)) & 1u);
        line = xc_min_wire(m, k + 1, (line ^ s));
    }
    return line;
}

uint32_t xc_cp_min_msg_word(const xc_min *m, const xc_cfg *m0, unsigned j, unsigned x)
{
    return xc_msg_word(j, xc_cp_min_dest(m, m0, x, j));
}

/* Writes M^{l,0} XOR x into the configuration registers: bit h*n + k of
 * the word stream is m_{h,k}. */
static void write_config(xc_hal *hal, const xc_min *m, const xc_cfg *m0, unsigned x)
{
    const unsigned total = m->n_lines / 2 * m->log_n;
    xc_hal_write(hal, XC_REG_CFG_PTR, 0);
    uint32_t word = 0;
    for (unsigned b = 0; b < total; b++) {
        unsigned h = b / m->log_n, k = b % m->log_n;
        unsigned bit = (unsigned)xc_cfg_bit(m0, h, k) ^ ((x >> (m->log_n - 1 - k)) & 1u);
        word |= (uint32_t)bit << (b % 32);
        if (b % 32 == 31 || b + 1 == total) {
            xc_hal_write(hal, XC_REG_CFG_DATA, word);
            word = 0;
        }
    }
}

xc_status xc_cp_min_exchange(xc_hal *hal, const xc_min *m, const xc_cfg *m0, unsigned mode,
                             unsigned long max_polls, xc_cp_min_report *rep, xc_err *err)
{
    return xc_cp_min_run(hal, m, m0, mode, 0, max_polls, rep, err);
}

xc_status xc_cp_min_run(xc_hal *hal, const xc_min *m, const xc_cfg *m0, unsigned mode, unsigned flags,
                        unsigned long max_polls, xc_cp_min_report *rep, xc_err *err)
{
    const unsigned n_lines = m->n_lines;
    unsigned long mark;
    *rep = (xc_cp_min_report){0};

    mark = xc_hal_cycles(hal);
    uint32_t id = xc_hal_read(hal, XC_REG_ID);
    uint32_t params = xc_hal_read(hal, XC_REG_PARAMS);
    if (xc_hal_halted(hal))
        return xc_fail(err, XC_EIO, "platform halted");
    if (id != XC_ID_VALUE || XC_FIELD_GET(params, PARAMS_LOGN) != m->log_n)
        return xc_fail(err, XC_ECHECK, "hardware is not a %u-input MIN (ID 0x%08x, PARAMS 0x%08x)",
                       n_lines, id, params);
    xc_hal_write(hal, XC_REG_CTRL, mode << XC_CTRL_MODE_LSB | 1u << XC_CTRL_CLEAR_BIT);
    rep->bus_control += xc_hal_cycles(hal) - mark;

    /* each input's messages in the order of the steps that carry them
     * (the back door put the same words there before the run) */
    mark = xc_hal_cycles(hal);
    if (!(flags & XC_CP_MIN_BACK_DOOR)) {
        xc_hal_write(hal, XC_REG_MSG_PTR, 0);
        for (unsigned j = 0; j < n_lines && !xc_hal_halted(hal); j++)
            for (unsigned x = 0; x < n_lines; x++)
                xc_hal_write(hal, XC_REG_MSG_DATA, xc_cp_min_msg_word(m, m0, j, x));
    }
    rep->bus_messages = xc_hal_cycles(hal) - mark;

    const uint32_t ctrl = mode << XC_CTRL_MODE_LSB;
    if (mode == XC_MODE_TABLE) {
        /* a precomputed-table scheme: a whole configuration before each step */
        xc_hal_write(hal, XC_REG_CTRL, ctrl | 1u << XC_CTRL_START_BIT);
        rep->bus_control++;
        for (unsigned x = 0; x < n_lines && !xc_hal_halted(hal); x++) {
            mark = xc_hal_cycles(hal);
            write_config(hal, m, m0, x);
            rep->bus_config += xc_hal_cycles(hal) - mark;
            xc_hal_write(hal, XC_REG_CTRL, ctrl | 1u << XC_CTRL_STEP_BIT);
            rep->bus_control++;
        }
    } else {
        /* the XOR method (and self-routing) need M^{l,0} once */
        mark = xc_hal_cycles(hal);
        write_config(hal, m, m0, 0);
        rep->bus_config = xc_hal_cycles(hal) - mark;
        xc_hal_write(hal, XC_REG_CTRL, ctrl | 1u << XC_CTRL_START_BIT);
        rep->bus_control++;
    }

    static const unsigned counters[] = {XC_REG_CYCLES, XC_REG_INJECTED, XC_REG_DELIVERED, XC_REG_CONFLICTS};
    uint32_t *const out[] = {&rep->cycles, &rep->injected, &rep->delivered, &rep->conflicts};
    return xc_hal_finish(hal, XC_REG_STATUS, XC_STATUS_DONE_BIT, max_polls, counters, out, 4, &rep->status,
                         xc_hal_cycles(hal), &rep->bus_control, err);
}
