#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The doc test: every command block in README.md and docs/*.md runs, and
its output matches what the page shows.

Every fenced block says what it is in its info string:
  ```console   "$ COMMAND" lines, each followed by the output the page
               promises; a line "..." (or "…") stands for any number of
               lines. The command runs; its stdout and stderr must match.
  ```sh        commands only (comments after "#"); each runs and must
               exit 0, or N where its comment says "(exit N)".
  ```text      anything else: diagrams, file formats, tables, usage.
A command block preceded by the line <!-- doctest: example (WHY) --> is an
example only and does not run (WHY says why: a long build, a board, …).
A bare ``` block fails the test, so every new block is classified.

Lines in which xchg says it builds (or waits for) a Verilator model are
dropped from the output: they depend on the model cache, not on the
command. Commands run with bash in a scratch folder where build/ is the real build
folder (the model cache is shared with the other tests), xchg is on the
PATH, and DIR is a scratch folder. Usage: doctest.py ROOT BUILD [FILE...]
"""
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\S*)\s*$")
EXAMPLE = re.compile(r"^<!-- doctest: example \((.+)\) -->\s*$")
ELLIPSIS = ("...", "…")
# notes a first run prints while it builds or waits for a model: they depend
# on what the cache already holds, not on the command, so they are dropped
CACHE_NOTE = re.compile(r"^xchg: (building the Verilator model|an earlier build did not finish|"
                        r"waiting for another build)")
TIMEOUT_S = 600


def blocks(path):
    """Yields (line number, info string, lines, example reason or None)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start, info = i + 1, m.group(1)
        j = start
        while j < len(lines) and not FENCE.match(lines[j]):
            j += 1
        prev = lines[i - 1] if i > 0 else ""
        ex = EXAMPLE.match(prev)
        yield start, info, lines[start:j], ex.group(1) if ex else None
        i = j + 1


def console_commands(body):
    """Splits a console block into (command, expected lines) pairs; a
    command line ending in a backslash continues on the next line."""
    cmds, i = [], 0
    while i < len(body):
        if not body[i].startswith("$ "):
            raise ValueError(f"console block: output before a '$ ' command: {body[i]!r}")
        cmd = body[i][2:]
        while cmd.endswith("\\") and i + 1 < len(body):
            i += 1
            cmd = cmd + "\n" + body[i]
        i += 1
        out = []
        while i < len(body) and not body[i].startswith("$ "):
            out.append(body[i])
            i += 1
        while out and out[-1] == "":
            out.pop()
        cmds.append((cmd, out))
    return cmds


def matches(want, got):
    """want may hold ellipsis lines that match any run of lines."""
    want = [w.rstrip() for w in want]
    got = [g.rstrip() for g in got]
    memo = {}

    def m(i, j):
        if (i, j) in memo:
            return memo[i, j]
        if i == len(want):
            r = j == len(got)
        elif want[i].strip() in ELLIPSIS:
            r = any(m(i + 1, k) for k in range(j, len(got) + 1))
        else:
            r = j < len(got) and want[i] == got[j] and m(i + 1, j + 1)
        memo[i, j] = r
        return r

    return m(0, 0)


def run(cmd, work, env):
    try:
        p = subprocess.run(["bash", "-c", "set -o pipefail; " + cmd], cwd=work, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return -1, [f"(no answer within {TIMEOUT_S} s)"]
    text = p.stdout.decode("utf-8", "replace")
    lines = text.split("\n")
    lines = lines[:-1] if text.endswith("\n") or not text else lines
    return p.returncode, [line for line in lines if not CACHE_NOTE.match(line)]


def check_block(where, info, body, work, env):
    """Returns a list of failure messages for one runnable block."""
    fails = []
    if info == "console":
        try:
            cmds = console_commands(body)
        except ValueError as e:
            return [f"{where}: {e}"]
        for cmd, want in cmds:
            _, got = run(cmd, work, env)
            if not matches(want, got):
                fails.append(f"{where}: output of `{cmd}` differs:\n  page:\n    "
                             + "\n    ".join(want) + "\n  tool:\n    " + "\n    ".join(got))
    else:
        for line, want_rc in sh_commands(body):
            rc, got = run(line, work, env)
            if rc != want_rc:
                fails.append(f"{where}: `{line}` exited {rc}, the page says {want_rc}:\n    "
                             + "\n    ".join(got[-10:]))
    return fails


def sh_commands(body):
    """The commands of an sh block, continuation lines joined, each with the
    exit status its comment promises: "(exit N)" in the comment, else 0."""
    cmds, cur = [], ""
    for line in body:
        cur = cur + "\n" + line if cur else line
        if cur.endswith("\\"):
            continue
        if cur.strip() and not cur.strip().startswith("#"):
            m = re.search(r"#.*\(exit (\d)\)", cur)
            cmds.append((cur, int(m.group(1)) if m else 0))
        cur = ""
    return cmds


def main():
    root, build = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    files = sys.argv[3:] or ["README.md"] + sorted(
        os.path.join("docs", f) for f in os.listdir(os.path.join(root, "docs")) if f.endswith(".md"))
    env = dict(os.environ, PATH=build + ":" + os.environ["PATH"], LC_ALL="C.UTF-8")
    fails, ran, examples = [], 0, 0
    for rel in files:
        work = tempfile.mkdtemp(prefix="doctest-")
        os.symlink(build, os.path.join(work, "build"))
        for tool in ("tb", "rtl", "constraints", "sim"):
            os.symlink(os.path.join(root, tool), os.path.join(work, tool))
        os.makedirs(os.path.join(work, "DIR"))
        for line, info, body, example in blocks(os.path.join(root, rel)):
            where = f"{rel}:{line}"
            if info == "":
                fails.append(f"{where}: a bare ``` block: say console, sh or text")
            elif info in ("console", "sh") and example is None:
                fails += check_block(where, info, body, work, env)
                ran += 1
            elif info in ("console", "sh"):
                examples += 1
            elif info != "text":
                fails.append(f"{where}: unknown block kind '{info}' (console, sh or text)")
    for f in fails:
        print("FAIL " + f)
    print(f"doctest: {ran} command blocks ran, {examples} examples only, {len(fails)} failed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
