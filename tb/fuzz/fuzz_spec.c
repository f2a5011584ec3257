/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the network descriptions, product networks
 * (xc_topo_parse, as `--net torus:4x4`) and MINs (xc_min_parse, as
 * `--net butterfly:8`); a parsed product network is walked once
 * (neighbours and ports back) so a wrong size shows up as a bad index. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xc_min.h"
#include "xc_topo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = 0;
    xc_err err;
    xc_net net;
    if (xc_topo_parse(s, &net, &err) == XC_OK && net.nodes <= 4096)
        for (uint32_t v = 0; v < net.nodes; v++)
            for (uint32_t p = 0; p < net.nports; p++) {
                int64_t u = xc_topo_neighbor(&net, v, p);
                if (u >= (int64_t)net.nodes)
                    abort();
                if (u >= 0 && xc_topo_port_to(&net, (uint32_t)u, v) >= (int64_t)net.nports)
                    abort();
            }
    xc_min m;
    (void)xc_min_parse(&m, s, &err);
    free(s);
    return 0;
}
