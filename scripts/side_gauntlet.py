#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Compares two builds side by side against a handicapped reference, for variants where
self-play between near-equal engines is one-sided (alea-evangelii: the defenders win nearly every
game, and colour-swapped pairs split 1-1 whichever build is better).

Each build plays the same openings, one game each and always on the same side, against a
reference engine whose node count is set so that the builds score near 50%:

  - attacking: the build attacks, the reference defends at REF_DEFENCE_NODES (fewer nodes);
  - defending: the reference attacks at REF_ATTACK_NODES (more nodes), the build defends.

Every engine searches a fixed number of nodes (one thread), so the games do not depend on the
machine's load, and both builds meet the same openings (branan-match's random openings, the same
seed). The result is paired: for each opening, NEW's score minus BASE's (1 a win, 0.5 a draw);
the script prints each side's scores and the mean of those differences with a 95% interval (a
normal approximation over the openings), and the two sides' average.

usage: scripts/side_gauntlet.py BASE NEW [--variant alea-evangelii] [--nodes 3000]
           [--new-nodes N] [--ref-defence-nodes 900] [--ref-attack-nodes 30000]
           [--attack-games 300] [--defence-games 200] [--plies 4] [--seed 21]
           [--reference BIN] [--concurrency N] [--out DIR]

--new-nodes gives NEW another node count than BASE: with the same binary twice, it shows what
a given gain in speed is worth (how sensitive the comparison is). The defaults are
alea-evangelii's (docs/strength.md, "19x19: a side-by-side gauntlet"). The reference is BASE
unless --reference names another binary. branan-match is taken from $BRANAN_MATCH, else from
PATH, else from build/release. Game records go to DIR/{attack,defence}-{base,new} (default
out/side-gauntlet). Standard library only. Exit status 0, or 2 on a usage or run error.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE = "ref"


def score_for(game, side):
    """1, 0.5 or 0: the game's result for `side` ('attackers' or 'defenders')."""
    if game["result"] == side:
        return 1.0
    if game["result"] in ("attackers", "defenders"):
        return 0.0
    return 0.5


def scores_by_opening(results, side):
    """{opening label: score of the engine that played `side`} from a results.json's games."""
    return {g["opening"]: score_for(g, side) for g in results["games"]}


def paired_difference(base, new):
    """Mean of new - base over the openings both played, its 95% half-width, the openings, the
    two means and how many openings gave both the same result."""
    common = sorted(set(base) & set(new))
    n = len(common)
    if n == 0:
        raise ValueError("the two runs share no opening")
    diffs = [new[k] - base[k] for k in common]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return {
        "openings": n,
        "base": sum(base[k] for k in common) / n,
        "new": sum(new[k] for k in common) / n,
        "difference": mean,
        "half_width": 1.96 * math.sqrt(variance / n),
        "same": sum(1 for d in diffs if d == 0),
    }


def find_match():
    match = os.environ.get("BRANAN_MATCH") or shutil.which("branan-match")
    if not match:
        match = os.path.join(ROOT, "build", "release", "branan-match")
    return match


def play(match, args, attackers, defenders, rounds, seed, folder):
    """One fixed-side run (the first engine attacks in every game); returns its results.json."""
    command = [match, "--variant", args.variant,
               "--engine", f"cmd={attackers[0]}", f"name={attackers[1]}", f"nodes={attackers[2]}",
               "--engine", f"cmd={defenders[0]}", f"name={defenders[1]}", f"nodes={defenders[2]}",
               "--games", "1", "--rounds", str(rounds), "--random-openings", str(args.plies),
               "--seed", str(seed), "--concurrency", str(args.concurrency),
               "--records", folder, "--force", "--quiet"]
    run = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    results = os.path.join(folder, "results.json")
    if run.returncode != 0 or not os.path.exists(results):
        raise RuntimeError(f"branan-match failed (exit status {run.returncode}): "
                           f"{run.stderr.strip()}")
    with open(results, encoding="utf-8") as f:
        return json.load(f)


def describe(name, d):
    return (f"{name}: {d['openings']} openings, BASE {d['base']:.3f}, NEW {d['new']:.3f}, "
            f"NEW - BASE {d['difference']:+.3f} +- {d['half_width']:.3f} (95%), "
            f"the same result in {d['same']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--variant", default="alea-evangelii")
    parser.add_argument("--nodes", type=int, default=3000, help="the builds' nodes a move")
    parser.add_argument("--new-nodes", type=int, help="NEW's nodes a move (default --nodes)")
    parser.add_argument("--ref-defence-nodes", type=int, default=900)
    parser.add_argument("--ref-attack-nodes", type=int, default=30000)
    parser.add_argument("--attack-games", type=int, default=300)
    parser.add_argument("--defence-games", type=int, default=200)
    parser.add_argument("--plies", type=int, default=4, help="random opening plies")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--reference", help="the reference binary (default BASE)")
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", default=os.path.join("out", "side-gauntlet"))
    args = parser.parse_args()
    reference = args.reference or args.base
    if args.new_nodes is None:
        args.new_nodes = args.nodes
    for binary in (args.base, args.new, reference):
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            print(f"side_gauntlet.py: '{binary}' is not an executable file", file=sys.stderr)
            return 2
    counts = (args.nodes, args.new_nodes, args.ref_defence_nodes, args.ref_attack_nodes,
              args.attack_games, args.defence_games, args.concurrency)
    if min(counts) < 1 or args.plies < 0:
        print("side_gauntlet.py: node counts, game counts and --concurrency must be at least 1, "
              "--plies at least 0", file=sys.stderr)
        return 2
    match = find_match()
    if not os.access(match, os.X_OK):
        print(f"side_gauntlet.py: branan-match not found ('{match}'; set BRANAN_MATCH)",
              file=sys.stderr)
        return 2

    builds = {"base": (args.base, args.nodes), "new": (args.new, args.new_nodes)}
    attack, defence = {}, {}
    try:
        for name, (binary, nodes) in builds.items():
            results = play(match, args, (binary, name, nodes),
                           (reference, REFERENCE, args.ref_defence_nodes), args.attack_games,
                           args.seed, os.path.join(args.out, f"attack-{name}"))
            attack[name] = scores_by_opening(results, "attackers")
            results = play(match, args, (reference, REFERENCE, args.ref_attack_nodes),
                           (binary, name, nodes), args.defence_games, args.seed + 1,
                           os.path.join(args.out, f"defence-{name}"))
            defence[name] = scores_by_opening(results, "defenders")
        sides = {"attacking": paired_difference(attack["base"], attack["new"]),
                 "defending": paired_difference(defence["base"], defence["new"])}
    except (RuntimeError, ValueError) as err:
        print(f"side_gauntlet.py: {err}", file=sys.stderr)
        return 2

    nodes = (f"{args.nodes} nodes" if args.new_nodes == args.nodes
             else f"{args.nodes} (BASE) and {args.new_nodes} (NEW) nodes")
    print(f"{args.variant}, the builds at {nodes}; the reference defending at "
          f"{args.ref_defence_nodes}, attacking at {args.ref_attack_nodes}")
    for name, d in sides.items():
        print(describe(name, d))
    a, d = sides["attacking"], sides["defending"]
    mean = (a["difference"] + d["difference"]) / 2
    half = math.hypot(a["half_width"], d["half_width"]) / 2
    print(f"both sides: NEW - BASE {mean:+.3f} +- {half:.3f} (95%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
