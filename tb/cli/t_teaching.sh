#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# docs/teaching.md as a teacher and a student use it: `make teaching-sheet`
# writes every exercise and none of the answers (no line of an answer, no
# output of a checking command) as one page that prints to PDF; and every
# file its commands write goes under build/, none into the repository's root.
. "$XC_TB/lib.sh"
command -v chromium >/dev/null || fail "chromium is missing (make deps installs it)"
root="$XC_TB/.."
doc="$root/docs/teaching.md"

make -s -C "$root" teaching-sheet BUILD="$PWD/b" >make.log 2>&1 || { cat make.log; fail "make teaching-sheet"; }
sheet=b/teaching-sheet.html
[ -s "$sheet" ] || fail "make teaching-sheet wrote no $sheet"
[ ! -e "$sheet.tmp" ] || fail "a temporary file left beside the sheet"
grep -qE '(src|href)="(https?:)?//' "$sheet" && fail "the sheet refers to the network"

python3 - "$doc" "$sheet" <<'PY' || fail "the sheet differs from the exercises of docs/teaching.md"
import html, re, sys
doc = open(sys.argv[1], encoding="utf-8").read().split("\n")
text = html.unescape(re.sub(r"<[^>]+>", "", open(sys.argv[2], encoding="utf-8").read()))
flat = " ".join(text.split())
plain = lambda s: " ".join(re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", s.replace("**", "").replace("`", "")).split())
bad = []
# every exercise: the numbered ones of the lessons, the homework sheets' headings and items
for line in doc:
    m = re.match(r"^- \*\*(\d\.\d)\*\* ", line)
    if m and m.group(1) + " " not in flat and (m.group(1) + " ") not in text:
        bad.append("exercise %s missing" % m.group(1))
for h in [l[4:] for l in doc if l.startswith("### Exercise ")]:
    if plain(h) not in flat:
        bad.append("heading '%s' missing" % h)
# the answers: every line of a lesson's **Answers.** part and of the answer key,
# and every output line of a command block in the exercises
part, fence, ans, outs = None, False, [], []
for line in doc:
    if line.startswith("## "):
        part = None
    if line.strip() == "**Answers.**" or line.startswith("### Answer key"):
        part = "answer"
    elif line.strip() == "**Exercises.**" or line.startswith("### Exercise "):
        part = "exercise"
    if line.startswith("```"):
        fence = not fence
        continue
    if part == "answer" and len(line.strip()) > 25:
        ans.append(plain(line))
    if part == "exercise" and fence and not line.startswith("$ ") and line.strip():
        outs.append(line.strip())
for a in ans:
    if a in flat:
        bad.append("an answer on the sheet: " + a)
for o in outs:
    if o in text:
        bad.append("a command's output on the sheet: " + o)
if re.search(r"\bAnswer", text):
    bad.append("the word Answer on the sheet")
print("%d answer lines and %d outputs checked absent" % (len(ans), len(outs)))
for b in bad:
    print("  " + b)
sys.exit(1 if bad or not ans or not outs else 0)
PY

chromium --headless --no-sandbox --disable-gpu --user-data-dir="$PWD/profile" --no-pdf-header-footer \
    --print-to-pdf="$PWD/sheet.pdf" "file://$PWD/$sheet" >pdf.log 2>&1 || { tail -3 pdf.log; fail "printing the sheet"; }
[ "$(head -c 4 sheet.pdf)" = "%PDF" ] || fail "the sheet did not print to PDF"
echo "ok the sheet: every exercise, no answer, prints ($(wc -c <sheet.pdf) bytes of PDF)"

# every path a command of the page writes (--out, --svg, --trace, > FILE) is under build/
python3 - "$doc" <<'PY' || fail "docs/teaching.md writes outside build/"
import re, shlex, sys
bad, fence, n = [], None, 0
for no, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
    if line.startswith("```"):
        fence = None if fence else line[3:].strip()
        continue
    cmd = line[2:] if fence == "console" and line.startswith("$ ") else line if fence == "sh" else None
    for m in re.finditer(r"(?:--out|--svg|--trace)[ =](\S+)|[^2&]>\s*(\S+)", cmd.split(" #")[0] if cmd else ""):
        path = m.group(1) or m.group(2)
        n += 1
        if path not in ("-", "/dev/null") and not path.startswith("build/"):
            bad.append("line %d writes %s" % (no, path))
print("%d written paths checked" % n)
for b in bad:
    print("  " + b)
sys.exit(1 if bad or not n else 0)
PY
echo "ok every file under build/"
