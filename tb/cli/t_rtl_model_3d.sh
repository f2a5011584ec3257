# SPDX-License-Identifier: MIT
# The tiled router model (t_rtl_model.sh) on a 3-D torus (blocks of the
# last dimension, lanes between blocks in the other two) and a hypercube
# (blocks of a 2-cube), broadcast tables through the back door as the
# big runs have them, a mesh (path ends: lanes and arrivals of 0 at the
# outer blocks), and the choice of auto: flat up to 1,024 routers.
. "$XC_TB/lib.sh"
rtl_model_same --net torus:3x3x4 --algo te-ni --tables broadcast --load back
rtl_model_same --net hypercube:4 --algo te-a1
rtl_model_same --net mesh:4x6 --algo te-a1
# auto at 8 routers: the flat model, no tiled folder made
rm -rf "$XC_BUILD"/vl/pn_torus-2x4_*
expect_exit 0 "$XCHG" run --net torus:2x4 --algo te-ni --json --quiet
ls -d "$XC_BUILD"/vl/pn_torus-2x4_*/lean >/dev/null 2>&1 || fail "torus:2x4 auto: no flat model"
ls -d "$XC_BUILD"/vl/pn_torus-2x4_*/tile_* >/dev/null 2>&1 && fail "torus:2x4 auto: a tiled model"
echo "ok auto: flat at 8 routers"
