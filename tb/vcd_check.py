#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Reads a VCD file strictly (IEEE 1364 section 18 as far as xchg's
writers and Verilator's use it) and fails on anything out of place: the
header's sections each closed by $end, scopes balanced, one $timescale of
TIMESCALE, every $var with a width, an identifier and a name, then
$enddefinitions; after it, times that never go back and value changes
whose identifier was declared, with 0/1/x/z digits, a one-bit value for a
one-bit wire and at most WIDTH digits for a vector; the file ends with a
newline. Prints a one-line summary.
usage: vcd_check.py FILE [TIMESCALE]   (TIMESCALE default 1ps)"""
import sys


def fail(path, line, why):
    print(f"{path}:{line}: {why}")
    sys.exit(1)


def header(path, toks, want_ts):
    """Walks the declarations; returns {id: width} and where the body starts."""
    width, depth, ts, i = {}, 0, None, 0
    while i < len(toks):
        n, t = toks[i]
        if t == "$enddefinitions":
            if toks[i + 1][1] != "$end" or depth:
                fail(path, n, "$enddefinitions without $end, or inside a scope")
            if ts != want_ts:
                fail(path, n, f"timescale {ts}, want {want_ts}")
            return width, i + 2
        if not t.startswith("$"):
            fail(path, n, f"'{t}' outside a section")
        try:
            end = next(j for j in range(i + 1, len(toks)) if toks[j][1] == "$end")
        except StopIteration:
            fail(path, n, f"{t} not closed by $end")
        body = [x for _, x in toks[i + 1:end]]
        if t == "$scope":
            depth += 1
            if len(body) != 2:
                fail(path, n, "$scope wants a type and a name")
        elif t == "$upscope":
            depth -= 1
            if depth < 0 or body:
                fail(path, n, "$upscope without a scope")
        elif t == "$timescale":
            ts = "".join(body)
        elif t == "$var":
            if len(body) not in (4, 5) or not body[1].isdigit() or int(body[1]) < 1:
                fail(path, n, f"bad $var: {' '.join(body)}")
            width[body[2]] = int(body[1])
        i = end + 1
    fail(path, toks[-1][0] if toks else 0, "no $enddefinitions")


def main():
    path = sys.argv[1]
    want_ts = sys.argv[2] if len(sys.argv) > 2 else "1ps"
    data = open(path, "rb").read().decode("ascii")
    if not data.endswith("\n"):
        fail(path, data.count("\n") + 1, "does not end with a newline")
    toks = [(n, t) for n, line in enumerate(data.split("\n"), 1) for t in line.split()]
    width, i = header(path, toks, want_ts)
    now, times, changes = -1, 0, 0
    pending = None  # the digits of a vector, waiting for its identifier
    for n, t in toks[i:]:
        if pending is not None:
            if t not in width or len(pending) > width[t]:
                fail(path, n, f"vector value for unknown or narrower identifier {t}")
            pending, changes = None, changes + 1
        elif t in ("$dumpvars", "$end", "$dumpall", "$dumpon", "$dumpoff"):
            continue
        elif t[0] == "#":
            if not t[1:].isdigit() or int(t[1:]) < now:
                fail(path, n, f"time {t} goes back from {now}")
            now, times = int(t[1:]), times + 1
        elif t[0] in "bB":
            if not t[1:] or set(t[1:].lower()) - set("01xz"):
                fail(path, n, f"bad vector value {t}")
            pending = t[1:]
        elif t[0] in "01xzXZ":
            if width.get(t[1:]) != 1:
                fail(path, n, f"scalar value for unknown or wide identifier {t[1:]}")
            changes += 1
        else:
            fail(path, n, f"unexpected '{t}'")
    if pending is not None:
        fail(path, len(data.split("\n")), "vector value without an identifier")
    print(f"{path}: {len(width)} signals, {times} times, {changes} value changes, last at {now}")


if __name__ == "__main__":
    main()
