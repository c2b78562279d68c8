#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/side_gauntlet.py: its paired statistics on made-up results, then short runs against
the real binaries.

usage: test_side_gauntlet.py BRANAN BRANAN_MATCH

The per-round scores, the faults, the paired difference and the two sides' figure are checked
on results whose figures are known. Then one build is compared with itself on Brandubh at fixed
nodes: every game is played twice the same way, so each side's difference must be exactly 0 with
every opening the same, each run must have put the build on its side at its nodes against the
reference at the reference's, and the printed scores must be the runs' own; --new-nodes must
reach NEW; --keep-base must reuse BASE's runs only under the same settings and whole, and a
failed BASE run must leave no record to reuse; and a missing binary or a bad count must stop the
script with an error that names it.
Standard library only.
"""

import json
import os
import re
import subprocess
import sys
import tempfile

from script_checks import Checks, load_script, script_path

SCRIPT = script_path("side_gauntlet")
side_gauntlet = load_script("side_gauntlet")
check = Checks("test_side_gauntlet.py")


def game(round_, opening, result, termination="king escaped"):
    return {"round": round_, "opening": opening, "result": result, "attackers": "x",
            "defenders": "ref", "termination": termination}


# An engine's score by round (plot_match.score_of): a win 1, a loss 0, a draw 0.5.
results = {"games": [game(1, "random-1", "attackers"), game(2, "random-2", "defenders"),
                     game(3, "random-3", "draw")]}
check(side_gauntlet.scores_by_round(results, "x", 3) ==
      {1: ("random-1", 1.0), 2: ("random-2", 0.0), 3: ("random-3", 0.5)}, "the attackers' scores")
check(side_gauntlet.scores_by_round(results, "ref", 3) ==
      {1: ("random-1", 0.0), 2: ("random-2", 1.0), 3: ("random-3", 0.5)}, "the defenders' scores")
try:
    side_gauntlet.scores_by_round(results, "nobody", 3)
    check(False, "scores taken for an engine that played no game")
except ValueError:
    pass
for rounds in (2, 4):
    try:
        side_gauntlet.scores_by_round(results, "x", rounds)
        check(False, f"3 games taken for {rounds} rounds")
    except ValueError:
        pass

# Faults are told from the rules' endings by branan-match's wording.
check(side_gauntlet.is_fault(game(1, "o", "defenders", "time forfeit by new: no bestmove")),
      "a time forfeit is a fault")
check(side_gauntlet.is_fault(game(1, "o", "defenders", "new crashed: exit status 6")),
      "a crash is a fault")
check(side_gauntlet.is_fault(game(1, "o", "defenders", "illegal move a1-a2 by new: why")),
      "an illegal move is a fault")
check(not side_gauntlet.is_fault(game(1, "o", "attackers", "king captured")),
      "a capture is no fault")
check(not side_gauntlet.is_fault(game(1, "o", "draw", "max plies (400) reached")),
      "the ply limit is no fault")

# Differences 0, +1 and -0.5 (round 4 only in one run: left out): mean 1/6, sample variance
# ((1/6)^2 + (5/6)^2 + (2/3)^2) / 2 = 7/12, half-width 1.96 * sqrt(7/36).
base = {1: ("a", 1.0), 2: ("b", 0.0), 3: ("c", 0.5), 4: ("d", 1.0)}
new = {1: ("a", 1.0), 2: ("b", 1.0), 3: ("c", 0.0)}
d = side_gauntlet.paired_difference(base, new)
check(d["openings"] == 3 and d["same"] == 1, f"openings and ties: {d}")
check(abs(d["difference"] - 1 / 6) < 1e-12, f"difference {d['difference']}")
check(abs(d["half_width"] - 1.96 * (7 / 36) ** 0.5) < 1e-12, f"half-width {d['half_width']}")
check(abs(d["base"] - 0.5) < 1e-12 and abs(d["new"] - 2 / 3) < 1e-12, f"means {d}")
for other in ({5: ("a", 1.0)}, {1: ("b", 1.0)}):
    try:
        side_gauntlet.paired_difference(base, other)
        check(False, f"runs with no round in common or other openings were paired: {other}")
    except ValueError:
        pass
# Both sides: the mean of the two differences, the half-widths combined as independent ones.
mean, half = side_gauntlet.both_sides({"difference": 0.1, "half_width": 0.03},
                                      {"difference": -0.02, "half_width": 0.04})
check(abs(mean - 0.04) < 1e-12 and abs(half - 0.025) < 1e-12, f"both sides {mean} {half}")

if len(sys.argv) != 3:
    print("usage: test_side_gauntlet.py BRANAN BRANAN_MATCH", file=sys.stderr)
    sys.exit(2)
branan, match = sys.argv[1], sys.argv[2]
env = dict(os.environ, BRANAN_MATCH=match)


def run(*extra):
    return subprocess.run([sys.executable, SCRIPT, *extra], capture_output=True, text=True,
                          env=env, timeout=240)


def results_of(folder):
    with open(os.path.join(folder, "results.json"), encoding="utf-8") as f:
        return json.load(f)


def limits_of(results):
    return {e["name"]: e["limits"] for e in results["engine_settings"]}


with tempfile.TemporaryDirectory() as out:
    # The same build twice: every game is played the same way (fixed nodes, one thread).
    short = ("--variant", "brandubh", "--nodes", "150", "--ref-defence-nodes", "60",
             "--ref-attack-nodes", "600", "--attack-games", "6", "--defence-games", "6",
             "--plies", "3", "--concurrency", "2", "--out", out)
    r = run(branan, branan, *short)
    check(r.returncode == 0, f"the short run failed: {r.returncode} {r.stdout} {r.stderr}")
    for side in ("attacking", "defending"):
        check(re.search(rf"^{side}: 6 openings, BASE [0-9.]+, NEW [0-9.]+, NEW - BASE \+0\.000 "
                        r"\+- 0\.000 \(95%\), the same result in 6, 0 lost by a fault$",
                        r.stdout, re.M),
              f"{side}: not 6 identical openings with difference 0 in: {r.stdout}")
    check("both sides: NEW - BASE +0.000 +- 0.000 (95%)" in r.stdout, f"summary: {r.stdout}")
    check(r.stderr.count("side_gauntlet.py: ") == 4, f"not one line per run: {r.stderr}")
    # Each run put the build on its side against the reference at the reference's nodes.
    runs = {"attack-base": ("base", "ref", "nodes=60"), "attack-new": ("new", "ref", "nodes=60"),
            "defence-base": ("ref", "base", "nodes=600"),
            "defence-new": ("ref", "new", "nodes=600")}
    for folder, (attackers, defenders, ref_limits) in runs.items():
        res = results_of(os.path.join(out, folder))
        games = res["games"]
        check(len(games) == 6 and all(g["attackers"] == attackers and
                                      g["defenders"] == defenders for g in games),
              f"{folder}: not 6 games of {attackers} attacking {defenders}")
        build = attackers if defenders == "ref" else defenders
        check(limits_of(res) == {build: "nodes=150", "ref": ref_limits},
              f"{folder}: limits {limits_of(res)}")
    # The printed scores are those of the runs' games.
    for side, folder in (("attacking", "attack-base"), ("defending", "defence-base")):
        games = results_of(os.path.join(out, folder))["games"]
        score = sum(side_gauntlet.score_of(g, "base") for g in games) / len(games)
        check(re.search(rf"^{side}: 6 openings, BASE {score:.3f}, NEW {score:.3f},", r.stdout,
                        re.M), f"{side}: BASE's score is not {score:.3f}: {r.stdout}")

    # --keep-base: the same settings again reuse BASE's runs (only NEW's two are played, and
    # the figures are the same); a run short of a round, other settings or a spoiled record of
    # them play BASE again.
    kept = run(branan, branan, *short, "--keep-base")
    check(kept.returncode == 0 and kept.stdout == r.stdout,
          f"--keep-base changed the figures: {kept.returncode} {kept.stdout} {kept.stderr}")
    check("BASE's runs kept" in kept.stderr and kept.stderr.count(" attacking ") == 2,
          f"--keep-base did not keep BASE's runs: {kept.stderr}")
    attack_base = os.path.join(out, "attack-base", "results.json")
    cut = results_of(os.path.join(out, "attack-base"))
    cut["games"].pop()
    with open(attack_base, "w", encoding="utf-8") as f:
        json.dump(cut, f)
    again = run(branan, branan, *short, "--keep-base")
    check(again.returncode == 0 and "no BASE runs of these settings" in again.stderr and
          again.stderr.count(" attacking ") == 4 and again.stdout == r.stdout,
          f"a BASE run short of a round was kept: {again.stderr}")
    other = run(branan, branan, *short, "--seed", "5", "--keep-base")
    check(other.returncode == 0 and "kept" not in other.stderr and
          "no BASE runs of these settings" in other.stderr and
          other.stderr.count(" attacking ") == 4, f"another seed kept BASE's runs: {other.stderr}")
    with open(os.path.join(out, "base-settings.json"), "w", encoding="utf-8") as f:
        f.write("{not json")
    spoiled = run(branan, branan, *short, "--seed", "5", "--keep-base")
    check(spoiled.returncode == 0 and "kept" not in spoiled.stderr and
          spoiled.stdout == other.stdout, f"a spoiled record kept BASE's runs: {spoiled.stderr}")

    # NEW at other nodes than BASE: named so, and NEW searched them.
    r = run(branan, branan, "--variant", "brandubh", "--nodes", "150", "--new-nodes", "300",
            "--attack-games", "2", "--defence-games", "2", "--plies", "3", "--out", out)
    check(r.returncode == 0 and r.stdout.startswith("brandubh, the builds at 150 (BASE) and 300 "
                                                    "(NEW) nodes;"), f"--new-nodes: {r.stdout}")
    for folder, nodes in (("attack-base", "nodes=150"), ("attack-new", "nodes=300"),
                          ("defence-new", "nodes=300")):
        build = folder.split("-")[1]
        check(limits_of(results_of(os.path.join(out, folder))).get(build) == nodes,
              f"--new-nodes: {folder} did not play {build} at {nodes}")

    # Errors name the problem and stop before any game.
    missing = os.path.join(out, "no-such-branan")
    r = run(branan, missing, "--out", out)
    check(r.returncode == 2 and missing in r.stderr, f"a missing binary: {r.returncode} {r.stderr}")
    for option in ("--nodes", "--plies"):
        r = run(branan, branan, option, "0", "--out", out)
        check(r.returncode == 2 and "at least 1" in r.stderr,
              f"{option} 0: {r.returncode} {r.stderr}")
    r = run(branan, branan, "--variant", "no-such-variant", "--attack-games", "1",
            "--defence-games", "1", "--out", out)
    check(r.returncode == 2 and "branan-match failed" in r.stderr,
          f"an unknown variant: {r.returncode} {r.stderr}")
    # A BASE run that failed leaves no record of settings to keep it by.
    check(not os.path.exists(os.path.join(out, "base-settings.json")),
          "a failed BASE run left base-settings.json")

check.finish()
