#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Speed per board size: perft leaves/s and search nodes/s from each size's start position.

usage: scripts/board_speed.py [BRANAN] [--nodes N]

For one preset of each board size (7x7 to 19x19) it runs `branan perft` from the start (to a
depth that takes about a second or less) and a one-thread UTI search of N nodes (default 400,000)
from the start, and prints a Markdown table of leaves/s and nodes/s, the search's also per
CPU-second of the engine process (user + system time), which a loaded machine barely moves.
Standard library only.
"""

import argparse
import os
import resource
import subprocess
import sys

# preset, board, perft depth
BOARDS = [
    ("brandubh", "7x7", 5),
    ("tablut", "9x9", 4),
    ("copenhagen", "11x11", 4),
    ("sea-battle-13", "13x13", 3),
    ("tablut-15", "15x15", 3),
    ("alea-evangelii", "19x19", 3),
]


def perft(branan, preset, depth):
    out = subprocess.run([branan, "perft", "--variant", preset, "-d", str(depth)],
                         capture_output=True, text=True, check=True).stdout
    fields = dict(line.split(": ", 1) for line in out.splitlines() if ": " in line)
    return int(fields["Nodes searched"]), int(fields["Nodes/second"])


def children_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def search_nps(branan, preset, nodes):
    """Nodes/s as the engine reports it, and nodes per CPU-second of the engine process."""
    cpu_before = children_cpu_seconds()
    commands = ("uti\nsetoption name UTI_Variant value %s\nposition startpos\n"
                "go nodes %d\n" % (preset, nodes))
    proc = subprocess.Popen([branan], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    proc.stdin.write(commands)
    proc.stdin.flush()
    last = None
    for line in proc.stdout:
        if line.startswith("info depth"):
            last = line.split()
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    cpu = children_cpu_seconds() - cpu_before
    words = last or []
    nps = int(words[words.index("nps") + 1]) if "nps" in words else 0
    return nps, int(nodes / cpu) if cpu > 0 else 0


def add_branan_and_nodes(parser, default_binary, default_nodes, nodes_help):
    """The measuring scripts' two common arguments: the binary (optional) and --nodes."""
    parser.add_argument("branan", nargs="?", default=default_binary,
                        help="the branan binary (default: build/release/branan)")
    parser.add_argument("--nodes", type=int, default=default_nodes, help=nodes_help)


def parse_checked(parser):
    """parser's arguments, a --nodes under 1 or a binary that is not executable refused."""
    args = parser.parse_args()
    if args.nodes < 1:
        parser.error("--nodes must be at least 1, not %d" % args.nodes)
    if not os.access(args.branan, os.X_OK):
        parser.error("no executable branan at '%s' (build it, or name it)" % args.branan)
    return args


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_branan_and_nodes(parser, "build/release/branan", 400000,
                         "nodes of each one-thread search (default 400,000)")
    args = parse_checked(parser)
    branan, nodes = args.branan, args.nodes
    print("| preset | board | perft depth | leaves | leaves/s | search nodes/s (%d nodes) "
          "| search nodes/CPU-s |" % nodes)
    print("|---|---|---|---|---|---|---|")
    for preset, board, depth in BOARDS:
        leaves, lps = perft(branan, preset, depth)
        nps, cpu_nps = search_nps(branan, preset, nodes)
        print("| `%s` | %s | %d | %s | %s | %s | %s |" % (
            preset, board, depth, format(leaves, ","), format(lps, ","), format(nps, ","),
            format(cpu_nps, ",")))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
