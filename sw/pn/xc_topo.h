/* SPDX-License-Identifier: MIT */
/* Product-network topologies: one description ("torus:4x4",
 * "ring:6*complete:3*path:4", ...) parsed once into an xc_net, and the one
 * place of truth for node numbering and port numbering.
 *
 * Node numbering: mixed radix over the dimensions in spec order, the first
 * dimension most significant (torus:3x5 node (a,b) has id a*5+b).
 *
 * Port numbering (per node, dimension by dimension in spec order, each
 * dimension's ports numbered from its port_base):
 *   ring:k, k>=3   2 ports: +0 goes to x+1 mod k, +1 goes to x-1 mod k
 *   ring:2 / K2    1 port : +0 goes to the other node (hypercube dims too)
 *   path:k         2 ports: +0 goes to x+1, +1 goes to x-1; an end node's
 *                  port that would leave the path is unused (no neighbour)
 *   complete:k     k-1 ports: +j goes to x+j+1 mod k
 * Port nports (one past the last link port) is the local port: delivery.
 * Every port is translation invariant in rings and complete graphs, which is
 * what lets node-invariant schedules use one step word for every node. */
#ifndef XC_TOPO_H_
#define XC_TOPO_H_

#ifdef __cplusplus
extern "C" { /* C++ programs link against libxchg */
#endif

#include <stddef.h>
#include <stdint.h>

#include "xc_status.h"

#define XC_TOPO_MAX_DIMS 24          /* hypercube:24 at most */
#define XC_TOPO_MAX_NODES (1u << 20) /* largest network `bound` accepts */
#define XC_TOPO_MAX_SPEC 256         /* longest description accepted */

typedef enum xc_dim_kind {
    XC_DIM_RING = 0, /* cycle; size 2 is K2 (one link, one port) */
    XC_DIM_PATH,     /* linear array */
    XC_DIM_COMPLETE, /* complete graph K_k (size 2 is stored as ring:2) */
} xc_dim_kind;

typedef struct xc_dim {
    xc_dim_kind kind;
    uint32_t size;      /* nodes in this dimension, >= 2 */
    uint32_t ports;     /* ports this dimension uses at every node */
    uint32_t port_base; /* first port number of this dimension */
    uint32_t stride;    /* node id step for +1 in this coordinate */
} xc_dim;

typedef struct xc_net {
    char spec[XC_TOPO_MAX_SPEC]; /* the description as given */
    uint32_t ndims;
    xc_dim dim[XC_TOPO_MAX_DIMS];
    uint32_t nodes;  /* product of the sizes */
    uint32_t nports; /* link ports per node; nports is the local port */
} xc_net;

/* Parses spec into *net. Grammar: factor ('*' factor)*, factor is
 * ring:K | path:K | complete:K | torus:KxK.. | mesh:KxK.. | ghc:KxK.. |
 * hypercube:D, every K >= 2, D >= 1. Returns XC_EINVAL for a malformed or
 * unknown description, XC_ERANGE when a size is < 2 or the product exceeds
 * XC_TOPO_MAX_NODES or XC_TOPO_MAX_DIMS; err names the bad part. */
xc_status xc_topo_parse(const char *spec, xc_net *net, xc_err *err);

/* Index of the network kind named by the len characters at name ("ring",
 * "torus", ...), or -1 when it is not one. */
int xc_topo_kind_lookup(const char *name, size_t len);

/* Coordinate of node in dimension d. */
static inline uint32_t xc_topo_coord(const xc_net *net, uint32_t node, uint32_t d)
{
    return (node / net->dim[d].stride) % net->dim[d].size;
}

/* Node id with coordinate d replaced by c. */
static inline uint32_t xc_topo_with(const xc_net *net, uint32_t node, uint32_t d, uint32_t c)
{
    uint32_t old = xc_topo_coord(net, node, d);
    return node - old * net->dim[d].stride + c * net->dim[d].stride;
}

/* Neighbour of x along dimension-local port p in a dimension of the given
 * kind and size; returns -1 when the port is unused (path ends) or p is out
 * of range. */
int64_t xc_dim_neighbor(xc_dim_kind kind, uint32_t size, uint32_t x, uint32_t p);

/* The dimension-local port of x that leads to y, or -1 if not adjacent. */
int64_t xc_dim_port_to(xc_dim_kind kind, uint32_t size, uint32_t x, uint32_t y);

/* Distance between x and y in one dimension. */
uint32_t xc_dim_dist(xc_dim_kind kind, uint32_t size, uint32_t x, uint32_t y);

/* Neighbour of node on global port, or -1 when the port is unused at that
 * node or port >= nports. */
int64_t xc_topo_neighbor(const xc_net *net, uint32_t node, uint32_t port);

/* The adjacency of the whole network, once, for a replay that only
 * indexes: nbr[v * nports + p] = xc_topo_neighbor(net, v, p), UINT32_MAX
 * for an unused port. nbr holds nodes * nports entries. */
void xc_topo_neighbor_table(const xc_net *net, uint32_t *nbr);

/* The port of node that leads to other, or -1 if they are not adjacent. */
int64_t xc_topo_port_to(const xc_net *net, uint32_t node, uint32_t other);

/* The port on which the neighbour behind (node, port) sees node: the far end
 * of the same link. -1 when the port is unused. */
int64_t xc_topo_back_port(const xc_net *net, uint32_t node, uint32_t port);

/* Dimension d's name, e.g. "ring:8", into buf (always terminated). */
void xc_dim_name(const xc_dim *dim, char *buf, unsigned len);

/* 1 when every dimension is a ring or complete graph (a Cayley graph whose
 * translations preserve the port numbering), else 0. */
int xc_topo_is_cayley(const xc_net *net);

/* node (+) delta: coordinate-wise addition modulo each size. This is the
 * translation used by node-invariant schedules and by the `te` initial
 * buffer layout (slot k of node v holds the message for v (+) k). */
uint32_t xc_topo_add(const xc_net *net, uint32_t node, uint32_t delta);

/* node (-) base: the delta with base (+) delta == node. */
uint32_t xc_topo_sub(const xc_net *net, uint32_t node, uint32_t base);

#ifdef __cplusplus
}
#endif

#endif /* XC_TOPO_H_ */
