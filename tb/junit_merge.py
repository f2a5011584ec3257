# SPDX-License-Identifier: MIT
"""Hands a JUnit XML file (cocotb's results, pytest's --junitxml) to the
test runner as a suite of its own: tb/run_tests.sh's XC_RESULTS folder in
xchg junit's layout, so that build/test-results.xml has each of its test
cases, written by the one writer.

    python3 tb/junit_merge.py SRC.xml OUT-DIR SUITE SIMULATOR
"""
import os
import sys
import xml.etree.ElementTree as ET


def put(d, name, text):
    with open(os.path.join(d, name), "w", errors="backslashreplace") as f:
        f.write(text)


def main(src, out, suite, sim):
    os.makedirs(os.path.join(out, "props"))
    put(out, "name", suite)
    put(os.path.join(out, "props"), "simulator", sim)
    root = ET.parse(src).getroot()
    for p in root.iter("property"):  # cocotb's random_seed
        put(os.path.join(out, "props"), p.get("name"), p.get("value", ""))
    for i, c in enumerate(root.iter("testcase")):
        d = os.path.join(out, "C%05d" % i)
        os.makedirs(d)
        put(d, "name", c.get("name", "?"))
        put(d, "classname", c.get("classname", suite))
        put(d, "time", c.get("time", ""))
        put(d, "result", "pass")
        for tag in ("failure", "error", "skipped"):
            e = c.find(tag)
            if e is not None:
                put(d, "result", tag)
                put(d, "message", e.get("message", ""))
                put(d, "output", e.text or "")


if __name__ == "__main__":
    main(*sys.argv[1:5])
