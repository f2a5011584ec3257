// SPDX-License-Identifier: MIT
// xchg_router: one node of a product network (docs/routers.md). NPorts
// link ports (numbered as in sw/pn/xc_topo.h) plus the local port to its
// processor; a message memory of Slots slots; a step-table memory
// (PerNode = 1) or the broadcast step word from xchg_pn_ctrl; the link and
// delivery logic. One schedule step is one clock cycle, store and forward:
// a message sent in step t leaves a slot through link_o (combinational),
// crosses the link and is in the receiver's slot at the end of step t.
//
// The router is built for one port model (Multiport, HalfDuplex) and
// asserts it: a step entry that breaks it, or names a port without a link,
// is not executed and sets the router's error (first error kept, codes
// `XCHG_RERR_*). Every other irregularity (send from an empty slot, a
// missing or unexpected arrival, an overwrite) is reported too.
//
// Circuit mode (wormhole steps, docs/routers.md "Circuit mode"): in a
// step the controller marks as circuit (circ_i), the router is a crossbar
// set by its circuit entry for the step: each input (link ports and the
// local injection port) is passed to an output port or ejected to the
// local memory. Every output has a one-cycle register (cq_q), so a flit
// advances one hop per cycle. After ts_i start-up cycles the router
// streams its inject list, one slot per cycle; ejected flits are stored
// in the slots its eject list names (scatter-gather: one list memory
// holds both, so a packet needs no contiguous run of free slots, and
// no message is copied). A circuit entry that
// breaks the crossbar or the single-port model is not executed.
`default_nettype none
`include "xchg_consts.vh"

module xchg_router #(
  parameter integer NPorts     = 4,  // link ports, 1..32
  parameter integer Slots      = 16, // message slots, 2..1024
  parameter integer SlotW      = 4,  // bits of a slot index, $clog2(Slots) (>= 1)
  parameter integer Depth      = 32, // step-table entries (steps), 1..65536
  parameter integer PerNode    = 1,  // 1: own step-table memory; 0: broadcast table only
  parameter integer Multiport  = 0,  // 0 single-port, 1 multiport
  parameter integer HalfDuplex = 0,  // 0 full duplex, 1 half duplex
  parameter integer ListDepth  = 2,  // inject-list entries (circuit mode), 2..65536
  // derived, not to be set: one port field and the step word
  parameter integer PortW      = `XCHG_TE_SLOT_LSB + 2 * SlotW,
  parameter integer EntryW     = NPorts * PortW,
  parameter integer Wpe        = (EntryW + 31) / 32,   // bus words per entry
  parameter integer TblAw      = Depth * Wpe > 1 ? $clog2(Depth * Wpe) : 1,
  // derived, not to be set: the circuit entry (xc_consts.def CE_*)
  parameter integer ListW      = $clog2(ListDepth),      // bits of an inject-list index
  parameter integer OutW       = $clog2(NPorts + 1),     // an output: link port or eject
  parameter integer RouteW     = 1 + OutW,               // a route field: valid, output
  parameter integer LenW       = SlotW + 1,              // an inject or eject length
  parameter integer CEntryW    = (NPorts + 1) * RouteW + 2 * ListW + 2 * LenW,
  parameter integer CWpe       = (CEntryW + 31) / 32,    // bus words per circuit entry
  parameter integer CTblAw     = Depth * CWpe > 1 ? $clog2(Depth * CWpe) : 1
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,
  // which node this is: inputs, not parameters, so that every router of a
  // network is one Verilated class (one parameter set), whatever its size
  input  wire [`XCHG_ADDR_W-1:0]    node_id_i,
  input  wire [NPorts-1:0]          link_mask_i,  // 1: the port has a link (0: path end)
  input  wire                       clear_i,      // empty every slot, clear the error
  input  wire                       run_i,        // a step executes in this cycle
  input  wire [15:0]                step_i,       // which one (1-based)
  input  wire [31:0]                cycle_i,      // edges since reset (fault injection)
  input  wire                       bcast_i,      // take the broadcast step word
  input  wire [EntryW-1:0]          bcast_entry_i,
  input  wire                       msg_we_i,     // bus: a message word into slot msg_addr_i
  input  wire [31:0]                msg_addr_i,
  input  wire [`XCHG_MSG_W-1:0]     msg_wdata_i,
  input  wire                       tbl_we_i,     // bus: 32 table bits at word tbl_addr_i
  input  wire [31:0]                tbl_addr_i,
  input  wire [31:0]                tbl_wdata_i,  // also the data of circuit and list writes
  // circuit mode
  input  wire                       circ_i,       // a circuit step executes in this cycle
  input  wire [31:0]                rel_i,        // its cycle, 1 .. ts + path cycles
  input  wire [31:0]                ts_i,         // start-up cycles before injection
  input  wire                       last_i,       // the last cycle of the step
  input  wire                       cir_we_i,     // bus: 32 circuit-table bits at word cir_addr_i
  input  wire [31:0]                cir_addr_i,
  input  wire                       lst_we_i,     // bus: an inject-list slot at lst_addr_i
  input  wire [31:0]                lst_addr_i,
  input  wire [NPorts*`XCHG_FLIT_W-1:0] link_i,   // arriving flits, port p at p*FlitW
  output reg  [NPorts*`XCHG_FLIT_W-1:0] link_o,   // leaving flits (combinational)
  output wire [NPorts*`XCHG_FLIT_W-1:0] obs_link_o, // what left in the last cycle
  output wire [NPorts*`XCHG_FLIT_W-1:0] dlv_o,      // local port: delivered in the last cycle
  output wire [NPorts-1:0]          dlv_now_o,    // deliveries in this cycle (counters)
  output wire                       err_new_o,    // the first error happens in this cycle
  output wire [3:0]                 err_code_o,   // first error since clear, `XCHG_RERR_*
  output wire [7:0]                 err_port_o,
  output wire [3:0]                 err_code_now_o, // the code err_new_o reports
  output wire [7:0]                 err_port_now_o
);
  /*verilator no_inline_module*/ // one class for all routers: builds stay small
  localparam integer FlitW = `XCHG_FLIT_W;
  localparam integer MsgW  = `XCHG_MSG_W;
  localparam integer TblWords = Depth * Wpe;
  localparam integer CTblWords = Depth * CWpe;
  localparam integer EjectI = NPorts;
  localparam [OutW-1:0] Eject = EjectI[OutW-1:0]; // the output that ejects to local
  // the legal outputs 0 .. Eject as a mask (a field may hold more when
  // ports + 1 is not a power of two)
  localparam [(1<<OutW)-1:0] OutOk = {(1<<OutW){1'b1}} >> ((1 << OutW) - NPorts - 1);

  // ---- memories: written in the clocked block (array, not a _d copy) ----
  reg [MsgW-1:0]   mem_q [0:Slots-1];
  reg [Slots-1:0]  full_q, full_s, full_d; // full_s: after this step's sends
  reg [3:0]        err_code_q, err_code_d;
  reg [7:0]        err_port_q, err_port_d;
  reg [NPorts*FlitW-1:0] obs_link_q, dlv_q, dlv_d;

  // ---- the step word ----
  wire [EntryW-1:0] entry;
  generate
    if (PerNode != 0) begin : gen_table
      wire [15:0] step_idx = step_i - 16'd1;
      reg [31:0] tbl_q [0:(1<<TblAw)-1];
      wire [Wpe*32-1:0] words;
      // the entry's last bus word may have bits past EntryW
      wire unused_words = &{1'b0, words};
      genvar w;
      for (w = 0; w < Wpe; w = w + 1) begin : gen_word
        wire [31:0] addr = {16'd0, step_idx} * Wpe + w;
        assign words[w*32 +: 32] = addr < TblWords ? tbl_q[addr[TblAw-1:0]] : 32'd0;
      end
      assign entry = bcast_i ? bcast_entry_i : words[EntryW-1:0];
      always @(posedge clk_i) begin
        if (tbl_we_i && tbl_addr_i < TblWords) tbl_q[tbl_addr_i[TblAw-1:0]] <= tbl_wdata_i;
      end
      // back door as for the slots: DIR/<instance path>.tbl.hex
      integer i0;
`ifndef SYNTHESIS
      reg [8*512-1:0] tload_dir, tload_file;
      initial begin
        for (i0 = 0; i0 < (1<<TblAw); i0 = i0 + 1) tbl_q[i0] = 32'd0;
        if ($value$plusargs("xchg_load=%s", tload_dir)) begin
          $sformat(tload_file, "%0s/%m.tbl.hex", tload_dir);
          $readmemh(tload_file, tbl_q);
        end
      end
`else
      initial for (i0 = 0; i0 < (1<<TblAw); i0 = i0 + 1) tbl_q[i0] = 32'd0;
`endif
    end else begin : gen_no_table
      assign entry = bcast_entry_i;
      wire unused_tbl = &{1'b0, tbl_we_i, tbl_addr_i, tbl_wdata_i, bcast_i, step_i[15:`XCHG_ADDR_W]};
    end
  endgenerate

  // ---- circuit table and inject list (front door only) ----
  reg [31:0]      ctbl_q [0:(1<<CTblAw)-1];
  reg [SlotW-1:0] lst_q  [0:ListDepth-1];
  wire [CWpe*32-1:0] cwords;
  // the entry's last bus word may have bits past CEntryW
  wire unused_cwords = &{1'b0, cwords};
  wire [15:0] cstep_idx = step_i - 16'd1;
  genvar cw;
  generate
    for (cw = 0; cw < CWpe; cw = cw + 1) begin : gen_cword
      wire [31:0] addr = {16'd0, cstep_idx} * CWpe + cw;
      assign cwords[cw*32 +: 32] = addr < CTblWords ? ctbl_q[addr[CTblAw-1:0]] : 32'd0;
    end
  endgenerate
  wire [CEntryW-1:0] centry = cwords[CEntryW-1:0];
  always @(posedge clk_i) begin
    if (cir_we_i && cir_addr_i < CTblWords) ctbl_q[cir_addr_i[CTblAw-1:0]] <= tbl_wdata_i;
    if (lst_we_i && lst_addr_i < ListDepth) lst_q[lst_addr_i[ListW-1:0]] <= tbl_wdata_i[SlotW-1:0];
  end
  integer i2;
`ifndef SYNTHESIS
  // back door (simulation only): +xchg_cload=DIR loads DIR/<instance
  // path>.cir.hex and .lst.hex (the store-and-forward back door is
  // +xchg_load, so its runs need no circuit files)
  reg [8*512-1:0] cload_dir, cload_file;
`endif
  initial begin
    for (i2 = 0; i2 < (1<<CTblAw); i2 = i2 + 1) ctbl_q[i2] = 32'd0;
    for (i2 = 0; i2 < ListDepth; i2 = i2 + 1) lst_q[i2] = {SlotW{1'b0}};
`ifndef SYNTHESIS
    if ($value$plusargs("xchg_cload=%s", cload_dir)) begin
      $sformat(cload_file, "%0s/%m.cir.hex", cload_dir);
      $readmemh(cload_file, ctbl_q);
      $sformat(cload_file, "%0s/%m.lst.hex", cload_dir);
      $readmemh(cload_file, lst_q);
    end
`endif
  end

  // ---- decode, model checks ----
  reg [NPorts-1:0] send_v, send_keep, recv_v, recv_store, recv_dlv;
  reg [NPorts-1:0] arrive;
  reg [SlotW-1:0]  send_slot [0:NPorts-1];
  reg [SlotW-1:0]  recv_slot [0:NPorts-1];
  reg [7:0]        n_send, n_recv;
  reg              bad_model, bad_link, bad_slot, exec;
  reg [7:0]        link_port; // the first port without a link the entry uses
  reg [3:0]        code_now, code_send;
  reg [7:0]        port_now, port_send;
  reg [NPorts*FlitW-1:0] out;
  reg [NPorts-1:0] dlv_now;
  integer p, q;
  // circuit step
  reg [NPorts:0]   r_v;                  // input i is routed (i = NPorts: local)
  reg [OutW-1:0]   r_out [0:NPorts];     // to this output (Eject: local memory)
  reg [ListW-1:0]  inj_ptr, inj_idx, ej_ptr, ej_idx;
  reg [LenW-1:0]   inj_len, ej_len;
  reg [SlotW-1:0]  inj_slot, ej_addr;
  reg [7:0]        n_ej;
  reg              bad_cross, bad_clink, bad_cslot, bad_cmodel, cexec, injecting;
  reg [31:0]       inj_k, cnt, cnt_q, cnt_d;
  reg [FlitW-1:0]  inj_flit;
  reg [NPorts*FlitW-1:0] cq_q, cq_d;     // the output registers of the crossbar
  reg              ej_we;
  reg [MsgW-1:0]   ej_wdata;
  integer i3, j3;
  wire [NPorts:0]  mask_x = {1'b0, link_mask_i}; // indexable by an output

  // the first error noted in this cycle wins: checks run in the order
  // model, link, slot index, then port by port (sends, then arrivals)
  task automatic note_s(input [3:0] code, input [7:0] port);
    if (code_send == 4'd0) begin
      code_send = code;
      port_send = port;
    end
  endtask
  task automatic note(input [3:0] code, input [7:0] port);
    if (code_now == 4'd0) begin
      code_now = code;
      port_now = port;
    end
  endtask

  always @* begin
    n_send = 8'd0;
    n_recv = 8'd0;
    bad_model = 1'b0;
    bad_link = 1'b0;
    link_port = 8'd0;
    bad_slot = 1'b0;
    code_send = 4'd0;
    port_send = 8'd0;
    for (p = 0; p < NPorts; p = p + 1) begin
      send_v[p]     = run_i && entry[p*PortW + `XCHG_TE_SEND_V];
      send_keep[p]  = entry[p*PortW + `XCHG_TE_SEND_KEEP];
      recv_v[p]     = run_i && entry[p*PortW + `XCHG_TE_RECV_V];
      recv_store[p] = entry[p*PortW + `XCHG_TE_RECV_STORE];
      recv_dlv[p]   = entry[p*PortW + `XCHG_TE_RECV_DLV];
      send_slot[p]  = entry[p*PortW + `XCHG_TE_SLOT_LSB +: SlotW];
      recv_slot[p]  = entry[p*PortW + `XCHG_TE_SLOT_LSB + SlotW +: SlotW];
      n_send = n_send + {7'd0, send_v[p]};
      n_recv = n_recv + {7'd0, recv_v[p]};
      if ((send_v[p] || recv_v[p]) && !link_mask_i[p] && !bad_link) begin
        bad_link = 1'b1;
        link_port = p[7:0];
      end
      if ((send_v[p] && {{(32-SlotW){1'b0}}, send_slot[p]} >= Slots) ||
          (recv_v[p] && recv_store[p] && {{(32-SlotW){1'b0}}, recv_slot[p]} >= Slots)) bad_slot = 1'b1;
      if (HalfDuplex != 0 && Multiport != 0 && send_v[p] && recv_v[p]) bad_model = 1'b1;
    end
    if (Multiport == 0 && (n_send > 8'd1 || n_recv > 8'd1)) bad_model = 1'b1;
    if (HalfDuplex != 0 && Multiport == 0 && n_send != 8'd0 && n_recv != 8'd0) bad_model = 1'b1;
    exec = run_i && !bad_model && !bad_link && !bad_slot;
    if (run_i && bad_model) note_s(`XCHG_RERR_MODEL, 0);
    if (run_i && bad_link) note_s(`XCHG_RERR_NOLINK, link_port);
    if (run_i && bad_slot) note_s(`XCHG_RERR_SLOTS, 0);

    // sends: read the slots as they are before this step
    full_s = full_q;
    out = {NPorts*FlitW{1'b0}};
    for (p = 0; p < NPorts; p = p + 1) begin
      if (exec && send_v[p]) begin
        if (full_q[send_slot[p]])
          out[p*FlitW +: FlitW] = {1'b1, step_i[`XCHG_ADDR_W-1:0], mem_q[send_slot[p]]};
        else
          note_s(`XCHG_RERR_EMPTY, p[7:0]);
        if (!send_keep[p]) full_s[send_slot[p]] = 1'b0;
      end
    end

    // circuit step: decode and check the entry, then the injection
    for (i3 = 0; i3 <= NPorts; i3 = i3 + 1) begin
      r_v[i3]   = centry[i3*RouteW + `XCHG_CE_ROUTE_V];
      r_out[i3] = centry[i3*RouteW + `XCHG_CE_OUT_LSB +: OutW];
    end
    inj_ptr = centry[(NPorts+1)*RouteW +: ListW];
    inj_len = centry[(NPorts+1)*RouteW + ListW +: LenW];
    ej_ptr  = centry[(NPorts+1)*RouteW + ListW + LenW +: ListW];
    ej_len  = centry[(NPorts+1)*RouteW + 2*ListW + LenW +: LenW];
    bad_cross = 1'b0;
    bad_clink = 1'b0;
    bad_cslot = 1'b0;
    n_ej = 8'd0;
    for (i3 = 0; i3 <= NPorts; i3 = i3 + 1) begin
      if (r_v[i3]) begin
        if (!OutOk[r_out[i3]]) bad_cross = 1'b1;   // beyond Eject
        if (r_out[i3] == Eject) n_ej = n_ej + 8'd1;
        if (i3 < NPorts && !link_mask_i[i3]) bad_clink = 1'b1;
        if (r_out[i3] < Eject && !mask_x[r_out[i3]]) bad_clink = 1'b1;
        for (j3 = i3 + 1; j3 <= NPorts; j3 = j3 + 1)
          if (r_v[j3] && r_out[j3] == r_out[i3] && r_out[i3] != Eject) bad_cross = 1'b1;
      end
    end
    if (r_v[NPorts] && r_out[NPorts] == Eject) bad_cross = 1'b1;     // injects to itself
    if (r_v[NPorts] != (inj_len != {LenW{1'b0}})) bad_cross = 1'b1;  // route and data disagree
    if ((n_ej != 8'd0) != (ej_len != {LenW{1'b0}})) bad_cross = 1'b1;
    bad_cmodel = n_ej > 8'd1;                                       // single-port: one ejection
    if ({{(32-ListW){1'b0}}, ej_ptr} + {{(32-LenW){1'b0}}, ej_len} > ListDepth ||
        {{(32-ListW){1'b0}}, inj_ptr} + {{(32-LenW){1'b0}}, inj_len} > ListDepth) bad_cslot = 1'b1;
    cexec = circ_i && !bad_cross && !bad_clink && !bad_cslot && !bad_cmodel;
    if (circ_i && bad_cmodel) note_s(`XCHG_RERR_MODEL, EjectI[7:0]);
    if (circ_i && bad_clink) note_s(`XCHG_RERR_NOLINK, 0);
    if (circ_i && bad_cross) note_s(`XCHG_RERR_CROSS, EjectI[7:0]);
    if (circ_i && bad_cslot) note_s(`XCHG_RERR_SLOTS, 0);
    // flit k of the packet is loaded into the output register in cycle
    // ts + k, so it is on the first link in cycle ts + 1 + k
    inj_k = rel_i - ts_i;
    injecting = cexec && rel_i >= ts_i && inj_k < {{(32-LenW){1'b0}}, inj_len};
    inj_idx = inj_ptr + inj_k[ListW-1:0];
    inj_slot = lst_q[inj_idx];
    inj_flit = {FlitW{1'b0}};
    if (injecting && {{(32-SlotW){1'b0}}, inj_slot} >= Slots) note_s(`XCHG_RERR_SLOTS, EjectI[7:0]);
    else if (injecting) begin
      if (full_q[inj_slot])
        inj_flit = {1'b1, step_i[`XCHG_ADDR_W-1:0], mem_q[inj_slot]};
      else
        note_s(`XCHG_RERR_EMPTY, EjectI[7:0]);
      full_s[inj_slot] = 1'b0;
    end
  end

  // the receive side (apart from the send side, which must not depend on
  // link_i: the links form loops through the neighbours)
  always @* begin
    code_now = code_send;
    port_now = port_send;
    full_d = full_s;
    // arrivals
    dlv_d = {NPorts*FlitW{1'b0}};
    for (q = 0; q < NPorts; q = q + 1) arrive[q] = link_i[q*FlitW + `XCHG_FLIT_VALID_BIT];
    dlv_now = {NPorts{1'b0}};
    for (q = 0; q < NPorts; q = q + 1) begin
      if (exec && recv_v[q] && !arrive[q]) note(`XCHG_RERR_MISSING, q[7:0]);
      if (arrive[q] && !(exec && recv_v[q]) && !(cexec && r_v[q])) note(`XCHG_RERR_UNEXP, q[7:0]);
      if (exec && recv_v[q] && arrive[q]) begin
        if (recv_dlv[q]) begin
          dlv_d[q*FlitW +: FlitW] = link_i[q*FlitW +: FlitW];
          dlv_now[q] = 1'b1;
        end
        if (recv_store[q]) begin
          if (full_d[recv_slot[q]]) note(`XCHG_RERR_OVERWRITE, q[7:0]);
          full_d[recv_slot[q]] = 1'b1;
        end
      end
    end
    // circuit step: the crossbar into the output registers, the ejection
    cq_d = {NPorts*FlitW{1'b0}};
    cnt = rel_i == 32'd1 ? 32'd0 : cnt_q;
    ej_we = 1'b0;
    ej_addr = {SlotW{1'b0}};
    ej_idx = {ListW{1'b0}};
    ej_wdata = {MsgW{1'b0}};
    for (q = 0; q < NPorts; q = q + 1) begin
      if (cexec && r_v[q] && r_out[q] != Eject)
        cq_d[r_out[q]*FlitW +: FlitW] = link_i[q*FlitW +: FlitW];
      if (cexec && r_v[q] && r_out[q] == Eject && arrive[q]) begin
        dlv_d[q*FlitW +: FlitW] = link_i[q*FlitW +: FlitW];
        // delivered: the flit has reached its destination (a master
        // collecting for others stores it too)
        dlv_now[q] = link_i[q*FlitW + `XCHG_FLIT_DST_LSB +: `XCHG_ADDR_W] == node_id_i;
        ej_idx = ej_ptr + cnt[ListW-1:0];
        ej_addr = lst_q[ej_idx];
        if (cnt >= {{(32-LenW){1'b0}}, ej_len}) note(`XCHG_RERR_COUNT, q[7:0]);
        else if ({{(32-SlotW){1'b0}}, ej_addr} >= Slots) note(`XCHG_RERR_SLOTS, q[7:0]);
        else begin
          if (full_d[ej_addr]) note(`XCHG_RERR_OVERWRITE, q[7:0]);
          full_d[ej_addr] = 1'b1;
          ej_we = 1'b1;
          ej_wdata = link_i[q*FlitW +: MsgW];
        end
        cnt = cnt + 32'd1;
      end
    end
    if (cexec && r_v[NPorts] && r_out[NPorts] != Eject)
      cq_d[r_out[NPorts]*FlitW +: FlitW] = inj_flit;
    if (cexec && last_i) begin
      if (cnt != {{(32-LenW){1'b0}}, ej_len}) note(`XCHG_RERR_COUNT, EjectI[7:0]);
      for (q = 0; q < NPorts; q = q + 1)
        if (cq_d[q*FlitW + `XCHG_FLIT_VALID_BIT]) note(`XCHG_RERR_LATE, q[7:0]);
    end
    cnt_d = circ_i ? cnt : 32'd0;
    if (clear_i) cq_d = {NPorts*FlitW{1'b0}};
    if (clear_i) full_d = {Slots{1'b0}};
    if (msg_we_i && msg_addr_i < Slots) full_d[msg_addr_i[SlotW-1:0]] = 1'b1;
    err_code_d = err_code_q;
    err_port_d = err_port_q;
    if (err_code_q == 4'd0) begin
      err_code_d = code_now;
      err_port_d = port_now;
    end
    if (clear_i) begin
      err_code_d = 4'd0;
      err_port_d = 8'd0;
    end
  end

  // what leaves: store-and-forward sends (combinational) or the crossbar's
  // output registers (circuit steps); never both in one cycle
  wire [NPorts*FlitW-1:0] out_all = out | cq_q;

  // ---- fault injection (simulation only): up to `XCHG_FAULT_SLOTS slots,
  // +xchg_f<i>_kind=K +xchg_f<i>_node=V [+xchg_f<i>_port=P] +xchg_f<i>_cycle=C:
  // at edge C after reset, node V's flit leaving on port P (default: its
  // lowest sending port) is dropped, duplicated onto port P+1, corrupted
  // (source bit 0) or sent on port P+1 instead (kinds `XCHG_FAULT_*).
`ifndef SYNTHESIS
  localparam integer FSlots = `XCHG_FAULT_SLOTS;
  integer f_kind [0:FSlots-1];
  integer f_node [0:FSlots-1];
  integer f_port [0:FSlots-1];
  integer f_cycle [0:FSlots-1];
  integer fs, fp, fq;
  integer p_val;  // a plusarg's value (Icarus reads plusargs into plain variables only)
  initial begin
    for (fs = 0; fs < FSlots; fs = fs + 1) begin
      f_kind[fs] = 0; f_node[fs] = -1; f_port[fs] = -1; f_cycle[fs] = -1;
    end
    // format strings must be literals: one block per slot
    if ($value$plusargs("xchg_f0_kind=%d", p_val)) begin
      f_kind[0] = p_val;
      if ($value$plusargs("xchg_f0_node=%d", p_val)) f_node[0] = p_val;
      if ($value$plusargs("xchg_f0_port=%d", p_val)) f_port[0] = p_val;
      if ($value$plusargs("xchg_f0_cycle=%d", p_val)) f_cycle[0] = p_val;
    end
    if ($value$plusargs("xchg_f1_kind=%d", p_val)) begin
      f_kind[1] = p_val;
      if ($value$plusargs("xchg_f1_node=%d", p_val)) f_node[1] = p_val;
      if ($value$plusargs("xchg_f1_port=%d", p_val)) f_port[1] = p_val;
      if ($value$plusargs("xchg_f1_cycle=%d", p_val)) f_cycle[1] = p_val;
    end
    if ($value$plusargs("xchg_f2_kind=%d", p_val)) begin
      f_kind[2] = p_val;
      if ($value$plusargs("xchg_f2_node=%d", p_val)) f_node[2] = p_val;
      if ($value$plusargs("xchg_f2_port=%d", p_val)) f_port[2] = p_val;
      if ($value$plusargs("xchg_f2_cycle=%d", p_val)) f_cycle[2] = p_val;
    end
    if ($value$plusargs("xchg_f3_kind=%d", p_val)) begin
      f_kind[3] = p_val;
      if ($value$plusargs("xchg_f3_node=%d", p_val)) f_node[3] = p_val;
      if ($value$plusargs("xchg_f3_port=%d", p_val)) f_port[3] = p_val;
      if ($value$plusargs("xchg_f3_cycle=%d", p_val)) f_cycle[3] = p_val;
    end
  end
  always @* begin
    link_o = out_all;
    for (fs = 0; fs < FSlots; fs = fs + 1) begin
      if (f_kind[fs] != 0 && f_node[fs] == {22'd0, node_id_i} && cycle_i + 32'd1 == f_cycle[fs]) begin
        fp = f_port[fs];
        if (fp < 0)
          for (fq = NPorts - 1; fq >= 0; fq = fq - 1)
            if (out_all[fq*FlitW + `XCHG_FLIT_VALID_BIT]) fp = fq;
        if (fp >= 0 && fp < NPorts) begin
          fq = (fp + 1) % NPorts;
          case (f_kind[fs])
            `XCHG_FAULT_DROP:    link_o[fp*FlitW +: FlitW] = {FlitW{1'b0}};
            `XCHG_FAULT_DUP:     link_o[fq*FlitW +: FlitW] = link_o[fp*FlitW +: FlitW];
            `XCHG_FAULT_CORRUPT: link_o[fp*FlitW + `XCHG_FLIT_SRC_LSB] =
                                     ~link_o[fp*FlitW + `XCHG_FLIT_SRC_LSB];
            `XCHG_FAULT_PORT: begin
              link_o[fq*FlitW +: FlitW] = link_o[fp*FlitW +: FlitW];
              link_o[fp*FlitW +: FlitW] = {FlitW{1'b0}};
            end
            default: ;
          endcase
        end
      end
    end
  end
`else
  always @* link_o = out_all;
  wire unused_fault = &{1'b0, cycle_i, node_id_i}; // only fault injection reads them
`endif

  // per-port names for the waves: one GTKWave group per node shows these
  genvar gp;
  generate
    for (gp = 0; gp < NPorts; gp = gp + 1) begin : gen_port
      // during the cycle of a step (the lock-step compares them at its end)
      wire [FlitW-1:0] link_flit = link_o[gp*FlitW +: FlitW]; // leaving on port gp
      wire [FlitW-1:0] dlv_flit  = dlv_d[gp*FlitW +: FlitW];  // arriving on gp, delivered
      wire unused_waves = &{1'b0, link_flit, dlv_flit};       // read by the waves only
    end
  endgenerate

  integer r;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      full_q     <= load_full;
      err_code_q <= 4'd0;
      err_port_q <= 8'd0;
      obs_link_q <= {NPorts*FlitW{1'b0}};
      dlv_q      <= {NPorts*FlitW{1'b0}};
      cq_q       <= {NPorts*FlitW{1'b0}};
      cnt_q      <= 32'd0;
    end else begin
      cq_q       <= cq_d;
      cnt_q      <= cnt_d;
      full_q     <= full_d;
      err_code_q <= err_code_d;
      err_port_q <= err_port_d;
      obs_link_q <= link_o;
      dlv_q      <= dlv_d;
    end
    // the message memory: bus writes, and the arrivals of a step
    if (msg_we_i && msg_addr_i < Slots) mem_q[msg_addr_i[SlotW-1:0]] <= msg_wdata_i;
    for (r = 0; r < NPorts; r = r + 1)
      if (exec && recv_v[r] && recv_store[r] && arrive[r])
        mem_q[recv_slot[r]] <= link_i[r*FlitW +: MsgW];
    if (ej_we) mem_q[ej_addr] <= ej_wdata;
  end
  // Simulation starts from empty slots, as the golden model does. Back
  // door (simulation only, for big networks): +xchg_load=DIR fills the
  // slots from DIR/<instance path>.msg.hex, one word per slot, bit MsgW =
  // full, and the reset edge takes those full bits.
  reg [Slots-1:0] load_full;
  integer i1;
`ifndef SYNTHESIS
  reg [8*512-1:0] load_dir, load_file;
  reg [MsgW:0]    load_q [0:Slots-1];
  initial begin
    load_full = {Slots{1'b0}};
    for (i1 = 0; i1 < Slots; i1 = i1 + 1) mem_q[i1] = {MsgW{1'b0}};
    if ($value$plusargs("xchg_load=%s", load_dir)) begin
      for (i1 = 0; i1 < Slots; i1 = i1 + 1) load_q[i1] = {(MsgW+1){1'b0}};
      $sformat(load_file, "%0s/%m.msg.hex", load_dir);
      $readmemh(load_file, load_q);
      for (i1 = 0; i1 < Slots; i1 = i1 + 1) begin
        mem_q[i1] = load_q[i1][MsgW-1:0];
        load_full[i1] = load_q[i1][MsgW];
      end
    end
  end
`else
  initial begin
    load_full = {Slots{1'b0}};
    for (i1 = 0; i1 < Slots; i1 = i1 + 1) mem_q[i1] = {MsgW{1'b0}};
  end
`endif

  assign obs_link_o     = obs_link_q;
  assign dlv_o          = dlv_q;
  assign dlv_now_o      = dlv_now;
  assign err_new_o      = err_code_q == 4'd0 && code_now != 4'd0 && !clear_i;
  assign err_code_o     = err_code_q;
  assign err_port_o     = err_port_q;
  assign err_code_now_o = code_now;
  assign err_port_now_o = port_now;

  generate
    if (NPorts < 1 || NPorts > 32) begin : gen_bad_ports
      initial $fatal(1, "xchg_router: NPorts = %0d, allowed 1..32", NPorts);
    end
    if (Slots < 2 || Slots > 4096 || (1 << SlotW) < Slots || SlotW < 1) begin : gen_bad_slots
      initial $fatal(1, "xchg_router: Slots = %0d, SlotW = %0d: need 2..4096 slots in SlotW bits", Slots, SlotW);
    end
    if (Depth < 1 || Depth > 65536) begin : gen_bad_depth
      initial $fatal(1, "xchg_router: Depth = %0d, allowed 1..65536", Depth);
    end
    if (ListDepth < 2 || ListDepth > 65536 || (1 << ListW) != ListDepth) begin : gen_bad_list
      initial $fatal(1, "xchg_router: ListDepth = %0d, allowed a power of two 2..65536", ListDepth);
    end
    if (Multiport < 0 || Multiport > 1 || HalfDuplex < 0 || HalfDuplex > 1) begin : gen_bad_model
      initial $fatal(1, "xchg_router: Multiport and HalfDuplex are 0 or 1");
    end
  endgenerate
endmodule
`default_nettype wire
