# SPDX-License-Identifier: MIT
"""libxchg's flat API (sw/ffi/xc_ffi.h) through ctypes, and what the
cocotb benches share: the bus the control processor drives, one access a
clock cycle, and the delivery check. It runs under cocotb 2.x (make
cocotb2) and 1.8 (make cocotb, tb/cocotb: Debian's Verilator).

Only function signatures are declared here: every value crosses as an
integer, a string or a word buffer, and every structure stays in C.
"""
import ctypes as C
import os

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge

try:  # cocotb 2.x
    from cocotb.task import bridge, resume
    CLOCK_UNIT = {"unit": "ns"}
except ImportError:  # cocotb 1.8 (tb/cocotb, Debian's Verilator): the same under older names
    from cocotb import external as bridge, function as resume
    CLOCK_UNIT = {"units": "ns"}

WRITE_FN = C.CFUNCTYPE(None, C.c_void_p, C.c_uint, C.c_uint32)
READ_FN = C.CFUNCTYPE(C.c_uint32, C.c_void_p, C.c_uint)
ERR_LEN = 256

_SIGNATURES = {
    "xc_ffi_const": (C.c_longlong, [C.c_char_p]),
    "xc_ffi_min_new": (C.c_void_p, [C.c_char_p, C.c_char_p, C.c_char_p, C.c_char_p, C.c_size_t]),
    "xc_ffi_min_free": (None, [C.c_void_p]),
    "xc_ffi_min_nodes": (C.c_uint, [C.c_void_p]),
    "xc_ffi_min_params": (C.c_int, [C.c_void_p, C.c_char_p, C.c_size_t]),
    "xc_ffi_min_line_node": (C.c_uint, [C.c_void_p, C.c_uint]),
    "xc_ffi_min_expect": (C.c_size_t, [C.c_void_p, C.POINTER(C.c_uint32), C.POINTER(C.c_uint32), C.c_size_t]),
    "xc_ffi_min_run": (C.c_int, [C.c_void_p, WRITE_FN, READ_FN, C.c_void_p, C.c_ulong, C.c_char_p, C.c_size_t]),
    "xc_ffi_min_report": (C.c_longlong, [C.c_void_p, C.c_char_p]),
    "xc_ffi_pn_new": (C.c_void_p, [C.c_char_p, C.c_char_p, C.c_char_p, C.c_size_t]),
    "xc_ffi_pn_free": (None, [C.c_void_p]),
    "xc_ffi_pn_nodes": (C.c_uint, [C.c_void_p]),
    "xc_ffi_pn_ports": (C.c_uint, [C.c_void_p]),
    "xc_ffi_pn_steps": (C.c_uint, [C.c_void_p]),
    "xc_ffi_pn_write_top": (C.c_int, [C.c_void_p, C.c_char_p, C.c_char_p, C.c_size_t]),
    "xc_ffi_pn_router_scope": (C.c_int, [C.c_void_p, C.c_uint, C.c_char_p, C.c_size_t]),
    "xc_ffi_pn_expect": (C.c_size_t, [C.c_void_p, C.POINTER(C.c_uint32), C.POINTER(C.c_uint32), C.c_size_t]),
    "xc_ffi_pn_run": (C.c_int, [C.c_void_p, WRITE_FN, READ_FN, C.c_void_p, C.c_ulong, C.c_char_p, C.c_size_t]),
    "xc_ffi_pn_report": (C.c_longlong, [C.c_void_p, C.c_char_p]),
}


def load(path=None):
    """libxchg.so (XC_LIBXCHG, or build/libxchg.so), its xc_ffi_* typed."""
    lib = C.CDLL(path or os.environ["XC_LIBXCHG"])
    for name, (res, args) in _SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = res, args
    return lib


class Net:
    """A network of the flat API (kind "min" or "pn"): a handle and its calls."""

    def __init__(self, lib, kind, *args):
        self.lib, self.kind = lib, kind
        err = C.create_string_buffer(ERR_LEN)
        self.h = getattr(lib, f"xc_ffi_{kind}_new")(*[a.encode() if a else None for a in args], err, ERR_LEN)
        if not self.h:
            raise ValueError(err.value.decode())

    def call(self, name, *args):
        return getattr(self.lib, f"xc_ffi_{self.kind}_{name}")(self.h, *args)

    def close(self):
        if self.h:
            self.call("free")
            self.h = None

    def expect(self):
        """{message word: destination node} of every message."""
        n = self.call("expect", None, None, 0)
        node, word = (C.c_uint32 * n)(), (C.c_uint32 * n)()
        self.call("expect", node, word, n)
        return dict(zip(word, node))

    def report(self, name):
        return self.call("report", name.encode())

    def run(self, bus, max_polls=1 << 16):
        """The firmware's run in this thread (cocotb.bridge): each access
        the firmware makes is one bus cycle of bus, in the simulator's."""
        access = resume(bus.access)
        failed = []

        def guard(fn):  # an exception must not unwind through C
            try:
                return fn()
            except BaseException as e:  # noqa: BLE001 (reported after the run)
                failed.append(e)
                return 0

        write = WRITE_FN(lambda _ctx, addr, data: guard(lambda: access(1, 0, addr, data)) and None)
        read = READ_FN(lambda _ctx, addr: guard(lambda: access(0, 1, addr, 0)))
        err = C.create_string_buffer(ERR_LEN)
        st = self.call("run", write, read, None, max_polls, err, ERR_LEN)
        if failed:
            raise failed[0]
        return st, err.value.decode()


class Bus:
    """xchg's configuration bus (bus_we_i, bus_re_i, bus_addr_i,
    bus_wdata_i, bus_rdata_o), one access a clock cycle as the harness's
    HAL does it: inputs set at the falling edge, taken at the rising edge;
    a read's data is there after that edge."""

    def __init__(self, dut):
        self.dut, self.accesses = dut, 0
        self.idle_now()

    def idle_now(self):
        d = self.dut
        d.bus_we_i.value, d.bus_re_i.value, d.bus_addr_i.value, d.bus_wdata_i.value = 0, 0, 0, 0

    async def access(self, we, re, addr, data):
        d = self.dut
        await FallingEdge(d.clk_i)
        d.bus_we_i.value, d.bus_re_i.value, d.bus_addr_i.value, d.bus_wdata_i.value = we, re, addr, data
        await RisingEdge(d.clk_i)
        await ReadOnly()
        self.accesses += 1
        return int(d.bus_rdata_o.value) if re else 0

    async def idle(self):
        await FallingEdge(self.dut.clk_i)
        self.idle_now()


class Deliveries:
    """Each message exactly once, at its destination, intact: a delivered
    word must be one of the exchange's (a corrupted word is not), arrive
    at the node it is for, and not arrive twice; at the end none is missing."""

    def __init__(self, expect):
        self.want, self.seen, self.errors = expect, {}, []

    def deliver(self, cycle, node, word):
        if word not in self.want:
            self.errors.append(f"cycle {cycle}: node {node}: {word:#x} is no message of the exchange (corrupt)")
        elif self.want[word] != node:
            self.errors.append(f"cycle {cycle}: {word:#x} for node {self.want[word]} delivered at node {node}")
        elif word in self.seen:
            self.errors.append(f"cycle {cycle}: {word:#x} delivered again (first in cycle {self.seen[word]})")
        else:
            self.seen[word] = cycle

    def verdict(self):
        """None when every message arrived once, intact, where it should."""
        missing = len(self.want) - len(self.seen)
        if not self.errors and not missing:
            return None
        first = self.errors[0] if self.errors else "none"
        return f"{len(self.errors)} bad deliveries, {missing} of {len(self.want)} messages missing; first: {first}"


async def run_bench(dut, net, watch):
    """A bench's run: the clock, reset, the monitor watch(dut, net, check,
    flit_w, valid_bit, msg_mask) started, then the firmware's run with
    each access a bus cycle. Returns (status, error, bus, check)."""
    k = lambda name: net.lib.xc_ffi_const(name.encode())  # noqa: E731
    check, bus = Deliveries(net.expect()), Bus(dut)
    cocotb.start_soon(Clock(dut.clk_i, 10, **CLOCK_UNIT).start())
    dut.rst_ni.value = 0
    await ClockCycles(dut.clk_i, 2)
    dut.rst_ni.value = 1
    cocotb.start_soon(watch(dut, net, check, k("FLIT_W"), k("FLIT_VALID_BIT"), (1 << k("MSG_W")) - 1))
    st, err = await bridge(net.run)(bus)
    await bus.idle()
    return st, err, bus, check


def bits(value):
    """A signal's value as an int, or None while it holds X or Z."""
    try:
        return int(value)
    except ValueError:
        return None
