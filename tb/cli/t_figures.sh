#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The xchg show figures of docs/fig (README and docs/teaching.md) are what
# the tool draws today: each figure's .dom (the step label and the SVG the
# page showed when `make docs` photographed it) equals what `xchg show`
# draws now at that step. A change to the drawing fails here until `make
# docs` redraws the figures. Every show-*.png has its .dom and every .dom
# its PNG.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
docs="$XC_TB/../docs"
for png in "$docs"/fig/show-*.png; do
    [ -f "${png%.png}.dom" ] || fail "${png##*/} has no .dom beside it (make docs writes both)"
done
for dom in "$docs"/fig/show-*.dom; do
    [ -f "${dom%.dom}.png" ] || fail "${dom##*/} has no PNG"
    name=${dom##*/show-}
    grep -q "\"${name%.dom}|" "$docs/showfigs.sh" || fail "${dom##*/}: not in docs/showfigs.sh's list"
done
"$docs/showfigs.sh" check "$XCHG" "$PWD/pages" || fail "a figure in docs/fig differs from what xchg show draws"
echo "ok $(ls "$docs"/fig/show-*.dom | wc -l) figures drawn as xchg show draws them"
