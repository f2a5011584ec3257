/* SPDX-License-Identifier: MIT */
/* A generated block's arrivals (xc_pn_rtl.c, module xchg_pn_block): for
 * each router and port, whether the neighbour across it sends to it this
 * cycle, formed from the block's own routers' send bits and the bits the
 * top hands in for the ports leading out. */
#include "xc_pn_rtl_int.h"

#include "xc_topo.h"

uint32_t xc_pn_rtl_arr_chunk(const xc_pn_hw *hw)
{
    return 64u / hw->ports * hw->ports;
}

/* Whether bit t = j*NPorts + p of a block's arrivals comes from its own
 * routers (p is not a port leading out, p >= E, and has a link), and
 * then its source's distance: bit (neighbour's index)*NPorts + (its port
 * facing j) of send_all, less t. */
static int arr_source(const xc_pn_hw *hw, uint32_t E, uint32_t t, int64_t *dist)
{
    const uint32_t P = hw->ports, j = t / P, p = t % P;
    const int64_t nb = p < E ? -1 : xc_topo_neighbor(&hw->net, j, p);
    if (nb < 0)
        return 0;
    *dist = nb * P + xc_topo_back_port(&hw->net, j, p) - (int64_t)t;
    return 1;
}

/* The mask of a term of chunk [b0, b0 + w) of the arrivals, a sized hex
 * literal: the bits of port `key` (ext), or the bits whose source is
 * `key` bits away. */
static void write_arr_mask(FILE *f, const xc_pn_hw *hw, uint32_t E, int ext, int64_t key, uint32_t b0, uint32_t w)
{
    fprintf(f, "%u'h", w);
    for (int64_t d = (int64_t)(w + 3) / 4 - 1; d >= 0; d--) {
        unsigned x = 0;
        for (uint32_t b = 0, t = b0 + (uint32_t)d * 4; b < 4 && t < b0 + w; b++, t++) {
            int64_t dist;
            if (ext ? t % hw->ports == (uint64_t)key : arr_source(hw, E, t, &dist) && dist == key)
                x |= 1u << b;
        }
        fputc("0123456789abcdef"[x], f);
    }
}

/* Whether bit t of chunk [b0, b0 + w) is the first of the chunk whose
 * source is its distance away (dist): each distance is one term. */
static int arr_first_of_dist(const xc_pn_hw *hw, uint32_t E, uint32_t b0, uint32_t t, int64_t *dist)
{
    if (!arr_source(hw, E, t, dist))
        return 0;
    for (uint32_t u = b0; u < t; u++) {
        int64_t du;
        if (arr_source(hw, E, u, &du) && du == *dist)
            return 0;
    }
    return 1;
}

/* arr_c<c>, chunk c of a block's arrivals: bit t (router t / NPorts, port
 * t % NPorts) is 1 when the neighbour across that port sends to it: a bit
 * of send_all (the block's routers' send_o, router j's at j*NPorts,
 * arr_source), or for a port leading out of the block (p < E) bit t of
 * xarr_i's slice p, which the top lines up so (xc_pn_rtl.c,
 * write_block_instances).
 * The bits are taken a vector at a time: all bits at the same distance
 * from their source are one constant part-select of send_all, one shift
 * and one mask, a few terms in all (two a port on a ring: the neighbours
 * and the wrap-around), where a bit at a time cost a simulator about 16
 * instructions a router and cycle. Chunks of at most 64 bits: a shift of
 * a wider vector is a generic bit insert in a Verilated model (11
 * instructions a router and cycle at 32 routers a block). */
void xc_pn_rtl_block_arrivals(FILE *f, const xc_pn_hw *hw, uint32_t E)
{
    const uint32_t n = hw->block * hw->ports, cw = xc_pn_rtl_arr_chunk(hw);
    for (uint32_t b0 = 0; b0 < n; b0 += cw) {
        const uint32_t w = n - b0 < cw ? n - b0 : cw;
        fprintf(f, "  wire [%u:0] arr_c%u = %u'd0", w - 1, b0 / cw, w);
        for (uint32_t e = 0; e < E; e++) {
            fprintf(f, "\n    | (xarr_i[%u*Block*NPorts + %u +: %u] & ", e, b0, w);
            write_arr_mask(f, hw, E, 1, e, b0, w);
            fputc(')', f);
        }
        for (uint32_t t = b0; t < b0 + w; t++) {
            int64_t dist;
            if (!arr_first_of_dist(hw, E, b0, t, &dist))
                continue;
            /* the sources of the chunk's bits, clipped to send_all */
            const int64_t lo = (int64_t)b0 + dist, from = lo < 0 ? 0 : lo;
            const int64_t to = lo + w < (int64_t)n ? lo + w : (int64_t)n;
            fprintf(f, "\n    | ((%u'(send_all[%lld +: %lld]) << %lld) & ", w, (long long)from,
                    (long long)(to - from), (long long)(from - lo));
            write_arr_mask(f, hw, E, 0, dist, b0, w);
            fputc(')', f);
        }
        fprintf(f, ";\n");
    }
    fputc('\n', f);
}
