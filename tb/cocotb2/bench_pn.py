# SPDX-License-Identifier: MIT
"""cocotb bench of a router network (the xchg_pn_top libxchg writes for
the network) driven by the C control processor: libxchg's firmware
(xc_cp_pn_run, through xc_ffi_pn_run) identifies the hardware, clears it,
loads every node's messages and step table, starts and polls STATUS, each
bus access one cycle on the top's bus ports. The bench watches every
router's local deliveries (dlv_o, one lane a port) every cycle and checks
each message: once, at its destination, intact.

Environment (test_cocotb2.py sets it): XC_LIBXCHG, XC_NET, XC_ALGO.
"""
import ctypes as C
import os

import cocotb
from cocotb.triggers import ReadOnly, RisingEdge

import xchg_ffi


def router(dut, net, v):
    """Router v's shell below the top, by the scope libxchg names."""
    buf = C.create_string_buffer(64)
    assert net.call("router_scope", v, buf, len(buf)) == 0
    h = dut
    for part in buf.value.decode().split("."):
        h = getattr(h, part)
    return h


async def watch(dut, net, check, flit_w, valid_bit, msg_mask):
    """Every router's deliveries of the last cycle, each cycle, to the check."""
    nodes, ports = net.call("nodes"), net.call("ports")
    dlv = [router(dut, net, v).dlv_o for v in range(nodes)]
    lane_w = len(dlv[0]) // ports
    cycle = 0
    while True:
        await RisingEdge(dut.clk_i)
        await ReadOnly()
        cycle += 1
        for v in range(nodes):
            lanes = xchg_ffi.bits(dlv[v].value)
            if not lanes:
                continue
            for p in range(ports):
                f = lanes >> (p * lane_w) & ((1 << flit_w) - 1)
                if f >> valid_bit & 1:
                    check.deliver(cycle, v, f & msg_mask)


@cocotb.test()
async def exchange_by_the_firmware(dut):
    net = xchg_ffi.Net(xchg_ffi.load(), "pn", os.environ["XC_NET"], os.environ["XC_ALGO"])
    st, err, bus, check = await xchg_ffi.run_bench(dut, net, watch)
    rep = {f: net.report(f) for f in ("cycles", "delivered", "errors", "bus_tables", "bus_messages", "bus_control")}
    n, steps = net.call("nodes"), net.call("steps")
    net.close()
    dut._log.info("%s %s: firmware %d bus cycles (tables %d, messages %d, control %d), %d steps in %d cycles; "
                  "%d of %d messages delivered once, intact, at their destination", os.environ["XC_NET"],
                  os.environ["XC_ALGO"], bus.accesses, rep["bus_tables"], rep["bus_messages"], rep["bus_control"],
                  steps, rep["cycles"], len(check.seen), n * (n - 1))
    assert st == 0, f"firmware: {err}"
    assert rep["delivered"] == n * (n - 1) and rep["errors"] == 0, f"the hardware's counters: {rep}"
    verdict = check.verdict()
    assert verdict is None, f"deliveries: {verdict}"
