/* SPDX-License-Identifier: MIT */
/* Flits (one message m_s(d) each), in the layout of xc_consts.def. */
#ifndef XC_FLIT_H_
#define XC_FLIT_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_consts.h"

typedef uint64_t xc_flit;

#define XC_ADDR_MASK ((1u << XC_ADDR_W) - 1u)
#define XC_CHK_MASK ((1u << XC_CHK_W) - 1u)
#define XC_STEP_MASK ((1u << XC_STEP_W) - 1u)

#ifndef __cplusplus /* checked where the library is built, in C */
_Static_assert(XC_CHK_SALT <= XC_CHK_MASK, "the salt fits the check word");
_Static_assert(XC_MSG_W < 32, "a back-door slot word is the message and a full bit");
#endif

/* chk(s, d): s XOR bit-reversed d, folded to CHK_W bits (the ADDR_W bits
 * cut into CHK_W-bit pieces, XORed together), XOR a salt. A one-bit error
 * in s, d or chk changes exactly one bit of one side of the equation, so
 * it is always seen. The check word is narrow (14-bit addresses and the
 * 3-bit check fill the 31-bit message word that one bus write carries):
 * wider errors are seen with probability 7/8. rtl/xchg_chk.vh computes
 * the same for the RTL. */
static inline unsigned xc_chk(unsigned src, unsigned dst)
{
    unsigned x = src & XC_ADDR_MASK, c = 0;
    for (unsigned i = 0; i < XC_ADDR_W; i++)
        x ^= ((dst >> i) & 1u) << (XC_ADDR_W - 1 - i);
    for (; x; x >>= XC_CHK_W)
        c ^= x & XC_CHK_MASK;
    return c ^ XC_CHK_SALT;
}

/* The MSG_W-bit message word the control processor writes for m_src(dst). */
static inline uint32_t xc_msg_word(unsigned src, unsigned dst)
{
    return (uint32_t)((dst & XC_ADDR_MASK) << XC_FLIT_DST_LSB |
                      (src & XC_ADDR_MASK) << XC_FLIT_SRC_LSB |
                      xc_chk(src, dst) << XC_FLIT_CHK_LSB);
}

static inline int xc_flit_valid(xc_flit f) { return (int)((f >> XC_FLIT_VALID_BIT) & 1u); }
static inline unsigned xc_flit_dst(xc_flit f) { return (unsigned)(f >> XC_FLIT_DST_LSB) & XC_ADDR_MASK; }
static inline unsigned xc_flit_src(xc_flit f) { return (unsigned)(f >> XC_FLIT_SRC_LSB) & XC_ADDR_MASK; }
static inline unsigned xc_flit_chk(xc_flit f) { return (unsigned)(f >> XC_FLIT_CHK_LSB) & XC_CHK_MASK; }
static inline unsigned xc_flit_step(xc_flit f) { return (unsigned)(f >> XC_FLIT_STEP_LSB) & XC_STEP_MASK; }
static inline int xc_flit_intact(xc_flit f) { return xc_flit_chk(f) == xc_chk(xc_flit_src(f), xc_flit_dst(f)); }

static inline xc_flit xc_flit_make(uint32_t msg_word, unsigned step)
{
    return (xc_flit)1 << XC_FLIT_VALID_BIT | (xc_flit)(step & XC_STEP_MASK) << XC_FLIT_STEP_LSB |
           (msg_word & ((1u << XC_MSG_W) - 1u));
}

/* Writes a flit as "-" (empty), "m(3→7)@x2" or, when its check word is
 * wrong, "m(3→7)@x2!chk". Returns out. */
char *xc_flit_str(xc_flit f, char *out, size_t cap);

/* The short form for waveforms: "-" or "m(3→7)" ("m(3→7)!" when the
 * check word is wrong). Returns out. */
char *xc_flit_label(xc_flit f, char *out, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* XC_FLIT_H_ */
