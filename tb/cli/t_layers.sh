#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The one-way rule (docs/architecture.md): each layer's include path sees
# only the layers below it, so including a header from a layer above fails
# to compile, and including one from below works.
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
echo "PASS t_layers"
