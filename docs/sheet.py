#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The student sheet of docs/teaching.md: the exercises without the
answers, as one self-contained printable HTML page.

Taken from the page: each lesson's "**Exercises.**" part (up to its
"**Answers.**"), and the section "Exercises a command checks" up to its
answer key. Command blocks keep their commands and lose their output
(the output is the answer); pictures are left out. Written to a
temporary name and renamed when complete.

Usage: sheet.py TEACHING.md OUT.html
"""
import html
import os
import re
import sys

FENCE = re.compile(r"^```(\S*)\s*$")
ITEM = re.compile(r"^(- |\d+\. )")


def inline(text):
    """Markdown inline marks to HTML: code, bold, italics, links as their text."""
    parts = re.split(r"(`[^`]*`)", text)
    out = []
    for p in parts:
        if p.startswith("`") and p.endswith("`") and len(p) > 1:
            out.append("<code>" + html.escape(p[1:-1]) + "</code>")
            continue
        p = html.escape(p, quote=False)
        p = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", p)
        p = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", p)
        p = re.sub(r"\*([^*]+)\*", r"<i>\1</i>", p)
        out.append(p)
    return "".join(out)


def pick(lines):
    """The lines of the sheet: (heading level or 0, text) and code blocks."""
    out, i, lesson, keep = [], 0, None, False
    while i < len(lines):
        line = lines[i]
        if line.startswith("## "):
            title = line[3:]
            keep = title.startswith("Exercises a command checks")
            lesson = title if title.startswith("Lesson") else None
            if keep:
                out.append(("h2", title))
            i += 1
            continue
        if line.startswith("### Answer key"):
            keep = False
        elif line.startswith("### ") and keep:
            out.append(("h3", line[4:]))
            i += 1
            continue
        if lesson and line.strip() == "**Exercises.**":
            out.append(("h2", lesson))
            keep = True
            i += 1
            continue
        if lesson and line.strip() == "**Answers.**":
            keep = False
        m = FENCE.match(line)
        if m:
            j = i + 1
            while j < len(lines) and not FENCE.match(lines[j]):
                j += 1
            if keep:
                body = lines[i + 1:j]
                if m.group(1) == "console":  # the commands only: their output is the answer
                    body = [b for b in body if b.startswith("$ ")]
                out.append(("pre", "\n".join(body)))
            i = j + 1
            continue
        if keep and not line.startswith("!["):
            out.append(("line", line))
        i += 1
    return out


def render(items):
    """HTML of the picked lines: paragraphs, list items, headings, code."""
    body, para, in_list = [], [], ""  # in_list: "ul", "ol" or ""

    def flush():
        nonlocal para
        if para:
            text = inline(" ".join(x.strip() for x in para))
            body.append(("<li>" + ITEM.sub("", text, count=1) + "</li>") if in_list else "<p>" + text + "</p>")
        para = []

    def close_list():
        nonlocal in_list
        if in_list:
            body.append("</%s>" % in_list)
            in_list = ""

    for kind, text in items:
        if kind != "line":
            flush()
            close_list()
            if kind == "pre":
                body.append("<pre>" + html.escape(text) + "</pre>")
            else:
                body.append("<%s>%s</%s>" % (kind, inline(text), kind))
            continue
        if not text.strip():
            flush()
            continue
        if ITEM.match(text):
            flush()
            kind = "ul" if text.startswith("- ") else "ol"  # numbered items keep their numbers
            if in_list != kind:
                close_list()
                body.append("<%s>" % kind)
                in_list = kind
        elif not para and not text.startswith(" "):
            close_list()
        para.append(text)
    flush()
    close_list()
    return "\n".join(body)


STYLE = """<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 46em; color: #111; line-height: 1.4; }
h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 1.6em; } h3 { font-size: 15px; }
ul { padding-left: 1.2em; } li { margin: 0.5em 0; }
pre { background: #f4f4f4; padding: 0.5em; white-space: pre-wrap; font-size: 12px; }
code { font-size: 90%; }
.answer { border-bottom: 1px solid #999; height: 4em; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } pre, li { break-inside: avoid; } }
</style>"""


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: sheet.py TEACHING.md OUT.html")
    src, dst = sys.argv[1], sys.argv[2]
    with open(src, encoding="utf-8") as f:
        items = pick(f.read().split("\n"))
    page = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<title>xchg: exercises (student sheet)</title>\n" + STYLE + "\n</head>\n<body>\n"
            "<h1>xchg: exercises (student sheet)</h1>\n"
            "<p>Name: ______________________ &nbsp; Date: __________</p>\n"
            "<p>The exercises of the three lessons and the two homework sheets. Open the pages "
            "the lessons make (<code>build/teach/*.html</code>) and check each answer with the "
            "command given.</p>\n" + render(items) + "\n</body>\n</html>\n")
    os.makedirs(os.path.dirname(os.path.abspath(dst)), exist_ok=True)
    tmp = dst + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(page)
    os.replace(tmp, dst)
    print(f"student sheet: {sum(1 for k, _ in items if k == 'h2')} sections -> {dst}")


if __name__ == "__main__":
    main()
