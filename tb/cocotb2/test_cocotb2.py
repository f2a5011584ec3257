# SPDX-License-Identifier: MIT
"""pytest entry point of the cocotb 2.x benches (docs/flow.md#cocotb):
cocotb's runner builds each top on each simulator and runs its bench, in
which libxchg's control-processor firmware drives the design and Python
checks every delivery. `make cocotb2` runs it with JUnit XML.

Environment: XC_BUILD (the build folder: gen/xchg_consts.vh, the builds;
default ../../build), XC_LIBXCHG (the library; default XC_BUILD's
libxchg.so), XC_SIMS (default "icarus verilator"), XC_PLUSARGS (extra
plusargs for every run, e.g. a fault).
"""
import os
import pathlib
import shlex
import sys

import pytest
from cocotb_tools.runner import get_runner

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
BUILD = pathlib.Path(os.environ.get("XC_BUILD", ROOT / "build")).resolve()
RTL = ROOT / "rtl"
SIMS = os.environ.get("XC_SIMS", "icarus verilator").split()
PLUSARGS = shlex.split(os.environ.get("XC_PLUSARGS", ""))

sys.path.insert(0, str(HERE))
import xchg_ffi  # noqa: E402

LIB = os.environ.get("XC_LIBXCHG", str(BUILD / "libxchg.so"))  # make cocotb2 names it (sw/libname.mk)
MIN_RTL = [RTL / "min" / f for f in ("xchg_sw2x2.v", "xchg_banyan.v", "xchg_msg_mem.v", "xchg_min_top.v")] + \
          [RTL / "dv" / f for f in ("xchg_min_faults.v", "xchg_sw2x2_dv.v")]
PN_RTL = sorted((RTL / "pn").glob("*.v")) + [RTL / "dv" / f for f in ("xchg_router_dv.v", "xchg_pn_ctrl_dv.v")]
# cocotb's Verilator build makes every signal public (--public-flat-rw):
# Verilator then cannot split the banyan's per-stage count chains
# (split_var) and takes them for a loop (UNOPTFLAT); they run one way.
VL_ARGS = ["-Wno-fatal", "-Wno-SPLITVAR", "-Wno-UNOPTFLAT", "-Wno-lint", "-Wno-style"]


def _run(sim, top, sources, parameters, bench, name, env, run_name=None):
    """Builds top as name (once per simulator) and runs bench on it as run_name."""
    build_dir = BUILD / "cocotb2" / f"{name}_{sim}"
    runner = get_runner(sim)
    runner.build(sources=sources, hdl_toplevel=top, includes=[RTL, BUILD / "gen"], parameters=parameters,
                 build_args=VL_ARGS if sim == "verilator" else [], build_dir=build_dir,
                 timescale=("1ns", "1ps"))
    runner.test(hdl_toplevel=top, test_module=bench, test_dir=HERE, build_dir=build_dir,
                results_xml=str(BUILD / "cocotb2" / f"results_{run_name or name}_{sim}.xml"), plusargs=PLUSARGS,
                extra_env={"XC_LIBXCHG": LIB, "PYTHONPATH": str(HERE), **env}, timescale=("1ns", "1ps"))


def _params(net):
    """The MIN top's parameters for net, from libxchg."""
    lib = xchg_ffi.load(LIB)
    m = xchg_ffi.Net(lib, "min", net, None, "xor")
    buf = xchg_ffi.C.create_string_buffer(512)
    assert m.call("params", buf, len(buf)) == 0
    m.close()
    return dict(p.split("=", 1) for p in buf.value.decode().split())


@pytest.mark.parametrize("sim", SIMS)
@pytest.mark.parametrize("net,l,mode", [("butterfly:8", "18", "xor"), ("butterfly:8", "18", "table"),
                                        ("omega:16", "5", "xor")])
def test_min(sim, net, l, mode):
    name = f"min_{net.replace(':', '_')}"
    _run(sim, "xchg_min_top", MIN_RTL, _params(net), "bench_min", name, {"XC_NET": net, "XC_L": l, "XC_MODE": mode},
         f"{name}_{mode}")


@pytest.mark.parametrize("sim", SIMS)
@pytest.mark.parametrize("net,algo", [("torus:4x4", "te-a1")])
def test_routers(sim, net, algo):
    name = f"pn_{net.replace(':', '_')}_{algo}"
    top = BUILD / "cocotb2" / f"{name}_{sim}" / "xchg_pn_top.v"
    top.parent.mkdir(parents=True, exist_ok=True)
    lib = xchg_ffi.load(LIB)
    pn = xchg_ffi.Net(lib, "pn", net, algo)
    err = xchg_ffi.C.create_string_buffer(xchg_ffi.ERR_LEN)
    assert pn.call("write_top", str(top).encode(), err, xchg_ffi.ERR_LEN) == 0, err.value.decode()
    pn.close()
    _run(sim, "xchg_pn_top", PN_RTL + [top], {}, "bench_pn", name, {"XC_NET": net, "XC_ALGO": algo})
