#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The learned evaluation's pipeline end to end, on a tiny data set.

usage: test_nnue_pipeline.py BRANAN NNUE_CHECK

For Brandubh (7x7) and Copenhagen (11x11): `branan selfplay` writes a few games,
scripts/train_nnue.py trains a small net for a few steps and exports it, and on every record the
C++ inference (nnue_check: from scratch and incrementally record to record) must give exactly the
score of the Python integer forward pass (train_nnue.py eval). Then the engine takes the net over
UTI (EvalFile), refuses a damaged copy and a net of the wrong board size with an error that keeps
the net, and searches with it. Needs PyTorch (python3-torch); without it the test is skipped
(exit 77).
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TRAIN = os.path.join(ROOT, "scripts", "train_nnue.py")


def torch_python():
    """An interpreter that has PyTorch: this one, or Debian's (python3-torch installs there)."""
    for python in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(python) and subprocess.run(
                [python, "-c", "import torch"], capture_output=True).returncode == 0:
            return python
    return None


failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message)


def run(cmd, **kw):
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=240, **kw)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({result.returncode}):\n{result.stderr}")
    return result


def uti(branan, commands):
    text = "\n".join(["uti"] + commands + ["isready", "quit"]) + "\n"
    return run([branan], input=text).stdout


def pipeline(branan, nnue_check, python, tmp, variant, games, nodes):
    data = os.path.join(tmp, variant + ".bin")
    net = os.path.join(tmp, variant + ".nnue")
    run([branan, "selfplay", "--variant", variant, "--nodes", str(nodes), "--games", str(games),
         "--seed", "3", "--out", data])
    trained = run([python, TRAIN, "train", data, "--out", net, "--width", "32", "--hidden", "8",
                   "--epochs", "2", "--steps", "15", "--batch", "64", "--seed", "2"])
    check("integer vs float inference" in trained.stderr, f"{variant}: train's report\n"
          + trained.stderr)
    python_scores = run([python, TRAIN, "eval", net, data]).stdout.split()
    cpp_lines = run([nnue_check, net, data]).stdout.splitlines()
    check(len(python_scores) > 20, f"{variant}: only {len(python_scores)} records")
    check(len(cpp_lines) == len(python_scores),
          f"{variant}: {len(cpp_lines)} C++ scores, {len(python_scores)} Python scores")
    mismatches = [(i, py, line) for i, (py, line) in enumerate(zip(python_scores, cpp_lines))
                  if line.split() != [py, py]]
    check(not mismatches, f"{variant}: C++ (scratch, incremental) differs from Python on "
          f"{len(mismatches)} records, first {mismatches[:3]}")
    check(len(set(python_scores)) > 3, f"{variant}: the net gives nearly one score to all")
    print(f"{variant}: {len(python_scores)} records agree")
    return net


def main():
    branan, nnue_check = sys.argv[1], sys.argv[2]
    python = torch_python()
    if python is None:
        print("skipped: PyTorch (python3-torch) is not installed")
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        net7 = pipeline(branan, nnue_check, python, tmp, "brandubh", 30, 300)
        net11 = pipeline(branan, nnue_check, python, tmp, "copenhagen", 3, 150)
        damaged = os.path.join(tmp, "damaged.nnue")
        with open(net7, "rb") as f:
            raw = bytearray(f.read())
        raw[len(raw) // 2] ^= 1
        with open(damaged, "wb") as f:
            f.write(raw)
        out = uti(branan, ["setoption name UTI_Variant value brandubh",
                           f"setoption name EvalFile value {net7}",
                           f"setoption name EvalFile value {damaged}",
                           f"setoption name EvalFile value {net11}",
                           "eval", "go depth 4"])
        check(f"info string EvalFile {net7} is used" in out, "EvalFile not taken:\n" + out)
        check("option name EvalFile type string default <default>" in out, "no EvalFile option")
        check(f"checksum mismatch (a damaged file); the evaluation stays '{net7}'" in out,
              "the damaged file's error:\n" + out)
        check("a net for 11x11 boards, the rules are 7x7" in out, "the board size error:\n" + out)
        check("info string eval network" in out, "eval does not name the net:\n" + out)
        check("bestmove" in out, "no bestmove with the net:\n" + out)
    print(f"{2 if not failures else 0} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
