#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/tablebase_vs_solver.py: its tally on made-up answers, then one short real run.

usage: test_tablebase_vs_solver.py BRANAN

The tally must count a solver's win where the tables give no win as a repetition win when the
solver without cycle leaves proves none, and as a disagreement when it still proves one; a
different winner is a disagreement, an unknown is counted apart. Then tables of two soldiers are
generated and 40 random positions compared: every one decided, none in disagreement. Standard
library only.
"""

import json
import os
import subprocess
import sys
import tempfile

from script_checks import Checks, load_script, script_path

SCRIPT = script_path("tablebase_vs_solver")
sys.path.insert(0, os.path.dirname(SCRIPT))  # the script imports scripts/read_selfplay.py
tvs = load_script("tablebase_vs_solver")
check = Checks("test_tablebase_vs_solver.py")

NO_WIN = {"result": "unknown", "distance": None,
          "note": "neither side can force a win without repetition; the rules' repetition "
                  "verdict decides"}
WIN = {"result": "attackers", "distance": 5}
lines = ["win agreed", "no win, repetition", "no win, disagreement", "other winner", "unknown"]
answers = [WIN, NO_WIN, NO_WIN, WIN, WIN]
solved = [{"result": "attackers"}, {"result": "defenders"}, {"result": "defenders"},
          {"result": "defenders"}, {"result": "unknown"}]
asked_again = []


def without_cycles(again):
    asked_again.extend(again)
    return [{"result": "unknown" if line == "no win, repetition" else "defenders"}
            for line in again]


summary, bad = tvs.tally(lines, answers, solved, without_cycles)
check(asked_again == ["no win, repetition", "no win, disagreement"],
      f"asked again without cycle leaves: {asked_again}")
check(summary == {"positions": 5, "agree": 2, "repetition_wins": 1, "solver_unknown": 1,
                  "disagree": 2}, f"summary: {summary}")
check([b[0] for b in bad] == ["other winner", "no win, disagreement"], f"disagreements: {bad}")
# Nothing to ask again: the solver is not run a second time.
asked_again.clear()
summary, bad = tvs.tally(lines[:1], answers[:1], solved[:1], without_cycles)
check(asked_again == [] and summary["agree"] == 1 and not bad, f"one agreed line: {summary}")

branan = sys.argv[1]
with tempfile.TemporaryDirectory() as tables:
    made = subprocess.run([branan, "tablebase", "generate", "--pieces", "2", "--out", tables],
                          capture_output=True, text=True)
    check(made.returncode == 0, f"generate: {made.stderr}")
    out = subprocess.run([sys.executable, SCRIPT, branan, tables, "2", "--count", "40",
                          "--nodes", "200000", "--seed", "3"], capture_output=True, text=True)
    check(out.returncode == 0, f"exit status {out.returncode}: {out.stdout} {out.stderr}")
    first = out.stdout.splitlines()[0] if out.stdout else "{}"
    result = json.loads(first)
    check(result.get("positions") == 40 and result.get("disagree") == 0
          and result.get("agree") == 40, f"real run: {first}")

check.finish()
