#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Builds an openings file of near-balanced positions, for self-play tests (SPRT) that measure.

Matches from the start position alone repeat the same few games; random openings make them
differ, but most random plies throw one side's game away, so that the result is decided before
the engines play. This script keeps random openings that Branan's own search finds as balanced
as the start position itself:

  1. it makes COUNT candidates: PLIES random legal plies from the start position (the random
     walks of scripts/make_openings.py, a branan daemon listing the moves), none capturing;
  2. it scores each, and the start position, with `branan analyse --nodes NODES` (one search
     thread, the root solver off: deterministic), from the attackers' point of view;
  3. it keeps the candidates whose score is within MARGIN centi-soldiers of the start's, at
     most KEEP of them, the nearest first, and writes them in the candidates' order with a
     header naming the command.

Example (openings/copenhagen-book.txt was made so):

  scripts/make_balanced_book.py --variant copenhagen --plies 6 --count 600 --seed 1 \\
      --nodes 100000 --margin 40 --keep 150 --out openings/copenhagen-book.txt

Standard library only. Prints a summary; exit status 0 on success, 2 on a usage or run error.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_openings import ROOT, Daemon, candidates  # noqa: E402


def scores(branan, variant, lines, nodes):
    """Branan's score of each line (the attackers' view, centi-soldiers); None for a mate."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        run = subprocess.run([branan, "analyse", "--variant", variant, "--input", path,
                              "--nodes", str(nodes), "--hash", "16", "--solve-pieces", "0"],
                             capture_output=True, text=True)
    finally:
        os.unlink(path)
    if run.returncode != 0:
        raise RuntimeError(f"branan analyse failed (status {run.returncode}): {run.stderr}")
    out = [None] * len(lines)
    for text in run.stdout.splitlines():
        answer = json.loads(text)
        cp = answer.get("score", {}).get("cp")
        if cp is not None and answer["side"] == "defenders":
            cp = -cp
        out[answer["line"] - 1] = cp
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="copenhagen")
    parser.add_argument("--plies", type=int, default=6, help="random plies (default 6)")
    parser.add_argument("--count", type=int, default=600, help="candidates (default 600)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--nodes", type=int, default=100000, help="search nodes a candidate")
    parser.add_argument("--margin", type=int, default=40,
                        help="largest distance kept from the start's score, centi-soldiers (40)")
    parser.add_argument("--keep", type=int, default=150, help="most openings kept (default 150)")
    parser.add_argument("--branan", default=os.path.join(ROOT, "build/release/branan"))
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    if not os.access(args.branan, os.X_OK):
        print(f"make_balanced_book.py: '{args.branan}' is not an executable (build first)",
              file=sys.stderr)
        return 2
    if args.plies < 1 or args.count < 1 or args.nodes < 1 or args.margin < 0 or args.keep < 1:
        print("make_balanced_book.py: need plies, count, nodes, keep >= 1 and margin >= 0",
              file=sys.stderr)
        return 2

    daemon = Daemon(args.branan, args.variant)
    try:
        lines = candidates(daemon, "startpos", args.plies, args.count, random.Random(args.seed))
        start_pieces = daemon_pieces(daemon, "startpos")
        lines = [line for line in lines if daemon_pieces(daemon, line) == start_pieces]
        found = scores(args.branan, args.variant, ["startpos"] + lines, args.nodes)
        start_score, found = found[0], found[1:]
    except RuntimeError as err:
        print(f"make_balanced_book.py: {err}", file=sys.stderr)
        return 2
    finally:
        daemon.close()

    near = sorted((abs(s - start_score), i) for i, s in enumerate(found)
                  if s is not None and abs(s - start_score) <= args.margin)
    kept = sorted(i for _, i in near[:args.keep])
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# {args.variant}: {len(kept)} openings of {args.plies} random plies without a "
                f"capture that Branan's search ({args.nodes} nodes)\n")
        f.write(f"# scores within {args.margin} cp of the start position's {start_score:+d} "
                f"(attackers' view): {len(kept)} of {len(lines)} candidates. Made by:\n")
        f.write(f"#   scripts/make_balanced_book.py --variant {args.variant} --plies {args.plies} "
                f"--count {args.count} --seed {args.seed} --nodes {args.nodes} "
                f"--margin {args.margin} --keep {args.keep} --out {os.path.basename(args.out)}\n")
        for i in kept:
            f.write(lines[i] + "\n")
    print(f"{len(kept)} of {len(lines)} candidates kept (within {args.margin} of the start's "
          f"{start_score:+d}); written to {args.out}")
    return 0


def daemon_pieces(daemon, position):
    """The number of pieces on the board after `position` (a UTI position argument)."""
    daemon.send("position " + position)
    daemon.send("d")
    lines = daemon.read_until(lambda line: line.startswith("Status:"))
    record = next(line.split(": ", 1)[1] for line in lines if line.startswith("Position: "))
    return sum(ch.isalpha() for ch in record)


if __name__ == "__main__":
    sys.exit(main())
