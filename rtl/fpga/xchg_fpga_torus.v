// SPDX-License-Identifier: MIT
// xchg_fpga_torus: the host-less total exchange on a small torus of routers.
// The network is the generated xchg_pn_top (`xchg rtl-net --tables
// broadcast --bcast-init FILE`): its controller reads the node-invariant
// step table (te-ni) from a ROM written by `xchg rtl-net --table-hex`. This
// module plays the host: on start_i it writes, through the controller's bus,
// each node's initial messages (slot k of node v holds m_v(v + k), the
// torus's group sum, as sw/fw/xc_cp_pn.c writes them), STEPS and the start;
// then it checks every delivery the routers make:
//   bad     a delivery at node v whose destination is not v, whose check
//           word is wrong, whose source is v or out of range, or a router
//           error (the controller's ERRORS counter)
//   dup     a source delivered twice at one node
//   missing not all n(n-1) messages arrived (an n x n seen matrix)
//   late    the controller was not done exactly Steps + 1 cycles after the
//           start write (one start-up cycle, docs/routers.md), or it reported
//           another cycle count
// why_o = {late, missing, dup, bad}; pass_o or fail_o once done_o.
`default_nettype none
`include "xchg_range.vh"
`include "xchg_consts.vh"

module xchg_fpga_torus #(
  parameter integer Nodes  = 9,   // nodes of the torus, 4..64 (the generated top's)
  parameter integer Dim0   = 3,   // size of dimension 0 (stride 1: B of torus:AxB), 2..Nodes; A = Nodes / Dim0
  parameter integer NPorts = 4,   // link ports per router (the generated top's), 1..8
  parameter integer Steps  = 12,  // steps of the ROM schedule (`STEPS` line of the hex file), 1..255
  parameter integer Bram   = 1    // 1: routers with their message memories in block RAM (docs/fpga.md)
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       start_i,   // (re)runs the exchange
  output wire       busy_o,
  output wire       done_o,
  output wire       pass_o,
  output wire       fail_o,
  output wire [3:0] why_o      // {late, missing, dup, bad}
);
  localparam integer FlitW = `XCHG_FLIT_W;
  localparam integer AddrW = `XCHG_ADDR_W;
  localparam integer Dim1  = Nodes / Dim0;
  localparam integer VW    = $clog2(Nodes);
  localparam integer CW    = 8;   // cycle counter bits (Steps <= 255)

  // ---- the network ----
  reg                          bus_we;
  reg  [`XCHG_BUS_ADDR_W-1:0]  bus_addr;
  reg  [31:0]                  bus_wdata;
  wire [31:0]                  bus_rdata;
  wire [Nodes*NPorts*FlitW-1:0] obs_link, obs_dlv;
  wire [Nodes*`XCHG_PN_OBS_ERR_W-1:0] obs_err;
  wire [`XCHG_PN_OBS_REGS*32-1:0] obs_regs;
  xchg_pn_top #(.Bram(Bram)) u_net (
    .clk_i(clk_i), .rst_ni(rst_ni), .bus_we_i(bus_we), .bus_re_i(1'b0),
    .bus_addr_i(bus_addr), .bus_wdata_i(bus_wdata), .bus_rdata_o(bus_rdata),
    .obs_link_o(obs_link), .obs_dlv_o(obs_dlv), .obs_err_o(obs_err), .obs_regs_o(obs_regs)
  );
  wire [31:0] net_status = obs_regs[`XCHG_PN_OBS_STATUS*32 +: 32];
  wire        net_done   = net_status[`XCHG_PN_STATUS_DONE_BIT];
  wire        net_err    = net_status[`XCHG_PN_STATUS_ERR_BIT];  // a router reported an error
  wire [31:0] net_cycles = obs_regs[`XCHG_PN_OBS_CYCLES*32 +: 32];
  wire [31:0] net_errors = obs_regs[`XCHG_PN_OBS_ERRORS*32 +: 32];
  wire unused_obs = &{1'b0, bus_rdata, obs_link, obs_err, obs_regs, net_status};

  `include "xchg_chk.vh"

  // ---- the loader: bus writes, one per cycle ----
  localparam [2:0] SIdle = 3'd0, SClear = 3'd1, SSel = 3'd2, SPtr = 3'd3, SMsg = 3'd4,
                   SSteps = 3'd5, SStart = 3'd6, SRun = 3'd7;
  localparam [31:0] Bcast = 32'd1 << `XCHG_PN_CTRL_BCAST_BIT;
  // no FSM extraction: Yosys 0.23's fsm_extract walks the 49 control bits of
  // this one for many minutes (tens of MB of log), and there is nothing to gain
  (* fsm_encoding = "none" *) reg [2:0] st_q;
  reg [2:0]    st_d;
  reg [VW-1:0] v0_q, v0_d, v1_q, v1_d;   // node v = v0 + Dim0 * v1
  reg [VW-1:0] k0_q, k0_d, k1_q, k1_d;   // slot k = k0 + Dim0 * k1
  reg [CW-1:0] cnt_q, cnt_d;             // cycles since the start write
  reg          fin_q, fin_d;             // done seen: the verdict is next
  reg          done_q, done_d;
  reg          bad_q, bad_d, dup_q, dup_d, late_q, late_d, miss_q, miss_d;
  reg [Nodes*Nodes-1:0] seen_q, seen_d;  // bit v*Nodes+s: m_s(v) arrived at v

  wire [31:0]   v0 = 32'(v0_q), v1 = 32'(v1_q), k0 = 32'(k0_q), k1 = 32'(k1_q);
  wire [VW-1:0] node = VW'(v0 + Dim0 * v1);
  // v + k < 2 Dim in each dimension: a compare and a subtract, not a
  // divider (a 32-bit % of torus:6 missed the 12 MHz clock on the UP5K)
  wire [31:0]   s0 = v0 + k0, s1 = v1 + k1;
  wire [31:0]   d0 = s0 >= Dim0 ? s0 - Dim0 : s0, d1 = s1 >= Dim1 ? s1 - Dim1 : s1;
  wire [VW-1:0] dst  = VW'(d0 + Dim0 * d1);
  wire [AddrW-1:0] s_a = AddrW'(node), d_a = AddrW'(dst);
  wire [`XCHG_MSG_W-1:0] msg = {chk(s_a, d_a), s_a, d_a};
  wire last_v = v0_q == VW'(Dim0 - 1) && v1_q == VW'(Dim1 - 1);
  wire last_k = k0_q == VW'(Dim0 - 1) && k1_q == VW'(Dim1 - 1);

  integer v, p;
  reg [FlitW-1:0] f;
  reg [AddrW-1:0] fs, fd;
  reg             unused_f;   // the flit's step field
  reg [Nodes-1:0] src1;       // the flit's source, one-hot
  always @* begin
    st_d = st_q; v0_d = v0_q; v1_d = v1_q; k0_d = k0_q; k1_d = k1_q;
    cnt_d = cnt_q; fin_d = 1'b0; done_d = done_q;
    f = {FlitW{1'b0}}; fs = {AddrW{1'b0}}; fd = {AddrW{1'b0}}; // no latches: every
    unused_f = 1'b0; src1 = {Nodes{1'b0}};                     // path assigns them
    bad_d = bad_q; dup_d = dup_q; late_d = late_q; miss_d = miss_q; seen_d = seen_q;
    bus_we = 1'b0; bus_addr = `XCHG_BUS_ADDR_W'(0); bus_wdata = 32'd0;
    case (st_q)
      SClear: begin
        bus_we = 1'b1; bus_addr = `XCHG_PN_REG_CTRL;
        bus_wdata = Bcast | (32'd1 << `XCHG_PN_CTRL_CLEAR_BIT);
        v0_d = {VW{1'b0}}; v1_d = {VW{1'b0}};
        st_d = SSel;
      end
      SSel: begin
        bus_we = 1'b1; bus_addr = `XCHG_PN_REG_SEL; bus_wdata = 32'(node);
        st_d = SPtr;
      end
      SPtr: begin
        bus_we = 1'b1; bus_addr = `XCHG_PN_REG_MSG_PTR; bus_wdata = 32'd1;
        k0_d = VW'(1 % Dim0); k1_d = VW'(1 / Dim0);   // slot 1
        st_d = SMsg;
      end
      SMsg: begin
        bus_we = 1'b1; bus_addr = `XCHG_PN_REG_MSG_DATA; bus_wdata = 32'(msg);
        if (k0_q == VW'(Dim0 - 1)) begin
          k0_d = {VW{1'b0}}; k1_d = k1_q + 1'b1;
        end else k0_d = k0_q + 1'b1;
        if (last_k) begin
          st_d = last_v ? SSteps : SSel;
          if (v0_q == VW'(Dim0 - 1)) begin
            v0_d = {VW{1'b0}}; v1_d = v1_q + 1'b1;
          end else v0_d = v0_q + 1'b1;
        end
      end
      SSteps: begin
        bus_we = 1'b1; bus_addr = `XCHG_PN_REG_STEPS; bus_wdata = 32'(Steps);
        st_d = SStart;
      end
      SStart: begin
        bus_we = 1'b1; bus_addr = `XCHG_PN_REG_CTRL;
        bus_wdata = Bcast | (32'd1 << `XCHG_PN_CTRL_START_BIT);
        cnt_d = CW'(1);
        st_d = SRun;
      end
      SRun: begin
        cnt_d = cnt_q + 1'b1;
        if (net_done) begin
          fin_d = 1'b1;
          st_d = SIdle;
          if (cnt_q != CW'(Steps + 1) || net_cycles != 32'(Steps + 1)) late_d = 1'b1;
        end else if (cnt_q == CW'(Steps + 1)) begin   // not done in time: give up
          late_d = 1'b1;
          fin_d = 1'b1;
          st_d = SIdle;
        end
      end
      default: ;
    endcase
    // the checker: deliveries of the last cycle at every local port. te-ni
    // is a single-port schedule: a router delivers at most one flit a
    // cycle (a step that receives on two ports breaks the port model and
    // is not executed), so the ports of a node are ORed and checked once
    for (v = 0; v < Nodes; v = v + 1) begin
      f = {FlitW{1'b0}};
      for (p = 0; p < NPorts; p = p + 1) f = f | obs_dlv[(v * NPorts + p) * FlitW +: FlitW];
      fs = f[`XCHG_FLIT_SRC_LSB +: AddrW];
      fd = f[`XCHG_FLIT_DST_LSB +: AddrW];
      unused_f = &{1'b0, f[`XCHG_FLIT_STEP_LSB +: `XCHG_STEP_W]};
      if (f[`XCHG_FLIT_VALID_BIT]) begin
        if (fd != AddrW'(v) || fs >= AddrW'(Nodes) || fs == AddrW'(v) ||
            f[`XCHG_FLIT_CHK_LSB +: `XCHG_CHK_W] != chk(fs, fd)) bad_d = 1'b1;
        else begin   // row v of the seen matrix, through a one-hot mask
          src1 = {{(Nodes-1){1'b0}}, 1'b1} << fs[VW-1:0];
          if (|(seen_d[v * Nodes +: Nodes] & src1)) dup_d = 1'b1;
          seen_d[v * Nodes +: Nodes] = seen_d[v * Nodes +: Nodes] | src1;
        end
      end
    end
    if (net_err || net_errors != 32'd0) bad_d = 1'b1;
    if (fin_q) begin
      done_d = 1'b1;
      for (v = 0; v < Nodes; v = v + 1)
        for (p = 0; p < Nodes; p = p + 1)
          if (v != p && !seen_q[v * Nodes + p]) miss_d = 1'b1;
    end
    if (start_i && (st_q == SIdle) && !fin_q) begin
      st_d = SClear; done_d = 1'b0; bad_d = 1'b0; dup_d = 1'b0; late_d = 1'b0; miss_d = 1'b0;
      seen_d = {Nodes*Nodes{1'b0}};
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q <= SIdle; v0_q <= {VW{1'b0}}; v1_q <= {VW{1'b0}}; k0_q <= {VW{1'b0}}; k1_q <= {VW{1'b0}};
      cnt_q <= {CW{1'b0}}; fin_q <= 1'b0; done_q <= 1'b0;
      bad_q <= 1'b0; dup_q <= 1'b0; late_q <= 1'b0; miss_q <= 1'b0;
      seen_q <= {Nodes*Nodes{1'b0}};
    end else begin
      st_q <= st_d; v0_q <= v0_d; v1_q <= v1_d; k0_q <= k0_d; k1_q <= k1_d;
      cnt_q <= cnt_d; fin_q <= fin_d; done_q <= done_d;
      bad_q <= bad_d; dup_q <= dup_d; late_q <= late_d; miss_q <= miss_d;
      seen_q <= seen_d;
    end
  end

  wire [3:0] why = {late_q, miss_q, dup_q, bad_q};
  assign busy_o = st_q != SIdle || fin_q;
  assign done_o = done_q;
  assign pass_o = done_q && why == 4'd0;
  assign fail_o = done_q && why != 4'd0;
  assign why_o  = why;

  generate
    `XCHG_RANGE(gen_bad_nodes, "xchg_fpga_torus: Nodes", Nodes, 4, 64)
    `XCHG_RANGE(gen_bad_ports, "xchg_fpga_torus: NPorts", NPorts, 1, 8)
    `XCHG_RANGE(gen_bad_steps, "xchg_fpga_torus: Steps", Steps, 1, 255)
    if (Dim0 < 2 || Nodes % Dim0 != 0) begin : gen_bad_dim0
      initial $fatal(1, "xchg_fpga_torus: Dim0 = %0d must be >= 2 and divide Nodes = %0d", Dim0, Nodes);
    end
  endgenerate
endmodule
`default_nettype wire
