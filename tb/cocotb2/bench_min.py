# SPDX-License-Identifier: MIT
"""cocotb bench of the MIN top (rtl/min/xchg_min_top.v) driven by the C
control processor: libxchg's firmware (xc_cp_min_run, through
xc_ffi_min_run) loads every message and the switch settings, starts the
exchange and polls STATUS, and each of its bus accesses is one cycle on
the design's bus ports. The bench watches the last stage's outputs every
cycle and checks each message: once, at its destination, intact.

Environment (test_cocotb2.py sets it): XC_LIBXCHG, XC_NET, XC_L, XC_MODE.
"""
import os

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

import xchg_ffi


async def watch(dut, net, check, flit_w, valid_bit, msg_mask):
    """Every flit leaving the last stage, each cycle, to the check."""
    n = net.call("nodes")
    log_n = n.bit_length() - 1
    nodes = [net.call("line_node", a) for a in range(n)]
    cycle = 0
    while True:
        await RisingEdge(dut.clk_i)
        await ReadOnly()
        cycle += 1
        flits = xchg_ffi.bits(dut.obs_flit_o.value)
        if flits is None:
            continue
        last = flits >> (log_n * n * flit_w)
        for a in range(n):
            f = last >> (a * flit_w) & ((1 << flit_w) - 1)
            if f >> valid_bit & 1:
                check.deliver(cycle, nodes[a], f & msg_mask)


@cocotb.test()
async def exchange_by_the_firmware(dut):
    env = os.environ
    net = xchg_ffi.Net(xchg_ffi.load(), "min", env["XC_NET"], env.get("XC_L"), env.get("XC_MODE", "xor"))
    st, err, bus, check = await xchg_ffi.run_bench(dut, net, watch)
    figures = ("cycles", "delivered", "conflicts", "bus_config", "bus_messages", "bus_control")
    rep = {f: net.report(f) for f in figures}
    n = net.call("nodes")
    net.close()
    dut._log.info("%s %s: firmware %d bus cycles (config %d, messages %d, control %d), hardware %d cycles; "
                  "%d of %d messages delivered once, intact, at their destination", env["XC_NET"],
                  env.get("XC_MODE", "xor"), bus.accesses, rep["bus_config"], rep["bus_messages"],
                  rep["bus_control"], rep["cycles"], len(check.seen), n * n)
    assert st == 0, f"firmware: {err}"
    assert rep["delivered"] == n * n and rep["conflicts"] == 0, f"the hardware's counters: {rep}"
    verdict = check.verdict()
    assert verdict is None, f"deliveries: {verdict}"
