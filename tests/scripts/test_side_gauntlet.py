#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/side_gauntlet.py: its paired statistics on made-up results, then short runs against
the real binaries.

usage: test_side_gauntlet.py BRANAN BRANAN_MATCH

The per-opening scores and their paired difference are checked on results whose figures are
known. Then one build is compared with itself on Brandubh at fixed nodes: every game is played
twice the same way, so each side's difference must be exactly 0 with every opening the same; and
a missing binary or a bad count must stop the script with an error that names it. Standard
library only.
"""

import importlib.util
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "side_gauntlet.py")

spec = importlib.util.spec_from_file_location("side_gauntlet", SCRIPT)
side_gauntlet = importlib.util.module_from_spec(spec)
spec.loader.exec_module(side_gauntlet)

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def game(opening, result):
    return {"opening": opening, "result": result, "attackers": "x", "defenders": "ref"}


# Scores of the side played: a win 1, a loss 0, anything else (a draw) 0.5.
results = {"games": [game("random-1", "attackers"), game("random-2", "defenders"),
                     game("random-3", "draw")]}
check(side_gauntlet.scores_by_opening(results, "attackers") ==
      {"random-1": 1.0, "random-2": 0.0, "random-3": 0.5}, "attackers' scores")
check(side_gauntlet.scores_by_opening(results, "defenders") ==
      {"random-1": 0.0, "random-2": 1.0, "random-3": 0.5}, "defenders' scores")

# Differences 0, +1 and -0.5 (opening 4 only in one run: left out): mean 1/6, sample variance
# ((1/6)^2 + (5/6)^2 + (2/3)^2) / 2 = 7/12, half-width 1.96 * sqrt(7/36).
base = {"a": 1.0, "b": 0.0, "c": 0.5, "d": 1.0}
new = {"a": 1.0, "b": 1.0, "c": 0.0}
d = side_gauntlet.paired_difference(base, new)
check(d["openings"] == 3 and d["same"] == 1, f"openings and ties: {d}")
check(abs(d["difference"] - 1 / 6) < 1e-12, f"difference {d['difference']}")
check(abs(d["half_width"] - 1.96 * (7 / 36) ** 0.5) < 1e-12, f"half-width {d['half_width']}")
check(abs(d["base"] - 0.5) < 1e-12 and abs(d["new"] - 2 / 3) < 1e-12, f"means {d}")
try:
    side_gauntlet.paired_difference({"a": 1.0}, {"b": 1.0})
    check(False, "runs with no opening in common were accepted")
except ValueError:
    pass

if len(sys.argv) != 3:
    print("usage: test_side_gauntlet.py BRANAN BRANAN_MATCH", file=sys.stderr)
    sys.exit(2)
branan, match = sys.argv[1], sys.argv[2]
env = dict(os.environ, BRANAN_MATCH=match)


def run(*extra):
    return subprocess.run([sys.executable, SCRIPT, *extra], capture_output=True, text=True,
                          env=env, timeout=240)


with tempfile.TemporaryDirectory() as out:
    # The same build twice: every game is played the same way (fixed nodes, one thread).
    r = run(branan, branan, "--variant", "brandubh", "--nodes", "150", "--ref-defence-nodes",
            "60", "--ref-attack-nodes", "600", "--attack-games", "6", "--defence-games", "6",
            "--plies", "3", "--concurrency", "2", "--out", out)
    check(r.returncode == 0, f"the short run failed: {r.returncode} {r.stdout} {r.stderr}")
    for side in ("attacking", "defending"):
        check(re.search(rf"^{side}: 6 openings, BASE [0-9.]+, NEW [0-9.]+, NEW - BASE \+0\.000 "
                        r"\+- 0\.000 \(95%\), the same result in 6$", r.stdout, re.M),
              f"{side}: not 6 identical openings with difference 0 in: {r.stdout}")
    check("both sides: NEW - BASE +0.000 +- 0.000 (95%)" in r.stdout, f"summary: {r.stdout}")
    for folder in ("attack-base", "attack-new", "defence-base", "defence-new"):
        check(os.path.exists(os.path.join(out, folder, "results.json")), f"no {folder} results")

    # NEW at other nodes than BASE: named so in the first line.
    r = run(branan, branan, "--variant", "brandubh", "--nodes", "150", "--new-nodes", "300",
            "--attack-games", "2", "--defence-games", "2", "--plies", "3", "--out", out)
    check(r.returncode == 0 and r.stdout.startswith("brandubh, the builds at 150 (BASE) and 300 "
                                                    "(NEW) nodes;"), f"--new-nodes: {r.stdout}")

    # Errors name the problem and stop before any game.
    missing = os.path.join(out, "no-such-branan")
    r = run(branan, missing, "--out", out)
    check(r.returncode == 2 and missing in r.stderr, f"a missing binary: {r.returncode} {r.stderr}")
    r = run(branan, branan, "--nodes", "0", "--out", out)
    check(r.returncode == 2 and "at least 1" in r.stderr, f"--nodes 0: {r.returncode} {r.stderr}")
    r = run(branan, branan, "--variant", "no-such-variant", "--attack-games", "1",
            "--defence-games", "1", "--out", out)
    check(r.returncode == 2 and "branan-match failed" in r.stderr,
          f"an unknown variant: {r.returncode} {r.stderr}")

if failures:
    print("FAIL:\n  " + "\n  ".join(failures))
    sys.exit(1)
print("side_gauntlet.py: all checks passed")
