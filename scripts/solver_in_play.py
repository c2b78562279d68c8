#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""How often the solver at the root proves real-game positions, against `branan solve` alone.

usage: scripts/solver_in_play.py [BRANAN] [--nodes N] [--tablebase DIR] [--write FILE]

Positions: plies 16, 24, 32 and 40 of the first 60 games of over 30 plies in
tests/data/brandubh-federation-games.csv (under brandubh-federation). For those with at most 10
pieces it counts (a) UTI `go depth 1` answers with a mate score, the root solver at
`SolveNodes N` (default 1,000,000), and (b) `branan solve --nodes N` results that are not
'unknown'; with --tablebase, both with the endgame tables in DIR (brandubh-federation ones:
`TablebasePath` and `branan solve --tablebase`). --write FILE writes the positions with at most
10 pieces to FILE, one input line of `branan solve` each. Standard library only.
"""

import argparse
import csv
import json
import os
import subprocess
import sys

from board_speed import add_branan_and_nodes, parse_checked  # the same two arguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = os.path.join(ROOT, "tests", "data", "brandubh-federation-games.csv")
VARIANT = "brandubh-federation"


def game_lines():
    games = [row for row in csv.reader(open(GAMES)) if len(row[0].split()) > 30][:60]
    for row in games:
        moves = [m.split("x")[0] for m in row[0].split()]
        for plies in (16, 24, 32, 40):
            if plies < len(moves):
                yield "startpos moves " + " ".join(moves[:plies])


def solve_all(branan, lines, nodes, tables):
    command = [branan, "solve", "--variant", VARIANT, "--nodes", str(nodes)]
    if tables:
        command += ["--tablebase", tables]
    out = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True,
                         text=True).stdout
    return [json.loads(l) for l in out.splitlines()]


def root_solver_mates(branan, lines, nodes, tables):
    engine = subprocess.Popen([branan], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(text):
        engine.stdin.write(text + "\n")
        engine.stdin.flush()

    send("uti")
    send("setoption name UTI_Variant value " + VARIANT)
    send("setoption name SolveNodes value %d" % nodes)
    if tables:
        send("setoption name TablebasePath value " + tables)
    mates = 0
    for line in lines:
        send("position " + line)
        send("go depth 1")
        last = ""
        for reply in engine.stdout:
            if reply.startswith("info depth"):
                last = reply
            if reply.startswith("bestmove"):
                break
        mates += " score mate " in last
    send("quit")
    engine.wait()
    return mates


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Positions and counts as in the module's documentation (docs/solving.md).")
    add_branan_and_nodes(parser, os.path.join(ROOT, "build", "release", "branan"), 1000000,
                         "solver nodes per position (default 1,000,000)")
    parser.add_argument("--tablebase", metavar="DIR", help="brandubh-federation endgame tables")
    parser.add_argument("--write", metavar="FILE",
                        help="write the positions with at most 10 pieces to FILE")
    args = parse_checked(parser)
    branan, nodes, tables, write = args.branan, args.nodes, args.tablebase, args.write
    lines = list(game_lines())
    results = solve_all(branan, lines, nodes, tables)
    small = [(l, r) for l, r in zip(lines, results)
             if "error" not in r and sum(c.isalpha() for c in r["position"]) <= 10]
    proved = sum(r["result"] != "unknown" for _, r in small)
    if write:
        with open(write, "w", encoding="utf-8") as f:
            f.write("".join(l + "\n" for l, _ in small))
    mates = root_solver_mates(branan, [l for l, _ in small], nodes, tables)
    print("%d positions, %d with at most 10 pieces: the root solver proves %d, branan solve %d "
          "(%d nodes%s)" % (len(lines), len(small), mates, proved, nodes,
                             ", tables " + tables if tables else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
