#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make coverage's summary: the line, branch and toggle figures of the
design in the merged Verilator coverage (OUT/merged.dat; the simulation
shells in rtl/dv and the generated network tops excluded), its lines and
branches in lcov's format for genhtml (OUT/coverage.info), the runs ranked
by the points they add (verilator_coverage --rank), the functional
coverage of the runs (OUT/fcov/*.json, OUT/runs/*.json) merged into
OUT/functional.md, and the figures in OUT/summary.json.
Usage: report.py OUT   (docs/coverage.md explains the tables)
       report.py --lines SUMMARY.json   (the figures' lines of a summary)"""
import glob
import json
import os
import re
import subprocess
import sys


def design_file(path):
    """The design's own sources: rtl/, less the simulation shells of
    rtl/dv/. Generated network tops (under the model cache) and the shells
    are counted apart, as excluded."""
    return "/rtl/" in path and "/rtl/dv/" not in path


def read_points(dat):
    """[(fields, count, line)] of a verilator_coverage data file."""
    points = []
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
            points.append((fields, int(m.group(2)), line))
    return points


def kind_of(fields):
    """line (a block), branch (an arm of an if or case), toggle, user."""
    return fields.get("page", "v_other/").split("/")[0][2:]


def code_points(points):
    """{kind: [hit, total]} and {file: {kind: [hit, total]}} of the
    design's points, and {file: points} of the excluded ones; a point is
    hit when its count is > 0."""
    kinds, files, excluded = {}, {}, {}
    for fields, count, _ in points:
        path = fields.get("f", "?")
        if not design_file(path):
            excluded[path] = excluded.get(path, 0) + 1
            continue
        kind = kind_of(fields)
        for table in (kinds.setdefault(kind, [0, 0]), files.setdefault(path, {}).setdefault(kind, [0, 0])):
            table[0] += count > 0
            table[1] += 1
    return kinds, files, excluded


def write_info(points, path):
    """The design's line and branch points in lcov's format, for genhtml:
    a line's count is the highest of its line and branch points, so a line
    shows hit when any point on it was hit (docs/coverage.md); each branch
    point is a BRDA entry of its line. Toggle points are not lines: they
    are in the summary's figures, not on the page."""
    by_file = {}
    for fields, count, _ in points:
        f = fields.get("f", "?")
        kind = kind_of(fields)
        if not design_file(f) or kind not in ("line", "branch") or not fields.get("l", "").isdigit():
            continue
        lines, branches = by_file.setdefault(f, ({}, []))
        ln = int(fields["l"])
        lines[ln] = max(lines.get(ln, 0), count)
        if kind == "branch":
            branches.append((ln, count))
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as out:
        for f in sorted(by_file):
            lines, branches = by_file[f]
            out.write(f"TN:\nSF:{f}\n")
            block = {}
            for ln, count in branches:
                k = block[ln] = block.get(ln, -1) + 1
                out.write(f"BRDA:{ln},0,{k},{count if count else '-'}\n")
            out.write(f"BRF:{len(branches)}\nBRH:{sum(1 for _, c in branches if c)}\n")
            for ln in sorted(lines):
                out.write(f"DA:{ln},{lines[ln]}\n")
            out.write(f"LF:{len(lines)}\nLH:{sum(1 for c in lines.values() if c)}\nend_of_record\n")
    os.replace(tmp, path)


def rank(out_dir):
    """verilator_coverage --rank over each run's design points: [(run,
    covered, rank, rank points)]; rank 0 adds no point that the runs
    ranked before it had not hit. [] when there are no per-run files."""
    dats = sorted(glob.glob(os.path.join(out_dir, "dat", "*.dat")))
    if not dats:
        return []
    design = os.path.join(out_dir, "design-dat")
    os.makedirs(design, exist_ok=True)
    for d in dats:
        with open(os.path.join(design, os.path.basename(d)), "w", encoding="utf-8", errors="replace") as out:
            out.write("# SystemC::Coverage-3\n")
            for fields, _, line in read_points(d):
                if design_file(fields.get("f", "?")):
                    out.write(line)
    text = subprocess.run(["verilator_coverage", "--rank"] + sorted(glob.glob(os.path.join(design, "*.dat"))),
                          check=True, capture_output=True, text=True).stdout
    rows = []
    for line in text.splitlines():
        m = re.match(r'^\s*(\d+),\s*(\d+),\s*(\d+),\s*"(.*)"$', line)
        if m:
            rows.append((os.path.basename(m.group(4))[:-4], int(m.group(1)), int(m.group(2)), int(m.group(3))))
    return sorted(rows, key=lambda r: (r[2] == 0, r[2], r[0]))


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


def ranking_table(ranked, out):
    out.append("## Runs ranked by the design points they add\n")
    out.append("verilator_coverage --rank over each run's design points: rank 1 hits the most, each next run "
               "the most points not hit before it; rank 0 adds none.\n")
    out.append("| run | points hit | rank | points added |")
    out.append("|---|---|---|---|")
    for name, covered, r, added in ranked:
        out.append(f"| {name} | {covered} | {r} | {added} |")
    out.append("")


def main():
    out_dir = sys.argv[1]
    points = read_points(os.path.join(out_dir, "merged.dat"))
    kinds, files, excluded = code_points(points)
    write_info(points, os.path.join(out_dir, "coverage.info"))
    ranked = rank(out_dir)
    fcov = load(os.path.join(out_dir, "fcov", "*.json"))
    runs = load(os.path.join(out_dir, "runs", "*.json"))
    md = ["# Functional coverage of the coverage regression\n",
          f"{len(fcov)} runs (sim/coverage/cases.txt); code coverage of the design: " +
          ", ".join(f"{k} {pct(*v)} ({v[0]}/{v[1]})" for k, v in sorted(kinds.items())) + ".\n"]
    bins = [0, 0]
    min_table(fcov, md, bins)
    router_table(fcov, md, bins)
    error_table(fcov, md, bins)
    checks_table(runs, md)
    md.insert(2, f"Functional bins hit: {bins[0]} of {bins[1]} ({pct(*bins)}).\n")
    if ranked:
        ranking_table(ranked, md)
    md.append("## Code coverage by file (the design)\n")
    md.append("| file | line | branch | toggle |")
    md.append("|---|---|---|---|")
    for path in sorted(files):
        k = files[path]
        md.append(f"| {shown(path)} | {pct(*k.get('line', [0, 0]))} | {pct(*k.get('branch', [0, 0]))} | "
                  f"{pct(*k.get('toggle', [0, 0]))} |")
    md.append("\nExcluded (simulation shells, generated network tops): " +
              ", ".join(f"{shown(p)} ({n} points)" for p, n in sorted(excluded.items())) + ".")
    with open(os.path.join(out_dir, "functional.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(md) + "\n")
    summary = {"schema": "xchg-coverage-summary/1", "runs": len(fcov),
               "line": kinds.get("line", [0, 0]), "branch": kinds.get("branch", [0, 0]),
               "toggle": kinds.get("toggle", [0, 0]), "functional": bins,
               "add_nothing": [r[0] for r in ranked if r[2] == 0],
               "by_file": {shown(p): {k: v for k, v in sorted(files[p].items())} for p in sorted(files)},
               "excluded": sorted({re.sub(r"/vl/[^/]*/.*/", "/vl/*/", shown(p)) for p in excluded})}
    with open(os.path.join(out_dir, "summary.json.tmp"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(os.path.join(out_dir, "summary.json.tmp"), os.path.join(out_dir, "summary.json"))
    for line in summary_lines(summary):
        print(line)


def shown(path):
    """A source's path from the top of the tree: rtl/..., build/vl/..."""
    rel = re.sub(r"^.*/(rtl/)", r"\1", path)
    return re.sub(r"^.*/vl/", "build/vl/", rel)


def summary_lines(summary):
    """The figures as make coverage prints them and docs/coverage.md shows them."""
    out = []
    for k in ("line", "branch", "toggle"):
        v = summary[k]
        out.append(f"{k + ':':11} {pct(*v)} ({v[0]} of {v[1]} points)")
    v = summary["functional"]
    out.append(f"functional: {pct(*v)} ({v[0]} of {v[1]} bins)")
    out.append(f"add nothing: {', '.join(summary['add_nothing']) or 'none'}")
    return out


if __name__ == "__main__":
    if sys.argv[1] == "--lines":
        with open(sys.argv[2], encoding="utf-8") as f:
            print("\n".join(summary_lines(json.load(f))))
    else:
        main()
