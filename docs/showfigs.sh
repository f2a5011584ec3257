#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The xchg show figures of docs/teaching.md and the README, in one list.
#   showfigs.sh make  XCHG DIR   writes each page into DIR, photographs it at
#                                its step into fig/show-NAME.png and keeps
#                                what the page drew there (its step label, its
#                                SVG one tag a line, its legend) as
#                                fig/show-NAME.dom
#   showfigs.sh check XCHG DIR   draws each page again with XCHG and fails
#                                (exit 1, naming the figure) when what it
#                                draws differs from fig/show-NAME.dom: the
#                                picture is stale, `make docs` redraws it
# The .dom beside each PNG is what is compared, not pixels: the same drawing
# gives the same DOM whatever fonts rasterise it. A side-by-side page keeps
# its table (each algorithm's steps, bound and the step its page draws).
set -u
mode=${1:-} xchg=${2:-} dir=${3:-}
[ "$mode" = make ] || [ "$mode" = check ] && [ -x "$xchg" ] && [ -n "$dir" ] ||
    { echo "usage: showfigs.sh make|check XCHG DIR" >&2; exit 2; }
fig=$(cd "$(dirname "$0")" && pwd)/fig
mkdir -p "$dir" && dir=$(cd "$dir" && pwd) || exit 2

# NAME|WIDTHxHEIGHT|STEP (and more of the address)|xchg show options
figures=(
    "butterfly8|940x600|6|--net butterfly:8 --l 18"
    "torus4x4-a1|1000x730|5|--net torus:4x4 --algo te-a1"
    "ring7-mnb|1000x730|4|--net ring:7 --algo mnb --duplex half"
    "hypercube4-a2|1000x770|2|--net hypercube:4 --algo te-a2"
    "torus8x8-dc1|1000x1330|3|--net torus:8x8 --algo te-dc1"
    "torus8x8-dc1-heat|1000x900|4&heat|--net torus:8x8 --algo te-dc1"
    "torus4x4-side|1400x900|12|--net torus:4x4 --algo te-ni,te-a1"
    "torus3x5-ni|1000x640|20|--net torus:3x5 --algo te-ni"
    "torus4x3-mnbp|1000x730|5|--net torus:4x3 --algo mnb-product"
    "torus4x4-a1-follow|1000x730|12&follow=0,15|--net torus:4x4 --algo te-a1"
    "torus4x4-a2-cut|1000x800|1|--net torus:4x4 --algo te-a2"
)

chrome() {
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$dir/chromium" "$@" 2>/dev/null
}

# drawn PAGE STEP: the step label, the SVG (one tag a line) and the legend the page shows at STEP
drawn() {
    chrome --dump-dom "file://$1#step=$2" | python3 -c '
import re, sys
d = sys.stdin.read()
side = re.search(r"<table id=\"table\".*?</table>", d, re.S)
if side: # a side-by-side page: its table, what each embedded page says it draws
    print(re.sub(r"</tr>", "</tr>\n", side.group(0)))
    sys.exit(0)
label = re.search(r"<div id=\"label\"[^>]*>.*?</div>", d, re.S)
view = re.search(r"<svg id=\"view\".*?</svg>", d, re.S)
legend = re.search(r"<div id=\"legend\"[^>]*>.*?</div>", d, re.S)
if not label or not view or not legend:
    sys.exit("no label, drawing or legend in the page")
print(label.group(0))
print(re.sub(r">\s*<", ">\n<", view.group(0)))
print(re.sub(r"</span>", "</span>\n", legend.group(0)))'
}

status=0
for f in "${figures[@]}"; do
    IFS='|' read -r name size step args <<<"$f"
    page="$dir/$name.html"
    # shellcheck disable=SC2086
    "$xchg" show $args --out "$page" >/dev/null || { echo "showfigs: xchg show $args failed" >&2; exit 2; }
    drawn "$page" "$step" >"$dir/$name.dom" || { echo "showfigs: $name: the page did not load" >&2; exit 2; }
    if [ "$mode" = make ]; then
        chrome --window-size="${size/x/,}" --screenshot="$fig/show-$name.png" "file://$page#step=$step" ||
            { echo "showfigs: $name: no screenshot" >&2; exit 2; }
        mv "$dir/$name.dom" "$fig/show-$name.dom"
        echo "fig/show-$name.png (xchg show $args, step $step)"
    elif ! diff -q "$fig/show-$name.dom" "$dir/$name.dom" >/dev/null 2>&1; then
        echo "showfigs: fig/show-$name.png is stale: xchg show $args draws another step $step" \
             "(diff $fig/show-$name.dom $dir/$name.dom; make docs redraws it)" >&2
        status=1
    fi
done
exit $status
