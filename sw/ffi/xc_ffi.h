/* SPDX-License-Identifier: MIT */
/* A flat API for foreign callers (Python's ctypes, a cocotb bench, any
 * language with a C FFI): strings, integers, word buffers, opaque handles
 * and two bus callbacks; no structure a caller must lay out. The control
 * processor's firmware (sw/fw) runs inside xc_ffi_min_run / xc_ffi_pn_run
 * and reaches the hardware only through the caller's write and read
 * callbacks: each call is one bus cycle on the design's configuration bus
 * (the HAL of xc_hal.h, with the caller as the platform).
 *
 * Errors: a function that can fail returns 0 or an xc_status code and
 * writes a one-line reason into err (errlen bytes, always terminated;
 * err may be NULL). Constructors return NULL on failure. */
#ifndef XC_FFI_H_
#define XC_FFI_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

/* The bus, as the caller drives it: one write or one read per call. */
typedef void (*xc_ffi_write_fn)(void *ctx, unsigned addr, uint32_t data);
typedef uint32_t (*xc_ffi_read_fn)(void *ctx, unsigned addr);

/* A constant of xc_consts.def by its name without prefix ("FLIT_W",
 * "FLIT_VALID_BIT", "MSG_W", "ADDR_W"); -1 for an unknown name. */
long long xc_ffi_const(const char *name);

/* ---- the MIN (rtl/min/xchg_min_top.v) ---------------------------------- */
typedef struct xc_ffi_min xc_ffi_min;

/* net: "butterfly:8", "omega:16", ...; l: the Latin square's number
 * (decimal or 0x hex, NULL for 0); mode: "xor", "table" or "self". */
xc_ffi_min *xc_ffi_min_new(const char *net, const char *l, const char *mode, char *err, size_t errlen);
void xc_ffi_min_free(xc_ffi_min *h);
unsigned xc_ffi_min_nodes(const xc_ffi_min *h);

/* The top's parameters for this network, "LogN=3 Topology=0 Wiring=48'h…
 * RouteBits=12'h…" (NAME=VALUE, space-separated, Verilog literals). 0, or
 * XC_ERANGE when cap is too small. */
int xc_ffi_min_params(const xc_ffi_min *h, char *buf, size_t cap);

/* The node that output line `line` of the last stage reaches. */
unsigned xc_ffi_min_line_node(const xc_ffi_min *h, unsigned line);

/* Every message of the exchange, as the firmware will load it: its
 * destination node and its message word (flit bits [MSG_W-1:0]). Writes
 * at most cap of each, returns how many there are (N * N). */
size_t xc_ffi_min_expect(const xc_ffi_min *h, uint32_t *node, uint32_t *word, size_t cap);

/* Runs the firmware (xc_cp_min_run, every message over the bus): it
 * identifies the hardware, loads messages and switch settings, starts,
 * polls STATUS (at most max_polls reads), reads the counters. 0 or the
 * firmware's code (XC_ECHECK: not a matching MIN, or not done). */
int xc_ffi_min_run(xc_ffi_min *h, xc_ffi_write_fn write, xc_ffi_read_fn read, void *ctx,
                   unsigned long max_polls, char *err, size_t errlen);

/* A figure of the last run by name: "cycles", "injected", "delivered",
 * "conflicts", "status" (as the firmware read them), "bus_config",
 * "bus_messages", "bus_control" (bus cycles); -1 for an unknown name. */
long long xc_ffi_min_report(const xc_ffi_min *h, const char *name);

/* ---- a router network (the generated xchg_pn_top) ----------------------- */
typedef struct xc_ffi_pn xc_ffi_pn;

/* net: "torus:4x4", "hypercube:3", ...; algo: a total exchange, "te-ni",
 * "te-a1" or "te-a2" (multiport). The routers are sized as `xchg run`
 * sizes them, and the step tables are compiled for them. */
xc_ffi_pn *xc_ffi_pn_new(const char *net, const char *algo, char *err, size_t errlen);
void xc_ffi_pn_free(xc_ffi_pn *h);
unsigned xc_ffi_pn_nodes(const xc_ffi_pn *h);
unsigned xc_ffi_pn_ports(const xc_ffi_pn *h); /* link ports per router */
unsigned xc_ffi_pn_steps(const xc_ffi_pn *h); /* steps of the compiled schedule */

/* Writes the network top these routers need (module xchg_pn_top) to path,
 * through a temporary name. 0 or XC_EIO / XC_EWRITE. */
int xc_ffi_pn_write_top(const xc_ffi_pn *h, const char *path, char *err, size_t errlen);

/* Router v's instance path below xchg_pn_top ("u_n5", or "u_b1.u_r2"). */
int xc_ffi_pn_router_scope(const xc_ffi_pn *h, unsigned v, char *buf, size_t cap);

/* Every message of the exchange: destination node and message word, as
 * xc_ffi_min_expect; returns how many (n (n - 1)). */
size_t xc_ffi_pn_expect(const xc_ffi_pn *h, uint32_t *node, uint32_t *word, size_t cap);

/* Runs the firmware (xc_cp_pn_run, per-node tables and messages over the
 * bus); max_polls as xc_ffi_min_run. */
int xc_ffi_pn_run(xc_ffi_pn *h, xc_ffi_write_fn write, xc_ffi_read_fn read, void *ctx, unsigned long max_polls,
                  char *err, size_t errlen);

/* A figure of the last run: "cycles", "delivered", "errors", "err_info",
 * "err_step", "status", "bus_tables", "bus_messages", "bus_control";
 * -1 for an unknown name. */
long long xc_ffi_pn_report(const xc_ffi_pn *h, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* XC_FFI_H_ */
