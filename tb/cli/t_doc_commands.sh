#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Docs that cannot drift: every command block of README.md and docs/*.md
# runs and shows what the tool prints (tb/doctest.py explains the marks).
. "$XC_TB/lib.sh"
python3 "$XC_TB/doctest.py" "$XC_TB/.." "$XC_BUILD" || fail "README or docs differ from the tool"
echo "PASS t_doc_commands"
