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
seed and plies). The result is paired: for each opening (each round of the two runs), NEW's
score minus BASE's (1 a win, 0.5 a draw). The script prints each side's scores and the mean of
those differences with a 95% interval (a normal approximation over the openings), and the two
sides' average.

usage: scripts/side_gauntlet.py BASE NEW [--variant alea-evangelii] [--nodes 3000]
           [--new-nodes N] [--ref-defence-nodes 900] [--ref-attack-nodes 30000]
           [--attack-games 300] [--defence-games 200] [--plies 4] [--seed 21]
           [--reference BIN] [--concurrency N] [--out DIR] [--keep-base]

--new-nodes gives NEW another node count than BASE: with the same binary twice, it shows what a
given gain in speed is worth (how sensitive the comparison is). Every run records what BASE's
two runs were played with in DIR/base-settings.json (BASE, the reference and branan-match by
their SHA-256, every count but --new-nodes and --concurrency, the variant, plies and seed);
with --keep-base, BASE's runs are played only if DIR does not hold them from those same
settings. BASE's games are the same in every run (fixed nodes, one thread), so several NEW
builds can be compared with one BASE at half the games each (each run replaces DIR's NEW
records). The defaults are alea-evangelii's (docs/strength.md, "19×19: a side-by-side
gauntlet"). The reference is BASE unless --reference names another binary. Every engine runs
one search thread. branan-match is taken from $BRANAN_MATCH, else from PATH, else from
build/release. Game records go to DIR/{attack,defence}-{base,new} (default out/side-gauntlet);
a line on stderr says when each run starts, or that BASE's are kept. Games an engine lost by a
fault (a crash, a time-out, an illegal move, ...) count as losses, as in any match, and are
counted in the output. Standard library only.
Exit status 0, or 2 on a usage or run error (130 when interrupted).
"""

import argparse
import hashlib
import json
import math
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot_match import score_of  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCE = "ref"
# How branan-match words a game lost by an engine's fault (src/match/game_runner.cpp).
FAULT_PREFIXES = ("time forfeit by ", "illegal move ")
FAULT_WORDS = (" crashed", " stalled", " sent garbage", " disconnected", " failed to start")


def is_fault(game):
    """Whether an engine lost the game by a fault rather than by the rules or the ply limit."""
    reason = game.get("termination", "")
    return reason.startswith(FAULT_PREFIXES) or any(w in reason for w in FAULT_WORDS)


def scores_by_round(results, engine, rounds):
    """{round: (opening label, `engine`'s score: 1, 0.5 or 0)} of one run's results.json, which
    must hold one game for each of the rounds 1..rounds."""
    games = results["games"]
    by_round = {g["round"]: (g["opening"], score_of(g, engine)) for g in games}
    missing = sorted(r for r, (_, score) in by_round.items() if score is None)
    if missing:
        raise ValueError(f"{engine} did not play round {missing[0]}")
    if len(games) != rounds or sorted(by_round) != list(range(1, rounds + 1)):
        raise ValueError(f"the run holds {len(games)} games, not one for each of {rounds} rounds")
    return by_round


def paired_difference(base, new):
    """Mean of new - base over the rounds both played ({round: (opening, score)}), its 95%
    half-width, the rounds, the two means and how many rounds gave both the same result. The
    two runs must name the same opening in each round (the labels, "random-N": main() gives
    both the same seed, which makes the openings themselves the same)."""
    common = sorted(set(base) & set(new))
    n = len(common)
    if n == 0:
        raise ValueError("the two runs share no round")
    for r in common:
        if base[r][0] != new[r][0]:
            raise ValueError(f"round {r}: opening {base[r][0]} in one run, {new[r][0]} in the "
                             "other")
    diffs = [new[r][1] - base[r][1] for r in common]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return {
        "openings": n,
        "base": sum(base[r][1] for r in common) / n,
        "new": sum(new[r][1] for r in common) / n,
        "difference": mean,
        "half_width": 1.96 * math.sqrt(variance / n),
        "same": sum(1 for d in diffs if d == 0),
    }


def both_sides(attacking, defending):
    """The two sides' average difference and its 95% half-width (independent runs)."""
    return ((attacking["difference"] + defending["difference"]) / 2,
            math.hypot(attacking["half_width"], defending["half_width"]) / 2)


def find_match():
    match = os.environ.get("BRANAN_MATCH") or shutil.which("branan-match")
    if not match:
        match = os.path.join(ROOT, "build", "release", "branan-match")
    return match


def play(match, args, attackers, defenders, rounds, seed, folder):
    """One fixed-side run (the first engine attacks in every game); returns its results.json."""
    command = [match, "--variant", args.variant]
    for binary, name, nodes in (attackers, defenders):
        command += ["--engine", f"cmd={binary}", f"name={name}", f"nodes={nodes}",
                    "option.Threads=1"]
    command += ["--games", "1", "--rounds", str(rounds), "--random-openings", str(args.plies),
                "--seed", str(seed), "--concurrency", str(args.concurrency),
                "--records", folder, "--force", "--quiet"]
    print(f"side_gauntlet.py: {attackers[1]} attacking {defenders[1]}, {rounds} games "
          f"({folder})", file=sys.stderr, flush=True)
    run = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    results = os.path.join(folder, "results.json")
    if run.returncode != 0 or not os.path.exists(results):
        raise RuntimeError(f"branan-match failed (exit status {run.returncode}): "
                           f"{run.stderr.strip()}")
    with open(results, encoding="utf-8") as f:
        data = json.load(f)
    for warning in data.get("warnings", []):
        print(f"side_gauntlet.py: branan-match warned ({folder}): {warning}", file=sys.stderr)
    return data


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def base_settings(args, base, reference, match):
    """What BASE's two runs depend on: the binaries' contents (branan-match's too: it makes the
    openings) and every setting but --concurrency, which changes no game."""
    return {"base": sha256_of(base), "reference": sha256_of(reference),
            "branan-match": sha256_of(match), "variant": args.variant,
            "nodes": args.nodes, "ref_defence_nodes": args.ref_defence_nodes,
            "ref_attack_nodes": args.ref_attack_nodes, "attack_games": args.attack_games,
            "defence_games": args.defence_games, "plies": args.plies, "seed": args.seed}


def kept_base_runs(folder, settings):
    """BASE's two results.json in `folder` if its base-settings.json is `settings` and they hold
    a game for each round, else None (the runs are played again)."""
    try:
        with open(os.path.join(folder, "base-settings.json"), encoding="utf-8") as f:
            if json.load(f) != settings:
                return None
        runs = []
        for sub, rounds in (("attack-base", settings["attack_games"]),
                            ("defence-base", settings["defence_games"])):
            with open(os.path.join(folder, sub, "results.json"), encoding="utf-8") as f:
                results = json.load(f)
            scores_by_round(results, "base", rounds)
            runs.append(results)
        return runs
    except (OSError, ValueError, KeyError, TypeError):
        return None


def describe(name, d, faults):
    return (f"{name}: {d['openings']} openings, BASE {d['base']:.3f}, NEW {d['new']:.3f}, "
            f"NEW - BASE {d['difference']:+.3f} +- {d['half_width']:.3f} (95%), "
            f"the same result in {d['same']}, {faults} lost by a fault")


class HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=HelpFormatter)
    parser.add_argument("base", help="the base build's branan")
    parser.add_argument("new", help="the new build's branan")
    parser.add_argument("--variant", default="alea-evangelii")
    parser.add_argument("--nodes", type=int, default=3000, help="BASE's nodes a move")
    parser.add_argument("--new-nodes", type=int, help="NEW's nodes a move (default --nodes)")
    parser.add_argument("--ref-defence-nodes", type=int, default=900,
                        help="the reference's nodes a move when it defends")
    parser.add_argument("--ref-attack-nodes", type=int, default=30000,
                        help="the reference's nodes a move when it attacks")
    parser.add_argument("--attack-games", type=int, default=300, help="games a build attacks")
    parser.add_argument("--defence-games", type=int, default=200, help="games a build defends")
    parser.add_argument("--plies", type=int, default=4, help="random plies of an opening")
    parser.add_argument("--seed", type=int, default=21,
                        help="the attacking runs' openings (the defending runs' are SEED + 1)")
    parser.add_argument("--reference", help="the reference binary (default BASE)")
    parser.add_argument("--concurrency", type=int, default=min(os.cpu_count() or 1, 256),
                        help="games at a time")
    parser.add_argument("--out", default=os.path.join("out", "side-gauntlet"))
    parser.add_argument("--keep-base", action="store_true",
                        help="reuse BASE's runs in --out when their settings are the same")
    args = parser.parse_args()
    if args.new_nodes is None:
        args.new_nodes = args.nodes
    # Absolute paths: branan-match would look a bare name up on PATH.
    binaries = [os.path.abspath(b) for b in (args.base, args.new, args.reference or args.base)]
    for binary in binaries:
        if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
            print(f"side_gauntlet.py: '{binary}' is not an executable file", file=sys.stderr)
            return 2
    base, new, reference = binaries
    counts = (args.nodes, args.new_nodes, args.ref_defence_nodes, args.ref_attack_nodes,
              args.attack_games, args.defence_games, args.concurrency, args.plies)
    if min(counts) < 1:
        print("side_gauntlet.py: node counts, game counts, --concurrency and --plies must be at "
              "least 1 (without random plies every game starts from the same position)",
              file=sys.stderr)
        return 2
    match = find_match()
    if not os.access(match, os.X_OK):
        print(f"side_gauntlet.py: branan-match not found ('{match}'; set BRANAN_MATCH)",
              file=sys.stderr)
        return 2

    builds = {"base": (base, args.nodes), "new": (new, args.new_nodes)}
    runs = {"attacking": {}, "defending": {}}
    faults = {"attacking": 0, "defending": 0}
    settings_file = os.path.join(args.out, "base-settings.json")
    try:
        settings = base_settings(args, base, reference, match)
        kept = kept_base_runs(args.out, settings) if args.keep_base else None
        if args.keep_base and not kept:
            print(f"side_gauntlet.py: no BASE runs of these settings in {args.out}: playing them",
                  file=sys.stderr)
        for name, (binary, nodes) in builds.items():
            reuse = name == "base" and kept is not None
            if reuse:
                print(f"side_gauntlet.py: BASE's runs kept from {args.out}", file=sys.stderr)
            elif name == "base" and os.path.exists(settings_file):
                os.remove(settings_file)  # the runs below replace the ones it described
            # Each side's run: (side, attacking engine, defending engine, rounds, seed, folder).
            plan = (("attacking", (binary, name, nodes),
                     (reference, REFERENCE, args.ref_defence_nodes), args.attack_games,
                     args.seed, f"attack-{name}"),
                    ("defending", (reference, REFERENCE, args.ref_attack_nodes),
                     (binary, name, nodes), args.defence_games, args.seed + 1,
                     f"defence-{name}"))
            for i, (side, attackers, defenders, rounds, seed, folder) in enumerate(plan):
                results = (kept[i] if reuse else
                           play(match, args, attackers, defenders, rounds, seed,
                                os.path.join(args.out, folder)))
                runs[side][name] = scores_by_round(results, name, rounds)
                faults[side] += sum(is_fault(g) for g in results["games"])
            if name == "base" and not reuse:
                with open(settings_file, "w", encoding="utf-8") as f:
                    json.dump(settings, f)
        sides = {side: paired_difference(r["base"], r["new"]) for side, r in runs.items()}
    except (RuntimeError, ValueError, OSError) as err:
        print(f"side_gauntlet.py: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("side_gauntlet.py: interrupted", file=sys.stderr)
        return 130

    nodes = (f"{args.nodes} nodes" if args.new_nodes == args.nodes
             else f"{args.nodes} (BASE) and {args.new_nodes} (NEW) nodes")
    print(f"{args.variant}, the builds at {nodes}; the reference defending at "
          f"{args.ref_defence_nodes}, attacking at {args.ref_attack_nodes}")
    for side, d in sides.items():
        print(describe(side, d, faults[side]))
    mean, half = both_sides(sides["attacking"], sides["defending"])
    print(f"both sides: NEW - BASE {mean:+.3f} +- {half:.3f} (95%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
