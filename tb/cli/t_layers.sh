#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The one-way rule (docs/architecture.md): each layer's include path sees
# only the layers below it, so including a header from a layer above fails
# to compile, and including one from below works. What compiles anyway is
# caught by the build's own check of each layer (sw/layer_check.sh, over
# the dependency files and one archive per layer): a quoted relative
# include, a hand-written prototype of a function above, any symbol a
# layer takes from one above or beside it.
. "$XC_TB/lib.sh"
probe() { make -s -C "$XC_TB/../sw" BUILD="$XC_BUILD" layer-probe LAYER="$1" HEADER="$2" 2>/dev/null; }
# LAYER HEADER-FROM-ABOVE: must fail
while read -r layer header; do
    probe "$layer" "$header" && fail "$layer can include $header (a layer above it)"
done <<'LIST'
lib xc_min.h
lib xc_topo.h
min xc_topo.h
min xc_cp_min.h
pn xc_cp_pn.h
pn xc_golden_pn.h
fw xc_golden_pn.h
fw xc_vectors.h
golden xc_cp_pn.h
gen xc_golden_min.h
harness xc_gtkw.h
harness xc_cli.h
wave xc_lockstep.h
harness xc_session.h
wave xc_session.h
session xc_cli.h
session xc_run.h
LIST
# LAYER HEADER-FROM-BELOW (or its own): must compile
while read -r layer header; do
    probe "$layer" "$header" || fail "$layer cannot include $header"
done <<'LIST'
lib xc_flit.h
min xc_flit.h
pn xc_minhw.h
fw xc_pnhw.h
golden xc_pnhw.h
harness xc_cp_pn.h
harness xc_golden_min.h
wave xc_pnhw.h
cli xc_lockstep_pn.h
cli xc_gtkw_pn.h
cli xc_session.h
session xc_lockstep_pn.h
session xc_vectors_pn.h
session xc_gtkw_pn.h
LIST
echo "ok include paths"

sw="$XC_TB/../sw"
# the tree passes the build's check, every layer
make -s -C "$sw" BUILD="$XC_BUILD" layer-check >check.txt 2>&1 || fail "the tree breaks the rule: $(head -n 5 check.txt)"
# an upward symbol in the tree: declare golden a layer under pn's level
# (it may use lib and min only) and its real uses of pn are found, from
# its archive, as the build would find them
expect_exit 2 make -s -C "$sw" BUILD="$XC_BUILD" layer-check LAYER=golden USES_golden="lib min"
grep -q "layer golden: xc_wh_run.o takes xc_wh_generate from pn, a layer it may not use" err.txt ||
    fail "an upward symbol is not refused: $(head -n 3 err.txt)"
echo "ok the tree passes; an upward symbol in an archive is refused"

# probes: a source compiled as a file of LAYER's folder and checked like
# the layer's own objects (make -C sw layer-probe LAYER=… SRC=…)
sprobe() { # LAYER: the source on stdin; out.txt, err.txt
    cat >probe.c
    expect_exit "$1" make -s --no-print-directory -C "$sw" BUILD="$XC_BUILD" layer-probe LAYER="$2" SRC="$PWD/probe.c"
}
# a relative include across layers compiles, and is refused
sprobe 2 pn <<'C'
#include "../golden/xc_golden_pn.h"
int xc_probe(void);
int xc_probe(void) { return (int)sizeof(xc_gm_pn *); }
C
grep -q "layer pn: probe.o includes .*/sw/golden/xc_golden_pn.h, outside its layer" err.txt ||
    fail "a relative include is not refused: $(head -n 3 err.txt)"
# a hand-written prototype of the golden model, called from pn: the
# upward call xc_wh_io.c made before the model got its own header
sprobe 2 pn <<'C'
#include "xc_wh.h"
typedef struct xc_golden_wh xc_golden_wh;
xc_status xc_golden_wh_new(const xc_net *net, uint32_t ts, uint32_t msg_flits, xc_golden_wh **out, xc_err *err);
xc_status xc_probe(const xc_net *net, xc_golden_wh **g, xc_err *err);
xc_status xc_probe(const xc_net *net, xc_golden_wh **g, xc_err *err) { return xc_golden_wh_new(net, 1, 1, g, err); }
C
grep -q "layer pn: probe.o takes xc_golden_wh_new from golden, a layer it may not use" err.txt ||
    fail "a hand-written prototype is not refused: $(head -n 3 err.txt)"
# the same call from the golden layer, through the headers below: allowed
sprobe 0 golden <probe.c
# an upward symbol that is data: the firmware reaching for a CLI table
sprobe 2 fw <<'C'
extern const char xc_report_sf[];
const char *xc_probe(void);
const char *xc_probe(void) { return xc_report_sf; }
C
grep -q "layer fw: probe.o takes xc_report_sf from cli" err.txt || fail "an upward data symbol is not refused: $(head -n 3 err.txt)"
# a sibling is not below either: the vector writers calling the firmware
sprobe 2 gen <<'C'
int xc_hal_finish(void);
int xc_probe(void);
int xc_probe(void) { return xc_hal_finish(); }
C
grep -q "layer gen: probe.o takes xc_hal_finish from fw" err.txt || fail "a sibling's symbol is not refused: $(head -n 3 err.txt)"
echo "ok a relative include, a hand-written prototype and an upward symbol are refused"

# inside the harness the models go one way: the MIN's xc_dut (and the
# routers', the networks') -> xc_dut_model -> xc_model_cache
h=$XC_BUILD/obj/sim/harness
for f in xc_dut_model xc_model_cache; do
    [ -s "$h/$f.o" ] || fail "no $h/$f.o"
    up=$(nm -u "$h/$f.o" | awk '{print $2}' | grep -xF "$(nm -g --defined-only "$h/xc_dut.o" "$h/xc_dut_pn.o" "$h/xc_dut_noc.o" | awk 'NF == 3 {print $3}')")
    [ -z "$up" ] || fail "$f takes $up from a DUT"
done
up=$(nm -u "$h/xc_model_cache.o" | awk '{print $2}' | grep -xF "$(nm -g --defined-only "$h/xc_dut_model.o" | awk 'NF == 3 {print $3}')")
[ -z "$up" ] || fail "xc_model_cache takes $up from xc_dut_model"
grep -q '#include "xc_dut' "$XC_TB/../sim/harness/xc_model_cache.c" "$XC_TB/../sim/harness/xc_dut_model.h" &&
    fail "the model cache or the generic model includes a DUT header"
echo "ok xc_dut -> xc_dut_model -> xc_model_cache, one way"
echo "PASS t_layers"
