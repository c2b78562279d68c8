#!/usr/bin/env python3
"""Latency benchmark of the UTI front end (a measurement, not a test: it asserts nothing).

usage: latency_bench.py BRANAN [--threads N ...] [--searches N] [--probes N]

For each thread count: the time from sending `go movetime 50` (Move Overhead 0) to reading its
bestmove, over --searches searches (overshoot = that time - 50 ms); and during `go infinite`,
the time from sending `isready` to reading `readyok`, and from `stop` to `bestmove`, over
--probes probes. Prints median and maximum of each in ms. Standard library only.
"""

import argparse
import os
import statistics
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from uti_helpers import Engine  # noqa: E402


def summary(name, values):
    values = sorted(values)
    return "%-26s n=%-4d median %7.1f ms  p90 %7.1f ms  max %7.1f ms" % (
        name, len(values), statistics.median(values), values[int(0.9 * (len(values) - 1))], values[-1])


def measure(binary, threads, searches, probes):
    e = Engine([binary])
    try:
        e.command("setoption name Threads value %d" % threads)
        e.command("setoption name Move Overhead value 0")
        e.command("position startpos moves d2-e2 c4-c2")
        overshoot = []
        for _ in range(searches):
            sent = e.send("go movetime 50")
            _, t = e.read_until_timed(lambda l: l.startswith("bestmove"), 30, "bestmove")
            overshoot.append((t - sent) * 1000 - 50)
            e.sync()
        ready, stop = [], []
        for _ in range(probes):
            e.send("go infinite")
            e.expect(r"info depth .*", 30)
            time.sleep(0.05)
            for _ in range(3):
                sent = e.send("isready")
                _, t = e.read_until_timed(lambda l: l == "readyok", 30, "readyok")
                ready.append((t - sent) * 1000)
                time.sleep(0.01)
            sent = e.send("stop")
            _, t = e.read_until_timed(lambda l: l.startswith("bestmove"), 30, "bestmove")
            stop.append((t - sent) * 1000)
            e.sync()
        print("threads %d" % threads)
        print("  " + summary("go movetime 50 overshoot", overshoot))
        print("  " + summary("isready -> readyok", ready))
        print("  " + summary("stop -> bestmove", stop))
        sys.stdout.flush()
    finally:
        e.close()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("--threads", type=int, nargs="+", default=[1, 64])
    p.add_argument("--searches", type=int, default=200)
    p.add_argument("--probes", type=int, default=30)
    a = p.parse_args()
    for n in a.threads:
        measure(a.binary, n, a.searches, a.probes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
