#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/smp_ttd.py: its figures on made-up runs, then one short run against the real binary.

usage: test_smp_ttd.py BRANAN

The geometric mean of the positions' median ratios and its bootstrap interval are checked on
runs whose ratios are known; then the script runs two tiny positions for 3 pairs and must print
every figure, the interval around the geometric mean; a position the engine refuses must stop it
with an error that names the position. Standard library only.
"""

import os
import re
import subprocess
import sys
import tempfile

from script_checks import Checks, load_script, script_path

SCRIPT = script_path("smp_ttd")
smp_ttd = load_script("smp_ttd")
check = Checks("test_smp_ttd.py")


def runs_of(one, many):
    """runs[threads][position][pair] = (wall, cpu, nodes), from per-position lists of walls."""
    return {1: [[(w, w, 1) for w in pos] for pos in one],
            2: [[(w, 2 * w, 1) for w in pos] for pos in many]}


# Every pair gives position 0 a ratio of 2 and position 1 a ratio of 0.5: the geometric mean is
# 1, and no resampling of the pairs can move it.
steady = runs_of([[2.0, 2.0, 2.0], [1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]])
check(abs(smp_ttd.geometric_mean_of_medians(steady, 2, [0, 1, 2], 0) - 1.0) < 1e-9,
      "geometric mean of ratios 2 and 0.5 is not 1")
check(abs(smp_ttd.geometric_mean_of_medians(steady, 2, [0, 1, 2], 1) - 1.0) < 1e-9,
      "CPU figure: 2 x CPU(1) / CPU(2) with CPU(2) = 2 x wall(2) should equal the wall figure")
low, high = smp_ttd.bootstrap_interval(steady, 2, 3, 0)
check(abs(low - 1.0) < 1e-9 and abs(high - 1.0) < 1e-9, f"steady runs: interval {low}-{high}")

# One position whose 2-thread time swings between pairs: the interval must be wide, hold the
# point estimate, and come out the same for the same seed.
swinging = runs_of([[4.0] * 5], [[1.0, 4.0, 2.0, 1.0, 4.0]])
point = smp_ttd.geometric_mean_of_medians(swinging, 2, list(range(5)), 0)
check(abs(point - 2.0) < 1e-9, f"median of the 2-thread times is 2.0 s, ratio 2, got {point}")
low, high = smp_ttd.bootstrap_interval(swinging, 2, 5, 0)
check(low <= point <= high, f"the interval {low}-{high} does not hold {point}")
check(low <= 1.0 + 1e-9 and high >= 4.0 - 1e-9, f"a swing of 1x to 4x gave only {low}-{high}")
check((low, high) == smp_ttd.bootstrap_interval(swinging, 2, 5, 0), "not reproducible")

# The real binary, two positions a few plies deep.
if len(sys.argv) != 2:
    sys.exit("usage: test_smp_ttd.py BRANAN")
with tempfile.TemporaryDirectory() as scratch:
    positions = os.path.join(scratch, "positions.txt")
    with open(positions, "w") as f:
        f.write("# two quick positions\nbrandubh 4 startpos\ntablut 3 startpos moves d1-d2\n")
    out = subprocess.run([sys.executable, SCRIPT, sys.argv[1], "--positions", positions,
                          "--pairs", "3", "--hash", "1"],
                         capture_output=True, text=True, timeout=240)
    check(out.returncode == 0, f"exit status {out.returncode}: {out.stderr}")
    text = out.stdout
    check(len(re.findall(r"^pair \d: wall", text, re.M)) == 3, "not one line per pair")
    check("1. brandubh depth 4" in text and "2. tablut depth 3" in text, "a position is missing")
    mean = re.search(r"geometric mean over the positions of their ratios: wall ([\d.]+)", text)
    interval = re.search(r"95% interval of the geometric mean \(bootstrap over the pairs\): "
                         r"wall ([\d.]+) to ([\d.]+), cpu ([\d.]+) to ([\d.]+)", text)
    check(mean is not None and interval is not None, f"figures missing:\n{text}")
    if mean and interval:
        check(float(interval.group(1)) <= float(mean.group(1)) <= float(interval.group(2)),
              f"the geometric mean lies outside its interval:\n{text}")

    # --extra-depth deepens every position (one pair: the names carry the depths searched), and
    # a depth it would take below 1 is refused with the position named.
    out = subprocess.run([sys.executable, SCRIPT, sys.argv[1], "--positions", positions,
                          "--pairs", "1", "--hash", "1", "--extra-depth", "1"],
                         capture_output=True, text=True, timeout=120)
    check(out.returncode == 0, f"--extra-depth 1: exit status {out.returncode}: {out.stderr}")
    check("1. brandubh depth 5" in out.stdout and "2. tablut depth 4" in out.stdout,
          f"--extra-depth 1 did not search a ply deeper:\n{out.stdout}")
    out = subprocess.run([sys.executable, SCRIPT, sys.argv[1], "--positions", positions,
                          "--pairs", "1", "--extra-depth", "-3"],
                         capture_output=True, text=True, timeout=60)
    refused = "tablut 'startpos moves d1-d2': depth 3 with --extra-depth -3: 0, less than 1"
    check(out.returncode != 0 and refused in out.stderr and "Traceback" not in out.stderr,
          f"--extra-depth -3: {out.returncode} {out.stderr}")
    # The same check holds a depth the file itself gives, without naming the option.
    with open(positions, "w") as f:
        f.write("brandubh 0 startpos\n")
    out = subprocess.run([sys.executable, SCRIPT, sys.argv[1], "--positions", positions,
                          "--pairs", "1"], capture_output=True, text=True, timeout=60)
    check(out.returncode != 0 and "brandubh 'startpos': depth 0, less than 1" in out.stderr
          and "--extra-depth" not in out.stderr, f"depth 0: {out.returncode} {out.stderr}")

    # A position the engine refuses: one line naming it and the engine's error, no traceback.
    with open(positions, "w") as f:
        f.write("tablut 3 startpos moves e3-f3\n")
    out = subprocess.run([sys.executable, SCRIPT, sys.argv[1], "--positions", positions,
                          "--pairs", "1"], capture_output=True, text=True, timeout=60)
    check(out.returncode != 0, "a refused position passed")
    check("startpos moves e3-f3" in out.stderr and "illegal" in out.stderr
          and "Traceback" not in out.stderr, f"unclear error: {out.stderr}")

check.finish()
