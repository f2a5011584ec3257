# SPDX-License-Identifier: MIT
# xchg: the menu. Each target hands off to a folder Makefile.
#   make run     install what is missing, build, run the built-in default
#   make test    install what is missing, build, run every test
#   make lint    verilator --lint-only -Wall on all RTL
#   make xsim    MIN cases on Verilator (lock-step) and Icarus (vector replay): they must agree
#   make synth   Yosys + nextpnr-ice40 + icepack, table of LUTs/FFs/BRAMs/Fmax, gate-level replay
#   make bench   speed tables (see docs/bench.md)
#   make docs    regenerate the figures in docs/fig
#   make clean   remove build/

# Debian packages the project needs; `make deps` installs the missing ones
# (python3: tb/cli/t_json.sh reads the JSON reports with its json module).
DEB_PACKAGES := gcc g++ make pkg-config verilator iverilog yosys \
                nextpnr-ice40 fpga-icestorm gtkwave libcmocka-dev zlib1g-dev \
                chromium jq valgrind time python3

BUILD ?= build
XCHG  := $(BUILD)/xchg

.PHONY: all deps run test lint xsim synth bench docs clean xchg

all: xchg

# Installs missing packages (root: apt-get; otherwise sudo if present).
deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "deps: installing$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi

xchg: deps
	$(MAKE) -C sw BUILD=$(abspath $(BUILD))

# The built-in default: butterfly:8, l = 18 (Massini's Example 2), then a
# 4x4 torus total exchange on routers (Algorithm A1); RTL in lock-step with
# the golden model, FST traces and GTKWave save files.
run: xchg
	$(XCHG) run --net butterfly:8 --algo latin --l 18 --sim lockstep \
	    --trace $(BUILD)/run/butterfly8.fst
	$(XCHG) run --net torus:4x4 --algo te-a1 --sim lockstep \
	    --trace $(BUILD)/run/torus4x4.fst

test: xchg
	$(MAKE) -C tb BUILD=$(abspath $(BUILD)) test

lint: xchg
	$(MAKE) -C rtl BUILD=$(abspath $(BUILD)) lint

# Golden vectors replayed on Icarus Verilog, against Verilator's lock-step
# run of the same cases (docs/xsim.md).
xsim: xchg
	tb/xsim.sh $(BUILD)

# FPGA synthesis for the iCEBreaker and gate-level replay (docs/fpga.md).
synth: xchg
	constraints/synth.sh $(BUILD)

bench: xchg
	$(MAKE) -C tb BUILD=$(abspath $(BUILD)) bench

docs: xchg
	$(MAKE) -C docs BUILD=$(abspath $(BUILD)) figures

clean:
	rm -rf $(BUILD)
