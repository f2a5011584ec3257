# SPDX-License-Identifier: MIT
# xchg: the menu. Each target hands off to a folder Makefile.
#   make run     install what is missing, build, run the built-in default
#   make test    install what is missing, build, run every test
#   make lint    verilator --lint-only -Wall on all RTL
#   make xsim    MIN cases on Verilator (lock-step) and Icarus (vector replay): they must agree
#   make synth   Yosys + nextpnr-ice40 + icepack, table of LUTs/FFs/BRAMs/Fmax, gate-level replay
#   make bench   speed tables (see docs/bench.md)
#   make docs    regenerate the figures in docs/fig
#   make fuzz    libFuzzer on the parsers, FUZZ_SECONDS (default 60) per target (docs/robustness.md)
#   make test-asan  unit tests and the bad-input CLI suites under ASan+UBSan (build/asan)
#   make clean   remove build/

# Debian packages the project needs; `make deps` installs the missing ones
# (python3: tb/cli/t_json.sh reads the JSON reports with its json module).
DEB_PACKAGES := gcc g++ make pkg-config verilator iverilog yosys \
                nextpnr-ice40 fpga-icestorm gtkwave libcmocka-dev zlib1g-dev \
                chromium jq valgrind time python3
# ... and `make fuzz` only: clang with libFuzzer and the sanitizer runtimes.
FUZZ_DEB_PACKAGES := clang libclang-rt-dev

BUILD ?= build
XCHG  := $(BUILD)/xchg

.PHONY: all deps fuzz-deps run test test-asan fuzz lint xsim synth bench docs clean xchg

all: xchg

# Installs the missing packages of a list (root: apt-get; otherwise sudo if present).
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "deps: installing$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(DEB_PACKAGES))

fuzz-deps:
	$(call install_missing,$(FUZZ_DEB_PACKAGES))

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

# The same C code built with AddressSanitizer and UndefinedBehaviorSanitizer
# in $(BUILD)/asan: the cmocka unit tests and the CLI suites that need no
# Verilator model (bad input, fuzz regressions, broken schedules). Any
# sanitizer report fails the test that met it.
SAN_FLAGS  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
ASAN_TESTS ?= ^test_|t_badinput|t_fuzz_regress|t_products_badinput|t_products_broken|t_wh_badinput
test-asan: deps
	$(MAKE) -C sw BUILD=$(abspath $(BUILD))/asan SAN="$(SAN_FLAGS)"
	TESTS='$(ASAN_TESTS)' XC_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	  $(MAKE) -C tb BUILD=$(abspath $(BUILD))/asan SAN="$(SAN_FLAGS)" test

# libFuzzer on the parsers, each target for FUZZ_SECONDS (tb/fuzz/Makefile).
FUZZ_SECONDS ?= 60
fuzz: fuzz-deps
	$(MAKE) -C tb/fuzz BUILD=$(abspath $(BUILD)) FUZZ_SECONDS=$(FUZZ_SECONDS) run

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
