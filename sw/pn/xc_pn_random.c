/* SPDX-License-Identifier: MIT */
#include "xc_pn_random.h"

#include <stdio.h>

void xc_pn_random_fault(uint32_t nodes, uint32_t steps, unsigned long first_step, xc_rand *r, char *out,
                        size_t cap)
{
    /* the kinds --inject takes on the routers; "switch" is a MIN's */
    static const char *const kinds[] = {"drop", "dup", "corrupt", "port"};
    const char *kind = kinds[xc_rand_below(r, 4)];
    const uint64_t node = xc_rand_below(r, nodes ? nodes : 1);
    const uint64_t step = 1 + xc_rand_below(r, steps ? steps : 1);
    snprintf(out, cap, "%s:n%llu@%lu", kind, (unsigned long long)node, first_step + (unsigned long)step - 1);
}
