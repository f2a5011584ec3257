# SPDX-License-Identifier: MIT
"""cocotb bench of xchg_min_top, scored through libxc (ctypes).

Each cycle the bus inputs the control processor issued in a golden run
(bus.hex) go to the RTL and to libxc's golden model (xc_gm_min_tick); after
the edge every flit of the last stage and the delivered counter must be
equal, and each delivered flit goes to libxc's scoreboard (xc_score), which
at the end must say: every message once, intact, at the right output.
"""
import ctypes as C
import os
import re

import cocotb
from cocotb.triggers import Timer

MAX_LOG = 10  # XC_MIN_MAX_LOG in sw/min/xc_min.h


class XcMin(C.Structure):
    _fields_ = [("topo", C.c_int), ("n_lines", C.c_uint), ("log_n", C.c_uint),
                ("perm", (C.c_uint8 * MAX_LOG) * (MAX_LOG + 1)), ("route_bit", C.c_uint8 * MAX_LOG)]


class XcMinBus(C.Structure):
    _fields_ = [("we", C.c_uint8), ("re", C.c_uint8), ("addr", C.c_uint16), ("wdata", C.c_uint32)]


class XcMinObs(C.Structure):
    _fields_ = [("flit", C.POINTER(C.c_uint64)), ("set", C.POINTER(C.c_uint8)), ("rdata", C.c_uint32),
                ("status", C.c_uint32), ("cycles", C.c_uint32), ("injected", C.c_uint32),
                ("delivered", C.c_uint32), ("conflicts", C.c_uint32)]


class XcScore(C.Structure):
    _fields_ = [("nodes", C.c_uint), ("seen", C.POINTER(C.c_uint8)),
                ("chk_src", C.POINTER(C.c_uint16)), ("chk_dst", C.POINTER(C.c_uint16)), ("delivered", C.c_ulong),
                ("duplicates", C.c_ulong), ("misrouted", C.c_ulong), ("corrupt", C.c_ulong),
                ("first_error", C.c_char * 160)]


class XcErr(C.Structure):
    _fields_ = [("msg", C.c_char * 256)]


def load_libxc(path):
    lib = C.CDLL(path)
    sig = {
        "xc_min_parse": (C.c_int, [C.POINTER(XcMin), C.c_char_p, C.POINTER(XcErr)]),
        "xc_min_wire": (C.c_uint, [C.POINTER(XcMin), C.c_uint, C.c_uint]),
        "xc_gm_min_new": (C.c_void_p, [C.POINTER(XcMin)]),
        "xc_gm_min_tick": (None, [C.c_void_p, C.POINTER(XcMinBus)]),
        "xc_gm_min_obs": (C.POINTER(XcMinObs), [C.c_void_p]),
        "xc_gm_min_free": (None, [C.c_void_p]),
        "xc_score_init": (C.c_int, [C.POINTER(XcScore), C.c_uint]),
        "xc_score_deliver": (None, [C.POINTER(XcScore), C.c_ulong, C.c_uint, C.c_uint64]),
        "xc_score_verdict": (C.c_int, [C.POINTER(XcScore), C.POINTER(XcErr)]),
        "xc_score_free": (None, [C.POINTER(XcScore)]),
    }
    for name, (res, args) in sig.items():
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = res, args
    return lib


def defines(path):
    """`define NAME VALUE lines of a Verilog include file."""
    out = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"`define\s+(\w+)\s+(\S+)", line)
            if m:
                out[m.group(1)] = m.group(2).strip('"')
    return out


async def edge(dut):
    """One clock cycle as the replay bench does it: rise, settle 1 ns, then read."""
    await Timer(5, "ns")
    dut.clk_i.value = 1
    await Timer(1, "ns")


@cocotb.test()
async def exchange_scored_by_libxc(dut):
    consts, vec = defines(os.environ["XC_CONSTS"]), os.environ["XC_VECTORS"]
    hdr = defines(os.path.join(vec, "vectors.vh"))
    flit_w, addr_w = int(consts["XCHG_FLIT_W"]), int(consts["XCHG_BUS_ADDR_W"])
    valid_bit = int(consts["XCHG_FLIT_VALID_BIT"])
    lib, m, err = load_libxc(os.environ["XC_LIBXC"]), XcMin(), XcErr()
    assert lib.xc_min_parse(C.byref(m), hdr["XV_NET"].encode(), C.byref(err)) == 0, err.msg
    n, logn = m.n_lines, m.log_n
    gm, score = lib.xc_gm_min_new(C.byref(m)), XcScore()
    assert gm and lib.xc_score_init(C.byref(score), n) == 0

    dut.clk_i.value, dut.rst_ni.value = 0, 0
    dut.bus_we_i.value, dut.bus_re_i.value, dut.bus_addr_i.value, dut.bus_wdata_i.value = 0, 0, 0, 0
    await edge(dut)  # the reset edge
    await Timer(4, "ns")
    dut.clk_i.value, dut.rst_ni.value = 0, 1
    mismatches, first = 0, None
    with open(os.path.join(vec, "bus.hex")) as f:
        bus_lines = f.read().split()
    for cycle, line in enumerate(bus_lines, start=1):
        v = int(line, 16)
        bus = XcMinBus(we=v >> (addr_w + 33) & 1, re=v >> (addr_w + 32) & 1,
                       addr=v >> 32 & ((1 << addr_w) - 1), wdata=v & 0xFFFFFFFF)
        dut.bus_we_i.value, dut.bus_re_i.value = bus.we, bus.re
        dut.bus_addr_i.value, dut.bus_wdata_i.value = bus.addr, bus.wdata
        lib.xc_gm_min_tick(gm, C.byref(bus))
        await edge(dut)
        exp = lib.xc_gm_min_obs(gm).contents
        bits = dut.obs_flit_o.value.binstr[::-1]  # bit i at index i
        for a in range(n):
            lsb = (logn * n + a) * flit_w
            field = bits[lsb:lsb + flit_w][::-1]
            want = exp.flit[logn * n + a]
            got = int(field, 2) if set(field) <= set("01") else None
            if got != want:
                mismatches += 1
                shown = field if got is None else f"{got:#x}"
                first = first or f"cycle {cycle}: output line {a}: expected {want:#x}, actual {shown}"
            elif got >> valid_bit & 1:
                lib.xc_score_deliver(C.byref(score), cycle, lib.xc_min_wire(C.byref(m), logn, a), got)
        if int(dut.obs_delivered_o.value) != exp.delivered:
            mismatches += 1
            first = first or f"cycle {cycle}: delivered {int(dut.obs_delivered_o.value)}, golden {exp.delivered}"
        await Timer(4, "ns")
        dut.clk_i.value = 0
    verdict = lib.xc_score_verdict(C.byref(score), C.byref(err))
    dut._log.info("%s: %d cycles, %d of %d messages delivered, %d mismatches", hdr["XV_NET"], cycle,
                  score.delivered, n * n, mismatches)
    lib.xc_gm_min_free(gm)
    assert mismatches == 0, f"{mismatches} differences from libxc's golden model; first: {first}"
    assert verdict == 0, f"scoreboard: {err.msg.decode()}"
    assert score.delivered == n * n
