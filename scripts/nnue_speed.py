#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Nodes per second of the search with a net (EvalFile) against the hand-written evaluation.

  scripts/nnue_speed.py BRANAN NET [--variant copenhagen] [--book openings/copenhagen-book.txt]
                        [--positions 20] [--nodes 200000] [--rounds 2]

One engine process, one thread: for each of the book's first positions, a search of --nodes
nodes with each evaluation in turn (the order alternating, so that the machine's load falls on
both alike), from a cleared table. Prints each evaluation's nodes per second summed over all
searches and their ratio. Standard library only.
"""

import argparse
import re
import subprocess
import sys


def read_book(path, count):
    lines = []
    with open(path) as f:
        for line in f:
            line = line.split("#")[0].strip()
            if line:
                lines.append(line if line.startswith(("startpos", "otn")) else "startpos moves " + line)
    return lines[:count]


class Engine:
    def __init__(self, binary):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("nnue_speed.py: the engine quit")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines


def search(engine, eval_file, position, nodes):
    """(nodes, milliseconds) of one search."""
    engine.send("setoption name EvalFile value " + (eval_file or "<empty>"))
    engine.send("utinewgame")
    engine.send("position " + position)
    engine.send(f"go nodes {nodes}")
    lines = engine.until("bestmove")
    errors = [l for l in lines if "error" in l]
    if errors:
        sys.exit("nnue_speed.py: " + errors[0])
    last = [l for l in lines if l.startswith("info") and " nodes " in l and " time " in l][-1]
    return int(re.search(r" nodes (\d+)", last).group(1)), int(re.search(r" time (\d+)", last).group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("branan")
    ap.add_argument("net")
    ap.add_argument("--variant", default="copenhagen")
    ap.add_argument("--book", default="openings/copenhagen-book.txt")
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--nodes", type=int, default=200000)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    engine = Engine(args.branan)
    engine.send("uti")
    engine.until("utiok")
    engine.send("setoption name UTI_Variant value " + args.variant)
    engine.send("setoption name Threads value 1")
    totals = {"hand-written": [0, 0], "net": [0, 0]}
    turn = 0
    for _ in range(args.rounds):
        for position in read_book(args.book, args.positions):
            order = [("hand-written", ""), ("net", args.net)]
            if turn % 2:
                order.reverse()
            turn += 1
            for name, eval_file in order:
                n, ms = search(engine, eval_file, position, args.nodes)
                totals[name][0] += n
                totals[name][1] += ms
    engine.send("quit")
    nps = {k: (n * 1000 // max(ms, 1)) for k, (n, ms) in totals.items()}
    for k, (n, ms) in totals.items():
        print(f"{k}: {n} nodes in {ms} ms: {nps[k]} nodes/s")
    print(f"ratio net / hand-written: {nps['net'] / max(nps['hand-written'], 1):.3f}")


if __name__ == "__main__":
    main()
