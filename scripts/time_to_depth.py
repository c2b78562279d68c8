#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Time to a fixed depth, one thread, of two Branan binaries on the same positions, alternately.

Usage: scripts/time_to_depth.py BASE NEW [--positions FILE] [--pairs 3] [--hash 16]

Every position of the list (default scripts/speed_positions.txt: 'variant depth position' a
line, the position as UTI's `position` command takes it after the word `position`; '#' starts a
comment) is searched by a fresh UTI process of BASE, then of NEW (the order swapped every other
pair), with `setoption name SolvePieces value 0` (the solver off) and `go depth D`. The time is
taken by this script from `go` to `bestmove`. Prints, per position, the median times, nodes and
the ratio BASE/NEW, then per board the geometric mean of its positions' ratios. Alternating the
two binaries in one run makes the ratio robust to a machine whose load changes slowly; on a
shared machine compare ratios, not absolute times. Standard library only.
"""
import argparse
import math
import statistics
import subprocess
import time

from smp_ttd import read_positions  # the same 'variant depth position' lines


def time_search(binary, variant, depth, position, hash_mb):
    """Seconds from `go depth` to `bestmove`, and the nodes of the last info line."""
    proc = subprocess.Popen([binary, "--hash", str(hash_mb)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    setup = ("uti\nsetoption name UTI_Variant value %s\nsetoption name SolvePieces value 0\n"
             "position %s\nisready\n" % (variant, position))
    proc.stdin.write(setup)
    proc.stdin.flush()
    for line in proc.stdout:
        if line.startswith("readyok"):
            break
        if "error" in line:
            raise SystemExit("%s: %s" % (binary, line.strip()))
    start = time.perf_counter()
    proc.stdin.write("go depth %d\n" % depth)
    proc.stdin.flush()
    nodes = 0
    for line in proc.stdout:
        words = line.split()
        if words and words[0] == "info" and "nodes" in words:
            nodes = int(words[words.index("nodes") + 1])
        if line.startswith("bestmove"):
            break
    elapsed = time.perf_counter() - start
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    return elapsed, nodes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base")
    parser.add_argument("new")
    parser.add_argument("--positions", default="scripts/speed_positions.txt")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--hash", type=int, default=16)
    args = parser.parse_args()
    if args.pairs < 1:
        raise SystemExit("--pairs must be at least 1")
    positions = read_positions(args.positions)
    print("| board | depth | position | base s | new s | base nodes | new nodes | base/new |")
    print("|---|---|---|---|---|---|---|---|")
    by_board = {}
    for variant, depth, position in positions:
        times = {args.base: [], args.new: []}
        nodes = {}
        for pair in range(args.pairs):
            order = [args.base, args.new] if pair % 2 == 0 else [args.new, args.base]
            for binary in order:
                seconds, n = time_search(binary, variant, depth, position, args.hash)
                times[binary].append(seconds)
                nodes[binary] = n
        base_s = statistics.median(times[args.base])
        new_s = statistics.median(times[args.new])
        ratio = base_s / new_s
        by_board.setdefault(variant, []).append(ratio)
        label = "start" if position == "startpos" else "%d plies" % (len(position.split()) - 2)
        print("| %s | %d | %s | %.3f | %.3f | %d | %d | %.2fx |" %
              (variant, depth, label, base_s, new_s, nodes[args.base], nodes[args.new], ratio),
              flush=True)
    print()
    print("| board | base/new (geometric mean) |")
    print("|---|---|")
    for variant, ratios in by_board.items():
        mean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        print("| %s | %.2fx |" % (variant, mean))


if __name__ == "__main__":
    main()
