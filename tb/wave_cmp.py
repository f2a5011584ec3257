#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compares two traces value change by value change: every signal of the
golden model's trace (B) against the signal of the same name in the RTL's
(A), both read as VCD (an FST through GTKWave's fst2vcd). For each signal:
its value at time FROM, then the times at which it changes and the new
values (the models start from different power-up states: the comparison
starts once both are reset). Prints the first
differences and exits 1 if any; also fails if B repeats a value it
already has (a writer that dumps unchanged values) or if the two
timescales differ.
With --same, A and B are the same run's waves in two formats (a VCD and
an FST): the same signals, the same timescale and the same value changes
from time 0, every one.
With --first, prints the earliest time from FROM on at which A and B
hold different values on a signal B has (and which signals), nothing else.
usage: wave_cmp.py A B [FROM]
       wave_cmp.py --same A B
       wave_cmp.py --first A B FROM"""
import subprocess
import sys


def read(path):
    text = subprocess.run(["fst2vcd", path] if path.endswith(".fst") else ["cat", path],
                          check=True, capture_output=True, text=True).stdout
    names, scope, changes, t, timescale = {}, [], {}, 0, None
    lines = iter(text.splitlines())
    for line in lines:
        w = line.split()
        if not w:
            continue
        if w[0] == "$timescale":
            timescale = w[1] if len(w) > 1 and w[1] != "$end" else next(lines).strip()
        elif w[0] == "$scope":
            scope.append(w[2])
        elif w[0] == "$upscope":
            scope.pop()
        elif w[0] == "$var":
            names.setdefault(w[3], []).append(".".join(scope + [w[4]]))
        elif w[0][0] == "#":
            t = int(w[0][1:])
        elif w[0][0] in "bB":
            changes.setdefault(w[1], []).append((t, int(w[0][1:].replace("x", "0").replace("z", "0"), 2)))
        elif w[0][0] in "01xz" and not w[0].startswith("$"):
            changes.setdefault(w[0][1:], []).append((t, int(w[0][0]) if w[0][0] in "01" else 0))
    by_name = {}
    for ident, ns in names.items():
        for n in ns:
            by_name[n] = changes.get(ident, [])
    return by_name, timescale


def squash(ch):
    """Value changes only (a VCD may restate a value)."""
    out = []
    for t, v in ch:
        if out and out[-1][0] == t:
            out[-1] = (t, v)
        elif not out or out[-1][1] != v:
            out.append((t, v))
    return out


def from_start(ch, start):
    """The value in effect at time start, then every change after it."""
    before = [v for t, v in ch if t <= start]
    out = [(start, before[-1])] if before else []
    return squash(out + [(t, v) for t, v in ch if t > start])


def same(pa, pb):
    """A and B carry the same signals and value changes: 0, else 1."""
    (a, ta), (b, tb) = read(pa), read(pb)
    bad = [f"timescales differ: {ta} and {tb}"] if ta != tb else []
    bad += [f"{n}: only in {pa}" for n in sorted(set(a) - set(b))]
    bad += [f"{n}: only in {pb}" for n in sorted(set(b) - set(a))]
    changes = 0
    for n in sorted(set(a) & set(b)):
        x, y = squash(a[n]), squash(b[n])
        changes += len(x)
        if x != y:
            i = next((k for k, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
            bad.append(f"{n}: change {i}: {x[i:i + 1]} in {pa}, {y[i:i + 1]} in {pb}")
    for line in bad[:10]:
        print(line)
    print(f"{len(a)} signals, {changes} value changes, {len(bad)} differences")
    return 1 if bad else 0


def first_difference(x, y):
    """The first time at which two change lists (from the same start) hold
    different values, or None."""
    times = sorted({t for t, _ in x} | {t for t, _ in y})
    i = j = 0
    vx = vy = None
    for t in times:
        while i < len(x) and x[i][0] <= t:
            vx, i = x[i][1], i + 1
        while j < len(y) and y[j][0] <= t:
            vy, j = y[j][1], j + 1
        if vx != vy:
            return t
    return None


def first(pa, pb, start):
    (a, _), (b, _) = read(pa), read(pb)
    diffs = {}
    for n in sorted(set(a) & set(b)):
        t = first_difference(from_start(squash(a[n]), start), from_start(squash(b[n]), start))
        if t is not None:
            diffs.setdefault(t, []).append(n)
    if not diffs:
        print("no difference")
        return 1
    t = min(diffs)
    print(f"first difference at {t}: {' '.join(diffs[t][:6])}{' ...' if len(diffs[t]) > 6 else ''}")
    return 0


def main():
    if sys.argv[1] == "--first":
        return first(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    if sys.argv[1] == "--same":
        return same(sys.argv[2], sys.argv[3])
    a, b = read(sys.argv[1]), read(sys.argv[2])
    start = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    bad = 0
    if a[1] != b[1]:
        print(f"timescales differ: {a[1]} and {b[1]}")
        bad += 1
    compared = changes = 0
    for name, gch in sorted(b[0].items()):
        repeats = [(t, v) for (t0, v0), (t, v) in zip(gch, gch[1:]) if v == v0]
        if repeats:
            print(f"{name}: golden trace repeats unchanged value {repeats[0][1]:#x} at {repeats[0][0]}")
            bad += 1
        if name not in a[0]:
            print(f"{name}: not in the RTL trace")
            bad += 1
            continue
        g, r = from_start(squash(gch), start), from_start(squash(a[0][name]), start)
        compared += 1
        changes += len(g)
        for i, (x, y) in enumerate(zip(r, g)):
            if x != y:
                print(f"{name}: change {i}: RTL {x[1]:#x} at {x[0]}, golden {y[1]:#x} at {y[0]}")
                bad += 1
                break
        else:
            if len(r) != len(g):
                print(f"{name}: RTL {len(r)} changes, golden {len(g)}")
                bad += 1
        if bad > 10:
            break
    print(f"{compared} signals, {changes} value changes compared, {bad} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
