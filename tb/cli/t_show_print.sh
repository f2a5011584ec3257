#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The page fits, prints and exports: a step of omega:16 and of torus:8x8
# printed to PDF by headless Chromium is one page holding the whole
# drawing (every line label and Latin square column of omega:16, every
# node n0..n63 of torus:8x8, each inside the page) and its legend, and
# none of the controls; the drawing scales with the window (a viewBox, no
# fixed size); `show --svg-steps DIR` writes one well-formed standalone
# SVG per step and nothing else; a bad DIR gets one line and exit 2.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
command -v pdftotext >/dev/null || fail "pdftotext is missing (poppler-utils; make deps installs it)"

# words PDF: "xMin xMax yMin yMax word" of every word on its pages, and the page size first
words() {
    pdftotext -bbox "$1" - | python3 -c '
import re, sys
for line in sys.stdin:
    m = re.search(r"<page width=\"([0-9.]+)\" height=\"([0-9.]+)\"", line)
    if m: print("page", m.group(1), m.group(2))
    m = re.search(r"xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\" xMax=\"([0-9.]+)\" yMax=\"([0-9.]+)\">([^<]*)<", line)
    if m: print(m.group(1), m.group(3), m.group(2), m.group(4), m.group(5))'
}

# printed NAME STEP WORD...: NAME.html at STEP printed is one page with every WORD inside it, no control
printed() {
    local name=$1 step=$2
    shift 2
    chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" --no-pdf-header-footer \
        --print-to-pdf="$PWD/$name.pdf" "file://$PWD/$name.html#step=$step" 2>/dev/null || fail "$name: no PDF"
    words "$name.pdf" >"$name.words"
    pages=$(grep -c '^page ' "$name.words")
    [ "$pages" = 1 ] || fail "$name step $step printed on $pages pages, not one"
    for c in play 'keys:' speed save; do
        ! grep -qiw -- "$c" "$name.words" || fail "$name: the control '$c' is printed"
    done
    read -r _ pw ph < <(grep '^page ' "$name.words")
    for w in "$@"; do
        awk -v w="$w" -v pw="$pw" -v ph="$ph" '$5 == w && $1 >= 0 && $2 <= pw && $3 >= 0 && $4 <= ph { ok = 1 } END { exit !ok }' \
            "$name.words" || fail "$name step $step: '$w' is not printed inside the page (the drawing is cut)"
    done
    echo "ok $name step $step: one page of ${pw%.*} x ${ph%.*} pt, $# labels inside it, no controls"
}

expect_exit 0 "$XCHG" show --net omega:16 --out o16.html
labels=()
for v in $(seq 0 15); do labels+=("$v" "$(printf '%04d' "$(echo "obase=2; $v" | bc)")"); done
printed o16 5 "${labels[@]}" "switch:" "square:"
expect_exit 0 "$XCHG" show --net torus:8x8 --algo te-a1 --out t88.html
nodes=()
for v in $(seq 0 63); do nodes+=("n$v"); done
printed t88 3 "${nodes[@]}" "square"

# the drawing scales with the window: a viewBox and no fixed width or height
page_dom t88.html t88.dom
svgtag=$(grep -o '<svg id="view"[^>]*>' t88.dom)
grep -q 'viewBox=' <<<"$svgtag" || fail "the drawing has no viewBox: $svgtag"
! grep -qE ' (width|height)="' <<<"$svgtag" || fail "the drawing has a fixed size: $svgtag"
grep -q 'save step as SVG' t88.dom || fail "the page has no 'save step as SVG' button"
echo "ok the drawing scales (viewBox, no fixed size); a save button"

# --svg-steps: one standalone SVG per step, written whole
expect_exit 0 "$XCHG" show --net omega:8 --l 18 --svg-steps slides
grep -qF 'steps 0 to 11 as SVG -> slides/step-*.svg' out.txt || fail "no line naming the slides: $(cat out.txt)"
[ "$(ls -A slides | tr '\n' ' ')" = "$(printf 'step-%02d.svg ' $(seq 0 11))" ] ||
    fail "slides/ holds $(ls -A slides | tr '\n' ' '), not step-00.svg .. step-11.svg alone"
python3 - slides <<'EOF' || fail "a slide is not a standalone SVG of its step"
import sys, xml.etree.ElementTree as ET
for k in range(12):
    root = ET.parse(f"{sys.argv[1]}/step-{k:02d}.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    text = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert f"step {k} of 11" in text, text[:80]
    assert root.find("{http://www.w3.org/2000/svg}style") is not None
    assert len(root.findall(".//*[@class='wire']")) == 8 * 4
EOF
echo "ok --svg-steps: 12 standalone SVGs"
touch afile
expect_one_line_error "--svg-steps 'afile'" "$XCHG" show --net omega:8 --svg-steps afile
expect_one_line_error "--svg-steps 'afile/sub'" "$XCHG" show --net omega:8 --svg-steps afile/sub
[ ! -s afile ] || fail "something was written into afile"
echo "ok a bad --svg-steps folder: one line, exit 2"
# no Chromium (or a failing one): one line, exit 3, nothing left in the folder
XC_CHROMIUM=/bin/false expect_exit 3 "$XCHG" show --net omega:8 --svg-steps none
[ "$(wc -l <err.txt)" = 1 ] && grep -q 'headless Chromium failed or is missing' err.txt || fail "not one line naming Chromium: $(cat err.txt)"
[ -z "$(ls -A none)" ] || fail "left in the folder: $(ls -A none)"
echo "ok without Chromium: one line, exit 3, an empty folder"
