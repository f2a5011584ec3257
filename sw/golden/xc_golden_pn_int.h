/* SPDX-License-Identifier: MIT */
/* The golden router model's state and the calls between its units, for
 * the files of sw/golden/xc_golden_pn*.c only (the model's users include
 * xc_golden_pn.h). The files follow the RTL's units (rtl/pn/):
 *   xc_golden_pn.c       the top: state, one clock cycle (xchg_router wiring)
 *   xc_golden_pn_ctrl.c  controller registers and bus windows (xchg_pn_ctrl)
 *   xc_golden_pn_saf.c   store-and-forward steps (xchg_pn_saf, xchg_pn_saf_1p)
 *   xc_golden_pn_xbar.c  circuit mode and the crossbar (xchg_pn_xbar)
 *   xc_golden_pn_obs.c   observation: links, deliveries, router errors (xchg_pn_err)
 *   xc_golden_pn_poke.c  back-door pokes into slots and tables */
#ifndef XC_GOLDEN_PN_INT_H_
#define XC_GOLDEN_PN_INT_H_

#include "xc_golden_pn.h"

#include "xc_consts.h"

/* An entry decoded: the port fields, the ports that send (in port order)
 * and receive, and the node-independent checks (the link check is the
 * node's). */
typedef struct sf_entry {
    uint32_t send, recv;          /* port masks */
    uint32_t n_send, n_recv;
    uint8_t sends[32], recvs[32]; /* the ports of each mask, ascending */
    int bad_model, bad_slot;
} sf_entry;

/* The bus windows (MSG, TBL, BUD, CIR, LST: a pointer and a data
 * register each), in the order of pn_regs.ptr. */
enum { WIN_MSG, WIN_TBL, WIN_BUD, WIN_CIR, WIN_LST };

/* The controller's registers, as one value: a tick computes the next one
 * from the current one, the edge replaces it. */
typedef struct pn_regs {
    int bcast, running, done, err_seen;
    uint32_t steps, step, cycles, delivered, errors, err_info, err_step;
    uint32_t sel, ptr[5]; /* ptr: the bus windows' pointers (windows[] below) */
    uint32_t ts, rel;     /* circuit mode */
} pn_regs;

struct xc_gm_pn {
    xc_pn_hw hw;
    uint32_t tbl_words;            /* depth * wpe */
    uint32_t *slot;                /* nodes * slots: message word | SLOT_FULL when full */
    uint32_t *tbl;                 /* nodes * tbl_words (per-node tables), or NULL */
    uint32_t *btbl;                /* tbl_words */
    int64_t *nb, *back;            /* nodes * ports: neighbour and its facing port, -1 none */
    pn_regs r;                     /* controller registers */
    uint32_t rdata;
    xc_pn_obs obs;
    /* scratch for one cycle */
    xc_flit *out;                  /* nodes * ports: flits leaving */
    uint8_t *exec;                 /* nodes */
    uint32_t *entry;               /* wpe words */
    xc_pn_field *f;                /* nodes * ports: decoded step fields */
    uint8_t *code, *port;          /* nodes: first error of this cycle */
    /* circuit mode (docs/routers.md "Circuit mode") */
    uint32_t ctbl_words;           /* depth * cwpe; 0 without circuit mode (ctbl: one empty entry) */
    uint32_t *ctbl;                /* nodes * ctbl_words circuit-table words */
    uint32_t *lst;                 /* nodes * list_depth inject lists */
    uint32_t *bud;                 /* depth step budget words */
    xc_flit *cq, *cq_next;         /* nodes * ports: the crossbar's output registers */
    uint32_t *cnt;                 /* nodes: flits ejected in this step so far */
    xc_pn_centry *ce;              /* nodes: decoded circuit entries */
    uint8_t *cexec;                /* nodes */
    xc_flit *inj;                  /* nodes: the flit injected in this cycle */
    uint32_t *ce_step;             /* nodes: step index + 1 that ce holds decoded (0: none) */
    /* the lean store-and-forward path: work only where a step addresses */
    int cq_live;                   /* some crossbar output register holds a flit */
    uint32_t *nolink;              /* nodes: bit p set when port p has no link */
    uint32_t nolink_any;           /* the OR of all nolink masks (0 on tori) */
    uint32_t *dst;                 /* nodes * ports: the input (node * ports + port) a link output
                                    * feeds; also the output that input reads (links pair up: fwd_ok) */
    xc_flit *in;                   /* nodes * ports: the flit arriving at (node, port), until taken */
    uint8_t *rx;                   /* nodes: the noted error came from the receive side */
    sf_entry *sfe;                 /* the decoded entry: one (broadcast) or one per node */
    uint32_t *noted, n_noted;      /* nodes with an error noted in this cycle */
    int fwd_ok;                    /* every link output feeds exactly one input: flits can be pushed */
    /* the links of the last cycle are zeroed through link_on, or, when they
     * all were on one port (a shared single step), port by port by the next
     * send loop as it passes every router */
    uint32_t one_port;             /* port + 1: the last cycle sent on this port only, else 0 */
    uint32_t stale;                /* port + 1: those links still to be zeroed in this cycle, else 0 */
};

/* A slot's word: the message in its low XC_MSG_W bits (xc_flit.h: fewer
 * than 32), SLOT_FULL set while the slot holds it; a read of the full bit
 * brings the message with it. */

#define SLOT_FULL (1u << 31)
#define MSG_MASK ((1u << XC_MSG_W) - 1u)

/* Stores an arrived flit's message into slot word *s; 1 when the slot was
 * full (an overwrite). */
static inline int slot_store(uint32_t *s, xc_flit in)
{
    const int was = (*s & SLOT_FULL) != 0;
    *s = SLOT_FULL | ((uint32_t)in & MSG_MASK);
    return was;
}

/* The flit a send or inject puts on its way in the running step: the
 * message word tagged with the step. */
static inline xc_flit step_flit(const xc_gm_pn *g, uint32_t word)
{
    return (xc_flit)1 << XC_FLIT_VALID_BIT | (xc_flit)(g->r.step & XC_STEP_MASK) << XC_FLIT_STEP_LSB | word;
}

/* xc_golden_pn_obs.c: notes router v's first error of this cycle (code at
 * port); errors are rare, so it is out of line and the loops over the
 * routers keep their registers. */
__attribute__((cold)) void xc_gm_pn_note(xc_gm_pn *g, uint32_t v, unsigned code, uint32_t port);
/* Zeroes the last cycle's links when they were all on one port and no
 * send loop of this cycle did it. */
void xc_gm_pn_stale_clear(xc_gm_pn *g);
/* A cycle's start: the last cycle's notes, links and deliveries cleared. */
void xc_gm_pn_obs_begin(xc_gm_pn *g);
/* The errors noted in the cycle latch into each router's error register
 * when it holds none (not on a clear); returns how many, *first_node the
 * lowest such router (unchanged when none). */
uint32_t xc_gm_pn_obs_latch(xc_gm_pn *g, int clear, int *first_node);
/* The registers after the edge, into the observation. */
void xc_gm_pn_obs_publish(xc_gm_pn *g);

/* The controller's two values that every unit reads each cycle, inline
 * (the rest of the controller: xc_golden_pn_ctrl.c). Cycles of the
 * running step: 1 (store and forward), or TS + budget for a circuit step
 * (at least 1). */
static inline uint32_t xc_gm_pn_step_length(const xc_gm_pn *g)
{
    const uint32_t idx = (uint32_t)(g->r.step - 1u) & XC_FIELD_MASK(PN_STEPS_N);
    const uint32_t bud = idx < g->hw.depth ? g->bud[idx] : 0;
    if (!XC_BIT_GET(bud, CS_CIRCUIT_BIT))
        return 1;
    const uint32_t sum = g->r.ts + XC_FIELD_GET(bud, CS_CYCLES);
    return sum ? sum : 1;
}

/* STATUS as the bus reads it. */
static inline uint32_t xc_gm_pn_status_word(const pn_regs *r)
{
    return (uint32_t)r->running << XC_PN_STATUS_BUSY_BIT | (uint32_t)r->done << XC_PN_STATUS_DONE_BIT |
           (uint32_t)r->err_seen << XC_PN_STATUS_ERR_BIT;
}

/* A bus read: the register at addr as it is before this edge. */
uint32_t xc_gm_pn_read_reg(const xc_gm_pn *g, uint32_t addr);
/* The registers step to this edge's values without a bus write (first:
 * the first error's node, -1 none). */
void xc_gm_pn_advance_regs(xc_gm_pn *g, int step_end, uint32_t n_dlv, uint32_t n_err, int first);
/* A bus write into the registers and the memories it addresses. */
void xc_gm_pn_bus_write(xc_gm_pn *g, const xc_hw_bus *bus, int clear, int was_running);

/* xc_golden_pn_xbar.c: the routers in one cycle, every router and port
 * (circuit steps, a live crossbar, links that do not pair up). */
void xc_gm_pn_routers_full(xc_gm_pn *g, uint32_t *n_dlv);
/* xc_golden_pn_saf.c: a store-and-forward step, work only where the step
 * addresses; the same results as xc_gm_pn_routers_full. */
void xc_gm_pn_routers_sf(xc_gm_pn *g, uint32_t *n_dlv);

#endif /* XC_GOLDEN_PN_INT_H_ */
