#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Builds an openings file whose positions tell a stronger engine from a weaker one.

In most tafl rule sets Branan's self-play is one-sided (in Brandubh the defenders win nearly
every game between equal engines), so matches from the start position tell two versions apart
poorly: every colour-swapped pair ends 1-1. This script keeps only the openings where skill
decides the game:

  1. it makes COUNT candidates: PLIES random legal plies from START (the variant's start
     position, or an OTN record such as a handicap), with a branan daemon listing the moves;
  2. it plays each candidate twice, colours swapped, between Branan at depth STRONG and Branan
     at depth WEAK (branan-match);
  3. it writes the candidates where the stronger engine won with both colours.

Example (the file in openings/ was made so):

  scripts/make_openings.py --variant brandubh --plies 6 --count 400 --seed 1 \\
      --out openings/brandubh-d6d3.txt

Standard library only. Prints a summary; exit status 0 on success, 2 on a usage or run error.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Daemon:
    """A branan process spoken to over UTI, for listing legal moves."""

    def __init__(self, binary, variant):
        self.proc = subprocess.Popen([binary, "--variant", variant], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uti")
        self.read_until(lambda line: line == "utiok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, done):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("branan exited unexpectedly")
            line = line.rstrip("\n")
            if "error:" in line:
                raise RuntimeError("branan: " + line)
            lines.append(line)
            if done(line):
                return lines

    def legal_moves(self, position):
        """The legal moves after `position` (a UTI position argument), [] if the game is over."""
        self.send("position " + position)
        self.send("query result")
        response = self.read_until(lambda line: line.startswith("response "))[-1]
        if response != "response none":
            return []
        self.send("go perft 1")
        lines = self.read_until(lambda line: line.startswith("Nodes searched"))
        return [line.split(":")[0] for line in lines if ":" in line and not line.startswith("Nodes")]

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def candidates(daemon, start, plies, count, rng):
    """COUNT distinct openings of PLIES random plies from START, as openings-file lines."""
    seen, lines = set(), []
    for _ in range(count * 20):
        if len(lines) == count:
            break
        moves = []
        for _ in range(plies):
            legal = daemon.legal_moves(start + (" moves " + " ".join(moves) if moves else ""))
            if not legal:
                break
            moves.append(rng.choice(legal))
        else:
            line = start + " moves " + " ".join(moves) if moves else start
            if line not in seen and daemon.legal_moves(line):
                seen.add(line)
                lines.append(line)
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="brandubh")
    parser.add_argument("--start", default="startpos",
                        help="'startpos' or 'otn <record> side <side>' (default startpos)")
    parser.add_argument("--plies", type=int, default=6, help="random plies (default 6)")
    parser.add_argument("--count", type=int, default=200, help="candidates (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strong", type=int, default=6, help="depth of the strong engine (6)")
    parser.add_argument("--weak", type=int, default=3, help="depth of the weak engine (3)")
    parser.add_argument("--concurrency", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--branan", default=os.path.join(ROOT, "build/release/branan"))
    parser.add_argument("--branan-match", default=os.path.join(ROOT, "build/release/branan-match"))
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    for binary in (args.branan, args.branan_match):
        if not os.access(binary, os.X_OK):
            print(f"make_openings.py: '{binary}' is not an executable (build first)", file=sys.stderr)
            return 2
    if args.plies < 0 or args.count < 1 or args.weak < 1 or args.strong <= args.weak:
        print("make_openings.py: need plies >= 0, count >= 1, strong > weak >= 1", file=sys.stderr)
        return 2

    daemon = Daemon(args.branan, args.variant)
    try:
        lines = candidates(daemon, args.start, args.plies, args.count, random.Random(args.seed))
    except RuntimeError as err:
        print(f"make_openings.py: {err}", file=sys.stderr)
        return 2
    finally:
        daemon.close()

    work = tempfile.mkdtemp(prefix="branan-openings-")
    try:
        book = os.path.join(work, "candidates.txt")
        with open(book, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        results = os.path.join(work, "results.json")
        run = subprocess.run(
            [args.branan_match, "--variant", args.variant,
             "--engine", f"cmd={args.branan}", "name=strong", f"depth={args.strong}",
             "--engine", f"cmd={args.branan}", "name=weak", f"depth={args.weak}",
             "--openings", book, "--games", str(2 * len(lines)),
             "--concurrency", str(args.concurrency), "--results", results, "--quiet"],
            stdout=subprocess.DEVNULL)
        if run.returncode != 0 or not os.path.exists(results):
            print(f"make_openings.py: branan-match failed (status {run.returncode})", file=sys.stderr)
            return 2
        with open(results, encoding="utf-8") as f:
            games = json.load(f)["games"]
    finally:
        shutil.rmtree(work, ignore_errors=True)

    # Openings are labelled '<file>:<line number>'; candidate i is on line i + 1.
    strong_wins = {}
    for g in games:
        index = int(g["opening"].rsplit(":", 1)[1]) - 1
        won = g["result"] in ("attackers", "defenders") and g[g["result"]] == "strong"
        strong_wins[index] = strong_wins.get(index, 0) + won
    kept = [lines[i] for i in sorted(strong_wins) if strong_wins[i] == 2]
    by_side = {"attackers": 0, "defenders": 0}
    for g in games:
        if g["result"] in by_side:
            by_side[g["result"]] += 1

    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# Openings where Branan at depth {args.strong} beat depth {args.weak} with both colours:\n")
        f.write(f"# {len(kept)} of {len(lines)} candidates. Made by:\n")
        f.write(f"#   scripts/make_openings.py --variant {args.variant} --start '{args.start}' "
                f"--plies {args.plies} --count {args.count} --seed {args.seed} "
                f"--strong {args.strong} --weak {args.weak} --out {os.path.basename(args.out)}\n")
        for line in kept:
            f.write(line + "\n")
    print(f"{len(kept)} of {len(lines)} candidates kept ({len(games)} games: attackers won "
          f"{by_side['attackers']}, defenders {by_side['defenders']}); written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
