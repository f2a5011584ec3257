#!/bin/sh
# SPDX-License-Identifier: MIT
# FuseSoC generator of xchg.core (generator xchg_pn_top): writes, in the
# folder FuseSoC runs it in, the network top that the run of the committed
# router vectors simulated (xchg run --net NET --algo ALGO --sim golden
# --vectors: hypercube:2 under te-a2, tb/fusesoc/router) and a core
# holding it. The top is generated rather than committed: libxchg writes
# it (sw/pn/xc_pn_rtl.c). xchg is $XCHG when set, else this tree's own,
# built by the C part of the build (make -C sw: a C11 compiler, zlib and
# Verilator's headers; only what changed since the last run, no package
# installed).
#   xchg_pn_top_gen.sh INPUT.yml   (FuseSoC's generator input: files_root,
#                                   parameters net and algo, vlnv)
set -eu
in=$1
value() { sed -n "s/^ *$1: *//p" "$in" | head -n 1 | tr -d "'\""; }
root=$(value files_root) vlnv=$(value vlnv) net=$(value net) algo=$(value algo)
[ -n "$root" ] && [ -n "$vlnv" ] && [ -n "$net" ] && [ -n "$algo" ] ||
    { echo "xchg_pn_top_gen: $in lacks files_root, vlnv or the parameters net and algo" >&2; exit 2; }
xchg=${XCHG:-}
if [ -z "$xchg" ]; then
    # sw/Makefile's own BUILD, ../build: the path is not handed to make,
    # whose variables would expand a "$(...)" in it
    env -u BUILD make -s -C "$root/sw" >&2
    xchg=$root/build/xchg
fi
rm -rf vec
"$xchg" run --net "$net" --algo "$algo" --sim golden --vectors vec --quiet >/dev/null
mv vec/xchg_pn_top.v xchg_pn_top.v
rm -rf vec
cat >xchg_pn_top.core.tmp <<CORE
CAPI=2:
name: $vlnv
description: the network top of $net under $algo, as xchg generates it
filesets:
  top:
    files: [xchg_pn_top.v]
    file_type: verilogSource
targets:
  default:
    filesets: [top]
CORE
mv xchg_pn_top.core.tmp xchg_pn_top.core
