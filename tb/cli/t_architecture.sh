#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# docs/architecture.md is the map of the tree, so it cannot drift: every
# path it names (in `backticks`: with a folder, or a file name with an
# extension) exists, and every folder of the tree is named there (a path
# in backticks that starts with the folder).
. "$XC_TB/lib.sh"
root=$(cd "$XC_TB/.." && pwd)
doc=${XC_ARCH_DOC:-$root/docs/architecture.md}
python3 - "$root" "$doc" "$XC_BUILD" <<'PY' || fail "docs/architecture.md does not match the tree"
import glob, os, re, subprocess, sys
root, doc, build = sys.argv[1:4]
text = open(doc, encoding="utf-8").read()
files = subprocess.run(["git", "-C", root, "ls-files"], capture_output=True, text=True).stdout.split()
if not files:  # not a git checkout (an exported tree): every file under root
    files = [os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root)
             if not os.path.relpath(d, root).startswith(("build", ".git")) for f in fs]
folders = {os.path.dirname(f) for f in files} - {""}
folders |= {os.path.dirname(d) for d in folders} - {""}
names = {os.path.basename(f) for f in files}
generated = {os.path.basename(f) for f in glob.glob(os.path.join(build, "gen", "*"))}
# code spans as Markdown reads them: a run of n backticks up to the next run of n
spans = [m.group(2) for line in text.split("\n") for m in re.finditer(r"(`+)(.+?)(?<!`)\1(?!`)", line)]
tokens = [t.strip(",;:()").rstrip(".").split("#")[0] for s in spans for t in s.split()]
bad = []
named = set()
for t in tokens:
    if not t or t.startswith(("-", "/", "$", "~", "http")) or any(c in t for c in "=…<>'\""):
        continue
    if "/" in t:
        if t.startswith("build/"):
            continue  # made by the build, not in the tree
        path = t.rstrip("/")
        if not glob.glob(os.path.join(root, path)) and not glob.glob(os.path.join(root, path) + ".*"):
            bad.append(f"names {t}, which does not exist")
        named.add(path)
    elif re.fullmatch(r"[\w.*-]+\.(c|h|cpp|v|vh|sh|py|md|def|vlt|vc|txt|inc|h2m)", t):
        if not any(glob.fnmatch.fnmatch(n, t) for n in names | generated):
            bad.append(f"names the file {t}, which is nowhere in the tree")
for d in sorted(folders):
    if not any(n == d or n.startswith(d + "/") for n in named):
        bad.append(f"does not name the folder {d}/")
for b in bad:
    print(f"{os.path.basename(doc)}: {b}")
sys.exit(1 if bad else 0)
PY
echo "PASS t_architecture"
