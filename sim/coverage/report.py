#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make coverage's summary: the line and toggle figures of the merged
Verilator coverage (OUT/merged.dat) and the functional coverage of the
runs (OUT/fcov/*.json, OUT/runs/*.json) merged into OUT/functional.md.
Usage: report.py OUT   (docs/coverage.md explains the tables)"""
import glob
import json
import os
import re
import sys


def code_points(dat):
    """{kind: [hit, total]} and {file: {kind: [hit, total]}} of a
    verilator_coverage data file; a point is hit when its count is > 0."""
    kinds, files = {}, {}
    point = re.compile(r"^C '(.*)' (\d+)$")
    with open(dat, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = point.match(line.rstrip("\n"))
            if not m:
                continue
            fields = {}
            for kv in m.group(1).split("\x01"):
                if "\x02" in kv:
                    k, v = kv.split("\x02", 1)
                    fields[k] = v
            kind = fields.get("page", "v_other/").split("/")[0][2:]
            kind = "line" if kind == "branch" else kind  # --coverage-line makes both block and branch points
            hit = int(m.group(2)) > 0
            for table in (kinds.setdefault(kind, [0, 0]),
                          files.setdefault(fields.get("f", "?"), {}).setdefault(kind, [0, 0])):
                table[0] += hit
                table[1] += 1
    return kinds, files


def pct(hit, total):
    return f"{100.0 * hit / total:.1f} %" if total else "-"


def load(pattern):
    out = {}
    for path in sorted(glob.glob(pattern)):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            out[os.path.basename(path)[:-5]] = json.loads(text)
        except json.JSONDecodeError:
            pass
    return out


def add_rows(acc, rows):
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            acc[i][j] += v


def merge_by_net(fcov, family, fields):
    """Per network: the runs that saw it and each field's counts summed."""
    nets = {}
    for name, f in fcov.items():
        if f.get("family") != family:
            continue
        n = nets.get(f["net"])
        if n is None:
            n = nets[f["net"]] = {"runs": [], "f": f}
            for k in fields:
                n[k] = [[0] * len(r) for r in f[k]]
        n["runs"].append(name)
        for k in fields:
            add_rows(n[k], f[k])
    return nets


def seen(row):
    return sum(1 for v in row if v)


def min_table(fcov, out, bins):
    nets = merge_by_net(fcov, "min", ["switch_straight", "switch_cross", "step_straight", "step_cross"])
    out.append("## MIN switch states\n")
    out.append("Switches (of the stage's) and steps x (of N) in which a switch with a flit was seen straight "
               "and seen cross.\n")
    out.append("| network | runs | stage | switches straight | switches cross | steps straight | steps cross |")
    out.append("|---|---|---|---|---|---|---|")
    for net, n in nets.items():
        for k in range(n["f"]["stages"]):
            cells = [n[key][k] for key in ("switch_straight", "switch_cross", "step_straight", "step_cross")]
            out.append(f"| {net} | {len(n['runs'])} | {k} | " +
                       " | ".join(f"{seen(c)}/{len(c)}" for c in cells) + " |")
            for c in cells:
                bins[0] += seen(c)
                bins[1] += len(c)
    out.append("")


def router_table(fcov, out, bins):
    kinds = ["send", "forward", "receive", "idle"]
    nets = merge_by_net(fcov, "routers", kinds)
    out.append("## Router ports and step kinds\n")
    out.append("For each port number: the routers (of the network's) whose port did this in some cycle of a "
               "step: send (its own message leaves), forward (another node's message leaves), receive (a "
               "delivery from the port), idle.\n")
    out.append("| network | runs | port | send | forward | receive | idle |")
    out.append("|---|---|---|---|---|---|---|")
    for net, n in nets.items():
        nodes, ports = n["f"]["nodes"], n["f"]["ports"]
        for p in range(ports):
            cols = [sum(1 for v in range(nodes) if n[k][v][p]) for k in kinds]
            out.append(f"| {net} | {len(n['runs'])} | {p} | " + " | ".join(f"{c}/{nodes}" for c in cols) + " |")
            bins[0] += sum(cols)
            bins[1] += nodes * len(kinds)
    out.append("")


def error_table(fcov, out, bins):
    names, reached = {}, {}
    for name, f in fcov.items():
        names.update(f.get("error_names", {}))
        for code in f.get("errors", {}):
            reached.setdefault(code, []).append(name)
    out.append("## Router error codes\n")
    out.append("| code | error | reached by |")
    out.append("|---|---|---|")
    for code in sorted(names, key=int):
        runs = reached.get(code, [])
        out.append(f"| {code} | {names[code]} | {', '.join(sorted(runs)) if runs else 'not reached'} |")
        bins[0] += bool(runs)
        bins[1] += 1
    out.append("")


def checks_table(runs, out):
    out.append("## What the fault runs' checks reported\n")
    out.append("| run | pass | mismatch | router error | delivered | duplicates | misrouted | corrupt |")
    out.append("|---|---|---|---|---|---|---|---|")
    for name, r in runs.items():
        if "_f_" not in name and "_b_" not in name and "_w_" not in name:
            continue
        mm = r.get("first_mismatch")
        re_ = r.get("first_router_error")
        out.append(f"| {name} | {str(r.get('pass')).lower()} | {mm['element'] if mm else '-'} | "
                   f"{re_['code'] if re_ else '-'} | {r.get('delivered')}/{r.get('expected')} | "
                   f"{r.get('duplicates', '-')} | {r.get('misrouted', '-')} | {r.get('corrupt', '-')} |")
    out.append("")


def main():
    out_dir = sys.argv[1]
    kinds, files = code_points(os.path.join(out_dir, "merged.dat"))
    fcov = load(os.path.join(out_dir, "fcov", "*.json"))
    runs = load(os.path.join(out_dir, "runs", "*.json"))
    md = ["# Functional coverage of the coverage regression\n",
          f"{len(fcov)} runs (sim/coverage/cases.txt); code coverage: " +
          ", ".join(f"{k} {pct(*v)} ({v[0]}/{v[1]})" for k, v in sorted(kinds.items())) + ".\n"]
    bins = [0, 0]
    min_table(fcov, md, bins)
    router_table(fcov, md, bins)
    error_table(fcov, md, bins)
    checks_table(runs, md)
    md.insert(2, f"Functional bins hit: {bins[0]} of {bins[1]} ({pct(*bins)}).\n")
    md.append("## Code coverage by file\n")
    md.append("| file | line | toggle |")
    md.append("|---|---|---|")
    for path in sorted(files):
        rel = re.sub(r"^.*/(rtl/)", r"\1", path)
        rel = re.sub(r"^.*/vl/", "build/vl/", rel)
        k = files[path]
        md.append(f"| {rel} | {pct(*k.get('line', [0, 0]))} | {pct(*k.get('toggle', [0, 0]))} |")
    with open(os.path.join(out_dir, "functional.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(md) + "\n")
    for k in ("line", "toggle"):
        v = kinds.get(k, [0, 0])
        print(f"{k + ':':11} {pct(*v)} ({v[0]} of {v[1]} points)")
    print(f"functional: {pct(*bins)} ({bins[0]} of {bins[1]} bins)")


if __name__ == "__main__":
    main()
