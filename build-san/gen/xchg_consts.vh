// Generated from sw/xc_consts.def by sw/gen_vh.c: do not edit.
`ifndef XCHG_CONSTS_VH
`define XCHG_CONSTS_VH
`define XCHG_ADDR_W               10 // bits of a node address (N <= 1024)
`define XCHG_FLIT_DST_LSB         0 // destination d
`define XCHG_FLIT_SRC_LSB         10 // source s
`define XCHG_FLIT_CHK_LSB         20 // check word, chk(s,d): any one-bit error in s, d or chk is visible
`define XCHG_FLIT_STEP_LSB        30 // step x of the exchange (the XOR method routes by it)
`define XCHG_FLIT_VALID_BIT       40 // 1 when the flit carries a message
`define XCHG_FLIT_W               41 // flit width in bits
`define XCHG_MSG_W                30 // message word on the bus: flit bits [29:0] (dst, src, chk)
`define XCHG_CHK_SALT             693 // constant folded into chk so an all-zero flit fails the check
`define XCHG_MODE_XOR             0 // switch = initial bit m(h,k) XOR bit x(n-1-k) of the flit's step
`define XCHG_MODE_TABLE           1 // switch = bit of the configuration written before each step
`define XCHG_MODE_SELF            2 // switch set by the destination tag; a contended output is a conflict
`define XCHG_TOPO_BUTTERFLY       0 // butterfly
`define XCHG_TOPO_OMEGA           1 // omega (perfect shuffle before every stage)
`define XCHG_TOPO_BASELINE        2 // baseline
`define XCHG_TOPO_RBASELINE       3 // reverse baseline
`define XCHG_TOPO_CUBE            4 // indirect binary cube
`define XCHG_BUS_ADDR_W           12 // bus address width (word addresses)
`define XCHG_BUS_DATA_W           32 // bus data width
`define XCHG_REG_ID               0 // RO  identification, reads XC_ID_VALUE
`define XCHG_REG_PARAMS           1 // RO  [3:0] log2 N, [7:4] topology, [15:8] flit width
`define XCHG_REG_CTRL             2 // RW  [1:0] mode (reads back); [4] start, [5] step, [6] clear are pulses
`define XCHG_REG_STATUS           3 // RO  [0] busy, [1] done, [2] conflict seen
`define XCHG_REG_CYCLES           4 // RO  cycles from first injection to last delivery
`define XCHG_REG_INJECTED         5 // RO  waves (steps) injected
`define XCHG_REG_DELIVERED        6 // RO  flits delivered at the outputs
`define XCHG_REG_CONFLICTS        7 // RO  self-routing conflicts (a flit was dropped)
`define XCHG_REG_CFG_PTR          8 // RW  word index into the switch configuration
`define XCHG_REG_CFG_DATA         9 // WO  32 configuration bits at CFG_PTR, then CFG_PTR += 1
`define XCHG_REG_MSG_PTR          10 // RW  message slot: input j * N + step x
`define XCHG_REG_MSG_DATA         11 // WO  message word at MSG_PTR, then MSG_PTR += 1
`define XCHG_ID_VALUE             1480804423 // 'XCHG'
`define XCHG_CTRL_MODE_LSB        0 // CTRL: mode field, 2 bits
`define XCHG_CTRL_START_BIT       4 // CTRL: start the pipelined exchange (xor and self modes)
`define XCHG_CTRL_STEP_BIT        5 // CTRL: inject one step with the configuration now written (table mode)
`define XCHG_CTRL_CLEAR_BIT       6 // CTRL: clear counters, status and pointers
`define XCHG_STATUS_BUSY_BIT      0 // STATUS: a wave is being injected or is in flight
`define XCHG_STATUS_DONE_BIT      1 // STATUS: all N steps injected and delivered
`define XCHG_STATUS_CONFLICT_BIT  2 // STATUS: a self-routing conflict happened since clear
`endif
