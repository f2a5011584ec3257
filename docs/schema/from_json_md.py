#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""JSON Schema (draft 2020-12) files from the tables of docs/json.md.

docs/json.md is the contract: one section per report ("## ... schema
`NAME`"), one table row per key path (`a`, `a.b`, `a[].b`, `a.*`), its type
and whether it is required. This script turns each section into
docs/schema/NAME.schema.json ("xchg-run-min/1" -> xchg-run-min-1.schema.json)
so that a standard validator can check reports; tb/cli/t_json.sh checks
that the files are what this script writes today and validates real
reports against them. Keys that are not listed are allowed: new keys may
appear without a new schema number (docs/json.md).

    python3 docs/schema/from_json_md.py [OUT_DIR]   (default: docs/schema)
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = {"string", "number", "boolean", "array", "object", "null"}


def sections(path):
    """(name, title, lines of text before the table, rows) per report."""
    cur = None
    for line in open(path, encoding="utf-8"):
        m = re.match(r"^## (.*) — schema `([^`]+)`", line)
        if m:
            if cur:
                yield cur
            cur = (m.group(2), m.group(1), [], [])
            continue
        if cur is None:
            continue
        row = re.match(r"^\| `([^`]+)` \| ([^|]+) \| (yes|no) \| (.*) \|$", line.rstrip("\n"))
        if row:
            cur[3].append((row.group(1), row.group(2).strip(), row.group(3) == "yes", row.group(4).strip()))
        elif line.startswith("## "):
            yield cur
            cur = None
        elif not cur[3] and line.strip() and not line.startswith("|"):
            cur[2].append(line.strip())
    if cur:
        yield cur


def json_type(text):
    """The JSON Schema of a table's type ("number or null", "any")."""
    if text == "any":
        return {}
    parts = [t.strip() for t in text.split(" or ")]
    for t in parts:
        if t not in TYPES:
            raise SystemExit(f"docs/json.md: type '{text}' is not one of {sorted(TYPES)} (or 'X or null', 'any')")
    return {"type": parts[0] if len(parts) == 1 else parts}


def child(node, seg):
    """The schema of key seg under object schema node ('*': any key)."""
    if seg == "*":
        return node.setdefault("additionalProperties", {})
    return node.setdefault("properties", {}).setdefault(seg, {})


def place(root, path, row_schema, required, meaning):
    segs = path.split(".")
    node = root
    for i, seg in enumerate(segs):
        is_array = seg.endswith("[]")
        name = seg[:-2] if is_array else seg
        last = i == len(segs) - 1
        if last and required and name != "*":
            if name not in node.setdefault("required", []):
                node["required"].append(name)
        node = child(node, name)
        if last:
            node.update(row_schema)
            node["description"] = meaning
        elif is_array:
            node = node.setdefault("items", {})


def schema_of(name, title, intro, rows):
    root = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": name.replace("/", "-") + ".schema.json",
        "title": f"{title} ({name})",
        "description": re.sub(r"`", "", " ".join(intro)) + " Generated from docs/json.md by docs/schema/from_json_md.py.",
        "type": "object",
    }
    for key, typ, req, meaning in rows:
        s = json_type(typ)
        if key == "schema":
            s["const"] = name
        place(root, key, s, req, re.sub(r"`", "", meaning))
    return root


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else HERE
    doc = os.path.join(HERE, "..", "json.md")
    os.makedirs(out, exist_ok=True)
    for name, title, intro, rows in sections(doc):
        path = os.path.join(out, name.replace("/", "-") + ".schema.json")
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(schema_of(name, title, intro, rows), f, indent=2, ensure_ascii=False)
            f.write("\n")
        os.replace(tmp, path)


if __name__ == "__main__":
    main()
