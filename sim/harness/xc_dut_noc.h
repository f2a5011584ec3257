/* SPDX-License-Identifier: MIT */
/* A user's whole network (--rtl-noc FILE[:MODULE]) as seen from C: the
 * module checked against the network contract (docs/own-rtl.md "A whole
 * network"), built by sim/Makefile's noc target with -GN= -GW= (cached in
 * build/vl/noc_<key>_n<N>_w<W>/ by the content of the file), loaded, and
 * its six data ports read and written in place. */
#ifndef XC_DUT_NOC_H_
#define XC_DUT_NOC_H_

#include <stdint.h>

#include "xc_dut_model.h"
#include "xc_status.h"
#include "xc_user_rtl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Harness limits: N nodes, W bits a message (a multiple of 32, so that
 * each node's message is whole 32-bit words of the data ports). */
enum { XC_NOC_MAX_N = 4096, XC_NOC_MIN_W = 64, XC_NOC_MAX_W = 1024 };

typedef struct xc_dut_noc xc_dut_noc;

/* The model's ports: each a little-endian integer of `bytes` bytes (1, 2,
 * 4, 8) or 32-bit words above 64 bits, in the model's own storage. */
typedef struct xc_noc_port {
    void *data;
    unsigned bytes;
} xc_noc_port;

typedef struct xc_noc_ports {
    xc_noc_port in_valid, in_ready, in_data, out_valid, out_ready, out_data;
} xc_noc_ports;

/* The cache folder of u's network of n nodes and w bits (without the
 * trace and Verilator-option variant). */
int xc_dut_noc_dir(const xc_user_rtl *u, unsigned n, unsigned w, char *out, size_t cap); /* -1: too long */

/* Checks u against the contract (unless its model is already cached),
 * builds it if needed, loads and resets it. XC_EINVAL with one line for a
 * breach of the contract or the build's first Verilator error (file and
 * line; nothing is left in the cache then); XC_ETOOL, XC_EIO, XC_ENOMEM
 * as the model cache says. *built_s: seconds spent building. */
xc_status xc_dut_noc_open(xc_dut_noc **out, const xc_user_rtl *u, unsigned n, unsigned w, const xc_dut_opts *opts,
                          double *built_s, xc_err *err);

/* The ports, valid while the model is open. */
const xc_noc_ports *xc_dut_noc_ports(const xc_dut_noc *d);

/* One cycle in two halves: settle (clock low, the inputs written since
 * are seen; the outputs are those of this cycle's handshakes), edge (the
 * beats move). */
void xc_dut_noc_settle(xc_dut_noc *d);
void xc_dut_noc_edge(xc_dut_noc *d);

/* Closes the trace and frees the model. NULL is fine. */
void xc_dut_noc_close(xc_dut_noc *d);

#ifdef __cplusplus
}
#endif

#endif /* XC_DUT_NOC_H_ */
