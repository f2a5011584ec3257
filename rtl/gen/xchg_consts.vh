// Generated from sw/lib/xc_consts.def by sw/lib/gen_vh.c: do not edit.
`ifndef XCHG_CONSTS_VH
`define XCHG_CONSTS_VH
`define XCHG_ADDR_W               14 // bits of a node address (N <= 16384)
`define XCHG_CHK_W                3 // bits of the check word (folded: a one-bit error still shows)
`define XCHG_STEP_W               10 // bits of the step field (MIN steps x < N <= 1024; routers: step mod 1024)
`define XCHG_FLIT_DST_LSB         0 // destination d
`define XCHG_FLIT_SRC_LSB         14 // source s
`define XCHG_FLIT_CHK_LSB         28 // check word, chk(s,d): any one-bit error in s, d or chk is visible
`define XCHG_FLIT_STEP_LSB        31 // step x of the exchange (the XOR method routes by it)
`define XCHG_FLIT_VALID_BIT       41 // 1 when the flit carries a message
`define XCHG_FLIT_W               42 // flit width in bits
`define XCHG_MSG_W                31 // message word on the bus: flit bits [30:0] (dst, src, chk)
`define XCHG_CHK_SALT             5 // constant folded into chk so an all-zero flit fails the check (CHK_W bits)
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
`define XCHG_FAULT_NONE           0 // no fault
`define XCHG_FAULT_SWITCH         1 // flip the switch setting
`define XCHG_FAULT_DROP           2 // drop the flit leaving output 0 (else output 1)
`define XCHG_FAULT_DUP            3 // copy the flit leaving output 0 onto output 1 (or 1 onto 0)
`define XCHG_FAULT_CORRUPT        4 // flip source bit 0 of the flit leaving output 0 (else 1)
`define XCHG_FAULT_PORT           5 // the flit of input 0 (else 1) leaves by the wrong output
`define XCHG_FAULT_SLOTS          4 // injections one run can carry
`define XCHG_PN_STEP_W            21 // bits of the routers' step counter: up to 2^21 - 1 steps (torus:128x128 te-ni: 2^20)
`define XCHG_PN_SLOT_W_MAX        15 // bits of a router's slot index at most: up to 2^15 = 32768 message slots
`define XCHG_PN_LIST_W_MAX        17 // bits of an inject-list index at most: up to 2^17 = 131072 entries (circuit mode)
`define XCHG_TE_SEND_V            0 // entry: a message leaves on this port
`define XCHG_TE_SEND_KEEP         1 // entry: copy (the slot keeps the message) instead of send
`define XCHG_TE_RECV_V            2 // entry: a message arrives on this port
`define XCHG_TE_RECV_STORE        3 // entry: store the arrival in the recv slot
`define XCHG_TE_RECV_DLV          4 // entry: deliver the arrival to this node (local port)
`define XCHG_TE_SLOT_LSB          5 // entry: send slot, then recv slot (slot bits each)
`define XCHG_RERR_NONE            0 // no error
`define XCHG_RERR_MODEL           1 // the entry breaks the port model: step not executed
`define XCHG_RERR_NOLINK          2 // send or receive on a port without a link (path end)
`define XCHG_RERR_EMPTY           3 // send from an empty slot
`define XCHG_RERR_MISSING         4 // receive expected, nothing arrived
`define XCHG_RERR_UNEXP           5 // a message arrived without a receive entry (lost)
`define XCHG_RERR_OVERWRITE       6 // store into a full slot
`define XCHG_RERR_SLOTS           7 // slot index beyond the message memory
`define XCHG_PN_REG_ID            0 // RO  identification, reads PN_ID_VALUE
`define XCHG_PN_REG_NODES         1 // RO  nodes n
`define XCHG_PN_REG_GEOM          2 // RO  [7:0] link ports, [15:8] slot bits, [23:16] bus words per entry, [24] multiport, [25] half duplex
`define XCHG_PN_REG_CTRL          3 // RW  [0] start, [1] clear (pulses); [2] broadcast tables (reads back)
`define XCHG_PN_REG_STATUS        4 // RO  [0] busy, [1] done, [2] a router reported an error
`define XCHG_PN_REG_STEPS         5 // RW  steps of the schedule to run (1..table depth)
`define XCHG_PN_REG_STEP          6 // RO  the step now executing (0: idle)
`define XCHG_PN_REG_CYCLES        7 // RO  cycles from the start write to the last step, both included
`define XCHG_PN_REG_DELIVERED     8 // RO  messages delivered at the local ports
`define XCHG_PN_REG_ERRORS        9 // RO  routers that reported an error
`define XCHG_PN_REG_ERR_INFO      10 // RO  first error: [3:0] code, [11:4] port, [31:12] node
`define XCHG_PN_REG_ERR_STEP      11 // RO  first error: its step
`define XCHG_PN_REG_SEL           12 // RW  node whose memories MSG_/TBL_ access; bit 31: the broadcast table
`define XCHG_PN_REG_MSG_PTR       13 // RW  message slot of the selected node
`define XCHG_PN_REG_MSG_DATA      14 // WO  message word into slot MSG_PTR (full), then MSG_PTR += 1
`define XCHG_PN_REG_TBL_PTR       15 // RW  bus word index into the selected table: step * words + w
`define XCHG_PN_REG_TBL_DATA      16 // WO  32 table bits at TBL_PTR, then TBL_PTR += 1
`define XCHG_PN_ID_VALUE          1480806482 // 'XCPR' (a product-network top)
`define XCHG_PN_CTRL_START_BIT    0 // CTRL: run steps 1..STEPS, one per cycle
`define XCHG_PN_CTRL_CLEAR_BIT    1 // CTRL: empty every slot, clear counters, errors, pointers
`define XCHG_PN_CTRL_BCAST_BIT    2 // CTRL: every router reads the broadcast table
`define XCHG_PN_SEL_BCAST_BIT     31 // SEL: the broadcast table instead of a node
`define XCHG_PN_REG_DEPTH         17 // RO  step-table entries (the most steps a run can have)
`define XCHG_CE_ROUTE_V           0 // circuit entry: this input is routed
`define XCHG_CE_OUT_LSB           1 // circuit entry: its output: link port 0..ports-1, or ports = eject to local
`define XCHG_CS_CIRCUIT_BIT       31 // step budget word: 1 = a circuit step of TS + bits [30:0] cycles, 0 = one store-and-forward cycle
`define XCHG_RERR_CROSS           8 // circuit entry breaks the crossbar (two inputs to one output, inject to itself, inject without data): step not executed
`define XCHG_RERR_COUNT           9 // circuit step ended with another number of ejected flits than its entry says
`define XCHG_RERR_LATE            10 // a flit was still in flight when the circuit step's budget ran out
`define XCHG_PN_REG_TS            18 // RW  start-up cycles of a circuit step (ts)
`define XCHG_PN_REG_BUD_PTR       19 // RW  step index into the step budget table
`define XCHG_PN_REG_BUD_DATA      20 // WO  budget word of step BUD_PTR + 1 (CS_CIRCUIT_BIT, cycles), then BUD_PTR += 1
`define XCHG_PN_REG_CIR_PTR       21 // RW  bus word index into the selected node's circuit table: step * words + w
`define XCHG_PN_REG_CIR_DATA      22 // WO  32 circuit-table bits at CIR_PTR, then CIR_PTR += 1
`define XCHG_PN_REG_LST_PTR       23 // RW  index into the selected node's inject list
`define XCHG_PN_REG_LST_DATA      24 // WO  a slot index into the inject list at LST_PTR, then LST_PTR += 1
`define XCHG_PN_REG_CGEOM         25 // RO  [7:0] bus words per circuit entry, [15:8] inject-list address bits
`define XCHG_CTRL_MODE_W          2 // CTRL: width of the mode field at CTRL_MODE_LSB
`define XCHG_PARAMS_LOGN_LSB      0 // PARAMS: log2 N
`define XCHG_PARAMS_LOGN_W        4 // PARAMS: log2 N
`define XCHG_PARAMS_TOPO_LSB      4 // PARAMS: topology, TOPO_*
`define XCHG_PARAMS_TOPO_W        4 // PARAMS: topology, TOPO_*
`define XCHG_PARAMS_FLIT_BITS_LSB 8 // PARAMS: flit width in bits
`define XCHG_PARAMS_FLIT_BITS_W   8 // PARAMS: flit width in bits
`define XCHG_PN_STATUS_BUSY_BIT   0 // PN STATUS: a run is executing steps
`define XCHG_PN_STATUS_DONE_BIT   1 // PN STATUS: the last step has run
`define XCHG_PN_STATUS_ERR_BIT    2 // PN STATUS: a router reported an error since start or clear
`define XCHG_PN_GEOM_PORTS_LSB    0 // GEOM: link ports per router
`define XCHG_PN_GEOM_PORTS_W      8 // GEOM: link ports per router
`define XCHG_PN_GEOM_SLOT_BITS_LSB 8 // GEOM: slot index bits
`define XCHG_PN_GEOM_SLOT_BITS_W  8 // GEOM: slot index bits
`define XCHG_PN_GEOM_WPE_LSB      16 // GEOM: bus words per step-table entry
`define XCHG_PN_GEOM_WPE_W        8 // GEOM: bus words per step-table entry
`define XCHG_PN_GEOM_MULTIPORT_BIT 24 // GEOM: all ports may move at once (multiport)
`define XCHG_PN_GEOM_HALF_DUPLEX_BIT 25 // GEOM: a link carries one direction per step
`define XCHG_PN_CGEOM_WPE_LSB     0 // CGEOM: bus words per circuit entry
`define XCHG_PN_CGEOM_WPE_W       8 // CGEOM: bus words per circuit entry
`define XCHG_PN_CGEOM_LIST_BITS_LSB 8 // CGEOM: inject-list address bits
`define XCHG_PN_CGEOM_LIST_BITS_W 8 // CGEOM: inject-list address bits
`define XCHG_PN_STEPS_N_LSB       0 // STEPS: steps to run (the step counter's width, PN_STEP_W)
`define XCHG_PN_STEPS_N_W         21 // STEPS: steps to run (the step counter's width, PN_STEP_W)
`define XCHG_CS_CYCLES_LSB        0 // step budget word: cycles of a circuit step after ts
`define XCHG_CS_CYCLES_W          31 // step budget word: cycles of a circuit step after ts
`define XCHG_PN_ERR_CODE_LSB      0 // ERR_INFO: error code, RERR_*
`define XCHG_PN_ERR_CODE_W        4 // ERR_INFO: error code, RERR_*
`define XCHG_PN_ERR_PORT_LSB      4 // ERR_INFO: port of the error
`define XCHG_PN_ERR_PORT_W        8 // ERR_INFO: port of the error
`define XCHG_PN_ERR_NODE_LSB      12 // ERR_INFO: node of the error
`define XCHG_PN_ERR_NODE_W        20 // ERR_INFO: node of the error
`define XCHG_PN_OBS_ERR_W         16 // bits of a node's error word in obs_err_o
`define XCHG_PN_OBS_STATUS        0 // obs_regs_o word: STATUS
`define XCHG_PN_OBS_STEP          1 // obs_regs_o word: STEP
`define XCHG_PN_OBS_CYCLES        2 // obs_regs_o word: CYCLES
`define XCHG_PN_OBS_DELIVERED     3 // obs_regs_o word: DELIVERED
`define XCHG_PN_OBS_ERRORS        4 // obs_regs_o word: ERRORS
`define XCHG_PN_OBS_ERR_INFO      5 // obs_regs_o word: ERR_INFO
`define XCHG_PN_OBS_ERR_STEP      6 // obs_regs_o word: ERR_STEP
`define XCHG_PN_OBS_REGS          8 // obs_regs_o words (the last one reads 0)
`endif
