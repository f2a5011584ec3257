// SPDX-License-Identifier: MIT
// The replay loop shared by tb/rtl/xchg_min_replay_tb.v and tb/rtl/xchg_pn_replay_tb.v,
// included inside the bench module. The bench provides ObsW, xchg_replay_bus.vh (BusW,
// the bus registers, clk_i, rst_ni), xchg_replay_report.vh (max_report), `actual` (the
// DUT's outputs packed as in obs.hex) and report(cycle, expected, actual). +vectors=DIR
// names the folder; each cycle drives bus.hex, clocks once, compares with obs.hex.
  reg [1023:0]   dir;
  reg [BusW-1:0] bus_vec;
  reg [ObsW-1:0] obs_vec;
  integer fd_bus, fd_obs, cyc, bad_cycles, first_bad;
  initial begin
    if (!$value$plusargs("vectors=%s", dir)) begin
      $display("FAIL %m: give +vectors=DIR");
      $fatal(0, "no vectors");
    end
    if (!$value$plusargs("max_report=%d", max_report)) max_report = 1;
    fd_bus = $fopen({dir, "/bus.hex"}, "r");
    fd_obs = $fopen({dir, "/obs.hex"}, "r");
    if (fd_bus == 0 || fd_obs == 0) begin
      $display("FAIL %m: cannot open %0s/bus.hex or obs.hex", dir);
      $fatal(0, "no vectors");
    end
    // the reset edge, as the Verilator harness does it. Each cycle's
    // inputs change 1 ns after the rising edge that ends the cycle before,
    // as a register's would: the block-RAM routers (Bram = 1) write at
    // the falling edge in the middle of the cycle, which must see them
    #5 clk_i = 1'b1;
    #1 rst_ni = 1'b1;
    bad_cycles = 0;
    first_bad = 0;
    for (cyc = 1; cyc <= `XV_CYCLES; cyc = cyc + 1) begin
      if ($fscanf(fd_bus, "%h\n", bus_vec) != 1 || $fscanf(fd_obs, "%h\n", obs_vec) != 1) begin
        $display("FAIL %m: %0s ends at cycle %0d of %0d", dir, cyc, `XV_CYCLES);
        $fatal(0, "vectors end early");
      end
      {bus_we_i, bus_re_i, bus_addr_i, bus_wdata_i} = bus_vec;
      #4 clk_i = 1'b0;
      #5 clk_i = 1'b1;
      #1;
      if (actual !== obs_vec) begin
        if (bad_cycles == 0) begin
          first_bad = cyc;
          $display("first difference at cycle %0d (%0s):", cyc, `XV_NET);
        end
        bad_cycles = bad_cycles + 1;
        report(cyc, obs_vec, actual);
      end
    end
    if (bad_cycles == 0)
      $display("PASS %0s: %0d cycles replayed, every output equal", `XV_NET, `XV_CYCLES);
    else begin
      $display("FAIL %0s: %0d of %0d cycles differ, the first at cycle %0d", `XV_NET, bad_cycles,
               `XV_CYCLES, first_bad);
      $fatal(0, "replay differs"); // a non-zero exit from vvp: scripts and CI see the FAIL
    end
    $finish;
  end
