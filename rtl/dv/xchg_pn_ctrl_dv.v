// SPDX-License-Identifier: MIT
// xchg_pn_ctrl_dv: the simulation shell around xchg_pn_ctrl (never read by
// synthesis; the generated xchg_pn_top instantiates it as u_ctrl when
// SYNTHESIS is not defined). The back door: +xchg_load=DIR loads the
// broadcast step table from DIR/bcast.tbl.hex, +xchg_cload=DIR the step
// budgets from DIR/bud.hex, +xchg_rom=FILE a ROM image (the words a
// BcastInit ROM holds: one cached model of a ROM build serves every run,
// each naming its own image). The files are read at time 0 and written
// into the controller's memories at the reset edge, after their initial
// values. +xchg_verbose[=LEVEL] (xchg run
// --plusarg): on stderr, level 1 a line with the parameters at time 0,
// level 2 also a line whenever the step changes.
`default_nettype none
`include "pn/xchg_pn_widths.vh"
`include "xchg_verbose.vh"

module xchg_pn_ctrl_dv #(
`include "pn/xchg_pn_ctrl_params.vh"
) (
`include "pn/xchg_pn_ctrl_ports.vh"
);

  localparam integer TblAw   = `XCHG_PN_AW(Depth * `XCHG_PN_WPE(NPorts, SlotW));
  localparam integer DepthAw = `XCHG_PN_AW(Depth);

  xchg_pn_ctrl #(
    .Nodes(Nodes), .NPorts(NPorts), .SlotW(SlotW), .Depth(Depth), .Multiport(Multiport),
    .HalfDuplex(HalfDuplex), .BcastInit(BcastInit), .ListDepth(ListDepth),
    .Ahead(Ahead), .Slots(Slots)
  ) u_ctrl (
    .clk_i(clk_i), .rst_ni(rst_ni), .bus_we_i(bus_we_i), .bus_re_i(bus_re_i),
    .bus_addr_i(bus_addr_i), .bus_wdata_i(bus_wdata_i), .bus_rdata_o(bus_rdata_o),
    .clear_o(clear_o), .run_o(run_o), .step_o(step_o), .bcast_o(bcast_o),
    .bcast_entry_o(bcast_entry_o), .bcast_dec_o(bcast_dec_o), .sel_o(sel_o), .msg_we_o(msg_we_o), .msg_addr_o(msg_addr_o),
    .msg_wdata_o(msg_wdata_o), .tbl_we_o(tbl_we_o), .tbl_addr_o(tbl_addr_o),
    .tbl_wdata_o(tbl_wdata_o), .circ_o(circ_o), .rel_o(rel_o), .ts_o(ts_o), .last_o(last_o),
    .cir_we_o(cir_we_o), .cir_addr_o(cir_addr_o), .lst_we_o(lst_we_o), .lst_addr_o(lst_addr_o),
    .dlv_now_i(dlv_now_i), .err_now_i(err_now_i), .obs_status_o(obs_status_o), .obs_step_o(obs_step_o),
    .obs_cycles_o(obs_cycles_o), .obs_delivered_o(obs_delivered_o), .obs_errors_o(obs_errors_o),
    .obs_err_info_o(obs_err_info_o), .obs_err_step_o(obs_err_step_o)
  );

  reg [8*512-1:0] load_dir, cload_dir, load_file, rom_file;
  reg             load_on, cload_on, rom_on;
  reg [31:0]      bload_m [0:(1<<TblAw)-1];
  reg [31:0]      uload_m [0:(1<<DepthAw)-1];
  integer i;
  initial begin
    load_on = $value$plusargs("xchg_load=%s", load_dir) != 0;
    cload_on = $value$plusargs("xchg_cload=%s", cload_dir) != 0;
    rom_on = $value$plusargs("xchg_rom=%s", rom_file) != 0;
    for (i = 0; i < (1<<TblAw); i = i + 1) bload_m[i] = 32'd0;
    for (i = 0; i < (1<<DepthAw); i = i + 1) uload_m[i] = 32'd0;
    if (rom_on) $readmemh(rom_file, bload_m);
    if (load_on) begin
      $sformat(load_file, "%0s/bcast.tbl.hex", load_dir);
      $readmemh(load_file, bload_m);
    end
    if (cload_on) begin
      $sformat(load_file, "%0s/bud.hex", cload_dir);
      $readmemh(load_file, uload_m);
    end
  end
  // simulation-only blocking writes from outside, once, at the reset edge
  always @(posedge clk_i) begin
    if (!rst_ni && (load_on || rom_on))
      for (i = 0; i < (1<<TblAw); i = i + 1) u_ctrl.btbl_q[i] = bload_m[i];
    if (!rst_ni && cload_on)
      for (i = 0; i < (1<<DepthAw); i = i + 1) u_ctrl.bud_q[i] = uload_m[i];
  end

  // ---- +xchg_verbose[=LEVEL]: notes on stderr (fd 0x80000002) ----
  `XCHG_VERBOSE($fdisplay(32'h8000_0002, "xchg_pn_ctrl_dv: +xchg_verbose=%0d: Nodes=%0d NPorts=%0d Depth=%0d",
                          verbose, Nodes, NPorts, Depth))
  reg [31:0] last_step = 32'd0;
  always @(posedge clk_i)
    if (verbose > 1 && rst_ni && obs_step_o != last_step) begin
      $fdisplay(32'h8000_0002, "xchg_pn_ctrl_dv: cycle %0d: step %0d", obs_cycles_o, obs_step_o);
      last_step <= obs_step_o;
    end
endmodule
`default_nettype wire
