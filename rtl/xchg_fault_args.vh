// SPDX-License-Identifier: MIT
// The fault slots' plusargs, read the same way by the MIN's slots
// (rtl/dv/xchg_min_faults.v: A, B = stage, switch) and the routers'
// shells (rtl/dv/xchg_router_dv.v: node, port): slot S from
// +xchg_f<S>_kind, _<A>, _<B>, _cycle into f_kind[S], f_<A>[S], f_<B>[S],
// f_cycle[S] (kind 0, the others -1 where not given; a slot without a
// kind is not read further). Used in an initial block, where the
// includer has declared those arrays, p_val and fs. Format strings must
// be literals: one block per slot, from a macro.
`ifndef XCHG_FAULT_ARGS_VH
`define XCHG_FAULT_ARGS_VH
`define XCHG_FAULT_SLOT(S, A, B) \
    if ($value$plusargs(`"xchg_f``S``_kind=%d`", p_val)) begin \
      f_kind[S] = p_val; \
      if ($value$plusargs(`"xchg_f``S``_``A``=%d`", p_val)) f_``A[S] = p_val; \
      if ($value$plusargs(`"xchg_f``S``_``B``=%d`", p_val)) f_``B[S] = p_val; \
      if ($value$plusargs(`"xchg_f``S``_cycle=%d`", p_val)) f_cycle[S] = p_val; \
    end
`define XCHG_FAULT_ARGS(A, B) \
    for (fs = 0; fs < `XCHG_FAULT_SLOTS; fs = fs + 1) begin \
      f_kind[fs] = 0; f_``A[fs] = -1; f_``B[fs] = -1; f_cycle[fs] = -1; \
    end \
    `XCHG_FAULT_SLOT(0, A, B) \
    `XCHG_FAULT_SLOT(1, A, B) \
    `XCHG_FAULT_SLOT(2, A, B) \
    `XCHG_FAULT_SLOT(3, A, B)
`endif
