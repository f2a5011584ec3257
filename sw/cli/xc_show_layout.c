/* SPDX-License-Identifier: MIT */
/* xchg show, the drawing of a product network: where each node sits and
 * how each link runs (a straight line or a curve through a control
 * point). A network with complete-graph dimensions (ghc, complete:K
 * products) gets its curves' sides and bows chosen so that they cross as
 * little as they can and run through no node, its name or its "held"
 * label: each K_n then reads as a row or column with its spans on
 * alternating sides. */
#include <math.h>
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#include <stdlib.h>

#include "xc_show.h"

/* The drawing of a product network: 1-D rings and complete graphs on a
 * circle; everything else on a grid, the dimensions taken alternately
 * for columns and rows. An edge between grid neighbours is straight; any
 * other (wrap-around, complete, ghc) bends into the gap beside its row,
 * so it does not run through the nodes between. */
enum { CELL = XC_SHOW_CELL, MARGIN = 70 };

/* The position of value g in the Gray-code sequence (its inverse). */
static uint32_t gray_rank(uint32_t g)
{
    uint32_t r = 0;
    for (; g; g >>= 1)
        r ^= g;
    return r;
}

int xc_show_on_circle(const xc_net *net) { return net->ndims == 1 && net->dim[0].kind != XC_DIM_PATH; }

void xc_show_node_xy(const xc_net *net, uint32_t v, double *x, double *y)
{
    if (xc_show_on_circle(net)) {
        const double r = fmax(150.0, net->nodes * CELL / (2 * M_PI));
        const double a = 2 * M_PI * v / net->nodes - M_PI / 2;
        *x = MARGIN + r + r * cos(a);
        *y = MARGIN + r + r * sin(a);
        return;
    }
    uint32_t cx = 0, cy = 0;
    int binary_x = 1, binary_y = 1; /* a group of hypercube dimensions only */
    for (uint32_t d = 0; d < net->ndims; d++) {
        const uint32_t c = xc_topo_coord(net, v, d);
        if ((net->ndims - 1 - d) % 2 == 0) {
            cx = cx * net->dim[d].size + c;
            binary_x &= net->dim[d].size == 2;
        } else {
            cy = cy * net->dim[d].size + c;
            binary_y &= net->dim[d].size == 2;
        }
    }
    /* hypercube coordinates in Gray-code order: neighbours side by side,
     * each row and column a ring (like a torus) */
    *x = MARGIN + (binary_x ? gray_rank(cx) : cx) * CELL;
    *y = MARGIN + (binary_y ? gray_rank(cy) : cy) * CELL;
    /* more than one dimension in a direction (3-D tori, products): half a
     * cell between the blocks of the innermost one, so they read apart */
    const uint32_t last = net->dim[net->ndims - 1].size;
    if (!binary_x && net->ndims > 2)
        *x += (double)(cx / last) * CELL / 2;
    if (!binary_y && net->ndims > 3)
        *y += (double)(cy / net->dim[net->ndims - 2].size) * CELL / 2;
}

/* Whether xc_show_node_xy lays the dimensions of d's direction (columns or rows)
 * out in blocks: more than one of them, not all of size 2 (a hypercube's
 * binary dimensions go in Gray-code order instead). */
static int in_blocks(const xc_net *net, uint32_t d)
{
    int binary = 1, count = 0;
    for (uint32_t e = 0; e < net->ndims; e++)
        if ((net->ndims - 1 - e) % 2 == (net->ndims - 1 - d) % 2) {
            binary &= net->dim[e].size == 2;
            count++;
        }
    return count > 1 && !binary;
}

/* A link between two of the blocks xc_show_node_xy lays side by side (a dimension
 * other than the innermost two, laid out in blocks): drawn as two stubs,
 * each naming the node at the other end, not as a curve across the blocks
 * between. +1 when u is v's next neighbour in that dimension, -1 its
 * previous, 0 for any other link. */
static int far_link(const xc_net *net, uint32_t v, uint32_t u)
{
    for (uint32_t d = 0; d + 2 < net->ndims; d++) {
        const uint32_t a = xc_topo_coord(net, v, d), b = xc_topo_coord(net, u, d);
        if (a != b)
            return !in_blocks(net, d) ? 0 : b == (a + 1) % net->dim[d].size ? 1 : -1;
    }
    return 0;
}

/* How far a bent edge's control point lies off its chord (twice its
 * curve's distance): 90, or on networks with complete-graph dimensions or
 * dimensions laid out in blocks, more for a longer span. */
static double bow(const xc_net *net, double len)
{
    int crowded = 0;
    for (uint32_t d = 0; d < net->ndims; d++)
        crowded |= (net->dim[d].kind == XC_DIM_COMPLETE && net->dim[d].size > 3) || in_blocks(net, d);
    if (!crowded)
        return 90.0;
    const double span = len / CELL;
    return fmin(150.0, 90.0 + 25.0 * (span - 2.0));
}

/* The curves of a network with complete-graph dimensions of 3 or more
 * nodes, on a grid, laid out by local search: each bent link tries both
 * sides of its chord and three bows and keeps the one that costs least
 * against the others (a crossing 10, a node it runs through 100, a node
 * name or "held" label it runs over 3), until no link changes. */
enum { SEGS = 16, HALF = 32 };
typedef struct pt {
    double x, y;
} pt;

static int tidy_wanted(const xc_net *net)
{
    int complete = 0;
    for (uint32_t d = 0; d < net->ndims; d++)
        complete |= net->dim[d].kind == XC_DIM_COMPLETE && net->dim[d].size >= 3;
    return complete && !xc_show_on_circle(net) && net->nodes <= 256;
}

static void sample(const pt *a, const pt *c, const pt *b, pt *out)
{
    for (int i = 0; i <= SEGS; i++) {
        const double t = (double)i / SEGS, s = 1 - t;
        out[i] = (pt){s * s * a->x + 2 * t * s * c->x + t * t * b->x, s * s * a->y + 2 * t * s * c->y + t * t * b->y};
    }
}

static int in_box(const pt *p, const pt *centre, double half)
{
    return fabs(p->x - centre->x) < half && fabs(p->y - centre->y) < half;
}

/* Whether segments ab and cd cross (strictly). */
static int cross(const pt *a, const pt *b, const pt *c, const pt *d)
{
    const double o1 = (b->x - a->x) * (c->y - a->y) - (b->y - a->y) * (c->x - a->x);
    const double o2 = (b->x - a->x) * (d->y - a->y) - (b->y - a->y) * (d->x - a->x);
    const double o3 = (d->x - c->x) * (a->y - c->y) - (d->y - c->y) * (a->x - c->x);
    const double o4 = (d->x - c->x) * (b->y - c->y) - (d->y - c->y) * (b->x - c->x);
    return o1 * o2 < 0 && o3 * o4 < 0;
}

typedef struct tidy {
    const xc_net *net;
    xc_show_edge *e;
    size_t n;
    pt *xy;    /* node centres */
    pt *curve; /* n * (SEGS + 1) samples */
} tidy;

static int free_pt(const tidy *t, const pt *p)
{
    for (uint32_t v = 0; v < t->net->nodes; v++)
        if (in_box(p, &t->xy[v], HALF + 2))
            return 0;
    return 1;
}

/* What link i costs as drawn now, against every other link. */
static double cost_of(const tidy *t, size_t i)
{
    const pt *a = t->curve + i * (SEGS + 1);
    double c = 0;
    for (uint32_t v = 0; v < t->net->nodes; v++) {
        const pt *x = &t->xy[v];
        const pt name = {x->x - HALF + 8, x->y - HALF - 9}, held = {x->x + HALF - 2, x->y - HALF - 9};
        for (int s = 1; s < SEGS; s++) {
            if (v != t->e[i].u && v != t->e[i].v && in_box(&a[s], x, HALF - 4))
                c += 100;
            c += 3 * ((fabs(a[s].x - name.x) < 12 && fabs(a[s].y - name.y) < 7) +
                      (fabs(a[s].x - held.x) < 24 && fabs(a[s].y - held.y) < 7));
        }
    }
    for (size_t j = 0; j < t->n; j++) {
        if (j == i || t->e[j].far)
            continue;
        const pt *b = t->curve + j * (SEGS + 1);
        int hit = 0;
        for (int s = 1; s <= SEGS && !hit; s++)
            for (int r = 1; r <= SEGS && !hit; r++)
                hit = free_pt(t, &a[s]) && free_pt(t, &b[r]) && cross(&a[s - 1], &a[s], &b[r - 1], &b[r]);
        c += 10 * hit;
    }
    return c;
}

/* Link i with its control point on side (+1 / -1) at bow times k. */
static void set_curve(tidy *t, size_t i, int side, double k)
{
    xc_show_edge *e = &t->e[i];
    const pt *a = &t->xy[e->u], *b = &t->xy[e->v];
    const double dx = b->x - a->x, dy = b->y - a->y, len = hypot(dx, dy), off = side * k * bow(t->net, len) / len;
    e->cx = (a->x + b->x) / 2 - dy * off;
    e->cy = (a->y + b->y) / 2 + dx * off;
    sample(a, &(pt){e->cx, e->cy}, b, t->curve + i * (SEGS + 1));
}

static void tidy_curves(const xc_net *net, xc_show_edge *e, size_t n, int *bent)
{
    tidy t = {net, e, n, malloc(net->nodes * sizeof(pt)), malloc(n * (SEGS + 1) * sizeof(pt))};
    if (!t.xy || !t.curve) { /* not tidied: the plain drawing stays */
        free(t.xy);
        free(t.curve);
        return;
    }
    for (uint32_t v = 0; v < net->nodes; v++)
        xc_show_node_xy(net, v, &t.xy[v].x, &t.xy[v].y);
    for (size_t i = 0; i < n; i++)
        sample(&t.xy[e[i].u], &(pt){e[i].cx, e[i].cy}, &t.xy[e[i].v], t.curve + i * (SEGS + 1));
    static const double bows[] = {1.0, 0.7, 1.35};
    for (int pass = 0, changed = 1; changed && pass < 8; pass++) {
        changed = 0;
        for (size_t i = 0; i < n; i++) {
            if (!bent[i])
                continue;
            const xc_show_edge was = e[i];
            double best = cost_of(&t, i);
            int bs = 0, bk = 0;
            for (int side = -1; side <= 1; side += 2)
                for (int k = 0; k < 3; k++) {
                    set_curve(&t, i, side, bows[k]);
                    const double c = cost_of(&t, i);
                    if (c < best - 1e-9) {
                        best = c;
                        bs = side;
                        bk = k;
                    }
                }
            if (bs)
                set_curve(&t, i, bs, bows[bk]);
            else {
                e[i] = was;
                sample(&t.xy[e[i].u], &(pt){e[i].cx, e[i].cy}, &t.xy[e[i].v], t.curve + i * (SEGS + 1));
            }
            changed |= bs != 0 && (e[i].cx != was.cx || e[i].cy != was.cy);
        }
    }
    free(t.xy);
    free(t.curve);
}

xc_show_edge *xc_show_edges(const xc_net *net, size_t *count)
{
    const size_t cap = (size_t)net->nodes * (net->nports ? net->nports : 1) / 2 + 1;
    xc_show_edge *e = malloc(cap * sizeof *e);
    int *bent = calloc(cap, sizeof *bent);
    if (!e || !bent) {
        free(e);
        free(bent);
        return NULL;
    }
    size_t n = 0;
    for (uint32_t v = 0; v < net->nodes; v++)
        for (uint32_t p = 0; p < net->nports; p++) {
            const int64_t u = xc_topo_neighbor(net, v, p);
            if (u <= (int64_t)v || xc_topo_port_to(net, v, (uint32_t)u) != (int64_t)p)
                continue; /* each link once */
            double x0, y0, x1, y1;
            xc_show_node_xy(net, v, &x0, &y0);
            xc_show_node_xy(net, (uint32_t)u, &x1, &y1);
            const double dx = x1 - x0, dy = y1 - y0, len = hypot(dx, dy);
            const int bend = !xc_show_on_circle(net) && len > CELL * 1.01;
            /* a bent edge runs in the gap beside the row or column it spans
             * (its curve 45 units off the centres, the node boxes 32); where
             * several spans share a gap (complete graphs, 3-D tori) the
             * longer ones bow further, so they read apart (up to 75) */
            const double off = bend ? bow(net, len) / len : 0;
            e[n] = (xc_show_edge){v, (uint32_t)u, (x0 + x1) / 2 - dy * off, (y0 + y1) / 2 + dx * off,
                                  far_link(net, v, (uint32_t)u)};
            bent[n] = bend && !e[n].far;
            n++;
        }
    if (tidy_wanted(net))
        tidy_curves(net, e, n, bent);
    free(bent);
    *count = n;
    return e;
}
