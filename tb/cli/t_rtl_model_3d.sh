# SPDX-License-Identifier: MIT
# The tiled router model (t_rtl_model.sh) on a 3-D torus (blocks of two
# dimensions, lanes between blocks in one) and a hypercube (blocks of a
# 2-cube), broadcast tables through the back door as the big runs have
# them, and the choice of auto: flat up to 1,024 routers.
. "$XC_TB/lib.sh"
same() {
    for m in flat tiled; do
        expect_exit 0 "$XCHG" run "$@" --rtl-model $m --json --quiet
        [ "$(json_field pass out.txt)" = true ] && [ "$(json_field mismatches out.txt)" = 0 ] || fail "$m $*: $(cat out.txt)"
        for k in cycles steps delivered expected duplicates router_errors; do json_field $k out.txt; done >"$m.fig"
    done
    cmp -s flat.fig tiled.fig || fail "$*: flat $(tr '\n' ' ' <flat.fig), tiled $(tr '\n' ' ' <tiled.fig)"
    echo "ok $* flat = tiled: $(tr '\n' ' ' <tiled.fig)"
}
same --net torus:3x3x4 --algo te-ni --tables broadcast --load back
same --net hypercube:4 --algo te-a1
# auto at 16 routers: the flat model, no tiled folder made
rm -rf "$XC_BUILD"/vl/pn_torus-2x4_*
expect_exit 0 "$XCHG" run --net torus:2x4 --algo te-ni --json --quiet
ls -d "$XC_BUILD"/vl/pn_torus-2x4_*/lean >/dev/null 2>&1 || fail "torus:2x4 auto: no flat model"
ls -d "$XC_BUILD"/vl/pn_torus-2x4_*/tile_* >/dev/null 2>&1 && fail "torus:2x4 auto: a tiled model"
echo "ok auto: flat at 8 routers"
