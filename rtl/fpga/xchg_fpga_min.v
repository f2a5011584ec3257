// SPDX-License-Identifier: MIT
// xchg_fpga_min: the MIN all-to-all personalized exchange with no host.
// An on-chip step counter drives the banyan in XOR mode (Massini's
// Latin-square method: the switches hold M^{l,0} and XOR bit x_{n-1-k} of
// each flit's step x), and a checker closes the run.
//
// A start_i pulse starts one exchange. Wave x (x = 0 .. N-1) enters the
// injection registers at the x+1-th edge after start: input j injects
// m_j(d), d being where M^{l,x} routes input j (traced through Cfg0 and
// the wiring, as the control processor does in sw/fw/xc_cp_min.c). The
// checker watches the last stage: every flit must reach its destination
// node intact, no source may arrive twice at a node, all N^2 messages must
// arrive, and the last one at cycle N + log2 N (the paper's bound; cycle 1
// is the first injection). done_o then rises with pass_o or fail_o.
//
// The same timing as xchg_min_top after CTRL.start, so the golden vectors
// of `xchg run --vectors` check deliver_o cycle by cycle (tb/rtl/xchg_fpga_min_tb.v).
`default_nettype none
`include "xchg_range.vh"
`include "xchg_consts.vh"

module xchg_fpga_min #(
  parameter integer LogN = 3,  // log2 N, 1..6 (the checker holds N^2 bits)
  // wiring of xchg_banyan, from `xchg rtl-params` (default: butterfly N = 8)
  parameter [(LogN+1)*LogN*4-1:0] Wiring    = 48'h210_201_012_210,
  parameter [LogN*4-1:0]          RouteBits = 12'h012,
  // M^{l,0}, bit h*LogN + k = m_{h,k}, from `xchg run --vectors` (XV_CFG0);
  // the default is l = 18 on butterfly:8 (Massini's Example 2)
  parameter [(1<<LogN)/2*LogN-1:0] Cfg0     = 12'h480
) (
  input  wire                              clk_i,
  input  wire                              rst_ni,
  input  wire                              start_i,    // pulse: run one exchange
  output wire [(1<<LogN)*`XCHG_FLIT_W-1:0] deliver_o,  // last stage output registers, by line
  output wire                              busy_o,
  output wire                              done_o,
  output wire                              pass_o,
  output wire                              fail_o,
  output wire [3:0]                        why_o       // on fail: [0] wrong node, check word, source or step,
                                                       // [1] duplicate, [2] missing, [3] late
);
  localparam integer N      = 1 << LogN;
  localparam integer Half   = N / 2;
  localparam integer FlitW  = `XCHG_FLIT_W;
  localparam integer AddrW  = `XCHG_ADDR_W;
  localparam integer CfgW   = Half * LogN;
  localparam integer Bound  = N + LogN;   // cycles, first injection to last delivery
  localparam integer CycW   = LogN + 2;   // holds Bound + 2
  localparam [CycW-1:0] DoneAt = CycW'(Bound + 2);

  // The line that line a moves to across boundary b.
  `include "xchg_wire_to.vh"

  `include "xchg_chk.vh"

  // ---- state ----
  reg             running_q, running_d;   // injecting waves
  reg             active_q, active_d;     // an exchange is under way
  reg [LogN:0]    step_q, step_d;         // waves injected, 0..N
  reg [CycW-1:0]  cyc_q, cyc_d;           // edges since the first injection
  reg [CycW-1:0]  last_q, last_d;         // cycle of the latest delivery
  reg [N*N-1:0]   seen_q, seen_d;         // bit node*N + src: m_src(node) arrived
  reg             bad_q, bad_d;           // wrong node, bad check word, source out of range
  reg             dup_q, dup_d;
  reg             done_q, done_d;
  reg [N*FlitW-1:0] inj_flit_q, inj_flit_d;
  // a wave is in the injection registers: every line holds a flit then,
  // so line 0's valid bit says it (the network clock's enable, simulation only)
  wire inj_live = inj_flit_q[`XCHG_FLIT_VALID_BIT];

  // ---- the network, XOR mode ----
  wire [LogN*N*FlitW-1:0] stage_flit;
  wire [N*FlitW-1:0]      last = stage_flit[(LogN-1)*N*FlitW +: N*FlitW];

  // the checker reads the last stage's registers only: the counters'
  // views stay open, and Yosys drops the logic behind them
  /* verilator lint_off PINCONNECTEMPTY */
  xchg_banyan #(.LogN(LogN), .Wiring(Wiring), .RouteBits(RouteBits)) u_banyan (
    .clk_i(clk_i), .rst_ni(rst_ni), .flush_i(start_i), .mode_i(2'(`XCHG_MODE_XOR)), .cfg_i(Cfg0),
    .inj_flit_i(inj_flit_q), .inj_live_i(inj_live), .inj_cfg_i({CfgW{1'b0}}), .stage_flit_o(stage_flit),
    .set_o(), .deliver_o(), .n_deliver_o(), .moving_o(), .conflict_o(), .n_conflict_o()
  );
  /* verilator lint_on PINCONNECTEMPTY */
  wire unused_early = ^stage_flit;  // the stages before the last

  // ---- next state ----
  integer j, k, a, li, node;
  reg [FlitW-1:0] f;
  reg [N-1:0]     src_bit;  // one-hot source of a delivery
  always @* begin
    li         = 0;
    node       = 0;
    src_bit    = {N{1'b0}};
    f          = {FlitW{1'b0}};
    running_d  = running_q;
    active_d   = active_q;
    step_d     = step_q;
    cyc_d      = cyc_q;
    last_d     = last_q;
    seen_d     = seen_q;
    bad_d      = bad_q;
    dup_d      = dup_q;
    done_d     = done_q;
    inj_flit_d = {N*FlitW{1'b0}};

    // injection: wave x = step_q, input j sends m_j(d) with d = route of j under M^{l,x}
    if (running_q) begin
      for (j = 0; j < N; j = j + 1) begin
        li = wire_to(0, j);
        for (k = 0; k < LogN; k = k + 1)
          li = wire_to(k + 1, li ^ {31'd0, Cfg0[(li >> 1) * LogN + k] ^ step_q[LogN-1-k]});
        inj_flit_d[j*FlitW +: FlitW] = {1'b1, `XCHG_STEP_W'(step_q[LogN-1:0]),
                                        chk(AddrW'(j), AddrW'(li)), AddrW'(j), AddrW'(li)};
      end
      step_d    = step_q + 1'b1;
      running_d = step_d < N[LogN:0];
    end

    // checking: the last stage's registers, each line through the output wiring
    if (active_q && !done_q) begin
      cyc_d = cyc_q + 1'b1;
      for (a = 0; a < N; a = a + 1) begin
        f    = last[a*FlitW +: FlitW];
        node = wire_to(LogN, a);
        // node is a constant per line, so each line updates one row of the
        // seen matrix through a one-hot mask (not a 1-of-N^2 index)
        src_bit = {{(N-1){1'b0}}, 1'b1} << f[`XCHG_FLIT_SRC_LSB +: LogN];
        if (f[`XCHG_FLIT_VALID_BIT]) begin
          last_d  = cyc_q;
          if (f[`XCHG_FLIT_DST_LSB +: AddrW] != AddrW'(node) ||
              f[`XCHG_FLIT_SRC_LSB +: AddrW] >= AddrW'(N) ||
              f[`XCHG_FLIT_STEP_LSB +: `XCHG_STEP_W] >= `XCHG_STEP_W'(N) ||
              f[`XCHG_FLIT_CHK_LSB +: `XCHG_CHK_W] != chk(f[`XCHG_FLIT_SRC_LSB +: AddrW],
                                                    f[`XCHG_FLIT_DST_LSB +: AddrW]))
            bad_d = 1'b1;
          if (|(seen_q[node*N +: N] & src_bit)) dup_d = 1'b1;
          seen_d[node*N +: N] = seen_d[node*N +: N] | src_bit;
        end
      end
      if (cyc_q == DoneAt) done_d = 1'b1;
    end

    if (start_i) begin
      running_d = 1'b1;
      active_d  = 1'b1;
      step_d    = {(LogN+1){1'b0}};
      cyc_d     = {CycW{1'b0}};  // 1 after the first injection edge
      last_d    = {CycW{1'b0}};
      seen_d    = {N*N{1'b0}};
      bad_d     = 1'b0;
      dup_d     = 1'b0;
      done_d    = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      running_q  <= 1'b0;
      active_q   <= 1'b0;
      step_q     <= {(LogN+1){1'b0}};
      cyc_q      <= {CycW{1'b0}};
      last_q     <= {CycW{1'b0}};
      seen_q     <= {N*N{1'b0}};
      bad_q      <= 1'b0;
      dup_q      <= 1'b0;
      done_q     <= 1'b0;
      inj_flit_q <= {N*FlitW{1'b0}};
    end else begin
      running_q  <= running_d;
      active_q   <= active_d;
      step_q     <= step_d;
      cyc_q      <= cyc_d;
      last_q     <= last_d;
      seen_q     <= seen_d;
      bad_q      <= bad_d;
      dup_q      <= dup_d;
      done_q     <= done_d;
      inj_flit_q <= inj_flit_d;
    end
  end

  // every (node, source) pair seen, none twice: all N^2 messages, once each
  // (no delivery counter: an N-input adder chain would set the clock)
  wire missing = !(&seen_q);
  wire late    = last_q != CycW'(Bound);
  wire ok      = !bad_q && !dup_q && !missing && !late;

  assign deliver_o = last;
  assign busy_o    = active_q && !done_q;
  assign done_o    = done_q;
  assign pass_o    = done_q && ok;
  assign fail_o    = done_q && !ok;
  assign why_o     = done_q ? {late, missing, dup_q, bad_q} : 4'd0;

  generate
    `XCHG_RANGE(gen_bad_logn, "xchg_fpga_min: LogN", LogN, 1, 6)
  endgenerate
endmodule
`default_nettype wire
